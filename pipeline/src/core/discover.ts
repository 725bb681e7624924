import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { DOWNLOAD_LOG_NAME } from '../fetch/download-log.ts';
import { extractZip } from '../readers/zip.ts';
import type { InputFile, SourceSpec } from './source.ts';

export interface RecognisedFile {
  spec: SourceSpec;
  file: InputFile;
}

export interface Discovery {
  recognised: RecognisedFile[];
  /** Files and zip members no spec recognised, as `arquivo` names; listed in the report, never read. */
  unrecognised: string[];
  /** Files the walk passes over on purpose (see `isIgnored`), as `arquivo` names; neither read nor reported. */
  ignored: string[];
}

/**
 * Files that are never source data: the download tool's own bookkeeping (its log, an unfinished
 * `.part` and the `.part.json` sidecar that lets it resume) and documentation beside the data.
 * Listing them as unrecognised would bury the files a user really needs to look at.
 */
export function isIgnored(baseName: string): boolean {
  return (
    baseName === DOWNLOAD_LOG_NAME ||
    /\.part(\.json)?$/i.test(baseName) ||
    /^README/i.test(baseName) ||
    /\.md$/i.test(baseName)
  );
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile() || e.isSymbolicLink()) out.push(p);
  }
  return out;
}

/** Every spec whose file-name pattern matches; one file may feed several tables (e.g. a JSON answer split in two). */
export function specsFor(specs: readonly SourceSpec[], baseName: string): SourceSpec[] {
  return specs.filter((s) => s.fileName.test(baseName));
}

/**
 * Recognises every file under `raw` (recursively, in path order) by its base name, once per matching spec; zips are opened and
 * their members recognised the same way and extracted under `tmp`. `arquivo` is the path relative to
 * `raw` (`cvm/dfp/dfp_cia_aberta_2024.zip:dfp_cia_aberta_BPA_con_2024.csv` for a member). Ignored
 * names (`isIgnored`) are set aside before any spec sees them, so a `.part` of a zip is never opened.
 */
export async function discover(raw: string, specs: readonly SourceSpec[], tmp: string): Promise<Discovery> {
  const recognised: RecognisedFile[] = [];
  const unrecognised: string[] = [];
  const ignored: string[] = [];
  const paths = (await walk(raw)).sort();
  let zips = 0;
  for (const path of paths) {
    const arquivo = relative(raw, path).split(sep).join('/');
    if (isIgnored(basename(path))) {
      ignored.push(arquivo);
      continue;
    }
    const matching = specsFor(specs, basename(path));
    if (matching.length) {
      for (const spec of matching) recognised.push({ spec, file: { path, arquivo } });
      continue;
    }
    if (!/\.zip$/i.test(path)) {
      unrecognised.push(arquivo);
      continue;
    }
    const { extracted, skipped } = await extractZip(
      path,
      arquivo,
      join(tmp, `zip-${zips++}`),
      (m) => specsFor(specs, m).length > 0,
    );
    for (const m of extracted) {
      for (const s of specsFor(specs, basename(m.member))) {
        recognised.push({ spec: s, file: { path: m.path, arquivo: `${arquivo}:${m.member}` } });
      }
    }
    for (const m of skipped) (isIgnored(basename(m)) ? ignored : unrecognised).push(`${arquivo}:${m}`);
  }
  return { recognised, unrecognised, ignored };
}
