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
