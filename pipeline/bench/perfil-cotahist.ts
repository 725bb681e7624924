/**
 * Where COTAHIST staging spends its CPU (docs/benchmarks.md, "COTAHIST staging"):
 * `tsx bench/perfil-cotahist.ts <dir of extracted COTAHIST .TXT files> [--threads N] [--hashes out.json]`.
 *
 * Stages every COTAHIST file of the dir in name order with `stageFixedWidth` into one database, as the
 * build does for inputs not in the staging cache, and prints the CPU of each SQL statement kind (the
 * statement's first words) summed over the files. With `--hashes`, writes one hash of `stg_b3_cotahist`
 * and one of `_quarantine`, of their rows in insertion order and `ORDER BY ALL`, so two versions of the
 * reader can be compared.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { CollectingReporter } from '../src/core/reporter.ts';
import { ensureQuarantineTable } from '../src/core/staging.ts';
import { stageFixedWidth } from '../src/readers/fixed-width.ts';
import { cotahistSpec } from '../src/sources/b3/cotahist.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { hashes: { type: 'string' }, threads: { type: 'string' } },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: tsx bench/perfil-cotahist.ts <dir> [--threads N] [--hashes out.json]');

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

const porTipo = new Map<string, { ms: number; n: number }>();
const medir = async <T>(sql: string, f: () => Promise<T>): Promise<T> => {
  const tipo = sql
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/_fw_\w+/g, 't')
    .slice(0, 60);
  const t0 = cpuMs();
  try {
    return await f();
  } finally {
    const p = porTipo.get(tipo) ?? { ms: 0, n: 0 };
    p.ms += cpuMs() - t0;
    p.n += 1;
    porTipo.set(tipo, p);
  }
};

/** The connection with every statement timed by its kind. */
function cronometrada(db: DuckDBConnection): DuckDBConnection {
  return new Proxy(db, {
    get(alvo, prop, receiver) {
      const v = Reflect.get(alvo, prop, receiver);
      if ((prop === 'run' || prop === 'runAndReadAll') && typeof v === 'function') {
        return (sql: string, ...rest: unknown[]) =>
          medir(sql, () => (v as (...a: unknown[]) => Promise<unknown>).call(alvo, sql, ...rest));
      }
      return typeof v === 'function' ? v.bind(alvo) : v;
    },
  });
}

const instance = await DuckDBInstance.create(':memory:');
const raw = await instance.connect();
if (values.threads) await raw.run(`SET threads = ${Number(values.threads)}`);
await ensureQuarantineTable(raw);
const db = cronometrada(raw);
const files = (await readdir(dir)).filter((f) => cotahistSpec.fileName.test(f)).sort();
const report = new CollectingReporter(raw);
const t0 = cpuMs();
const w0 = performance.now();
let rows = 0;
let quarantined = 0;
for (const f of files) {
  const s = await stageFixedWidth(db, cotahistSpec, { path: join(dir, f), arquivo: f }, report);
  rows += s.rows;
  quarantined += s.quarantined;
}
const total = cpuMs() - t0;
console.log(
  `${files.length} files, ${rows} rows, ${quarantined} quarantined: CPU ${(total / 1000).toFixed(2)} s, wall ${((performance.now() - w0) / 1000).toFixed(2)} s (${Math.round(rows / (total / 1000))} rows per CPU second)`,
);
for (const [tipo, { ms, n }] of [...porTipo].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${(ms / 1000).toFixed(2).padStart(7)} s  ${String(n).padStart(4)}×  ${tipo}`);

if (values.hashes) {
  const hash = async (sql: string) => String((await raw.runAndReadAll(sql)).getRows()[0]?.[0] ?? '');
  const out: Record<string, string> = {};
  for (const t of ['stg_b3_cotahist', '_quarantine']) {
    out[`${t} rowid`] = await hash(
      `SELECT md5(string_agg(md5(CAST(x AS VARCHAR)), '' ORDER BY r)) FROM (SELECT rowid AS r, COLUMNS(*) FROM ${t}) x`,
    );
    out[`${t} all`] = await hash(
      `SELECT md5(string_agg(h, '' ORDER BY h)) FROM (SELECT md5(CAST(x AS VARCHAR)) AS h FROM ${t} x)`,
    );
    out[`${t} count`] = await hash(`SELECT count(*) FROM ${t}`);
  }
  await writeFile(values.hashes, `${JSON.stringify(out, null, 2)}\n`);
  console.log(out);
}
