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

/** Our design for `/empresas/{ticker}/linhagem/{ano}/{indicador}`: one file per indicator value. */
export const LinhagemSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    ano: AnoSchema,
    indicador: z.string().regex(/^[a-z0-9_]+$/),
    valor: z.number().nullable(),
    flag: FlagSchema,
    formula: z.string().min(1),
    entradas: z.array(EntradaLinhagemSchema),
    auditoria_dep_amort: z.string().nullable().describe('D&A audit route when the formula uses D&A.'),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('Lineage of one indicator value: every regulator line it read, with file and line.');
export type Linhagem = z.infer<typeof LinhagemSchema>;
