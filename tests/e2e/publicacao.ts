import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from '@fundamentos/pipeline/build';
import { REPO } from './site-build.ts';

const RAW = join(REPO, 'data', 'sample', 'raw');

async function arquivos(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await arquivos(p)));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** Hash of the sample and of the code that publishes it: a rerun with nothing changed reuses the publication. */
async function chave(): Promise<string> {
  const h = createHash('sha256');
  for (const raiz of [RAW, join(REPO, 'pipeline', 'src'), join(REPO, 'schemas', 'src')]) {
    for (const f of await arquivos(raiz)) {
      h.update(relative(REPO, f));
      h.update(await readFile(f));
    }
  }
  return h.digest('hex').slice(0, 16);
}

/** Runs the pipeline's `build()` on the whole real sample (once per content hash); returns the publish dir. */
export async function publicarAmostra(): Promise<string> {
  const out = join(tmpdir(), 'fundamentos-e2e-site', await chave());
  const pronta = await stat(join(out, 'current', 'manifest.json')).then(
    () => true,
    () => false,
  );
  if (pronta) return out;
  await rm(out, { recursive: true, force: true });
  await build({ raw: RAW, out, label: 'amostra', now: new Date('2026-11-20T12:00:00-03:00') });
  return out;
}
