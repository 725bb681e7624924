import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, DataSchema, FlagSchema, NotaSchema } from './comum.ts';

/** One regulator line read by a formula. */
export const EntradaLinhagemSchema = z.strictObject({
  papel: z.string().min(1).describe('Role in the formula (receita, ebit, lucro, ativo…).'),
  demo: z.string().regex(/^[A-Z][A-Z_]*$/),
  cd_conta: z.string().regex(/^\d+(\.\d+)*$/),
  ds_conta: z.string(),
  agreg: z.enum(['con', 'ind']),
  coluna: z.enum(['ULTIMO', 'PENULTIMO']).describe('ORDEM_EXERC of the line.'),
  ano_arquivo: AnoSchema.describe('Year of the DFP that printed the line.'),
  valor: z.number().describe('BRL units.'),
  versao: z.number().int().positive(),
  dt_receb: DataSchema.nullable(),
  fonte: z.string().min(1).describe('`<file>:<line>`.'),
});

/**
 * Our design for `/empresas/{ticker}/linhagem/{ano}/{indicador}`: one file per company and year holds
 * every indicator; the route answers the element of the requested indicator.
 */
export const LinhagemAnoSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    ano: AnoSchema,
    indicadores: z.record(
      z.string(),
      z.strictObject({
        valor: z.number().nullable(),
        flag: FlagSchema,
        formula: z.string().min(1),
        entradas: z.array(EntradaLinhagemSchema),
        auditoria_dep_amort: z.string().nullable().describe('D&A audit route when the formula uses D&A.'),
      }),
    ),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('Lineage of every indicator value of one company and year.');
export type LinhagemAno = z.infer<typeof LinhagemAnoSchema>;
