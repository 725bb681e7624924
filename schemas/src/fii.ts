import { z } from 'zod';
import { CnpjSchema, DataSchema, FlagSchema, NotaSchema, TickerSchema } from './comum.ts';

export const FiiCadastroSchema = z.strictObject({
  cnpj: CnpjSchema,
  ticker: TickerSchema,
  isin: z.string().regex(/^[A-Z]{2}[A-Z0-9]{9}\d$/, 'isin must have 12 characters, e.g. BRMXRFCTF008'),
  nome: z.string().min(1),
  segmento: z.string().min(1).describe('Segment as reported (Segmento_Atuacao).'),
  mandato: z.string().min(1).nullable().describe('Mandate as reported; null when not reported.'),
  tipo_gestao: z.string().min(1).describe('Management kind (Ativa/Passiva).'),
  publico_alvo: z.string().min(1),
  data_funcionamento: DataSchema.describe('Start of operation.'),
});

export const FiiPvpSchema = z
  .strictObject({
    competencia: DataSchema.describe('Reference month of the monthly report.'),
    data_entrega: DataSchema.describe('Delivery date of the report.'),
    data_preco: DataSchema.describe('First session on or after data_entrega.'),
    preco: z.number().positive().describe('Closing price on data_preco (BRL).'),
    vp_cota: z.number().nullable().describe('Net asset value per share (BRL).'),
    pvp: z.number().nullable().describe('preco / vp_cota.'),
    flag: FlagSchema,
  })
  .refine((r) => r.data_preco >= r.data_entrega, {
    message: 'data_preco before data_entrega breaks the point-in-time rule',
    path: ['data_preco'],
  });

export const FiiDy12mSchema = z.strictObject({
  data_base: DataSchema,
  data_preco: DataSchema,
  preco: z.number().positive(),
  rendimento_12m: z.number().nonnegative().describe('Income per share of the last 12 months (BRL).'),
  n_meses: z.number().int().min(0).max(12).describe('Months with income found in the window.'),
  dy_12m: z.number().nullable().describe('rendimento_12m / preco (fraction).'),
  flag: FlagSchema,
});

/** Our design: the spec does not show the elements of `vacancia`. */
export const FiiVacanciaSchema = z
  .strictObject({
    competencia: DataSchema,
    imovel: z.string().min(1).describe('Property name as reported.'),
    vacancia: z.number().nullable().describe('Vacancy as a fraction.'),
    flag: FlagSchema,
  })
  .describe('Our design.');

export const FiiProventoSchema = z.strictObject({
  tipo: z.string().min(1),
  valor: z.number().nonnegative().describe('BRL per share.'),
  data_com: DataSchema,
  data_pagamento: DataSchema,
  relativo_a: z.string().min(1).describe('Period the income refers to.'),
  flag: FlagSchema,
});

export const FiiSchema = z
  .strictObject({
    cadastro: FiiCadastroSchema,
    ultimo_informe: z.strictObject({
      cotistas: z.number().int().nonnegative(),
      pl: z.number().describe('Net assets (BRL).'),
      competencia: DataSchema,
    }),
    pvp: z.array(FiiPvpSchema),
    dy_12m: FiiDy12mSchema.nullable().describe('Null when the fund has no price (our design).'),
    vacancia: z.array(FiiVacanciaSchema).describe('May be empty.'),
    proventos_recentes: z.array(FiiProventoSchema),
    nota: NotaSchema,
  })
  .describe('REIT (/fiis/{ticker}).');
export type Fii = z.infer<typeof FiiSchema>;
