import { z } from 'zod';
import { NotaSchema, UrlSchema, versaoDoDado } from './comum.ts';
import { ColunaConjuntoSchema } from './conjuntos.ts';

export const ConjuntoSchema = z.strictObject({
  conjunto: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .describe('Set name, used in /dump/{conjunto}.csv.'),
  url: UrlSchema.describe('CSV address.'),
  descricao: z.string().min(1),
  linhas: z.number().int().nonnegative().describe('Data rows (header excluded).'),
  bytes: z.number().int().nonnegative().describe('Size of the CSV in bytes.'),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('Hex sha256 of the CSV.'),
  colunas: z.array(z.string().min(1)).min(1).describe('Column names, in order.'),
  plano: z.literal('pro').describe('Sets belong to the Pro plan.'),
  parquet: z
    .strictObject({
      url: UrlSchema.describe('Parquet address (same rows, typed columns, ZSTD).'),
      linhas: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .nullable()
    .describe('The Parquet copy of the set; null when the build published none.'),
  dicionario: z
    .array(ColunaConjuntoSchema)
    .describe('Every column with its type and meaning (json/conjuntos.json); empty when the build has none.'),
});

export const DumpIndiceSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    conjuntos: z.array(ConjuntoSchema),
    nota: NotaSchema,
  })
  .refine((d) => new Set(d.conjuntos.map((c) => c.conjunto)).size === d.conjuntos.length, {
    message: 'conjunto names must be unique',
    path: ['conjuntos'],
  })
  .describe('Index of exportable sets with sizes (/dump).');
export type DumpIndice = z.infer<typeof DumpIndiceSchema>;
