import { z } from 'zod';
import { versaoDoDado } from './comum.ts';

/** One column of a bulk set: its name and DuckDB type as published, and what it means. */
export const ColunaConjuntoSchema = z.strictObject({
  coluna: z.string().min(1),
  tipo: z.string().min(1).describe('DuckDB type of the column in the Parquet copy (the CSV holds its text).'),
  significado: z
    .string()
    .min(1)
    .nullable()
    .describe('Meaning in Portuguese; null when the set did not document it.'),
  significado_en: z.string().min(1).nullable().describe('Meaning in English.'),
});
export type ColunaConjunto = z.infer<typeof ColunaConjuntoSchema>;

export const ConjuntoDicionarioSchema = z.strictObject({
  conjunto: z.string().regex(/^[a-z0-9_]+$/),
  descricao: z.string().min(1),
  descricao_en: z.string().min(1),
  colunas: z.array(ColunaConjuntoSchema).min(1),
});

/** `json/conjuntos.json`: the column dictionary of every bulk set of the build (read by `/dump`). */
export const ConjuntosSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    conjuntos: z.array(ConjuntoDicionarioSchema),
  })
  .refine((d) => new Set(d.conjuntos.map((c) => c.conjunto)).size === d.conjuntos.length, {
    message: 'conjunto names must be unique',
    path: ['conjuntos'],
  })
  .describe('Column dictionary of the bulk sets (json/conjuntos.json).');
export type Conjuntos = z.infer<typeof ConjuntosSchema>;
