import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { build } from '../build.ts';
import { processAlive } from '../core/process-alive.ts';

/**
 * One publication of the real sample shared by every test suite and process that needs it (pipeline,
 * tests/golden, tests/mercado, the API's global setup, the site's e2e). Vitest runs files in parallel
 * workers: without a shared, locked cache each of them would run the several-minute build again.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const AMOSTRA_RAW = join(REPO, 'data', 'sample', 'raw');
/** Fixed clock: the same inputs always publish the same `versao_do_dado` (`2026-01-02-amostra|1`). */
export const AGORA_AMOSTRA = new Date('2026-01-02T12:00:00Z');
const CACHE = join(REPO, 'node_modules', '.cache', 'fundamentos');
/** Written last, after `build()` returned: its absence means a build died halfway. */
const PRONTA = '.pronta';
/** A lock older than this whose owner cannot be checked is taken over (a build takes minutes, not this). */
const LOCK_MAX_MS = 30 * 60_000;
const ESPERA_MS = 500;

async function arquivos(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...(await arquivos(p)));
    } else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** sha256 over the sample and the code that publishes it; test files do not change the build. */
export async function chaveDaAmostra(): Promise<string> {
  const h = createHash('sha256');
  // ui/src/{dicionario,veredito,mercado,eventos,fundos,fundamentos} hold words the pipeline publishes
  for (const raiz of [
    AMOSTRA_RAW,
    join(REPO, 'pipeline', 'src'),
    join(REPO, 'schemas', 'src'),
    join(REPO, 'ui', 'src', 'dicionario'),
    join(REPO, 'ui', 'src', 'veredito'),
    join(REPO, 'ui', 'src', 'mercado'),
    join(REPO, 'ui', 'src', 'eventos'),
    join(REPO, 'ui', 'src', 'fundos'),
    join(REPO, 'ui', 'src', 'fundamentos'),
  ]) {
    for (const f of await arquivos(raiz)) {
      if (/\.test\.ts$/.test(f)) continue;
      h.update(relative(REPO, f));
      h.update('\0');
      h.update(await readFile(f));
      h.update('\0');
    }
  }
  return h.digest('hex').slice(0, 16);
}

const existe = (p: string): Promise<boolean> =>
  stat(p).then(
    () => true,
    () => false,
  );

/** Complete = the marker is there and every artefact the manifest lists is on disk. */
export async function publicacaoCompleta(out: string): Promise<boolean> {
  if (!(await existe(join(out, PRONTA)))) return false;
  let manifesto: z.infer<typeof ManifestSchema>;
  try {
    manifesto = ManifestSchema.parse(
      JSON.parse(await readFile(join(out, 'current', 'manifest.json'), 'utf8')),
    );
  } catch {
    return false;
  }
  const faltando = await Promise.all(manifesto.artefatos.map((a) => existe(join(out, 'current', a.path))));
  return !faltando.includes(false);
}

const DonoSchema = z.strictObject({ pid: z.number().int().positive(), desde: z.number() });

/** A lock is abandoned when its owner died (or never wrote who it is) long enough ago. */
async function lockAbandonado(lock: string): Promise<boolean> {
  try {
    const dono = DonoSchema.parse(JSON.parse(await readFile(join(lock, 'dono.json'), 'utf8')));
    return !processAlive(dono.pid) || Date.now() - dono.desde > LOCK_MAX_MS;
  } catch {
    const s = await stat(lock).catch(() => null);
    // No owner file yet: the holder is between mkdir and writeFile; give it a few seconds.
    return s !== null && Date.now() - s.mtimeMs > 10_000;
  }
}

/** `mkdir` is atomic across processes: whoever creates the directory holds the lock. */
export async function comLock<T>(
  lock: string,
  fn: () => Promise<T>,
  pronta: () => Promise<boolean>,
): Promise<T | null> {
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (await pronta()) return null;
      if (await lockAbandonado(lock)) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, ESPERA_MS));
    }
  }
  try {
    await writeFile(join(lock, 'dono.json'), JSON.stringify({ pid: process.pid, desde: Date.now() }));
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Publications of other hashes untouched for this long are no test's current input any more. */
const IDADE_PODA_MS = 6 * 60 * 60_000;

/**
 * Each edit of the pipeline makes a new hash (~50 MB each). Only old, unlocked ones are removed: the
 * checkout is shared, so a recent one may be what another engineer's run is reading right now.
 */
async function podarAntigas(atual: string): Promise<void> {
  const nomes = await readdir(CACHE);
  for (const n of nomes) {
    const p = join(CACHE, n);
    if (p === atual || !/^amostra-[0-9a-f]{16}$/.test(n) || nomes.includes(`${n}.lock`)) continue;
    const s = await stat(p).catch(() => null);
    if (s && Date.now() - s.mtimeMs > IDADE_PODA_MS) await rm(p, { recursive: true, force: true });
  }
}

let emAndamento: Promise<string> | null = null;

/**
 * The publish directory (it contains `current`) of the real `build()` over `data/sample/raw`, built at
 * most once per content hash across every process; an incomplete directory is rebuilt.
 */
export function amostraPublicada(): Promise<string> {
  emAndamento ??= publicar().catch((e: unknown) => {
    emAndamento = null;
    throw e;
  });
  return emAndamento;
}

async function publicar(): Promise<string> {
  const out = join(CACHE, `amostra-${await chaveDaAmostra()}`);
  if (await publicacaoCompleta(out)) return out;
  await mkdir(CACHE, { recursive: true });
  await comLock(
    `${out}.lock`,
    async () => {
      if (await publicacaoCompleta(out)) return;
      await rm(out, { recursive: true, force: true });
      const r = await build({ raw: AMOSTRA_RAW, out, label: 'amostra', now: AGORA_AMOSTRA });
      await writeFile(join(out, PRONTA), `${r.versao_do_dado}\n`);
      await podarAntigas(out);
    },
    () => publicacaoCompleta(out),
  );
  if (!(await publicacaoCompleta(out)))
    throw new Error(`sample build at ${out} is incomplete after the build`);
  return out;
}
