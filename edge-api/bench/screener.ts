/**
 * Screener bench (issue #10 item 8): the time of one `/screener` call's work over a full-scale universe,
 * at p99, inside the worker. The universe is the sample's screener snapshot grown to full scale
 * (bench/screener-universo.ts, made here); the work is bench/screener-medir.ts (the query read, the
 * screen run with no remembered answer, the answer validated and serialised: the route minus its I/O).
 *
 * Cloudflare freezes performance.now() during CPU work when deployed, but local workerd lets it advance
 * (developers.cloudflare.com/workers/runtime-apis/performance), so the call is timed inside workerd,
 * by a bench worker (bench/screener/worker.ts) on the API's wrangler and compatibility settings: that
 * p99 is the figure `pnpm bench` judges. On a loaded shared machine a wall clock also counts the time a
 * call waits for a core, so every round is run VEZES times over and each call's least time kept (the
 * single-pass p99 is printed too). The same module is also timed in Node, by wall clock and by the
 * process's CPU time, which counts no waiting; the load average is printed beside them.
 *
 *   pnpm --filter @fundamentos/edge-api run bench:screener [--rodadas 30] [--empresas 700]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { z } from 'zod';
import { construirAmostra } from '../test/amostra-build.ts';
import { medirTelas, percentil, percentilPorTela, type TemposDasTelas } from './screener-medir.ts';
import { TELAS, universoEscalaCheia } from './screener-universo.ts';
import { esperar, parar, RAIZ, wranglerDev } from './workerd.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    rodadas: { type: 'string', default: '30' },
    empresas: { type: 'string', default: '700' },
  },
});
const RODADAS = Number(values.rodadas);
/** Rounds run first and not counted: the JIT compiles the hot paths and the per-snapshot indexes are built. */
const AQUECIMENTO = 3;
/** Passes over every call, each call's least time kept (see above). */
const VEZES = 3;

const artefato = ARTEFATOS.screener_snapshot;
const atual = await construirAmostra();
const amostra = artefato.schema.parse(JSON.parse(await readFile(join(atual, artefato.caminho()), 'utf8')));
const texto = JSON.stringify(universoEscalaCheia(amostra, Number(values.empresas)));

const t0 = performance.now();
const universo = artefato.schema.parse(JSON.parse(texto));
const parseNode = performance.now() - t0;
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
medirTelas(universo, TELAS, AQUECIMENTO, () => performance.now());
const nodeParede = medirTelas(universo, TELAS, RODADAS, () => performance.now(), VEZES);
const nodeCpu = medirTelas(universo, TELAS, RODADAS, cpuMs);

const TemposSchema = z.object({ ms: z.array(z.number()), totais: z.array(z.number()) });
const persist = await mkdtemp(join(tmpdir(), 'fundamentos-screener-bench-'));
const dev = await wranglerDev('screener', join(RAIZ, 'bench', 'screener', 'worker.ts'), persist);
let workerd: TemposDasTelas;
let workerdUmaVez: TemposDasTelas;
let parseWorkerd: number;
try {
  await esperar(dev.url, dev.filho, '/');
  const r = await fetch(`${dev.url}/universo`, { method: 'POST', body: texto });
  if (!r.ok) throw new Error(`POST /universo: ${r.status} ${await r.text()}`);
  parseWorkerd = z.object({ parse_ms: z.number() }).parse(await r.json()).parse_ms;
  const medir = async (rodadas: number, vezes: number) => {
    const q = new URLSearchParams({
      telas: JSON.stringify(TELAS),
      rodadas: String(rodadas),
      vezes: String(vezes),
    });
    const resposta = await fetch(`${dev.url}/medir?${q}`);
    if (!resposta.ok) throw new Error(`GET /medir: ${resposta.status} ${await resposta.text()}`);
    return TemposSchema.parse(await resposta.json());
  };
  await medir(AQUECIMENTO, 1);
  workerdUmaVez = await medir(RODADAS, 1);
  workerd = await medir(RODADAS, VEZES);
} finally {
  await parar([dev.filho]);
  await rm(persist, { recursive: true, force: true });
}
if (JSON.stringify(workerd.totais) !== JSON.stringify(nodeParede.totais))
  throw new Error(`workerd and Node screened differently: ${workerd.totais} vs ${nodeParede.totais}`);

const ms = (v: number) => `${v.toFixed(2)} ms`;
const p = (t: TemposDasTelas) => `p50 ${ms(percentil(t.ms, 50))}, p99 ${ms(percentil(t.ms, 99))}`;
console.log(
  `screener universe (made here from ${dirname(atual)}): ${Number(values.empresas)} companies, ` +
    `${universo.linhas.length} rows, ${universo.pl_12m?.length ?? 0} 12-month P/Ls, ${(texto.length / 1e6).toFixed(1)} MB`,
);
console.log(`screens: ${TELAS.length} × ${RODADAS} rounds; companies returned: ${workerd.totais.join(' ')}`);
console.log(`snapshot parse, once per version: workerd ${ms(parseWorkerd)}, Node ${ms(parseNode)}`);
console.log(`screener per call, Node wall clock (least of ${VEZES} passes): ${p(nodeParede)}`);
console.log(`screener per call, Node CPU time (one pass): ${p(nodeCpu)}`);
console.log(`screener per call, workerd wall clock (one pass): ${p(workerdUmaVez)}`);
const porTela = percentilPorTela(workerd, TELAS, 99);
const pior = porTela.indexOf(Math.max(...porTela));
console.log(`slowest screen inside workerd at p99: ${TELAS[pior]} (${ms(porTela[pior] ?? Number.NaN)})`);
console.log(`load average (1 min): ${(loadavg()[0] ?? 0).toFixed(1)}`);
console.log(
  `screener p99 inside workerd: ${percentil(workerd.ms, 99).toFixed(2)} ms (p50 ${ms(percentil(workerd.ms, 50))}, ${workerd.ms.length} calls, least of ${VEZES} passes)`,
);
