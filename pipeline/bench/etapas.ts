/**
 * Per-stage CPU and RSS of one build (issue #10 item 2: which stage holds the memory). RSS is sampled from /proc/self/status by a
 * worker thread every 20 ms, so a stage's own peak shows even when an earlier phase set the process maxRSS,
 * and even while the main thread is busy in synchronous JS. Staging results come from a fixed cache dir
 * (the second run on the same input skips staging); every mart stage runs (no le/cria, no stage cache).
 * After each stage it also prints what DuckDB's buffer manager holds (`duckdb_memory()`, by tag) and the
 * V8 heap, so RSS above those two is memory neither accounts for (DuckDB's allocations outside its buffer
 * pool, freed pages its allocator keeps). `memoryLimit` sets DuckDB's `memory_limit` (default: the build's).
 * Usage (from pipeline/): npx -y pnpm@10 exec tsx bench/etapas.ts <raw> <cacheDir> [memoryLimit]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DuckDBConnection } from '@duckdb/node-api';
import { build } from '../src/build.ts';
import type { Stage } from '../src/core/stage.ts';
import { martStages } from '../src/marts/index.ts';

const [raw, cacheDir, memoryLimit] = process.argv.slice(2);
if (!raw || !cacheDir) throw new Error('usage: etapas.ts <raw> <cacheDir>');
const sab = new SharedArrayBuffer(4);
const pico = new Int32Array(sab);
const w = new Worker(
  `const { workerData } = require('node:worker_threads'); const fs = require('node:fs');
   const a = new Int32Array(workerData);
   setInterval(() => { const kb = Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]);
     if (kb > Atomics.load(a, 0)) Atomics.store(a, 0, kb); }, 20);`,
  { eval: true, workerData: sab },
);
w.unref();
const mib = (kb: number) =>
  Math.round(kb / 1024)
    .toLocaleString('en-US')
    .padStart(6);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
const t0 = performance.now();
const c0 = cpu();
Atomics.store(pico, 0, 0);
let primeira = true;
/** DuckDB's buffer-managed memory now, by tag (MiB), and the total. */
async function duckdbMemory(db: DuckDBConnection): Promise<string> {
  const rows = (
    await db.runAndReadAll(
      'SELECT tag, memory_usage_bytes FROM duckdb_memory() WHERE memory_usage_bytes > 0 ORDER BY 2 DESC',
    )
  ).getRows();
  const total = rows.reduce((a, r) => a + Number(r[1]), 0);
  const tags = rows.map((r) => `${String(r[0])} ${Math.round(Number(r[1]) / 2 ** 20)}`).join(', ');
  return `duckdb ${Math.round(total / 2 ** 20)} MiB (${tags || 'none'})`;
}
const heap = () => {
  const m = process.memoryUsage();
  const f = (n: number) => Math.round(n / 2 ** 20);
  return `V8 heap ${f(m.heapUsed)} of ${f(m.heapTotal)} MiB, external ${f(m.external)} MiB, RSS now ${f(m.rss)} MiB`;
};
const medir = (s: Stage): Stage => ({
  name: s.name,
  async run(ctx) {
    if (primeira) {
      primeira = false;
      console.log(
        `before the mart stages: CPU ${(cpu() - c0).toFixed(1)} s, RSS peak ${mib(Atomics.load(pico, 0))} MiB; ${await duckdbMemory(ctx.db)}, ${heap()}`,
      );
    }
    Atomics.store(pico, 0, 0);
    const c = cpu();
    try {
      return await s.run(ctx);
    } finally {
      await new Promise((ok) => setTimeout(ok, 40));
      console.log(
        `${s.name.padEnd(32)} CPU ${(cpu() - c).toFixed(1).padStart(6)} s  RSS peak in stage ${mib(Atomics.load(pico, 0))} MiB  maxRSS so far ${mib(process.resourceUsage().maxRSS)} MiB  after: ${await duckdbMemory(ctx.db)}, ${heap()}`,
      );
    }
  },
});
const out = await mkdtemp(join(tmpdir(), 'pico-medir-'));
try {
  const r = await build({
    raw,
    out,
    cacheDir,
    label: 'pico',
    stages: martStages.map(medir),
    ...(memoryLimit ? { memoryLimit } : {}),
    log: () => {},
  });
  console.log(`inputs ${r.entradas.total} (${r.entradas.do_cache} from the staging cache)`);
} finally {
  await rm(out, { recursive: true, force: true });
}
console.log(
  `total: wall ${((performance.now() - t0) / 1000).toFixed(0)} s, CPU ${(cpu() - c0).toFixed(1)} s, maxRSS ${mib(process.resourceUsage().maxRSS)} MiB`,
);
