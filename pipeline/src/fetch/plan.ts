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
  /** Files that will download but that the build will not recognise by name (see `fileName` of the spec). */
  warnings: string[];
  /** Sources that could not be expanded, one sentence each (unknown id, no URL, missing period…). */
  problems: string[];
}

// Any braced text is a placeholder, so a pattern the downloader cannot fill (e.g. `{DD/MM/YYYY}`) is
// reported instead of being requested literally.
const PLACEHOLDER = /\{([^{}]+)\}/g;
/**
 * `{PERIODO}` is COTAHIST's partition (b3_cotahist spec): `A{YYYY}` per --anos, `M{MM}{YYYY}` per
 * --meses, `D{DD}{MM}{YYYY}` per --dias, all three lists together.
 */
const DATE_PLACEHOLDERS = new Set(['YYYY', 'MM', 'DD', 'PERIODO']);

type Binding = Record<string, string>;

/**
 * The part of a source spec the downloader needs. `localName` (not yet in `SourceSpec`) is a template
 * with the URL's placeholders, e.g. `sgs_{SERIE}.json`, for URLs whose last segment is no file name.
 */
export type DownloadableSource = Pick<SourceSpec, 'id' | 'url'> & { fileName?: RegExp; localName?: string };

/** B3's APIs take their parameters as base64 JSON in the last path segment (sources/b3/url.ts). */
const BASE64_JSON = 'BASE64_JSON_PARAMS';

function fillValue(name: string, value: string): string {
  if (name === BASE64_JSON) return Buffer.from(value, 'utf8').toString('base64');
  return encodeURIComponent(value);
}

function invalidParam(name: string, value: string): string | null {
  if (name !== BASE64_JSON) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return null;
  } catch {
    // reported below
  }
  return `--param ${BASE64_JSON} must be a JSON object, got ${JSON.stringify(value)}`;
}

export function placeholdersOf(pattern: string): string[] {
  return [...new Set([...pattern.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Date bindings for a pattern: the finest placeholder decides the period list. A monthly pattern
 * without `--meses` takes every month of `--anos`, because a year of monthly files is the usual ask;
 * a daily pattern needs explicit `--dias` (most days of a year are not trading days).
 */
function dateBindings(names: string[], periods: Periods): Binding[] | string {
  if (names.includes('PERIODO')) {
    const all = [
      ...periods.anos.map((y) => ({ PERIODO: `A${y}` })),
      ...periods.meses.map((m) => ({ PERIODO: `M${m.slice(5, 7)}${m.slice(0, 4)}` })),
      ...periods.dias.map((d) => ({ PERIODO: `D${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}` })),
    ];
    return all.length > 0 ? all : 'needs --anos, --meses or --dias (its URL has {PERIODO})';
  }
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

/**
 * `cvm_dfp_*` selects every source id with that prefix, in registry order. Returns the ids with
 * whether they were named explicitly (a wildcard quietly skips specs without a URL).
 */
function expandIds(ids: readonly string[], known: string[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const id of ids) {
    if (!id.endsWith('*')) {
      out.set(id, true);
      continue;
    }
    const matches = known.filter((k) => k.startsWith(id.slice(0, -1)));
    if (matches.length === 0) out.set(id, true);
    for (const m of matches) if (!out.has(m)) out.set(m, false);
  }
  return out;
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
  return safeName(name);
}

/** B3 API parameters that say nothing about the content (paging, language). */
const B3_NOISE_PARAMS = new Set(['language', 'pageNumber', 'pageSize']);

/**
 * Local name of a B3 API answer: `<call>_<parameter values>.json` (e.g.
 * `GetListedCashDividends_AMBEVSA.json`), else `<call>.json`, whichever the spec recognises first;
 * the base64 segment itself would be recognised by nothing.
 */
function b3ApiFileName(url: string, json: string, recognise: RegExp | undefined): string | null {
  const segments = new URL(url).pathname.split('/');
  const call = segments.at(-2) ?? '';
  const params = JSON.parse(json) as Record<string, unknown>;
  const values = Object.entries(params)
    .filter(([k, v]) => !B3_NOISE_PARAMS.has(k) && (typeof v === 'string' || typeof v === 'number'))
    .map(([, v]) => String(v).replace(/[^A-Za-z0-9-]/g, ''))
    .filter((v) => v !== '');
  const candidates = [[call, ...values].join('_'), call].map((n) => `${n}.json`);
  return safeName(candidates.find((c) => recognise?.test(c)) ?? candidates[0]!);
}

function safeName(name: string): string | null {
  return name === '' || name.startsWith('.') || /[/\\\0]/.test(name) ? null : name;
}

/** Local file name: the spec's `localName` template, a B3 API name, or the remote name. */
export function localFileName(
  spec: DownloadableSource,
  url: string,
  binding: Readonly<Record<string, string>>,
) {
  if (spec.localName) {
    const template = spec.localName;
    if (placeholdersOf(template).some((n) => binding[n] === undefined)) return null;
    return safeName(template.replace(PLACEHOLDER, (_, n: string) => binding[n]!));
  }
  const json = binding[BASE64_JSON];
  if (json !== undefined) return b3ApiFileName(url, json, spec.fileName);
  return remoteFileName(url);
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
  const warnings: string[] = [];
  const seen = new Set<string>();
  const paths = new Set<string>();
  for (const [id, explicit] of expandIds(ids, [...byId.keys()])) {
    const spec = byId.get(id);
    if (!spec) {
      const known = [...byId.keys()].sort().join(', ') || '(none registered)';
      problems.push(`source "${id}" is unknown; known sources: ${known}`);
      continue;
    }
    if (!spec.url) {
      if (explicit) problems.push(`source "${id}" has no download URL in its spec`);
      else warnings.push(`source "${id}" skipped: no download URL in its spec`);
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
    const unfillable = names.filter((n) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
    if (unfillable.length > 0) {
      problems.push(
        `source "${id}" has placeholders the downloader cannot fill: ${unfillable.map((n) => `{${n}}`).join(', ')}`,
      );
      continue;
    }
    for (const name of names.filter((n) => !DATE_PLACEHOLDERS.has(n))) {
      const values = params[name];
      if (!values || values.length === 0) missing.push(name);
      else bindings = cartesian(bindings, name, values);
    }
    const bad = names
      .flatMap((n) => (params[n] ?? []).map((v) => invalidParam(n, v)))
      .filter((m) => m !== null);
    if (bad.length > 0) {
      problems.push(`source "${id}": ${bad[0]}`);
      continue;
    }
    if (missing.length > 0) {
      problems.push(`source "${id}" needs ${missing.map((n) => `--param ${n}=…`).join(' and ')}`);
      continue;
    }
    for (const b of bindings) {
      const url_origem = spec.url.replace(PLACEHOLDER, (_, name: string) => fillValue(name, b[name]!));
      if (seen.has(url_origem)) continue;
      seen.add(url_origem);
      const fileName = localFileName(spec, url_origem, b);
      if (fileName === null) {
        problems.push(`source "${id}": cannot take a file name from ${url_origem}`);
        continue;
      }
      if (paths.has(`${id}/${fileName}`)) {
        problems.push(`source "${id}": two URLs end in the same file name ${fileName} (${url_origem})`);
        continue;
      }
      paths.add(`${id}/${fileName}`);
      // Zips are recognised by their members, so only loose files can be checked here.
      if (spec.fileName && !/\.zip$/i.test(fileName) && !spec.fileName.test(fileName)) {
        warnings.push(
          `${id}/${fileName} will not be recognised by the build (source "${id}" expects ${spec.fileName})`,
        );
      }
      downloads.push({
        source: id,
        url_origem,
        url: applyMirror(url_origem, mirror),
        fileName,
        relPath: `${id}/${fileName}`,
      });
    }
  }
  return { downloads, problems, warnings };
}
