import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DATA_ENV } from '../src/data/build.ts';
import { linksQuebrados } from './links.ts';
import { servir } from './serve.ts';

const SITE_DIR = fileURLToPath(new URL('..', import.meta.url));
const USO = `usage:
  pnpm site build --data <publish dir> [--out <dir>] [--base-url <url>] [--check-links]
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
});
const ServeArgs = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(4321),
  dir: z.string().default(resolve(SITE_DIR, 'dist')),
});

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
    },
    strict: true,
  });
  if (comando === 'build') {
    const r = BuildArgs.safeParse(values);
    if (!r.success) falha(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    process.env[DATA_ENV] = caminho(r.data.data);
    // No network from a build: Astro's telemetry stays off.
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    // Astro resolves some build directories against the working directory, not `root`.
    process.chdir(SITE_DIR);
    const { build } = await import('astro');
    await build({
      root: SITE_DIR,
      outDir: caminho(r.data.out),
      site: r.data['base-url'],
      logLevel: 'warn',
    });
    console.log(`site written to ${caminho(r.data.out)} from ${process.env[DATA_ENV]}`);
    if (r.data['check-links']) {
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
