import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  CitacaoSchema,
  DataSchema,
  DinheiroSchema,
  FlagSchema,
  NotaSchema,
  TickerSchema,
} from './comum.ts';

/**
 * Point-in-time rule shared by every row: `data_preco` is the first trading session on or after
 * `dt_receb`, never the close of the reported period.
 */
const pontoNoTempo = {
  cd_regulator: CdRegulatorSchema,
  ano: AnoSchema.describe('Fiscal year of the filing.'),
  dt_receb: DataSchema.describe('Reception date of the filing at the regulator (DT_RECEB).'),
  data_preco: DataSchema.describe('First trading session on or after dt_receb; the price used.'),
  preco: DinheiroSchema.positive().describe('Closing price on data_preco (BRL).'),
};

function precoNaoAntesDoRecebimento(r: { dt_receb: string; data_preco: string | null }): boolean {
  return r.data_preco === null || r.data_preco >= r.dt_receb;
}
const mensagemPontoNoTempo = {
  message: 'data_preco before dt_receb breaks the point-in-time rule',
  path: ['data_preco'],
};

export const MultiploAnualSchema = z
  .strictObject({
    ...pontoNoTempo,
    market_cap: z.number().nullable().describe('Price × shares outstanding (BRL).'),
    pl: z.number().nullable().describe('Price to earnings from the annual statement.'),
    pvp: z.number().nullable().describe('Price to book value.'),
    ev_ebitda: z.number().nullable().describe('Enterprise value / EBITDA.'),
    fcf_yield: z.number().nullable().describe('Free cash flow / market cap (fraction).'),
    flag: FlagSchema,
    preco_de: z.string().min(1).describe('Human-readable price date, e.g. "preço de 2024-03-01".'),
  })
  .refine(precoNaoAntesDoRecebimento, mensagemPontoNoTempo)
  .describe('One annual row of multiples (anuais).');
export type MultiploAnual = z.infer<typeof MultiploAnualSchema>;

export const MultiploTrimestralSchema = z
  .strictObject({
    ...pontoNoTempo,
    data_preco: DataSchema.nullable().describe(
      'First trading session on or after dt_receb; null when our price files have none (flag sem_pregao_apos_recebimento).',
    ),
    preco: DinheiroSchema.positive()
      .nullable()
      .describe('Closing price on data_preco (BRL); null without a session.'),
    trimestre: z.number().int().min(1).max(3).describe('Quarter 1 to 3 (the ITR has no 4th quarter).'),
    market_cap: z.number().nullable().describe('Price × shares outstanding (BRL).'),
    lucro_ttm: z.number().nullable().describe('Profit of the last 12 months (BRL).'),
    pl_ttm: z.number().nullable().describe('Price to trailing-12-month earnings.'),
    pvp: z.number().nullable().describe('Price to book value.'),
    flag: FlagSchema,
  })
  .refine(precoNaoAntesDoRecebimento, mensagemPontoNoTempo)
  .describe('One quarterly row of multiples (trimestrais).');
export type MultiploTrimestral = z.infer<typeof MultiploTrimestralSchema>;

const numeroOuNulo = (d: string) => z.number().nullable().describe(d);

/** `valuation` (current). Numbers are nullable: a doubtful value is null and flags_acoes says why. */
export const ValuationSchema = z
  .strictObject({
    data_preco: DataSchema.describe('Session of the current price.'),
    preco: DinheiroSchema.positive().describe('Current price (BRL).'),
    ano: AnoSchema.describe('Fiscal year of the balance sheet used.'),
    acoes: numeroOuNulo('Shares outstanding used.'),
    flags_acoes: z
      .array(z.string().regex(/^[a-z0-9_]+$/))
      .describe('Flags about the share count, one per element.'),
    market_cap: numeroOuNulo('Market capitalisation (BRL).'),
    ev: numeroOuNulo('Enterprise value (BRL).'),
    divida_liquida: numeroOuNulo('Net debt (BRL).'),
    lpa: numeroOuNulo('Earnings per share (BRL).'),
    vpa: numeroOuNulo('Book value per share (BRL).'),
    dy_12m: numeroOuNulo('Dividend yield of the last 12 months (fraction).'),
    proventos_12m: numeroOuNulo('Proventos per share of the last 12 months (BRL).'),
    payout: numeroOuNulo('Proventos / profit (fraction).'),
    proventos_ano: numeroOuNulo('Proventos per share of the fiscal year (BRL).'),
    fco: numeroOuNulo('Operating cash flow (BRL).'),
    fcf: numeroOuNulo('Free cash flow (BRL).'),
    p_fco: numeroOuNulo('Market cap / operating cash flow.'),
    p_fcf: numeroOuNulo('Market cap / free cash flow.'),
  })
  .describe(
    'Current valuation. The spec says "numbers"; we allow null so a doubtful value is never estimated.',
  );
export type Valuation = z.infer<typeof ValuationSchema>;

const porAcao = {
  preco: DinheiroSchema.positive()
    .nullable()
    .describe(
      "This code's own close on data_preco (BRL); null when it did not trade that session (classe_sem_pregao).",
    ),
  volume: z.number().nonnegative().nullable().describe("This code's traded volume on data_preco (BRL)."),
  lpa: numeroOuNulo(
    'Earnings per share (BRL): company profit / every share outstanding ex-treasury, the same for every class.',
  ),
  vpa: numeroOuNulo(
    'Book value per share (BRL): company equity / every share outstanding ex-treasury, the same for every class.',
  ),
  pl: numeroOuNulo("This class's P/L: its own price / lpa."),
  pvp: numeroOuNulo("This class's P/VP: its own price / vpa."),
  flag: FlagSchema,
};

export const MultiploAnualClasseSchema = z
  .strictObject({
    ano: AnoSchema.describe('Fiscal year of the filing.'),
    dt_receb: DataSchema.describe('Reception date of the filing at the regulator (DT_RECEB).'),
    data_preco: DataSchema.describe("The company row's session: the first on or after dt_receb."),
    ...porAcao,
  })
  .refine(precoNaoAntesDoRecebimento, mensagemPontoNoTempo)
  .describe('One annual row of one share class, at its own price.');
export type MultiploAnualClasse = z.infer<typeof MultiploAnualClasseSchema>;

export const ValuationClasseSchema = z
  .strictObject({
    data_preco: DataSchema.describe("The company's latest session (the one of valuation)."),
    ano: AnoSchema.describe('Fiscal year of the balance sheet used.'),
    ...porAcao,
    proventos_12m: numeroOuNulo("This class's own proventos per share of the last 12 months (BRL)."),
    dy_12m: numeroOuNulo(
      "This class's dividend yield: its own 12-month proventos / its own price (fraction).",
    ),
  })
  .describe('Current figures of one share class, at its own price.');
export type ValuationClasse = z.infer<typeof ValuationClasseSchema>;

/**
 * The block a live class other than the main code adds to the company's multiples (docs/metodologia.md
 * §12): its own price, volume and per-share multiples. Everything outside it is company-wide.
 */
export const MultiplosClasseSchema = z
  .strictObject({
    ticker: TickerSchema.describe('The live class this block is about (e.g. ITUB3).'),
    tipo_acao: z
      .string()
      .regex(/^(ON|PN[A-D]?)$/)
      .describe("The class (ON, PN, PNA…), B3's typeStock."),
    ticker_principal: TickerSchema.describe("The company's main code, whose answer has no such block."),
    anuais: z.array(MultiploAnualClasseSchema),
    valuation: ValuationClasseSchema.nullable().describe('Current figures; null without a balance sheet.'),
    da_empresa: z
      .array(z.string().min(1))
      .describe('Fields outside this block that are company-wide (the same on every class page).'),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
  })
  .describe("One live share class's own figures.");
export type MultiplosClasse = z.infer<typeof MultiplosClasseSchema>;

export const MultiplosSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    citacao: CitacaoSchema,
    citacao_en: CitacaoSchema.describe('citacao in English.'),
    anuais: z.array(MultiploAnualSchema),
    trimestrais: z.array(MultiploTrimestralSchema),
    valuation: ValuationSchema.nullable().describe(
      'Current valuation; null when the company has no current price.',
    ),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
    classe: MultiplosClasseSchema.optional().describe(
      'Only in the answer for a live class other than the main code (ITUB3 beside ITUB4): that class at its own price.',
    ),
  })
  .describe('Multiples of one company (/empresas/{ticker}/multiplos).');
export type Multiplos = z.infer<typeof MultiplosSchema>;

/** `multiplos` as answered for a live class other than the main code: the company's, plus `classe`. */
export const MultiplosDeClasseSchema = MultiplosSchema.extend({ classe: MultiplosClasseSchema });
export type MultiplosDeClasse = z.infer<typeof MultiplosDeClasseSchema>;
