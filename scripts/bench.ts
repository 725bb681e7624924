/**
 * `pnpm bench [-- --escala 0.02 …]`: every benchmark, each printing its figures as ratios against a
 * floor measured in the same run (timings on a shared machine only compare within one run).
 *
 * 1. pipeline: generated full-scale input in the real formats → build(), against `unzip -p` (pipeline/bench);
 * 2. site: pages built per second from that build, against writing the same number of files of the
 *    same total size (the file-system floor);
 * 3. publication: objects, and seconds to upload them to a local R2 (edge-api/bench/publicacao.ts);
 * 4. API: throughput of every kind of data route against a hello-world worker on local workerd (edge-api/bench);
 * 5. screener: p99 of one call over a full-scale universe, timed inside workerd (edge-api/bench/screener.ts).
 * Options other than ours go to the pipeline bench. Last, one table puts every target of issue #10 beside
 * what this run measured (pipeline/bench/resumo.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  lerApi,
  lerPublicacao,
  lerScreener,
  linhasResumo,
  type Medidas,
  tabelaResumo,
  UltimoBenchSchema,
} from '../pipeline/bench/resumo.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const pnpm = process.env.npm_execpath;

function rodar(argv: string[], eco = true): Promise<{ codigo: number; saida: string }> {
  const [bin, a] = pnpm ? [process.execPath, [pnpm, ...argv]] : ['pnpm', argv];
  return new Promise((ok) => {
    let saida = '';
    const p = spawn(bin, a, { stdio: ['ignore', 'pipe', 'inherit'] });
    p.stdout.on('data', (d: Buffer) => {
      saida += d.toString();
      if (eco) process.stdout.write(d);
    });
    p.on('exit', (codigo) => ok({ codigo: codigo ?? 1, saida }));
  });
}

async function paginas(dir: string): Promise<{ n: number; bytes: number }> {
  let n = 0;
  let bytes = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && e.name.endsWith('.html')) {
      n++;
      bytes += (await stat(join(e.parentPath, e.name))).size;
    }
  }
  return { n, bytes };
}

let falhou = false;
const ULTIMO = resolve(import.meta.dirname, '../data/bench/ultimo.json');
const medidas: Medidas = { pipeline: null, site: null, publicacao: null, api: null };
console.log('== pipeline');
// A stale ultimo.json from an earlier run must not stand in for this one.
await rm(ULTIMO, { force: true });
const pipeline = await rodar(['--filter', '@fundamentos/pipeline', 'run', 'bench', ...args, '--manter']);
if (pipeline.codigo !== 0) falhou = true;
const ultimo = await readFile(ULTIMO, 'utf8')
  .then((t) => UltimoBenchSchema.safeParse(JSON.parse(t)))
  .catch(() => null);
if (ultimo?.success) medidas.pipeline = ultimo.data;
const mantida = /build kept at (\S+)/.exec(pipeline.saida)?.[1];

if (mantida) {
  console.log('\n== site (pages from the generated build)');
  const destino = await mkdtemp(join(tmpdir(), 'bench-site-'));
  const cargaAntes = loadavg()[0] ?? 0;
  const t0 = performance.now();
  const site = await rodar(['site', 'build', '--data', mantida, '--out', destino], false);
  const msSite = performance.now() - t0;
  // On a shared machine the wall time follows the load: print it beside the figure.
  const carga = `load average (1 min) before/after: ${cargaAntes.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)}`;
  if (site.codigo !== 0) {
    falhou = true;
    console.log(`site build failed:\n${site.saida.slice(-2000)}`);
  } else {
    const { n, bytes } = await paginas(destino);
    // Floor: write the same number of files with the same total size.
    const piso = await mkdtemp(join(tmpdir(), 'bench-piso-'));
    const conteudo = Buffer.alloc(Math.max(1, Math.round(bytes / Math.max(n, 1))), 120);
    const t1 = performance.now();
    for (let i = 0; i < n; i++) await writeFile(join(piso, `${i}.html`), conteudo);
    const msPiso = performance.now() - t1;
    await rm(piso, { recursive: true, force: true });
    console.log(`pages: ${n} HTML files, ${(bytes / 1e6).toFixed(1)} MB`);
    console.log(`site build: ${(msSite / 1000).toFixed(1)} s → ${(n / (msSite / 1000)).toFixed(1)} pages/s`);
    console.log(`floor (writing ${n} files of the same size): ${(msPiso / 1000).toFixed(2)} s`);
    console.log(`ratio site build / floor: ${(msSite / msPiso).toFixed(1)}×`);
    medidas.site = { paginas: n, segundos: msSite / 1000 };
    console.log(carga);
  }
  await rm(destino, { recursive: true, force: true });

  // Separate section (issue #10 items 4 and 6, edge-api/bench/publicacao.ts): objects in the generated
  // publication, and seconds to upload it to a fresh local R2: first, unchanged, nightly delta.
  console.log("\n== publication (objects; upload to workerd's local R2)");
  const publicacao = await rodar([
    '--filter',
    '@fundamentos/edge-api',
    'run',
    'bench:publicacao',
    '--data',
    mantida,
  ]);
  if (publicacao.codigo !== 0) falhou = true;
  medidas.publicacao = lerPublicacao(publicacao.saida);
  await rm(mantida, { recursive: true, force: true });
}

console.log('\n== API (sample build on local workerd)');
const api = await rodar(['--filter', '@fundamentos/edge-api', 'run', 'bench']);
if (api.codigo !== 0) falhou = true;
medidas.api = lerApi(api.saida);

console.log('\n== screener (full-scale universe made from the sample, timed inside workerd)');
const screener = await rodar(['--filter', '@fundamentos/edge-api', 'run', 'bench:screener']);
if (screener.codigo !== 0) falhou = true;
medidas.screener = lerScreener(screener.saida);

console.log('\n== issue #10 targets, side by side (this run)');
console.log(tabelaResumo(linhasResumo(medidas)));
process.exit(falhou ? 1 : 0);
