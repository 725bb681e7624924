import { z } from 'zod';

export const DownloadOutcomeSchema = z.enum(['downloaded', 'not_modified', 'not_found', 'failed', 'changed']);
export type DownloadOutcome = z.infer<typeof DownloadOutcomeSchema>;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'lowercase hex sha256');

/** One line of `_downloads.jsonl`: the result of one HTTP attempt (a retried download writes several lines). */
export const DownloadLogEntrySchema = z.strictObject({
  /** URL requested (after `--espelho`); redirects are followed but not logged. Key for conditional requests. */
  url: z.url(),
  /** URL from the source spec, before any mirror; the provenance of the file. */
  url_origem: z.url(),
  source: z.string().min(1),
  /** File path relative to the raw folder, with `/` separators. */
  path: z.string().min(1),
  /** 1-based attempt number within one run of the downloader for this URL. */
  attempt: z.number().int().positive(),
  started_at: z.iso.datetime(),
  finished_at: z.iso.datetime(),
  /** null when no HTTP answer arrived (connection error, idle timeout before the headers). */
  http_status: z.number().int().min(100).max(599).nullable(),
  /** downloaded/changed/not_modified: size of the file now in place; failed: bytes received in this attempt. */
  bytes: z.number().int().nonnegative(),
  /** sha256 of the file in place after this attempt (null when no file is in place for it). */
  sha256: sha256Hex.nullable(),
  /** sha256 of the file this attempt replaced or compared against (both hashes of a `changed` file). */
  previous_sha256: sha256Hex.nullable(),
  etag: z.string().nullable(),
  last_modified: z.string().nullable(),
  /** Byte offset of a resumed `.part` (Range request answered 206), else null. */
  resumed_from: z.number().int().nonnegative().nullable(),
  outcome: DownloadOutcomeSchema,
  /** For `failed`: whether the downloader tried again afterwards. */
  will_retry: z.boolean(),
  error: z.string().nullable(),
});
export type DownloadLogEntry = z.infer<typeof DownloadLogEntrySchema>;
