import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Manifest, type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import type { z } from 'zod';
import { DATA_ENV } from './ambiente.ts';

export { DATA_ENV };

export interface DataBuild {
  /** Real path of the build directory `current` points to. */
  dir: string;
  manifest: Manifest;
  byPath: Map<string, ManifestEntry>;
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `field ${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

export function openBuild(publishDir: string): DataBuild {
  const dir = realpathSync(join(publishDir, 'current'));
  const file = join(dir, 'manifest.json');
  const parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${issues(parsed.error)}`);
  const byPath = new Map(parsed.data.artefatos.map((e) => [e.path, e]));
  return { dir, manifest: parsed.data, byPath };
}

let cached: DataBuild | undefined;

/** The build named by FUNDAMENTOS_SITE_DATA, opened once per site build. */
export function currentBuild(): DataBuild {
  if (cached) return cached;
  const publishDir = process.env[DATA_ENV];
  if (!publishDir)
    throw new Error(`${DATA_ENV} is not set: run the site through \`pnpm site build --data <dir>\``);
  cached = openBuild(publishDir);
  return cached;
}

/** The schema of each catalogue entry, by the name a manifest entry gives it (`schema`). */
const SCHEMA_DA_ENTRADA = new Map<string, z.ZodType>(Object.values(ARTEFATOS).map((a) => [a.nome, a.schema]));

/**
 * Whether the build already checked this file against `schema`: the pipeline's writer validates every JSON
 * artefact with its catalogue entry's schema before writing it (`ArtefactWriter.json`) and names that entry
 * in the manifest, and the sha256 checked here proves these are the bytes it wrote. Parsing them with zod
 * again would repeat that check, at about the cost of `JSON.parse` itself (the price series are most of a
 * site build's input; docs/site.md, "Build speed"). Any other schema (the site's own) is still applied.
 */
function conferidoPeloBuild(entry: ManifestEntry, schema: z.ZodType): boolean {
  return entry.format === 'json' && SCHEMA_DA_ENTRADA.get(entry.schema) === schema;
}

/**
 * Reads an artefact only if the manifest lists it, checks its sha256 against the manifest and
 * validates it with its schema, unless the build validated it with that very schema (conferidoPeloBuild).
 * Returns null when the build did not publish it: pages then say so instead of showing anything.
 */
export function readArtefact<S extends z.ZodType>(b: DataBuild, path: string, schema: S): z.infer<S> | null {
  const entry = b.byPath.get(path);
  if (!entry) return null;
  const file = join(b.dir, entry.path);
  const bytes = readFileSync(file);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== entry.sha256)
    throw new Error(`${file}: sha256 ${sha} differs from manifest.json (${entry.sha256})`);
  const dado: unknown = JSON.parse(bytes.toString('utf8'));
  if (conferidoPeloBuild(entry, schema)) return dado as z.infer<S>;
  const parsed = schema.safeParse(dado);
  if (!parsed.success) throw new Error(`${file}: ${issues(parsed.error)}`);
  return parsed.data;
}

/**
 * `f` of a build, computed on the first call and kept for the build: every page of a site build asks for
 * the same lists and maps (companies, funds, the dictionary, the code map).
 */
export function umaVezPorBuild<T>(f: (b: DataBuild) => T): (b: DataBuild) => T {
  const feitos = new WeakMap<DataBuild, { valor: T }>();
  return (b) => {
    let r = feitos.get(b);
    if (r === undefined) {
      r = { valor: f(b) };
      feitos.set(b, r);
    }
    return r.valor;
  };
}

/** Manifest paths under a prefix, e.g. every `json/empresas/<cd>/index.json`. */
export function listPaths(b: DataBuild, pattern: RegExp): string[] {
  return [...b.byPath.keys()].filter((p) => pattern.test(p)).sort();
}
