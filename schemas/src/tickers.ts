import { CdRegulatorSchema, TickerSchema } from '@fundamentos/schemas/comum';
import { z } from 'zod';

/**
 * `json/tickers.json`: every trading code → the company and its current main code (old codes answer
 * 301). Kept here until the schemas package adopts it (asked in the report).
 */
export const TickersSchema = z
  .record(TickerSchema, z.strictObject({ cd_regulator: CdRegulatorSchema, ticker_atual: TickerSchema }))
  .describe('Every trading code mapped to its company and current main code.');
export type Tickers = z.infer<typeof TickersSchema>;
