import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildResult, build } from '../build.ts';

/** Builds `raw` into `<root>/<name>` with a fixed label and clock (and a cache when given), keeping the log. */
export const construtorDeBuilds =
  (a: { raw: string; root: string; label: string; now: Date }) => (name: string, cacheDir?: string) => {
    const lines: string[] = [];
    return build({
      raw: a.raw,
      out: join(a.root, name),
      label: a.label,
      now: a.now,
      ...(cacheDir ? { cacheDir } : {}),
      log: (m) => lines.push(m),
    }).then((r) => ({ r, lines }));
  };

/** Artefacts whose hash, size or rows differ between two manifests (a readable failure on ~8,000 entries). */
export function differences(a: BuildResult, b: BuildResult): string[] {
  const key = (e: BuildResult['manifest']['artefatos'][number]) => `${e.sha256} ${e.bytes} ${e.rows}`;
  const other = new Map(b.manifest.artefatos.map((e) => [e.path, key(e)]));
  const diff = a.manifest.artefatos.filter((e) => other.get(e.path) !== key(e)).map((e) => e.path);
  const mine = new Set(a.manifest.artefatos.map((e) => e.path));
  return [...diff, ...b.manifest.artefatos.filter((e) => !mine.has(e.path)).map((e) => `+${e.path}`)];
}

/** sha256 of every file under the version `out/current` points to, by path inside it. */
export function hashesOfCurrent(out: string): Record<string, string> {
  const dir = join(out, readlinkSync(join(out, 'current')));
  const hashes: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const p = join(e.parentPath, e.name);
    hashes[p.slice(dir.length + 1)] = createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return hashes;
}
