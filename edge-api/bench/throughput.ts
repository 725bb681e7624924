/**
 * API throughput bench: serves the real sample build on local workerd (`pnpm api serve`, wrangler dev)
 * and, in the same run, a hello-world worker (bench/ola/worker.ts) on the same wrangler and workerd:
 * requests/s of every kind of data route (/saude, the open company index, a keyed
 * /empresas/WEGE3/indicadores, the open lineage of a value, the screener) and a static company page
 * served through the worker (/acoes/WEGE3), printed as ratios to the hello-world worker (issue #10's
 * target: every data route ≥ 0.5), so machines of different speed compare.
 *
 *   pnpm --filter @fundamentos/edge-api run bench [--segundos 3] [--concorrencia 50] [--data <publish dir>]
 *     [--site <built site dir>]
 *
 * Without --data it uses the sample build cached for the edge-api tests (built on first use). Without
 * --site it builds the site of that publication into a temporary directory (the worker serves the pages).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { construirAmostra } from '../test/amostra-build.ts';
import { esperar, parar, portaLivre, RAIZ, wranglerDev } from './workerd.ts';

const CLI = ['--import', 'tsx', join(RAIZ, 'scripts', 'cli.ts')];

const { values } = parseArgs({
  // pnpm passes a literal `--` through when called as `pnpm … bench -- --segundos 1`.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    segundos: { type: 'string', default: '3' },
    concorrencia: { type: 'string', default: '50' },
    data: { type: 'string' },
    site: { type: 'string' },
  },
});
const SEGUNDOS = Number(values.segundos);
const CONCORRENCIA = Number(values.concorrencia);

async function chavePro(persist: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...CLI, 'chave-pro', '--nome', 'bench', '--persist', persist],
    {
      cwd: RAIZ,
    },
  );
  const m = /fbr_[0-9a-f]{16}_[0-9a-f]{48}/.exec(stdout);
  if (m === null) throw new Error(`chave-pro printed no key:\n${stdout}`);
  return m[0];
}

interface Medida {
  rota: string;
  requisicoes: number;
  erros: number;
  por_segundo: number;
}

/** CONCORRENCIA clients in a closed loop for SEGUNDOS; counts answers with the expected status. */
async function medir(url: string, rota: string, cabecalhos: Record<string, string>): Promise<Medida> {
  for (let i = 0; i < 10; i++) await (await fetch(`${url}${rota}`, { headers: cabecalhos })).arrayBuffer();
  let ok = 0;
  let erros = 0;
  const inicio = performance.now();
  const fim = inicio + SEGUNDOS * 1000;
  await Promise.all(
    Array.from({ length: CONCORRENCIA }, async () => {
      while (performance.now() < fim) {
        const r = await fetch(`${url}${rota}`, { headers: cabecalhos });
        await r.arrayBuffer();
        if (r.status === 200) ok++;
        else erros++;
      }
    }),
  );
  const s = (performance.now() - inicio) / 1000;
  return { rota, requisicoes: ok, erros, por_segundo: Math.round((ok / s) * 10) / 10 };
}

const data = values.data ? resolve(values.data) : dirname(await construirAmostra());
const persist = await mkdtemp(join(tmpdir(), 'fundamentos-api-bench-'));
const siteTemporario = values.site ? null : await mkdtemp(join(tmpdir(), 'fundamentos-api-bench-site-'));
const site = values.site ? resolve(values.site) : (siteTemporario ?? '');
if (siteTemporario !== null) {
  const SITE_CLI = ['--import', 'tsx', join(RAIZ, '..', 'site', 'scripts', 'cli.ts')];
  await promisify(execFile)(process.execPath, [...SITE_CLI, 'build', '--data', data, '--out', site], {
    cwd: join(RAIZ, '..', 'site'),
    maxBuffer: 64 * 1024 * 1024,
  });
}
let filho: ChildProcess | undefined;
let ola: ChildProcess | undefined;
try {
  // One Pro key per measured key route: 10,000 calls a day each is far above a few seconds of load.
  const [chaveDados, chaveScreener] = [await chavePro(persist), await chavePro(persist)];
  const porta = await portaLivre();
  filho = spawn(
    process.execPath,
    [...CLI, 'serve', '--data', data, '--site', site, '--port', String(porta), '--persist', persist],
    {
      cwd: RAIZ,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${porta}`;
  const olaDev = await wranglerDev('ola', join(RAIZ, 'bench', 'ola', 'worker.ts'), persist);
  ola = olaDev.filho;
  const urlOla = olaDev.url;
  await esperar(url, filho);
  await esperar(urlOla, ola);
  // A lineage value: the first line of the audit universe whose company has a trading code.
  const empresas = (await (await fetch(`${url}/empresas`)).json()) as Array<{
    cd_regulator: number;
    ticker: string;
  }>;
  const tickerDe = new Map(empresas.map((e) => [String(e.cd_regulator), e.ticker]));
  const universo = (await (await fetch(`${url}/auditoria/universo`)).text()).split('\n');
  const [cdLinhagem = '', anoLinhagem, indicadorLinhagem] = (
    universo.find((l) => tickerDe.has(l.split('|')[0] ?? '')) ?? ''
  ).split('|');
  const rotaLinhagem = `/empresas/${tickerDe.get(cdLinhagem)}/linhagem/${anoLinhagem}/${indicadorLinhagem}`;
  const ola_ = await medir(urlOla, '/', {});
  const medidas = [
    await medir(url, '/saude', {}),
    await medir(url, '/empresas', {}),
    await medir(url, '/empresas/WEGE3/indicadores', { 'X-API-Key': chaveDados }),
    await medir(url, rotaLinhagem, {}),
    await medir(url, '/screener?roa_min=0.05&limite=100', { 'X-API-Key': chaveScreener }),
    await medir(url, '/acoes/WEGE3', { Accept: 'text/html', 'Accept-Language': 'pt-BR' }),
  ];
  console.log(
    JSON.stringify(
      {
        segundos_por_rota: SEGUNDOS,
        concorrencia: CONCORRENCIA,
        ola_mundo: ola_,
        medidas: medidas.map((m) => ({
          ...m,
          razao_sobre_ola_mundo: Math.round((m.por_segundo / ola_.por_segundo) * 1000) / 1000,
        })),
      },
      null,
      2,
    ),
  );
} finally {
  // The serve process and the wrangler/workerd it started share this new process group.
  await parar([filho, ola]);
  await rm(persist, { recursive: true, force: true });
  if (siteTemporario !== null) await rm(siteTemporario, { recursive: true, force: true });
}
