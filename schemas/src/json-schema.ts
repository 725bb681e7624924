import { z } from 'zod';
import { ARTEFATOS } from './catalogo.ts';
import { DumpIndiceSchema } from './dump.ts';
import { VigiaEventosSchema } from './eventos.ts';
import { FlagConhecidaSchema } from './flags.ts';
import { NomeIndicadorSchema } from './indicadores.ts';
import { InfoSchema } from './info.ts';
import { ReciboSchema } from './recibo.ts';
import { SaudeSchema } from './saude.ts';
import { ScreenerConsultaSchema, ScreenerParametrosDocSchema, ScreenerRespostaSchema } from './screener.ts';

/**
 * Every schema this package publishes as JSON Schema, keyed by a stable name. The OpenAPI
 * document and the field dictionary are generated from these, never written by hand.
 * `io` says which side of a schema with a transform is described: what is received (`input`)
 * or the parsed value (`output`).
 */
/** A published artefact's schema as the catalogue declares it (the parsed value is what the API answers). */
const doCatalogo = <const K extends keyof typeof ARTEFATOS>(k: K) => ({
  schema: ARTEFATOS[k].schema,
  io: 'output' as const,
});

export const ESQUEMAS = {
  empresas: doCatalogo('empresas'),
  empresa: doCatalogo('empresa'),
  indicadores: doCatalogo('indicadores'),
  multiplos: doCatalogo('multiplos'),
  dividendos: doCatalogo('dividendos'),
  reapresentacoes: doCatalogo('reapresentacoes'),
  fii_reapresentacoes: doCatalogo('fii_reapresentacoes'),
  screener_parametros: { schema: ScreenerParametrosDocSchema, io: 'input' },
  screener_consulta: { schema: ScreenerConsultaSchema, io: 'output' },
  screener: { schema: ScreenerRespostaSchema, io: 'output' },
  recibo: { schema: ReciboSchema, io: 'output' },
  veredito: doCatalogo('veredito'),
  vigia_eventos: { schema: VigiaEventosSchema, io: 'output' },
  fii: doCatalogo('fii'),
  etf: doCatalogo('etf'),
  saude: { schema: SaudeSchema, io: 'output' },
  info: { schema: InfoSchema, io: 'output' },
  hoje: doCatalogo('hoje'),
  dump: { schema: DumpIndiceSchema, io: 'output' },
  tickers: doCatalogo('tickers'),
  nome_indicador: { schema: NomeIndicadorSchema, io: 'output' },
  flag_conhecida: { schema: FlagConhecidaSchema, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodType; io: 'input' | 'output' }>;

export type NomeEsquema = keyof typeof ESQUEMAS;
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** JSON Schema (draft 2020-12) of one published schema; throws if a type cannot be represented. */
export function emitirJsonSchema(nome: NomeEsquema): JsonSchema {
  const { schema, io } = ESQUEMAS[nome];
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' });
}

/** JSON Schema of every published schema, keyed by name. */
export function emitirTodosJsonSchemas(): Record<NomeEsquema, JsonSchema> {
  const nomes = Object.keys(ESQUEMAS) as NomeEsquema[];
  return Object.fromEntries(nomes.map((n) => [n, emitirJsonSchema(n)])) as Record<NomeEsquema, JsonSchema>;
}
