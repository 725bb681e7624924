import type { SourceSpec } from '../core/source.ts';

/** Periods asked on the command line, already validated (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`). */
export interface Periods {
  anos: string[];
  meses: string[];
  dias: string[];
}

/** One file to download. */
export interface PlannedDownload {
  source: string;
  /** URL from the source spec with its placeholders filled: the provenance of the file. */
  url_origem: string;
  /** URL requested: `url_origem` unless a mirror replaced its origin. */
  url: string;
  /** Remote file name (last path segment), kept as the local name. */
  fileName: string;
  /** `<source id>/<file name>`, relative to the raw folder. */
  relPath: string;
}

export interface DownloadPlan {
  downloads: PlannedDownload[];
  /** Sources that could not be expanded, one sentence each (unknown id, no URL, missing period…). */
  problems: string[];
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const DATE_PLACEHOLDERS = new Set(['YYYY', 'MM', 'DD']);

type Binding = Record<string, string>;

/** The part of a source spec the downloader needs. */
export type DownloadableSource = Pick<SourceSpec, 'id' | 'url'>;

export function placeholdersOf(pattern: string): string[] {
  return [...new Set([...pattern.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Date bindings for a pattern: the finest placeholder decides the period list. A monthly pattern
 * without `--meses` takes every month of `--anos`, because a year of monthly files is the usual ask;
 * a daily pattern needs explicit `--dias` (most days of a year are not trading days).
 */
function dateBindings(names: string[], periods: Periods): Binding[] | string {
  if (names.includes('DD')) {
    if (periods.dias.length === 0) return 'needs --dias (its URL has {DD})';
    return periods.dias.map((d) => ({ YYYY: d.slice(0, 4), MM: d.slice(5, 7), DD: d.slice(8, 10) }));
  }
  if (names.includes('MM')) {
    const months =
      periods.meses.length > 0
        ? periods.meses
        : periods.anos.flatMap((y) =>
            Array.from({ length: 12 }, (_, i) => `${y}-${String(i + 1).padStart(2, '0')}`),
          );
    if (months.length === 0) return 'needs --meses or --anos (its URL has {MM})';
    return months.map((m) => ({ YYYY: m.slice(0, 4), MM: m.slice(5, 7) }));
  }
  if (names.includes('YYYY')) {
    if (periods.anos.length === 0) return 'needs --anos (its URL has {YYYY})';
    return periods.anos.map((y) => ({ YYYY: y }));
  }
  return [{}];
}

function cartesian(bindings: Binding[], name: string, values: string[]): Binding[] {
  return bindings.flatMap((b) => values.map((v) => ({ ...b, [name]: v })));
}

/** Replaces the origin of `url` by the mirror's, keeping a path prefix the mirror may have. */
export function applyMirror(url: string, mirror: string | null): string {
  if (mirror === null) return url;
  const original = new URL(url);
  const m = new URL(mirror);
  const prefix = m.pathname.replace(/\/+$/, '');
  return `${m.origin}${prefix}${original.pathname}${original.search}`;
}

/** Last path segment, decoded; refused when it could escape the source folder or is empty. */
export function remoteFileName(url: string): string | null {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (name === '' || name.startsWith('.') || /[/\\\0]/.test(name)) return null;
  return name;
}

/**
 * Expands the URL pattern of each chosen source for the asked periods. Placeholders other than
 * {YYYY}/{MM}/{DD} take their values from `params` (`--param name=v1,v2`).
 */
export function planDownloads(
  sources: readonly DownloadableSource[],
  ids: readonly string[],
  periods: Periods,
  params: Readonly<Record<string, string[]>>,
  mirror: string | null,
): DownloadPlan {
  const byId = new Map(sources.map((s) => [s.id, s]));
  const downloads: PlannedDownload[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const paths = new Set<string>();
  for (const id of ids) {
    const spec = byId.get(id);
    if (!spec) {
      const known = [...byId.keys()].sort().join(', ') || '(none registered)';
      problems.push(`source "${id}" is unknown; known sources: ${known}`);
      continue;
    }
    if (!spec.url) {
      problems.push(`source "${id}" has no download URL in its spec`);
      continue;
    }
    const names = placeholdersOf(spec.url);
    const dates = dateBindings(names, periods);
    if (typeof dates === 'string') {
      problems.push(`source "${id}" ${dates}`);
      continue;
    }
    let bindings = dates;
    const missing: string[] = [];
    for (const name of names.filter((n) => !DATE_PLACEHOLDERS.has(n))) {
      const values = params[name];
      if (!values || values.length === 0) missing.push(name);
      else bindings = cartesian(bindings, name, values);
    }
    if (missing.length > 0) {
      problems.push(`source "${id}" needs ${missing.map((n) => `--param ${n}=…`).join(' and ')}`);
      continue;
    }
    for (const b of bindings) {
      const url_origem = spec.url.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(b[name]!));
      if (seen.has(url_origem)) continue;
      seen.add(url_origem);
      const fileName = remoteFileName(url_origem);
      if (fileName === null) {
        problems.push(`source "${id}": cannot take a file name from ${url_origem}`);
        continue;
      }
      if (paths.has(`${id}/${fileName}`)) {
        problems.push(`source "${id}": two URLs end in the same file name ${fileName} (${url_origem})`);
        continue;
      }
      paths.add(`${id}/${fileName}`);
      downloads.push({
        source: id,
        url_origem,
        url: applyMirror(url_origem, mirror),
        fileName,
        relPath: `${id}/${fileName}`,
      });
    }
  }
  return { downloads, problems };
}
