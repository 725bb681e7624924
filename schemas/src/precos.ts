import { z } from 'zod';
import { DataSchema, TickerSchema } from './comum.ts';

/**
 * One row of the `precos` bulk set (Parquet/CSV): a standard-lot session of one trading code from
 * B3 COTAHIST, prices already divided by FATCOT. Raw prices are never adjusted in place:
 * `fator_ajuste` is the corporate-action factor to multiply them by (1 when no event is known).
 */
export const PrecoLinhaSchema = z
  .strictObject({
    ticker: TickerSchema,
    data: DataSchema.describe('Trading session (DATA DO PREGÃO).'),
    abertura: z.number().positive().describe('Opening price, BRL per share (PREABE / FATCOT).'),
    maxima: z.number().positive().describe('High (PREMAX / FATCOT).'),
    minima: z.number().positive().describe('Low (PREMIN / FATCOT).'),
    fechamento: z.number().positive().describe('Close, unadjusted (PREULT / FATCOT).'),
    volume: z.number().nonnegative().describe('Traded value, BRL (VOLTOT).'),
    fator_ajuste: z
      .number()
      .positive()
      .describe('Multiply raw prices by this to adjust for later splits/bonus shares; 1 when none.'),
  })
  .describe('One session of one trading code (set precos).');
export type PrecoLinha = z.infer<typeof PrecoLinhaSchema>;

/** One session of one trading code in a company's price series: the raw close, never adjusted in place. */
export const SessaoPrecoSchema = z.strictObject({
  data: DataSchema.describe('Trading session (DATA DO PREGÃO).'),
  fechamento: z.number().positive().describe('Close, unadjusted (PREULT / FATCOT).'),
  volume: z.number().nonnegative().describe('Traded value, BRL (VOLTOT).'),
});

/**
 * `json/empresas/<cd>/precos.json`: every trading code of one company with its raw close series.
 * The adjustment factors are kept apart, as the dates up to which each one applies, so a reader
 * adjusts only when it wants to.
 */
export const PrecosEmpresaSchema = z
  .strictObject({
    cd_regulator: z.number().int().positive(),
    citacao: z.string().min(1),
    tickers: z.array(
      z.strictObject({
        ticker: TickerSchema,
        sessoes: z.array(SessaoPrecoSchema).describe('Sessions in date order.'),
        fatores_ajuste: z
          .array(
            z.strictObject({
              ate: DataSchema.describe('Last session this factor applies to.'),
              fator: z.number().positive().describe('Multiply raw prices up to `ate` by this.'),
            }),
          )
          .describe('Runs of sessions whose fator_ajuste differs from 1; empty when no event is known.'),
      }),
    ),
    nota: z.string().min(1),
  })
  .describe('Raw close series per trading code of one company (COTAHIST), adjustment factors apart.');
export type PrecosEmpresa = z.infer<typeof PrecosEmpresaSchema>;
