import { z } from 'zod';
import { VersaoDoDadoSchema } from './manifest.ts';

/**
 * Building blocks shared by every resource schema. Field names follow the spec (Portuguese);
 * descriptions are English because the OpenAPI document and the field dictionary reuse them.
 */

export { VersaoDoDadoSchema };

export const versaoDoDado = (): typeof VersaoDoDadoSchema =>
  VersaoDoDadoSchema.describe(
    'Data build that produced this answer: `<YYYY-MM-DD>-<build label>|<sequence number>`.',
  );

/** ISO 8601 calendar date `YYYY-MM-DD`; impossible dates (2024-02-30) are refused. */
export const DataSchema = z.iso.date();

/** ISO 8601 timestamp that carries an explicit offset (`Z` or `-03:00`). */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** An amount in BRL (never scaled: the pipeline already applied ESCALA_MOEDA). */
export const DinheiroSchema = z.number();

/** A ratio as a fraction: 0.08 means 8%. */
export const FracaoSchema = z.number();

/** Fiscal year of a filing (DFP/ITR reference year). */
export const AnoSchema = z.number().int().min(1990).max(2100).describe('Fiscal year.');

/** Regulator company code (CD_CVM in the regulator files), as an integer without padding. */
export const CdRegulatorSchema = z.number().int().positive().describe('Regulator company code.');

/** B3 trading code: 4-character root (letters or digits, e.g. B3SA) followed by the class number. */
export const TickerSchema = z
  .string()
  .regex(/^[A-Z0-9]{4}\d{1,2}[A-Z]?$/, 'ticker must look like PETR4 or BOVA11');

/** Company or fund registry number (CNPJ) in its formatted form 00.000.000/0000-00. */
export const CnpjSchema = z
  .string()
  .regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'cnpj must be formatted 00.000.000/0000-00');

/** Absolute http(s) URL or a path on the service itself (`/acoes/WEGE3`). */
export const UrlSchema = z
  .string()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'expected an http(s) URL or a path starting with /');

/** Ready citation line (source, version, address) to paste into a text. */
export const CitacaoSchema = z
  .string()
  .min(1)
  .describe('Ready citation line naming the source files and data version.');

/** Free-text caveat. */
export const NotaSchema = z.string().min(1).describe('Free-text caveat about this answer.');

/**
 * `flag`: null, or one or more snake_case flag values joined by `;` without spaces.
 * Kept as a string (not an enum) because the field dictionary may publish flags newer than this
 * package; `flags.ts` lists the ones we know and splits/joins them.
 */
export const FlagSchema = z
  .string()
  .regex(/^[a-z0-9_]+(;[a-z0-9_]+)*$/, 'flag must be snake_case values joined by ";" without spaces')
  .nullable()
  .describe('null, or one or more flag values joined by ";" (meanings in the field dictionary).');

/** Texts the service publishes in both languages use `<field>` (pt) and `<field>_en`. */
export const TextoSchema = z.string().min(1);
