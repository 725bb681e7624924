import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, FlagSchema, NotaSchema } from './comum.ts';

/** One DFC_MI line whose label mentions depreciation, amortization or depletion, with the decision taken. */
export const CandidatoDepAmortSchema = z.strictObject({
  cd_conta: z.string().regex(/^\d+(\.\d+)*$/),
  ds_conta: z.string().describe('Label as published.'),
  valor: z.number().describe('BRL units.'),
  decisao: z.enum(['incluida', 'excluida']),
  motivo: z.string().min(1).describe('Why the line was included or excluded.'),
  fonte: z.string().min(1).describe('Regulator file and line: `<file>:<line>`.'),
});

/** Our design for `/auditoria/dep_amort/{cd_regulator}/{ano}`. */
export const AuditoriaDepAmortSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    ano: AnoSchema,
    agreg: z
      .enum(['con', 'ind'])
      .nullable()
      .describe('Aggregation of the DFC_MI read (same as the DRE of the EBIT).'),
    ebit_3_05: z.number().nullable().describe('DRE 3.05 of the same filing (BRL).'),
    dep_amort: z.number().nullable().describe('Sum of the included lines (BRL); null when none.'),
    ebitda: z.number().nullable(),
    flag: FlagSchema,
    candidatos: z.array(CandidatoDepAmortSchema),
    regra: z.string().min(1).describe('The label rule, as in the methodology.'),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('Every candidate depreciation/amortization line with its label and decision.');
export type AuditoriaDepAmort = z.infer<typeof AuditoriaDepAmortSchema>;

/** One line of `/auditoria/universo`: `cd_regulator|exercicio|indicador`. */
export const LinhaUniversoSchema = z.string().regex(/^\d+\|\d{4}\|[a-z0-9_]+$/);
