import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, DataSchema, FlagSchema, NotaSchema } from './comum.ts';

/**
 * Our design for `/empresas/{ticker}/fatos` (the spec names only its purpose: standardized accounts
 * with their source account). One element per fixed-chart account of each annual filing, in BRL units.
 */
export const FatoSchema = z.strictObject({
  ano: AnoSchema.describe('Fiscal year (year of DT_REFER of the filing).'),
  demo: z
    .string()
    .regex(/^[A-Z][A-Z_]*$/)
    .describe('Statement: BPA, BPP, DRE, DRA, DFC_MD, DFC_MI, DVA.'),
  cd_conta: z
    .string()
    .regex(/^\d+(\.\d+)*$/)
    .describe('Regulator account code (CD_CONTA).'),
  ds_conta: z.string().describe('Account label as published (DS_CONTA).'),
  agreg: z.enum(['con', 'ind']).describe('con (consolidated) when the filing has it, else ind (individual).'),
  valor: z
    .number()
    .describe(
      'Value in BRL units: VL_CONTA times ESCALA_MOEDA of its own row (3.99 per-share lines unscaled).',
    ),
  versao: z
    .number()
    .int()
    .positive()
    .describe('VERSAO of the filing the value comes from (the latest published).'),
  dt_receb: DataSchema.nullable().describe(
    'DT_RECEB of that version (null when the index does not list it).',
  ),
  fonte: z.string().min(1).describe('Regulator file and line: `<file>:<line>`.'),
});
export type Fato = z.infer<typeof FatoSchema>;

export const FatosEmpresaSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    trimestral: z.boolean().describe('false: annual (DFP) facts; true: quarterly (ITR) facts.'),
    fatos: z.array(FatoSchema),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('Standardized accounts of one company with their source account (/empresas/{ticker}/fatos).');
export type FatosEmpresa = z.infer<typeof FatosEmpresaSchema>;

/** Where a quarterly value comes from (mart_fatos_trimestrais.origem). */
export const OrigemFatoTrimestralSchema = z.enum([
  'itr_3_meses',
  'itr_acumulado_menos_anterior',
  'itr_saldo',
  'dfp_menos_itr_3t',
  'dfp_saldo',
]);

/**
 * Our design for `/empresas/{ticker}/fatos?trimestral=true`: one element per account of each quarter,
 * both blocks as filed. Quarters 1–3 come from the ITR; the 4th is derived from the DFP (annual minus
 * the 3rd quarter's year-to-date; balances are the DFP's).
 */
export const FatoTrimestralSchema = FatoSchema.omit({ valor: true, versao: true, dt_receb: true }).extend({
  trimestre: z
    .number()
    .int()
    .min(1)
    .max(4)
    .describe('Calendar quarter of DT_REFER; 4 is derived from the DFP.'),
  valor: z
    .number()
    .nullable()
    .describe(
      "The quarter's own value in BRL: 3-month flow (balances: end-of-quarter balance); null with a flag when it cannot be derived.",
    ),
  acumulado: z
    .number()
    .nullable()
    .describe('Year-to-date value as filed (4th quarter: the DFP annual); null for balance sheets.'),
  flag: FlagSchema,
  origem: OrigemFatoTrimestralSchema.describe(
    'itr_3_meses (3-month block as filed), itr_acumulado_menos_anterior (YTD minus the previous YTD), itr_saldo, dfp_menos_itr_3t, dfp_saldo.',
  ),
  versao: z.number().int().positive().describe('VERSAO of the filing (ITR, or DFP for the 4th quarter).'),
  dt_receb: DataSchema.nullable().describe(
    'DT_RECEB of that version (null when the index does not list it).',
  ),
});
export type FatoTrimestral = z.infer<typeof FatoTrimestralSchema>;

export const FatosTrimestraisEmpresaSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    trimestral: z.literal(true),
    fatos: z.array(FatoTrimestralSchema),
    nota: NotaSchema,
    nota_en: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe(
    'Quarterly accounts of one company with their source (/empresas/{ticker}/fatos?trimestral=true).',
  );
export type FatosTrimestraisEmpresa = z.infer<typeof FatosTrimestraisEmpresaSchema>;
