import { z } from 'zod';
import { NotaSchema, TextoSchema, UrlSchema, versaoDoDado } from './comum.ts';
import { BaseLucroSchema, NomeIndicadorSchema, UnidadeSchema } from './indicadores.ts';

/** Our design for `/dicionario` (the spec shows only what it describes: formula, accounts, profit base). */
export const DicionarioIndicadorSchema = z.strictObject({
  nome: NomeIndicadorSchema,
  titulo: z.string().min(1),
  titulo_en: TextoSchema.describe('English title.'),
  formula: z.string().min(1).describe('Formula in words.'),
  formula_en: TextoSchema.describe('Formula in words, in English.'),
  contas_regulator: z.array(z.string().min(1)).describe('Statements and accounts read, e.g. "DRE 3.01".'),
  base_lucro: BaseLucroSchema.nullable(),
  unidade: UnidadeSchema,
  flags_possiveis: z.array(z.string().regex(/^[a-z0-9_]+$/)).describe('Flags this indicator can carry.'),
  metodologia: UrlSchema,
});

export const DicionarioFlagSchema = z.strictObject({
  flag: z.string().regex(/^[a-z0-9_]+$/),
  significado: z.string().min(1),
  significado_en: TextoSchema.describe('Meaning in English.'),
  origem: z.enum(['spec', 'projeto']).describe('spec: named by the spec; projeto: added by this project.'),
  onde: z.string().min(1).describe('Which values can carry it (indicators, multiples, quarterly series).'),
  onde_en: TextoSchema.describe('`onde` in English.'),
});

export const DicionarioSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    indicadores: z.array(DicionarioIndicadorSchema).length(13),
    flags: z.array(DicionarioFlagSchema).min(1),
    regras: z
      .record(z.string().min(1), z.string().min(1))
      .describe('Cross-cutting rules (aggregation, versions, D&A labels…).'),
    regras_en: z
      .record(z.string().min(1), TextoSchema)
      .describe('The same rules in English, under the same keys as `regras`.'),
    metodologia: UrlSchema,
    nota: NotaSchema,
    nota_en: NotaSchema,
  })
  .refine((d) => new Set(d.flags.map((f) => f.flag)).size === d.flags.length, { message: 'duplicate flag' })
  .refine((d) => mesmasChaves(d.regras, d.regras_en), {
    message: 'regras_en must have exactly the keys of regras',
    path: ['regras_en'],
  })
  .describe(
    'Field dictionary: every indicator with formula, accounts, profit base and unit; every flag with meaning; every text also in English (`<field>_en`).',
  );
export type Dicionario = z.infer<typeof DicionarioSchema>;

function mesmasChaves(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}
