/**
 * The main job on the embedded default: builds the real sample into data/out, builds the site from it,
 * then serves the whole product from the worker on local workerd (through wrangler), on one port: the
 * data routes and the site's pages, with the language negotiated at the edge.
 *
 *   pnpm demo                 # build, then serve until Ctrl-C
 *   pnpm demo -- --verificar  # build, serve, check the API and a page in both languages, stop
 *
 * `pnpm site serve` stays as a static preview of site/dist (no negotiation, no data routes).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as esperar } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { paginasDaVitrine } from '../site/src/data/vitrine.ts';
import { iniciarContas, roteiro, verificarContas } from './demo-contas.ts';

// pnpm 10 forwards a literal `--` separator; it is not an argument of ours.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    verificar: { type: 'boolean', default: false },
    porta: { type: 'string', default: '8787' },
  },
});
const porta = Number(values.porta);

// Re-enter pnpm the way we were started (npx pnpm@10 sets npm_execpath), so no global pnpm is needed.
const pnpm = process.env.npm_execpath;
function comando(args: string[]): [string, string[]] {
  return pnpm ? [process.execPath, [pnpm, ...args]] : ['pnpm', args];
}

function rodar(args: string[]): Promise<void> {
  const [bin, argv] = comando(args);
  return new Promise((ok, erro) => {
    const p = spawn(bin, argv, { stdio: 'inherit' });
    p.on('exit', (code) =>
      code === 0 ? ok() : erro(new Error(`pnpm ${args.join(' ')} exited with ${code}`)),
    );
  });
}

function iniciar(args: string[]): ChildProcess {
  const [bin, argv] = comando(args);
  return spawn(bin, argv, { stdio: 'inherit', detached: true });
}

async function responde(url: string, limiteMs: number, init: RequestInit = {}): Promise<Response> {
  const fim = Date.now() + limiteMs;
  let ultimo: unknown;
  while (Date.now() < fim) {
    try {
      return await fetch(url, init);
    } catch (e) {
      ultimo = e;
      await esperar(500);
    }
  }
  throw new Error(`${url} did not answer within ${limiteMs / 1000}s: ${String(ultimo)}`);
}

const filhos: ChildProcess[] = [];
function parar(): void {
  for (const f of filhos) {
    if (f.pid !== undefined) {
      try {
        process.kill(-f.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
process.on('SIGINT', () => {
  parar();
  process.exit(130);
});

await rodar(['pipeline', 'build', '--raw', 'data/sample/raw', '--out', 'data/out', '--label', 'amostra']);
await rodar(['site', 'build', '--data', 'data/out']);
const contas = await iniciarContas(porta);
filhos.push(
  iniciar([
    'api',
    'serve',
    '--data',
    'data/out',
    '--site',
    'site/dist',
    '--port',
    String(porta),
    ...contas.argumentos,
  ]),
);

const base = `http://127.0.0.1:${porta}`;
try {
  const saude = await responde(`${base}/saude`, 300_000);
  const corpo = (await saude.json()) as { versao_do_dado?: string };
  const pt = await responde(`${base}/`, 60_000, { headers: { Accept: 'text/html' } });
  const htmlPt = await pt.text();
  const en = await responde(`${base}/`, 60_000, {
    headers: { Accept: 'text/html', 'Accept-Language': 'en-US,en;q=0.9' },
    redirect: 'manual',
  });
  console.log(`\nAPI  ${base}/saude → ${saude.status}, versao_do_dado ${corpo.versao_do_dado}`);
  console.log(`site ${base}/ → ${pt.status} (${pt.headers.get('content-language')})`);
  console.log(`     ${base}/ with Accept-Language: en → ${en.status} ${en.headers.get('location') ?? ''}`);
  // The sample's pages that show the most (prices, multiples, dividends, verdict; a REIT; an ETF).
  console.log(
    `pages: ${paginasDaVitrine('data/out')
      .map((p) => `${base}${p}`)
      .join('  ')}`,
  );
  console.log(
    `data: ${base}/empresas/ENGI11 (open), ${base}/empresas/WEGE3/indicadores (trial code, no key)`,
  );
  console.log(`${roteiro(base, contas.stripe.url)}\n`);
  if (values.verificar) {
    const falhas = [
      ...(await verificarContas(base)),
      saude.ok ? '' : `/saude answered ${saude.status}`,
      pt.ok && htmlPt.includes('<html lang="pt-BR"')
        ? ''
        : `/ answered ${pt.status} without a Portuguese page`,
      en.status === 302 && en.headers.get('location') === '/en/'
        ? ''
        : `/ with Accept-Language: en answered ${en.status} ${en.headers.get('location')}, not 302 /en/`,
    ].filter((f) => f !== '');
    if (falhas.length > 0) throw new Error(`the demo failed its checks: ${falhas.join('; ')}`);
    parar();
    await contas.stripe.fechar();
    process.exit(0);
  }
} catch (e) {
  console.error(String(e));
  parar();
  process.exit(1);
}
