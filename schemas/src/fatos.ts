import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, DataSchema, NotaSchema } from './comum.ts';

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
