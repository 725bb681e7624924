import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  CitacaoSchema,
  DataSchema,
  FlagSchema,
  NotaSchema,
  TickerSchema,
} from './comum.ts';

export const ProventoSchema = z
  .strictObject({
    tipo_acao: z.string().min(1).describe('Share class, e.g. ON, PN.'),
    tipo: z.string().min(1).describe('Kind of provento as published by the exchange, e.g. DIVIDENDO.'),
    acao_corporativa: z.string().min(1).describe('Corporate action label.'),
    valor: z
      .number()
      .nonnegative()
      .describe('BRL per share, gross (before income tax on interest on capital).'),
    data_aprovacao: DataSchema.describe('Approval date.'),
    data_com: DataSchema.describe('Last day WITH entitlement; the share trades ex on the next session.'),
    preco_com: z
      .number()
      .positive()
      .nullable()
      .describe(
        'Closing price on data_com. The spec says number; null (with flag) when there was no session.',
      ),
    flag: FlagSchema,
  })
  .refine((p) => p.preco_com !== null || p.flag !== null, {
    message: 'a null preco_com must carry a flag',
    path: ['flag'],
  });
export type Provento = z.infer<typeof ProventoSchema>;

export const DividendosSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    citacao: CitacaoSchema,
    citacao_en: CitacaoSchema.describe('citacao in English.'),
    proventos: z
      .array(ProventoSchema)
      .refine((ps) => ps.every((p, i) => i === 0 || (ps[i - 1]?.data_com ?? p.data_com) >= p.data_com), {
        message: 'proventos must be most recent first (by data_com)',
      })
      .describe('Most recent first.'),
    resumo_anual: z.array(
      z.strictObject({
        ano: AnoSchema,
        total: z.number().nonnegative().describe('Sum of proventos per share in the year (BRL).'),
        n: z.number().int().nonnegative().describe('Number of proventos in the year.'),
      }),
    ),
    dividend_yield_12m: z
      .strictObject({
        valor: z.number().nullable().describe('proventos_12m / preco (fraction).'),
        proventos_12m: z
          .number()
          .nonnegative()
          .describe('Proventos per share with data_com in the last 12 months (BRL).'),
        preco: z.number().positive().describe('Price used (BRL).'),
        data_preco: DataSchema,
        ticker_preco: TickerSchema.describe('Trading code whose price was used.'),
        classe: z.string().min(1).describe('Share class of that code.'),
      })
      .nullable()
      .describe('Null when there is no price for the company (our design).'),
    cobertura: z.strictObject({
      situacao: z.string().min(1).describe('com_proventos: the exchange answered and proventos exist.'),
      n_proventos: z.number().int().nonnegative(),
      verificado_em: DataSchema.describe('When the exchange was last asked.'),
      significado: z.string().min(1).describe('What situacao means.'),
    }),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
  })
  .describe('Proventos of one company (/empresas/{ticker}/dividendos).');
export type Dividendos = z.infer<typeof DividendosSchema>;
