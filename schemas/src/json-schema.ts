import { z } from 'zod';
import { DividendosSchema } from './dividendos.ts';
import { DumpIndiceSchema } from './dump.ts';
import { EmpresaIndiceSchema, EmpresasListaSchema } from './empresa.ts';
import { EtfRecursoSchema } from './etfs.ts';
import { VigiaEventosSchema } from './eventos.ts';
import { FiiRecursoSchema } from './fiis.ts';
import { FlagConhecidaSchema } from './flags.ts';
import { HojeSchema } from './hoje.ts';
import { IndicadoresSchema, NomeIndicadorSchema } from './indicadores.ts';
import { InfoSchema } from './info.ts';
import { MultiplosSchema } from './multiplos.ts';
import { ReapresentacoesEmpresaSchema, ReapresentacoesFiiSchema } from './reapresentacoes.ts';
import { ReciboSchema } from './recibo.ts';
import { SaudeSchema } from './saude.ts';
import { ScreenerConsultaSchema, ScreenerParametrosDocSchema, ScreenerRespostaSchema } from './screener.ts';
import { TickersSchema } from './tickers.ts';
import { VereditoSchema } from './veredito.ts';

/**
 * Every schema this package publishes as JSON Schema, keyed by a stable name. The OpenAPI
 * document and the field dictionary are generated from these, never written by hand.
 * `io` says which side of a schema with a transform is described: what is received (`input`)
 * or the parsed value (`output`).
 */
export const ESQUEMAS = {
  empresas: { schema: EmpresasListaSchema, io: 'output' },
  empresa: { schema: EmpresaIndiceSchema, io: 'output' },
  indicadores: { schema: IndicadoresSchema, io: 'output' },
  multiplos: { schema: MultiplosSchema, io: 'output' },
  dividendos: { schema: DividendosSchema, io: 'output' },
  reapresentacoes: { schema: ReapresentacoesEmpresaSchema, io: 'output' },
  fii_reapresentacoes: { schema: ReapresentacoesFiiSchema, io: 'output' },
  screener_parametros: { schema: ScreenerParametrosDocSchema, io: 'input' },
  screener_consulta: { schema: ScreenerConsultaSchema, io: 'output' },
  screener: { schema: ScreenerRespostaSchema, io: 'output' },
  recibo: { schema: ReciboSchema, io: 'output' },
  veredito: { schema: VereditoSchema, io: 'output' },
  vigia_eventos: { schema: VigiaEventosSchema, io: 'output' },
  fii: { schema: FiiRecursoSchema, io: 'output' },
  etf: { schema: EtfRecursoSchema, io: 'output' },
  saude: { schema: SaudeSchema, io: 'output' },
  info: { schema: InfoSchema, io: 'output' },
  hoje: { schema: HojeSchema, io: 'output' },
  dump: { schema: DumpIndiceSchema, io: 'output' },
  tickers: { schema: TickersSchema, io: 'output' },
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
