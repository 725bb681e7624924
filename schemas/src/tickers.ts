import { z } from 'zod';
import { CdRegulatorSchema, TickerSchema } from './comum.ts';

/**
 * `json/tickers.json`: every trading code → the company and its current main code (old codes answer
 * 301). The API and the site resolve `/empresas/<ticker>` through it.
 */
export const TickersSchema = z
  .record(TickerSchema, z.strictObject({ cd_regulator: CdRegulatorSchema, ticker_atual: TickerSchema }))
  .describe('Every trading code mapped to its company and current main code.');
export type Tickers = z.infer<typeof TickersSchema>;
