/**
 * Local operation of the edge API (Node 22, run by tsx through `pnpm api …`).
 *
 *   pnpm api serve --data <publish dir> [--site <site build, default site/dist>] [--port 8787] [--persist <dir>]
 *                  [--var NAME:value ...]   (worker vars and secrets, e.g. the demo's local Stripe)
 *   pnpm api chave-pro --nome <who> [--persist <dir>]
 *
 * Local state lives where `wrangler dev --persist-to <dir>` keeps it (default `edge-api/.wrangler/state`):
 * R2 and D1 are written through wrangler's `getPlatformProxy` pointed at `<dir>/v3` (the subdirectory
 * `--persist-to` adds), migrations are applied by `wrangler d1 migrations apply --local`, and the worker
 * is then served by `wrangler dev` on workerd with that same state and `--assets <site build>`: one origin
 * answers the data routes and the static site's pages (Workers Static Assets, binding ASSETS).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { getPlatformProxy } from 'wrangler';
import { gerarChave, SQL_INSERIR_CHAVE } from '../src/chave-formato.ts';

// pnpm runs the script inside edge-api/; paths given by the user are relative to where they typed.
const ONDE = process.env.INIT_CWD ?? process.cwd();
const RAIZ = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = join(RAIZ, 'wrangler.jsonc');
// Wrangler's JS entry run by this same Node: no shell shim in between, so signals reach it.
const WRANGLER = join(RAIZ, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
// No telemetry from a local tool.
const AMBIENTE = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' };

function falhar(mensagem: string): never {
  console.error(`api: ${mensagem}`);
  process.exit(1);
}

function rodar(args: string[]): Promise<void> {
  return new Promise((ok, erro) => {
    const p = spawn(process.execPath, [WRANGLER, ...args], { cwd: RAIZ, stdio: 'inherit', env: AMBIENTE });
    p.on('exit', (code) =>
      code === 0 ? ok() : erro(new Error(`wrangler ${args.join(' ')} exited with ${code}`)),
    );
  });
}

function aplicarMigracoes(persist: string): Promise<void> {
  return rodar(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
}

/** The part of the worker's bindings this script touches (the full `Env` needs workers types, not node). */
interface BindingsLocais {
  ARTEFATOS: { put(chave: string, valor: Uint8Array | string): Promise<unknown> };
  DB: { prepare(sql: string): { bind(...valores: unknown[]): { run(): Promise<unknown> } } };
}

async function comBindings<T>(persist: string, f: (env: BindingsLocais) => Promise<T>): Promise<T> {
  const proxy = await getPlatformProxy<BindingsLocais>({
    configPath: CONFIG,
    persist: { path: join(persist, 'v3') },
  });
  try {
    return await f(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

/** Uploads `<data>/current` under `builds/<dir>/` after checking every file against the manifest. */
async function publicar(data: string, persist: string): Promise<{ versao: string; n: number }> {
  const dir = await realpath(join(data, 'current')).catch(() =>
    falhar(`${join(data, 'current')}: no published build (run \`pnpm pipeline build --out ${data}\` first)`),
  );
  const caminhoDoManifesto = join(dir, 'manifest.json');
  const texto = await readFile(caminhoDoManifesto, 'utf8');
  const lido = ManifestSchema.safeParse(JSON.parse(texto));
  if (!lido.success) falhar(`${caminhoDoManifesto}: ${lido.error.message}`);
  const manifesto = lido.data;
  const prefixo = `builds/${basename(dir)}/`;
  return comBindings(persist, async (env) => {
    // 16 uploads in flight: thousands of small company files otherwise dominate the start-up.
    for (let i = 0; i < manifesto.artefatos.length; i += 16) {
      await Promise.all(
        manifesto.artefatos.slice(i, i + 16).map(async (a) => {
          const bytes = await readFile(join(dir, a.path));
          const sha = createHash('sha256').update(bytes).digest('hex');
          if (sha !== a.sha256)
            falhar(`${join(dir, a.path)}: sha256 ${sha} differs from manifest.json (${a.sha256})`);
          await env.ARTEFATOS.put(`${prefixo}${a.path}`, bytes);
        }),
      );
    }
    for (const extra of ['manifest.json', 'report.json']) {
      const bytes = await readFile(join(dir, extra)).catch(() => null);
      if (bytes) await env.ARTEFATOS.put(`${prefixo}${extra}`, bytes);
    }
    // Last, so a half-uploaded build is never current.
    await env.ARTEFATOS.put(
      'current.json',
      JSON.stringify({ versao_do_dado: manifesto.versao_do_dado, prefixo }),
    );
    return { versao: manifesto.versao_do_dado, n: manifesto.artefatos.length };
  });
}

/** The site build the worker serves as its ASSETS: a directory holding Astro's `index.html` and `404.html`. */
async function diretorioDoSite(dir: string): Promise<string> {
  const faltando: string[] = [];
  for (const arquivo of ['index.html', '404.html']) {
    const s = await stat(join(dir, arquivo)).catch(() => null);
    if (!s?.isFile()) faltando.push(arquivo);
  }
  if (faltando.length > 0)
    falhar(
      `serve: --site ${dir}: no site build there (missing ${faltando.join(', ')}); run \`pnpm site build --data <publish dir>\` first, or pass --site <dir>`,
    );
  return realpath(dir);
}

async function esperarSaude(url: string, filho: ReturnType<typeof spawn>): Promise<void> {
  for (let i = 0; i < 600 && filho.exitCode === null; i++) {
    const ok = await fetch(`${url}/saude`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  falhar('the worker did not answer /saude');
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      site: { type: 'string' },
      port: { type: 'string', default: '8787' },
      persist: { type: 'string' },
      // Worker vars and secrets for this run, `NAME:value`, passed on to `wrangler dev --var`.
      var: { type: 'string', multiple: true, default: [] },
    },
  });
  if (!values.data) falhar('serve: --data <publish dir> is required');
  // Checked before anything starts: a missing site build would otherwise be a server answering 404s.
  const site = await diretorioDoSite(
    values.site ? resolve(ONDE, values.site) : join(RAIZ, '..', 'site', 'dist'),
  );
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    falhar(`serve: --port ${values.port} is not a port`);
  const persist = values.persist ? resolve(ONDE, values.persist) : join(RAIZ, '.wrangler', 'state');
  await aplicarMigracoes(persist);
  const { versao, n } = await publicar(resolve(ONDE, values.data), persist);
  console.log(`api: build ${versao} (${n} artefacts) uploaded to local R2 at ${persist}`);
  const filho = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persist,
      '--assets',
      site,
      '--show-interactive-dev-session=false',
      ...values.var.flatMap((v) => ['--var', v]),
    ],
    { cwd: RAIZ, stdio: ['ignore', 'inherit', 'inherit'], env: AMBIENTE },
  );
  for (const sinal of ['SIGINT', 'SIGTERM'] as const) process.on(sinal, () => filho.kill(sinal));
  const url = `http://127.0.0.1:${port}`;
  await esperarSaude(url, filho);
  console.log(`api: serving ${versao} and the site ${site} at ${url}/`);
  await new Promise((r) => filho.on('exit', r));
}

async function chavePro(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { nome: { type: 'string' }, persist: { type: 'string' } } });
  if (!values.nome) falhar('chave-pro: --nome <who> is required');
  const persist = values.persist ? resolve(ONDE, values.persist) : join(RAIZ, '.wrangler', 'state');
  await aplicarMigracoes(persist);
  const nova = await gerarChave();
  await comBindings(persist, (env) =>
    env.DB.prepare(SQL_INSERIR_CHAVE)
      .bind(nova.id, nova.hash_sha256, 'pro', values.nome, 'cli', new Date().toISOString())
      .run(),
  );
  console.log(`Pro key for ${values.nome} (shown once; only its SHA-256 is stored):\n${nova.chave}`);
}

const [comando, ...resto] = process.argv.slice(2);
if (comando === 'serve') await serve(resto);
else if (comando === 'chave-pro') await chavePro(resto);
else
  falhar(
    'usage: pnpm api serve --data <publish dir> [--site <site build>] [--port 8787] [--persist <dir>] | pnpm api chave-pro --nome <who>',
  );
