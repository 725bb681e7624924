import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { InputError } from '../core/source.ts';
import type { Stage } from '../core/stage.ts';
import { DOWNLOAD_LOG_NAME, DownloadLogEntrySchema } from '../fetch/download-log.ts';

/** Where the download log is published inside a build. */
export const DOWNLOADS_ARTEFACT_PATH = ARTEFATOS.downloads.caminho();

export interface DownloadLogText {
  /** The log exactly as `fetch` wrote it (published byte for byte: it is an audit trail). */
  content: string;
  /** Non-blank lines, one per download attempt. */
  rows: number;
}

/**
 * Reads `<raw>/_downloads.jsonl` when present and validates every line with `DownloadLogEntrySchema`.
 * A line that is not a valid entry is an `InputError` naming the log, the line and the field: a build
 * must not publish an audit trail it cannot vouch for. Returns null when the raw folder has no log
 * (e.g. the committed sample, which was not downloaded by `fetch`).
 */
export async function readDownloadLogText(raw: string): Promise<DownloadLogText | null> {
  let content: string;
  try {
    content = await readFile(join(raw, DOWNLOAD_LOG_NAME), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  let rows = 0;
  content.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new InputError(
        DOWNLOAD_LOG_NAME,
        i + 1,
        null,
        'one JSON object per line',
        e instanceof Error ? e.message : String(e),
      );
    }
    const parsed = DownloadLogEntrySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || null;
      const found =
        field === null || json === null || typeof json !== 'object'
          ? null
          : JSON.stringify((json as Record<string, unknown>)[field] ?? null);
      throw new InputError(
        DOWNLOAD_LOG_NAME,
        i + 1,
        field,
        `a download log entry (${issue?.message ?? 'invalid'})`,
        found,
      );
    }
    rows++;
  });
  return { content, rows };
}

/** Publishes the already validated download log as `auditoria/downloads.jsonl` (no artefact without a log). */
export function downloadsStage(log: DownloadLogText | null): Stage {
  return {
    name: 'auditoria_downloads',
    async run(ctx) {
      if (!log) return [];
      return [
        await ctx.writer.text({
          name: 'auditoria_downloads',
          path: DOWNLOADS_ARTEFACT_PATH,
          schemaName: ARTEFATOS.downloads.nome,
          content: log.content,
          rows: log.rows,
        }),
      ];
    },
  };
}
