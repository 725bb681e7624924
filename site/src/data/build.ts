import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { type Manifest, type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import type { z } from 'zod';

/** Set by `scripts/cli.ts build --data <dir>`: the pipeline's publish directory (holds `current/`). */
export const DATA_ENV = 'FUNDAMENTOS_SITE_DATA';

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

/**
 * Reads an artefact only if the manifest lists it, checks its sha256 against the manifest and
 * validates it with its schema. Returns null when the build did not publish it: pages then say
 * so instead of showing anything.
 */
export function readArtefact<S extends z.ZodType>(b: DataBuild, path: string, schema: S): z.infer<S> | null {
  const entry = b.byPath.get(path);
  if (!entry) return null;
  const file = join(b.dir, entry.path);
  const bytes = readFileSync(file);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== entry.sha256)
    throw new Error(`${file}: sha256 ${sha} differs from manifest.json (${entry.sha256})`);
  const parsed = schema.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!parsed.success) throw new Error(`${file}: ${issues(parsed.error)}`);
  return parsed.data;
}

/** Manifest paths under a prefix, e.g. every `json/empresas/<cd>/index.json`. */
export function listPaths(b: DataBuild, pattern: RegExp): string[] {
  return [...b.byPath.keys()].filter((p) => pattern.test(p)).sort();
}
