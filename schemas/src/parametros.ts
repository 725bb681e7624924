import { z } from 'zod';

/**
 * A trading code as a request carries it (path, query, form or tool argument): 4 to 12 letters or digits
 * in any case, answered in upper case. Looser than `TickerSchema` (the shape of a published code) on
 * purpose: an old or odd code must reach the lookup, which answers 301 or 404, instead of a 422.
 * Every route, page and MCP tool that takes a code uses this one rule.
 */
export const TickerNaRotaSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{4,12}$/, 'código de negociação: 4 a 12 letras ou dígitos')
  .transform((t) => t.toUpperCase());
