import { z } from 'zod';
import { CdRegulatorSchema, TickerSchema } from './comum.ts';

/**
 * `json/tickers.json`: every trading code → the company, its current main code and whether the code
 * itself still trades. The API and the site resolve `/empresas/<ticker>` through it: a code no longer
 * traded answers 301 to the main code; a live class beside the main one (ITUB3 beside ITUB4) answers
 * as itself (same company, its own page and price).
 */
export const TickerEntradaSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  ticker_atual: TickerSchema,
  vigente: z
    .boolean()
    .optional()
    .describe(
      "true: the code is listed in the company's latest FCA without an end date (a live class); absent in builds made before it existed.",
    ),
});

/** A code that answers as itself: the main code, or another class still traded. */
export function respondeComoSi(codigo: string, e: z.infer<typeof TickerEntradaSchema>): boolean {
  return codigo === e.ticker_atual || e.vigente === true;
}

export const TickersSchema = z
  .record(TickerSchema, TickerEntradaSchema)
  .describe('Every trading code mapped to its company and current main code.');
export type Tickers = z.infer<typeof TickersSchema>;
