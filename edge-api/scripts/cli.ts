/**
 * Local operation of the edge API (Node 22, run by tsx through `pnpm api …`).
 *
 *   pnpm api serve --data <publish dir> [--site <site build, default site/dist>] [--port 8787] [--persist <dir>]
 *                  [--var NAME:value ...]   (worker vars and secrets, e.g. the demo's local Stripe)
 *   pnpm api publicar --data <publish dir> (--persist <dir> | --remoto) [--paralelo 16] [--sem-trocar]
 *   pnpm api brutos restaurar|guardar --raw <dir> (--persist <dir> | --remoto) [--vazio-ok]
 *   pnpm api falhas-de-download --raw <dir> --desde <ISO time>
 *   pnpm api chave-pro --nome <who> [--persist <dir>]
 *
 * Local state lives where `wrangler dev --persist-to <dir>` keeps it (default `edge-api/.wrangler/state`):
 * R2 (through the upload module, scripts/publicar.ts) and D1 are written through wrangler's `getPlatformProxy` pointed at `<dir>/v3` (the subdirectory
 * `--persist-to` adds), migrations are applied by `wrangler d1 migrations apply --local`, and the worker
 * is then served by `wrangler dev` on workerd with that same state and `--assets <site build>`: one origin
 * answers the data routes and the static site's pages (Workers Static Assets, binding ASSETS).
 */
import { spawn } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type DownloadLogEntry, readDownloadLog } from '@fundamentos/pipeline/fetch/download-log';
import { getPlatformProxy } from 'wrangler';
import { gerarChave, SQL_INSERIR_CHAVE } from '../src/chave-formato.ts';
import { guardarBrutos, type LeituraR2, restaurarBrutos } from './brutos.ts';
import { publicarDiretorio, type R2Aberto, r2Local, r2Remoto } from './publicar.ts';

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

/** Uploads `<data>/current` (the upload module: only missing objects, current.json last). */
async function publicar(
  data: string,
  r2: Promise<R2Aberto>,
  opcoes: { paralelo?: number; trocarAtual?: boolean } = {},
): Promise<Awaited<ReturnType<typeof publicarDiretorio>>> {
  const dir = join(data, 'current');
  const aberto = await r2;
  try {
    return await publicarDiretorio(dir, aberto.destino, opcoes);
  } catch (e) {
    return falhar(`publish ${dir}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await aberto.fechar();
  }
}

const resumo = (r: Awaited<ReturnType<typeof publicar>>): string =>
  `build ${r.versao_do_dado}: ${r.objetos} objects, ${r.enviados} uploaded (${(r.bytes_enviados / 1e6).toFixed(1)} MB), ${r.ja_presentes} already there, ${r.segundos.toFixed(1)} s`;

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
  const r = await publicar(resolve(ONDE, values.data), r2Local(persist));
  const versao = r.versao_do_dado;
  console.log(`api: ${resumo(r)} (local R2 at ${persist})`);
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

/** `api publicar --data <out> (--persist <dir> | --remoto) [--paralelo 16] [--sem-trocar]`: the upload deploy.yml runs. */
async function publicarComando(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      persist: { type: 'string' },
      remoto: { type: 'boolean', default: false },
      paralelo: { type: 'string', default: '16' },
      'sem-trocar': { type: 'boolean', default: false },
    },
  });
  if (!values.data) falhar('publicar: --data <publish dir> is required');
  const paralelo = Number(values.paralelo);
  if (!Number.isInteger(paralelo) || paralelo < 1) falhar(`publicar: --paralelo ${values.paralelo}`);
  if (values.remoto && values.persist) falhar('publicar: --remoto or --persist, not both');
  const persist = values.persist ? resolve(ONDE, values.persist) : join(RAIZ, '.wrangler', 'state');
  const trocarAtual = !values['sem-trocar'];
  const r = await publicar(resolve(ONDE, values.data), values.remoto ? r2Remoto() : r2Local(persist), {
    paralelo,
    trocarAtual,
  });
  console.log(
    `api: ${resumo(r)} (${values.remoto ? 'remote R2' : `local R2 at ${persist}`}; current.json ${trocarAtual ? 'switched' : 'untouched'})`,
  );
  console.log(JSON.stringify(r));
}

/**
 * `api falhas-de-download --raw <dir> --desde <ISO time>`: the files whose last attempt since then failed,
 * as GitHub annotations and a Markdown list (the scheduled workflows append it to the job summary).
 */
async function falhasDeDownload(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { raw: { type: 'string' }, desde: { type: 'string' } } });
  if (!values.raw || !values.desde) falhar('falhas-de-download: --raw <dir> --desde <ISO time> are required');
  const desde = values.desde;
  const ultimas = new Map<string, DownloadLogEntry>();
  for (const e of await readDownloadLog(resolve(ONDE, values.raw)))
    if (e.started_at >= desde) ultimas.set(e.url, e);
  const falhas = [...ultimas.values()].filter((e) => e.outcome === 'failed');
  console.log(`### ${falhas.length} download(s) failed\n`);
  for (const e of falhas) {
    console.error(
      `::error title=download failed::${e.path} (${e.source}): ${e.error ?? `HTTP ${e.http_status}`} <${e.url}>`,
    );
    console.log(`- \`${e.path}\` (${e.source}): ${e.error ?? `HTTP ${e.http_status}`}, ${e.url}`);
  }
}

/**
 * `api brutos restaurar|guardar --raw <dir> (--persist <dir> | --remoto)`: the raw downloads' durable
 * store (scripts/brutos.ts) the scheduled workflows restore before fetching and save after.
 */
async function brutos(args: string[]): Promise<void> {
  const [acao, ...resto] = args;
  const { values } = parseArgs({
    args: resto,
    options: {
      raw: { type: 'string' },
      persist: { type: 'string' },
      remoto: { type: 'boolean', default: false },
      'vazio-ok': { type: 'boolean', default: false },
    },
  });
  if (acao !== 'restaurar' && acao !== 'guardar') falhar('brutos: restaurar or guardar');
  if (!values.raw) falhar(`brutos ${acao}: --raw <dir> is required`);
  const raw = resolve(ONDE, values.raw);
  const persist = values.persist ? resolve(ONDE, values.persist) : join(RAIZ, '.wrangler', 'state');
  const r2 = await (values.remoto ? r2Remoto('BRUTOS') : r2Local(persist, 'BRUTOS'));
  try {
    if (acao === 'restaurar') {
      const r = await restaurarBrutos(raw, r2.destino as unknown as LeituraR2);
      // A nightly build over an empty store would publish one day of prices over the full history.
      if (r.restaurados + r.presentes === 0 && !values['vazio-ok'])
        falhar(
          'brutos restaurar: the store holds no list yet; fill it first (weekly workflow with `anos`, or --vazio-ok)',
        );
      console.log(`api: brutos: ${r.restaurados} files restored into ${raw}, ${r.presentes} already there`);
    } else {
      const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const r = await guardarBrutos(raw, r2.destino, `${dia}-brutos|${Math.floor(Date.now() / 1000)}`);
      console.log(
        `api: brutos: ${r.objetos} files listed, ${r.enviados} saved (${(r.bytes_enviados / 1e6).toFixed(1)} MB), ${r.ja_presentes} already stored`,
      );
    }
  } catch (e) {
    falhar(`brutos ${acao}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await r2.fechar();
  }
}

const [comando, ...resto] = process.argv.slice(2);
if (comando === 'serve') await serve(resto);
else if (comando === 'publicar') await publicarComando(resto);
else if (comando === 'brutos') await brutos(resto);
else if (comando === 'falhas-de-download') await falhasDeDownload(resto);
else if (comando === 'chave-pro') await chavePro(resto);
else
  falhar(
    'usage: pnpm api serve --data <publish dir> [--site <site build>] [--port 8787] [--persist <dir>] | pnpm api publicar --data <publish dir> (--persist <dir> | --remoto) [--paralelo 16] [--sem-trocar] | pnpm api brutos restaurar|guardar --raw <dir> (--persist <dir> | --remoto) [--vazio-ok] | pnpm api falhas-de-download --raw <dir> --desde <ISO time> | pnpm api chave-pro --nome <who>',
  );
