import { z } from 'zod';
import { NotaSchema, UrlSchema, versaoDoDado } from './comum.ts';
import { BaseLucroSchema, NomeIndicadorSchema, UnidadeSchema } from './indicadores.ts';

/** Our design for `/dicionario` (the spec shows only what it describes: formula, accounts, profit base). */
export const DicionarioIndicadorSchema = z.strictObject({
  nome: NomeIndicadorSchema,
  titulo: z.string().min(1),
  formula: z.string().min(1).describe('Formula in words.'),
  contas_regulator: z.array(z.string().min(1)).describe('Statements and accounts read, e.g. "DRE 3.01".'),
  base_lucro: BaseLucroSchema.nullable(),
  unidade: UnidadeSchema,
  flags_possiveis: z.array(z.string().regex(/^[a-z0-9_]+$/)).describe('Flags this indicator can carry.'),
  metodologia: UrlSchema,
});

export const DicionarioFlagSchema = z.strictObject({
  flag: z.string().regex(/^[a-z0-9_]+$/),
  significado: z.string().min(1),
  origem: z.enum(['spec', 'projeto']).describe('spec: named by the spec; projeto: added by this project.'),
  onde: z.string().min(1).describe('Which values can carry it (indicators, multiples, quarterly series).'),
});

export const DicionarioSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    indicadores: z.array(DicionarioIndicadorSchema).length(13),
    flags: z.array(DicionarioFlagSchema).min(1),
    regras: z
      .record(z.string().min(1), z.string().min(1))
      .describe('Cross-cutting rules (aggregation, versions, D&A labels…).'),
    metodologia: UrlSchema,
    nota: NotaSchema,
  })
  .refine((d) => new Set(d.flags.map((f) => f.flag)).size === d.flags.length, { message: 'duplicate flag' })
  .describe(
    'Field dictionary: every indicator with formula, accounts, profit base and unit; every flag with meaning.',
  );
export type Dicionario = z.infer<typeof DicionarioSchema>;
