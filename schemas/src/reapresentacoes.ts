import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  CitacaoSchema,
  CnpjSchema,
  DataSchema,
  NotaSchema,
  TickerSchema,
  TimestampSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';

export const ReapresentacaoLinhaSchema = z
  .strictObject({
    ano: AnoSchema.describe('Fiscal year that was restated.'),
    demo: z
      .string()
      .regex(/^[A-Z][A-Z_]*$/)
      .describe('Statement code, e.g. DFC_MI, BPA, DRE.'),
    cd_conta: z
      .string()
      .regex(/^\d+(\.\d+)*$/)
      .describe('Regulator account code, e.g. 3.11.'),
    valor_ultimo: z
      .number()
      .nullable()
      .describe(
        "First publication: LAST column of the company's own annual statement (BRL). null only with sem_valor.",
      ),
    valor_penult: z
      .number()
      .nullable()
      .describe('Value of the same year in the next annual filing (BRL). null only with sem_valor.'),
    dif_rel: z.number().nullable().describe('Relative difference (fraction). null only with sem_valor.'),
    agreg: z
      .enum(['con', 'ind'])
      .describe("Aggregation published that year: 'con' consolidated, 'ind' individual."),
    sem_valor: z
      .string()
      .min(1)
      .nullable()
      .describe(
        'null, or a marker saying which side has no value (our design: the values may then be null).',
      ),
    tipo: z
      .enum(['dfp_seguinte', 'reapresentacao_no_ano'])
      .optional()
      .describe(
        'dfp_seguinte: first publication against the next annual filing; reapresentacao_no_ano: a same-year resubmission (later VERSAO of the same filing) changed the value.',
      ),
    versao_original: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'VERSAO the first-publication value comes from: the earliest version the build captured (CVM files keep only the latest).',
      ),
    dt_receb_original: DataSchema.nullable().optional().describe('DT_RECEB of that version.'),
    versao_seguinte: z.number().int().positive().optional().describe('VERSAO of the later value.'),
    dt_receb_seguinte: DataSchema.nullable().optional().describe('DT_RECEB of the later value.'),
  })
  .refine(
    (r) => r.sem_valor !== null || (r.valor_ultimo !== null && r.valor_penult !== null && r.dif_rel !== null),
    {
      message: 'values may be null only when sem_valor is set',
      path: ['sem_valor'],
    },
  );
export type ReapresentacaoLinha = z.infer<typeof ReapresentacaoLinhaSchema>;

export const ReapresentacoesEmpresaSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    citacao: CitacaoSchema,
    citacao_en: CitacaoSchema.describe('citacao in English.'),
    total: z.number().int().nonnegative().describe('Number of restated values.'),
    reapresentacoes: z.array(ReapresentacaoLinhaSchema),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
    nota_agregacao: z.string().min(1).describe('How the consolidated/individual choice was made each year.'),
    nota_agregacao_en: z.string().min(1).describe('nota_agregacao in English.'),
  })
  .refine((r) => r.total === r.reapresentacoes.length, {
    message: 'total must equal the number of rows',
    path: ['total'],
  })
  .describe('Company restatements (/empresas/{ticker}/reapresentacoes).');
export type ReapresentacoesEmpresa = z.infer<typeof ReapresentacoesEmpresaSchema>;

const valorCapturado = z.union([z.number(), z.string(), z.null()]);

export const FiiVersaoSchema = z.strictObject({
  competencia: DataSchema.describe('Reference month of the report (first day).'),
  versao: z
    .number()
    .int()
    .min(2)
    .describe('Version number of the current report; above 1 means it was resubmitted.'),
  data_entrega: DataSchema.describe('Delivery date of the current version.'),
});

/** Our design: the spec only says "before/after field by field". */
export const FiiCapturaSchema = z
  .strictObject({
    competencia: DataSchema,
    campo: z.string().min(1).describe('Report field that changed.'),
    antes: valorCapturado.describe('Value in the version seen earlier.'),
    depois: valorCapturado.describe('Value in the resubmitted version.'),
    versao_antes: z.number().int().positive(),
    versao_depois: z.number().int().min(2),
    capturado_em: TimestampSchema.describe('When the build saw the resubmission.'),
  })
  .describe('One field changed by a resubmission (our design).');

export const ReapresentacoesFiiSchema = z
  .strictObject({
    fundo: z.strictObject({ cnpj: CnpjSchema, ticker: TickerSchema, nome: z.string().min(1) }),
    versoes: z.array(FiiVersaoSchema).describe('Reports resubmitted to the regulator (versao above 1).'),
    capturadas: z
      .array(FiiCapturaSchema)
      .describe('Field-by-field before/after, when the build saw the resubmission; may be empty.'),
    versao_do_dado: versaoDoDado(),
    criterio: z.string().min(1).describe('How resubmissions are detected.'),
    criterio_en: z.string().min(1).describe('criterio in English.'),
    pagina: UrlSchema,
  })
  .describe('REIT restatements (/fiis/{ticker}/reapresentacoes).');
export type ReapresentacoesFii = z.infer<typeof ReapresentacoesFiiSchema>;
