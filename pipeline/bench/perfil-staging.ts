/**
 * Where a CVM DFP/ITR staging batch spends its CPU (docs/benchmarks.md, "DFP/ITR staging CPU"):
 * `tsx bench/perfil-staging.ts <raw dir> [--hashes out.json]`.
 *
 * Stages the DFP/ITR zips under the raw dir the way the build's `stageBatch` does (batches of
 * BATCH_BYTES, every delimited spec of a batch prepared together (text and header checks), then appended
 * in input order, typed straight from `read_csv`, or from typed temp tables when a file has rows to
 * quarantine), on one
 * DuckDB thread as the build does for members under 16 MiB, and prints the CPU of each phase. With
 * `--hashes`, writes one hash per staged table (and the quarantine) of its rows `ORDER BY ALL`, and one of
 * the rows in insertion order, so two versions of the readers can be compared.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { BATCH_BYTES } from '../src/build.ts';
import { discover, openInput, type RecognisedFile } from '../src/core/discover.ts';
import { CollectingReporter } from '../src/core/reporter.ts';
import { quote } from '../src/core/sql.ts';
import { createStagingTables, ensureQuarantineTable } from '../src/core/staging.ts';
import {
  crossFileDuplicates,
  delimitedBySpec,
  insertPending,
  type PendingFiles,
  prepareDelimitedFiles,
} from '../src/readers/delimited.ts';
import { checkText } from '../src/readers/text-check.ts';
import { dfpItrSources } from '../src/sources/cvm/dfp-itr.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { hashes: { type: 'string' }, 'sem-texto': { type: 'boolean' } },
});
const raw = positionals[0];
if (!raw) throw new Error('usage: tsx bench/perfil-staging.ts <raw dir> [--hashes out.json]');

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const fases = new Map<string, number>();
async function fase<T>(nome: string, fn: () => Promise<T>): Promise<T> {
  const c = cpu();
  try {
    return await fn();
  } finally {
    fases.set(nome, (fases.get(nome) ?? 0) + cpu() - c);
  }
}

const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
const conn = await instance.connect();
// Every statement's CPU, by its first words: which statements of the readers cost the most.
const porComando = new Map<string, { n: number; ms: number }>();
const db = new Proxy(conn, {
  get(target, prop, receiver) {
    if (prop !== 'run' && prop !== 'runAndReadAll') return Reflect.get(target, prop, receiver);
    return async (...args: Parameters<DuckDBConnection['run']>) => {
      const c = cpu();
      try {
        return prop === 'run' ? await target.run(...args) : await target.runAndReadAll(...args);
      } finally {
        const k = args[0].replace(/\s+/g, ' ').replace(/_\d+/g, '_N').slice(0, 48);
        const x = porComando.get(k) ?? { n: 0, ms: 0 };
        porComando.set(k, { n: x.n + 1, ms: x.ms + cpu() - c });
      }
    };
  },
});
const report = new CollectingReporter(db);
await ensureQuarantineTable(db);
await createStagingTables(db, dfpItrSources);
const work = await mkdtemp(join(tmpdir(), 'perfil-staging-'));
const found = await discover(raw, dfpItrSources);
const { stat } = await import('node:fs/promises');

const batches: (typeof found.inputs)[] = [];
let bytes = 0;
for (const input of found.inputs) {
  const b = (await stat(input.path)).size;
  if (!batches.length || bytes + b > BATCH_BYTES) {
    batches.push([]);
    bytes = 0;
  }
  batches.at(-1)?.push(input);
  bytes += b;
}

const t0 = performance.now();
const c0 = cpu();
const staged: { fonte: string; arquivo: string }[] = [];
let linhas = 0;
let membros = 0;
for (const [k, batch] of batches.entries()) {
  const opened: { files: RecognisedFile[]; close(): Promise<void> }[] = [];
  for (const [j, input] of batch.entries())
    opened.push(
      await fase('extract (yauzl, to the work dir)', () => openInput(input, join(work, `z${k}-${j}`))),
    );
  const groups = delimitedBySpec(opened.flatMap((o) => o.files));
  for (const g of groups.values()) membros += g.files.length;
  if (!values['sem-texto'])
    for (const { spec, files } of groups.values())
      for (const f of files)
        linhas += (
          await fase('text check alone (measured apart; also inside prepare)', () =>
            checkText(f.file.path, f.file.arquivo, spec.encoding),
          )
        ).lines;
  const pendingOf = new Map<string, PendingFiles>();
  const pending: PendingFiles[] = [];
  for (const { spec, files } of groups.values()) {
    const ps = await fase(
      'prepare (text check + header; typed temp tables only for a group that cannot go straight)',
      () =>
        prepareDelimitedFiles(
          db,
          spec,
          files.map((g) => g.file),
          report,
          work,
        ),
    );
    pending.push(...ps);
    for (const p of ps) for (const a of p.arquivos) pendingOf.set(`${spec.id}\u0000${a}`, p);
  }
  // The whole batch in one run, input after input, as stageBatch appends it (every file is delimited).
  const run = opened.flatMap((o) =>
    o.files.map((r) => {
      const pending = pendingOf.get(`${r.spec.id}\u0000${r.file.arquivo}`);
      if (!pending) throw new Error(`${r.file.arquivo}: not prepared`);
      staged.push({ fonte: r.spec.id, arquivo: r.file.arquivo });
      return { pending, arquivo: r.file.arquivo };
    }),
  );
  await fase('insert: read_csv + typing + checks + append, batch by batch', () =>
    insertPending(db, report, run),
  );
  await fase('drop temp tables, remove members', async () => {
    for (const p of pending) await p.drop();
    for (const o of opened) await o.close();
  });
}
for (const spec of dfpItrSources)
  await fase('cross-file duplicates', () =>
    crossFileDuplicates(
      db,
      spec,
      staged.filter((s) => s.fonte === spec.id).map((s) => s.arquivo),
    ),
  );
const total = cpu() - c0;
const wall = performance.now() - t0;
console.log(
  `${found.inputs.length} zips in ${batches.length} batches, ${membros} members, ${linhas} lines: ${(total / 1000).toFixed(2)} s CPU, ${(wall / 1000).toFixed(2)} s wall`,
);
for (const [nome, ms] of fases) console.log(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${nome}`);
console.log('statements by CPU:');
for (const [k, { n, ms }] of [...porComando].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
  console.log(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${String(n).padStart(5)}×  ${k}`);

if (values.hashes) {
  const tables = (
    await db.runAndReadAll(
      "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'stg\\_%' ESCAPE '\\' OR table_name = '_quarantine' ORDER BY 1",
    )
  )
    .getRows()
    .map((r) => String(r[0]));
  const out: Record<string, { rows: number; ordered: string; inserted: string }> = {};
  for (const t of tables) {
    const q = quote(t);
    const [row] = (
      await db.runAndReadAll(
        `SELECT count(*), (SELECT md5(string_agg(md5(CAST(x AS VARCHAR)), '' ORDER BY md5(CAST(x AS VARCHAR)))) FROM ${q} x),
                (SELECT md5(string_agg(md5(CAST(y AS VARCHAR)), '' ORDER BY r)) FROM (SELECT rowid AS r, y FROM ${q} y))
         FROM ${q}`,
      )
    ).getRows();
    out[t] = { rows: Number(row?.[0]), ordered: String(row?.[1]), inserted: String(row?.[2]) };
  }
  await writeFile(values.hashes, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`hashes → ${values.hashes}`);
}
conn.closeSync();
await rm(work, { recursive: true, force: true });
