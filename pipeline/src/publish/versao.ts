import { readdir } from 'node:fs/promises';

/** Build date as YYYY-MM-DD in America/Sao_Paulo. */
export function dataBuild(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Published build directories look like `2026-11-22-amostra.3` (`versao_do_dado` with `|` → `.`). */
export const BUILD_DIR = /^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.\d+$/;

/** Sequence number of a published directory name (`2026-11-22-amostra.3` → 3). */
export const sequenceOf = (dirName: string): number => Number(dirName.slice(dirName.lastIndexOf('.') + 1));

export function dirDaVersao(versao: string): string {
  return versao.replace('|', '.');
}

/**
 * `<YYYY-MM-DD>-<label>|<n>` where n is one more than the highest sequence published in `out` (not their
 * count: retention deletes old versions, and a number is never given twice).
 */
export async function nextVersao(out: string, label: string, now: Date): Promise<string> {
  if (!/^[a-z0-9-]+$/.test(label))
    throw new Error(`label must be lowercase letters, digits and "-": ${JSON.stringify(label)}`);
  const highest = (await readdir(out, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && BUILD_DIR.test(e.name))
    .reduce((n, e) => Math.max(n, sequenceOf(e.name)), 0);
  return `${dataBuild(now)}-${label}|${highest + 1}`;
}
