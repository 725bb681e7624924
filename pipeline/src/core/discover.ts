import { readdir, rm } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { DOWNLOAD_LOG_NAME } from '../fetch/download-log.ts';
import { extractZip, listZip } from '../readers/zip.ts';
import type { InputFile, SourceSpec } from './source.ts';

export interface RecognisedFile {
  spec: SourceSpec;
  file: InputFile;
}

/** A loose file or a zip under `raw`, in walk order, with the specs that will stage it (or its members). */
export type DiscoveredInput =
  | { kind: 'file'; path: string; arquivo: string; specs: SourceSpec[] }
  | {
      kind: 'zip';
      path: string;
      arquivo: string;
      /** Recognised members only, in the zip's order. */
      members: { member: string; specs: SourceSpec[] }[];
    };

export interface Discovery {
  inputs: DiscoveredInput[];
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

/** How many (file, spec) pairs a discovery will stage. */
export function recognisedCount(d: Discovery): number {
  return d.inputs.reduce(
    (n, i) => n + (i.kind === 'file' ? i.specs.length : i.members.reduce((m, x) => m + x.specs.length, 0)),
    0,
  );
}

/**
 * Recognises every file under `raw` (recursively, in path order) by its base name; a zip's members
 * are recognised the same way from its central directory, without extracting anything yet. `arquivo`
 * is the path relative to `raw` (`cvm/dfp/dfp_cia_aberta_2024.zip:dfp_cia_aberta_BPA_con_2024.csv`
 * for a member). Ignored names (`isIgnored`) are set aside before any spec sees them, so a `.part`
 * of a zip is never opened.
 */
export async function discover(raw: string, specs: readonly SourceSpec[]): Promise<Discovery> {
  const inputs: DiscoveredInput[] = [];
  const unrecognised: string[] = [];
  const ignored: string[] = [];
  for (const path of (await walk(raw)).sort()) {
    const arquivo = relative(raw, path).split(sep).join('/');
    if (isIgnored(basename(path))) {
      ignored.push(arquivo);
      continue;
    }
    const matching = specsFor(specs, basename(path));
    if (matching.length) {
      inputs.push({ kind: 'file', path, arquivo, specs: matching });
      continue;
    }
    if (!/\.zip$/i.test(path)) {
      unrecognised.push(arquivo);
      continue;
    }
    const members: { member: string; specs: SourceSpec[] }[] = [];
    for (const member of await listZip(path, arquivo)) {
      const base = basename(member);
      const s = specsFor(specs, base);
      if (s.length) members.push({ member, specs: s });
      else (isIgnored(base) ? ignored : unrecognised).push(`${arquivo}:${member}`);
    }
    if (members.length) inputs.push({ kind: 'zip', path, arquivo, members });
  }
  return { inputs, unrecognised, ignored };
}

/**
 * The (spec, file) pairs of one input. A zip's recognised members are extracted under `dir` (only when
 * the build reaches that zip, so at most one zip's members are on disk: at full scale, 16 years of ITR
 * and DFP zips extracted at once would need tens of GB of scratch disk); `close` deletes them.
 */
export async function openInput(
  input: DiscoveredInput,
  dir: string,
): Promise<{ files: RecognisedFile[]; close(): Promise<void> }> {
  if (input.kind === 'file')
    return {
      files: input.specs.map((spec) => ({ spec, file: { path: input.path, arquivo: input.arquivo } })),
      close: async () => {},
    };
  const close = () => rm(dir, { recursive: true, force: true });
  const wanted = new Map(input.members.map((m) => [m.member, m.specs]));
  try {
    const { extracted } = await extractZip(input.path, input.arquivo, dir, (base) =>
      input.members.some((m) => basename(m.member) === base),
    );
    return {
      files: extracted.flatMap((m) =>
        (wanted.get(m.member) ?? []).map((spec) => ({
          spec,
          file: { path: m.path, arquivo: `${input.arquivo}:${m.member}` },
        })),
      ),
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Every (spec, file) pair to stage, in discovery order, one input open at a time (see `openInput`). */
export async function* filesToStage(d: Discovery, work: string): AsyncGenerator<RecognisedFile> {
  for (const [i, input] of d.inputs.entries()) {
    const { files, close } = await openInput(input, join(work, `zip-${i}`));
    try {
      yield* files;
    } finally {
      await close();
    }
  }
}
