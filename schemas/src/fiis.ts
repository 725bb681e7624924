import { z } from 'zod';
import { CnpjSchema, DataSchema, FlagSchema, NotaSchema, TickerSchema, versaoDoDado } from './comum.ts';

/**
 * The REIT resources as the pipeline publishes them (`json/fiis/<ticker>/index.json`, `json/fiis.json`).
 * The spec's shape, where the real CVM files force two choices: registry fields the monthly report leaves
 * blank are null (never filled in), and a P/VP row keeps its report even when no price may be attached to
 * it (price and ratio null, `flag` says why) so the point-in-time rule stays visible.
 */

export { type ReapresentacoesFii, ReapresentacoesFiiSchema } from './reapresentacoes.ts';

const texto = z.string().min(1);

/** Our design: the spec does not show the elements of `vacancia`. */
export const FiiVacanciaSchema = z
  .strictObject({
    competencia: DataSchema,
    imovel: z.string().min(1).describe('Property name as reported.'),
    vacancia: z.number().nullable().describe('Vacancy as a fraction.'),
    flag: FlagSchema,
  })
  .describe('Our design.');

export const FiiProventoSchema = z
  .strictObject({
    tipo: z.string().min(1).describe("B3's label: RENDIMENTO, AMORTIZACAO…"),
    valor: z.number().nonnegative().describe('BRL per quota, gross.'),
    data_com: DataSchema.describe('Last day with entitlement (lastDatePrior).'),
    data_pagamento: DataSchema.nullable().describe(
      'Payment date; null (sem_data_pagamento) when B3 gives none.',
    ),
    relativo_a: z.string().min(1).nullable().describe('Period the income refers to, as B3 writes it.'),
    flag: FlagSchema,
  })
  .refine((r) => r.data_pagamento !== null || r.flag !== null, {
    message: 'a missing payment date must say why in flag',
    path: ['flag'],
  });

export const FiiCadastroSchema = z.strictObject({
  cnpj: CnpjSchema,
  ticker: TickerSchema,
  isin: z.string().regex(/^BR[A-Z0-9]{9}\d$/, 'isin must have 12 characters, e.g. BRMXRFCTF008'),
  nome: texto,
  segmento: texto.nullable().describe('Segmento_Atuacao as reported; null when the report leaves it blank.'),
  mandato: texto.nullable().describe('Mandato as reported; null when the report leaves it blank.'),
  tipo_gestao: texto.nullable().describe('Tipo_Gestao (Ativa/Passiva); null when blank.'),
  publico_alvo: texto.nullable(),
  data_funcionamento: DataSchema.nullable().describe('Start of operation (Data_Funcionamento).'),
});

export const FiiUltimoInformeSchema = z.strictObject({
  cotistas: z.number().int().nonnegative().nullable().describe('Total_Numero_Cotistas.'),
  pl: z.number().nullable().describe('Patrimonio_Liquido, BRL.'),
  competencia: DataSchema.describe('Reference month of the newest monthly report (first day).'),
});

export const FiiPvpSchema = z
  .strictObject({
    competencia: DataSchema.describe('Reference month of the monthly report.'),
    data_entrega: DataSchema.describe('Delivery date of the version used (Data_Entrega).'),
    data_preco: DataSchema.nullable().describe(
      'First session on or after data_entrega in our price files; null when none.',
    ),
    preco: z.number().positive().nullable().describe('Close of the fund on data_preco (BRL).'),
    vp_cota: z.number().nullable().describe('Valor_Patrimonial_Cotas of the report (BRL).'),
    pvp: z.number().nullable().describe('preco / vp_cota; null with a flag when it may not be computed.'),
    flag: FlagSchema,
  })
  .refine((r) => r.data_preco === null || r.data_preco >= r.data_entrega, {
    message: 'data_preco before data_entrega breaks the point-in-time rule',
    path: ['data_preco'],
  })
  .refine((r) => r.pvp === null || (r.preco !== null && r.vp_cota !== null), {
    message: 'pvp needs both preco and vp_cota',
    path: ['pvp'],
  })
  .refine((r) => r.pvp !== null || r.flag !== null, {
    message: 'a null pvp must say why in flag',
    path: ['flag'],
  });

export const FiiDy12mSchema = z
  .strictObject({
    data_base: DataSchema.describe(
      'End of the 12-month window: the newest session with a close of the fund.',
    ),
    data_preco: DataSchema,
    preco: z.number().positive(),
    rendimento_12m: z.number().nonnegative().nullable().describe('Income per quota in the window (BRL).'),
    n_meses: z.number().int().min(0).max(12).describe('Months with income found in the window.'),
    dy_12m: z.number().nullable().describe('rendimento_12m / preco (fraction).'),
    flag: FlagSchema,
  })
  .refine((r) => r.dy_12m !== null || r.flag !== null, {
    message: 'a null dy_12m must say why in flag',
    path: ['flag'],
  });

export const FiiRecursoSchema = z
  .strictObject({
    cadastro: FiiCadastroSchema,
    ultimo_informe: FiiUltimoInformeSchema,
    pvp: z.array(FiiPvpSchema).describe('One row per monthly report, oldest first.'),
    dy_12m: FiiDy12mSchema,
    vacancia: z.array(FiiVacanciaSchema).describe('Per property, newest quarterly report; may be empty.'),
    proventos_recentes: z.array(FiiProventoSchema),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
    versao_do_dado: versaoDoDado(),
  })
  .describe('REIT (/fiis/{ticker}).');
export type FiiRecurso = z.infer<typeof FiiRecursoSchema>;

export const FiiListaItemSchema = z.strictObject({
  ticker: TickerSchema,
  cnpj: CnpjSchema,
  nome: texto,
  segmento: texto.nullable(),
  pl: z.number().nullable().describe('Patrimonio_Liquido of the newest monthly report (BRL).'),
  competencia: DataSchema.describe('Reference month of that report.'),
});

export const FiiListaSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    fundos: z.array(FiiListaItemSchema).describe('Funds with a trading code, by ticker.'),
    sem_codigo: z
      .number()
      .int()
      .nonnegative()
      .describe('Funds in the monthly reports whose ISIN links to no single trading code (left out).'),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
  })
  .refine((l) => new Set(l.fundos.map((f) => f.ticker)).size === l.fundos.length, {
    message: 'a ticker appears twice in the fund list',
    path: ['fundos'],
  })
  .describe('The fund list for search (json/fiis.json).');
export type FiiLista = z.infer<typeof FiiListaSchema>;
export type FiiListaItem = z.infer<typeof FiiListaItemSchema>;
