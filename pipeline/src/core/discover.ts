import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
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
 * `raw` (`cvm/dfp/dfp_cia_aberta_2024.zip:dfp_cia_aberta_BPA_con_2024.csv` for a member).
 */
export async function discover(raw: string, specs: readonly SourceSpec[], tmp: string): Promise<Discovery> {
  const recognised: RecognisedFile[] = [];
  const unrecognised: string[] = [];
  const paths = (await walk(raw)).sort();
  let zips = 0;
  for (const path of paths) {
    const arquivo = relative(raw, path).split(sep).join('/');
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
    unrecognised.push(...skipped.map((m) => `${arquivo}:${m}`));
  }
  return { recognised, unrecognised };
}
