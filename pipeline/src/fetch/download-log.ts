import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DownloadLogEntry, DownloadLogEntrySchema } from '@fundamentos/schemas/downloads';

/** Name of the download log inside the raw folder; the build publishes it as part of the audit trail. */
export const DOWNLOAD_LOG_NAME = '_downloads.jsonl';

// The line schema lives in schemas/ because the artefact catalogue names it (auditoria/downloads.jsonl).
export {
  type DownloadLogEntry,
  DownloadLogEntrySchema,
  type DownloadOutcome,
  DownloadOutcomeSchema,
} from '@fundamentos/schemas/downloads';

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
