import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** Name of the download log inside the raw folder; the build publishes it as part of the audit trail. */
export const DOWNLOAD_LOG_NAME = '_downloads.jsonl';

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

/** Thrown when a log line does not parse; names the file, the line and the field. */
export class DownloadLogError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string | null,
    detail: string,
  ) {
    super(`${file}, line ${line}${field ? `, field ${field}` : ''}: ${detail}`);
    this.name = 'DownloadLogError';
  }
}

/** Reads and validates every line of the log; a missing log is an empty history. */
export async function readDownloadLog(rawDir: string): Promise<DownloadLogEntry[]> {
  const file = join(rawDir, DOWNLOAD_LOG_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: DownloadLogEntry[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (err) {
      throw new DownloadLogError(file, i + 1, null, `not JSON (${(err as Error).message})`);
    }
    const parsed = DownloadLogEntrySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new DownloadLogError(file, i + 1, issue.path.join('.') || null, issue.message);
    }
    entries.push(parsed.data);
  }
  return entries;
}

/**
 * Appends entries one line at a time. Appends are chained so concurrent downloads never interleave
 * partial lines, and each entry is validated before it reaches the disk.
 */
export class DownloadLogWriter {
  private tail: Promise<void> = Promise.resolve();
  readonly file: string;

  constructor(rawDir: string) {
    this.file = join(rawDir, DOWNLOAD_LOG_NAME);
  }

  append(entry: DownloadLogEntry): Promise<void> {
    const line = `${JSON.stringify(DownloadLogEntrySchema.parse(entry))}\n`;
    const next = this.tail.then(() => appendFile(this.file, line, 'utf8'));
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/** Last attempt per URL that left a complete file in place: its validators feed conditional requests. */
export function lastCompleteByUrl(entries: DownloadLogEntry[]): Map<string, DownloadLogEntry> {
  const map = new Map<string, DownloadLogEntry>();
  for (const e of entries) {
    if (e.outcome === 'downloaded' || e.outcome === 'changed' || e.outcome === 'not_modified')
      map.set(e.url, e);
  }
  return map;
}
