import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildSemeavel } from './build-semeavel.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The company sources of the real sample (registry, FCA trading codes, DFP statements): enough for the
 * company routes, and independent of the fund/market sources still being added to the pipeline.
 */
const FONTES = ['cvm/cad', 'cvm/fca', 'cvm/dfp'];

async function arquivos(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await arquivos(p)));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** Content hash of the inputs and of the code that builds them: a rerun with nothing changed reuses the build. */
async function chaveDoCache(): Promise<string> {
  const h = createHash('sha256');
  const raizes = [
    ...FONTES.map((f) => join(REPO, 'data/sample/raw', f)),
    join(REPO, 'pipeline/src'),
    join(REPO, 'schemas/src'),
  ];
  for (const r of raizes) {
    for (const f of await arquivos(r)) {
      h.update(relative(REPO, f));
      h.update(await readFile(f));
    }
  }
  return h.digest('hex').slice(0, 16);
}

/** Runs the real `build()` of the pipeline over the sample's company sources, once per content hash. */
export async function construirAmostra(): Promise<string> {
  const base = join(tmpdir(), 'fundamentos-edge-api-amostra', await chaveDoCache());
  const out = join(base, 'out');
  const pronto = await stat(join(out, 'current', 'manifest.json')).then(
    () => true,
    () => false,
  );
  if (pronto) return join(out, 'current');
  await rm(base, { recursive: true, force: true });
  const raw = join(base, 'raw');
  for (const f of FONTES) {
    await mkdir(join(raw, f), { recursive: true });
    await cp(join(REPO, 'data/sample/raw', f), join(raw, f), { recursive: true });
  }
  // Loaded by name, not typed through the import: the pipeline typechecks under its own tsconfig.
  const modulo = '@fundamentos/pipeline/build';
  const { build } = (await import(modulo)) as {
    build(o: { raw: string; out: string; label: string; now: Date }): Promise<unknown>;
  };
  await build({ raw, out, label: 'amostra', now: new Date('2026-11-22T12:00:00Z') });
  return join(out, 'current');
}

/** The files the worker tests read, as base64, plus the manifest that lists the whole build. */
export async function semeavelDaAmostra(
  dir: string,
  caminhos: (todos: string[]) => string[],
): Promise<BuildSemeavel> {
  const manifesto = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
    versao_do_dado: string;
    artefatos: { path: string }[];
  };
  const escolhidos = caminhos(manifesto.artefatos.map((a) => a.path));
  const arquivosB64: Record<string, string> = {};
  for (const p of ['manifest.json', ...escolhidos])
    arquivosB64[p] = (await readFile(join(dir, p))).toString('base64');
  return {
    versao_do_dado: manifesto.versao_do_dado,
    dir: manifesto.versao_do_dado.replace('|', '.'),
    arquivos: arquivosB64,
  };
}
