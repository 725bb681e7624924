import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DATA_ENV } from '../src/data/ambiente.ts';
import { OPCOES_ASTRO_BUILD } from './astro-opcoes.ts';

const SITE_DIR = fileURLToPath(new URL('..', import.meta.url));
const USO = `usage:
  pnpm site build --data <publish dir> [--out <dir>] [--base-url <url>] [--check-links] [--processos <n>]
  pnpm site serve [--port 4321] [--dir <dir>]`;

/** Relative paths are relative to where the user ran pnpm, not to site/. */
function caminho(p: string): string {
  return isAbsolute(p) ? p : resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

const BuildArgs = z.object({
  data: z.string().min(1, '--data <publish dir> is required'),
  out: z.string().default(resolve(SITE_DIR, 'dist')),
  'base-url': z.url().default(process.env.FUNDAMENTOS_BASE_URL ?? 'http://localhost:4321'),
  'check-links': z.boolean().default(false),
  // Parts the pages are rendered in, each on a thread of its own (scripts/partes.ts): one per core, at most 4
  // (each holds the artefacts of its companies in memory). The flag keeps its name from when each part was a process.
  processos: z.coerce.number().int().min(1).max(64).default(Math.min(4, availableParallelism())),
});
const ServeArgs = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(4321),
  dir: z.string().default(resolve(SITE_DIR, 'dist')),
});

/** The `scripts/astro-build.ts` process; rejects when it fails. */
function processoAstro(opcoes: Record<string, string | number>): Promise<void> {
  const script = fileURLToPath(new URL('astro-build.ts', import.meta.url));
  const env = {
    // V8's code cache of Astro, Vite and the bundled pages, kept between builds: each Astro process
    // otherwise compiles the same modules again (about 1 s CPU per process). Bytecode only: the HTML is the
    // same with or without it, and Node discards an entry whose source changed.
    NODE_COMPILE_CACHE: join(SITE_DIR, 'node_modules', '.cache', 'node-compile'),
    ...process.env,
  };
  return new Promise((ok, erro) => {
    const p = spawn(process.execPath, [script, JSON.stringify(opcoes)], { stdio: 'inherit', env });
    p.on('error', erro);
    p.on('exit', (c) => (c === 0 ? ok() : erro(new Error(`astro build exited ${c}`))));
  });
}

/**
 * Runs `scripts/astro-build.ts` in a child process without tsx's loader hooks when this Node strips types
 * itself (Node ≥ 22.18, the workspace's): one Astro build whose pages are rendered in `processos` parts, part
 * 0 by Astro and the others by worker threads over the same bundle (scripts/partes.ts,
 * integracaoEmParalelo). Otherwise builds in this process, in one part, as before.
 */
async function astroBuild(
  opcoes: { root: string; outDir: string; site: string },
  processos: number,
): Promise<void> {
  if (process.features.typescript) {
    // A working directory per build: Astro writes the bundle of the pages under `<cwd>/.astro/.prerender`
    // (outDir outside cwd), which the worker threads import, so two builds at once must not share it.
    const cwd = join(opcoes.root, '.astro', `build-${process.pid}`);
    await mkdir(cwd, { recursive: true });
    try {
      await processoAstro(
        processos === 1
          ? { ...opcoes, cwd }
          : { ...opcoes, cwd, partes: processos, dados: process.env[DATA_ENV] ?? '' },
      );
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
    return;
  }
  // Astro resolves some build directories against the working directory, not `root`.
  process.chdir(opcoes.root);
  const { build } = await import('astro');
  await build({ ...opcoes, logLevel: process.env.SITE_LOG === 'info' ? 'info' : 'warn' }, OPCOES_ASTRO_BUILD);
}

function falha(msg: string): never {
  console.error(`${msg}\n${USO}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const [comando, ...resto] = process.argv.slice(2);
  const { values } = parseArgs({
    args: resto,
    options: {
      data: { type: 'string' },
      out: { type: 'string' },
      'base-url': { type: 'string' },
      port: { type: 'string' },
      dir: { type: 'string' },
      'check-links': { type: 'boolean' },
      processos: { type: 'string' },
    },
    strict: true,
  });
  if (comando === 'build') {
    const r = BuildArgs.safeParse(values);
    if (!r.success) falha(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    process.env[DATA_ENV] = caminho(r.data.data);
    // No network from a build: Astro's telemetry stays off.
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    await astroBuild(
      { root: SITE_DIR, outDir: caminho(r.data.out), site: r.data['base-url'] },
      r.data.processos,
    );
    console.log(`site written to ${caminho(r.data.out)} from ${process.env[DATA_ENV]}`);
    if (r.data['check-links']) {
      // loaded only when asked for: it brings the edge worker's route table (and serve.ts) into this process
      const { linksQuebrados } = await import('./links.ts');
      const quebrados = await linksQuebrados(caminho(r.data.out));
      for (const q of quebrados) console.error(`broken link: ${q.pagina} → ${q.href}`);
      if (quebrados.length > 0) {
        console.error(`${quebrados.length} broken same-site links`);
        process.exit(1);
      }
      console.log('links: every same-site link resolves');
    }
    return;
  }
  if (comando === 'serve') {
    const r = ServeArgs.safeParse(values);
    if (!r.success) falha(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const { servir } = await import('./serve.ts');
    const server = await servir(caminho(r.data.dir), r.data.port);
    const a = server.address();
    console.log(
      `serving ${caminho(r.data.dir)} at http://127.0.0.1:${typeof a === 'object' && a ? a.port : r.data.port}/`,
    );
    return;
  }
  falha(`unknown command "${comando ?? ''}"`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
