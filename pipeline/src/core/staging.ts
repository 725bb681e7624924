import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnSpec, ColumnType, SourceSpec } from './source.ts';
import { quote } from './sql.ts';

/** Staging column name: the source header lowercased with accents stripped (`Código` → `codigo`). */
export function stagingColumn(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

/** `_`-column names contributed by a spec's file-name groups and constant facts. */
export function factColumns(spec: SourceSpec): string[] {
  const groups = [...spec.fileName.source.matchAll(/\(\?<([A-Za-z][A-Za-z0-9]*)>/g)].map((m) => m[1] ?? '');
  return [...new Set([...groups, ...Object.keys(spec.facts ?? {})])].map((g) => `_${g}`);
}

/** File-name facts of one file: named groups of the spec's regex plus its constant facts. */
export function factsOf(spec: SourceSpec, baseName: string): Record<string, string> | null {
  const m = spec.fileName.exec(baseName);
  if (!m) return null;
  const facts: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) facts[`_${k}`] = v;
  for (const [k, v] of Object.entries(spec.facts ?? {})) facts[`_${k}`] = v;
  return facts;
}

export function sqlType(c: Pick<ColumnSpec, 'type' | 'scale'>): string {
  const t: ColumnType = c.type;
  switch (t) {
    case 'varchar':
      return 'VARCHAR';
    case 'integer':
      return 'INTEGER';
    case 'bigint':
      return 'BIGINT';
    case 'decimal':
      return `DECIMAL(38,${c.scale ?? 10})`;
    case 'double':
      return 'DOUBLE';
    case 'date':
    case 'date_br':
    case 'date_compact':
      return 'DATE';
  }
}

/** Rows a build can survive without: kept out of staging, listed here and counted in the report. */
export async function ensureQuarantineTable(db: DuckDBConnection): Promise<void> {
  await db.run(
    'CREATE TABLE IF NOT EXISTS _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
  );
}

export interface StagingColumn {
  name: string;
  sql: string;
}

/** Columns of a delimited spec's staging table, in order: data columns, `_arquivo`, `_linha`, facts. */
export function stagingColumnsOf(spec: SourceSpec & { columns: ColumnSpec[] }): StagingColumn[] {
  return [
    ...spec.columns.map((c) => ({ name: stagingColumn(c.name), sql: sqlType(c) })),
    { name: '_arquivo', sql: 'VARCHAR' },
    { name: '_linha', sql: 'BIGINT' },
    ...factColumns(spec).map((name) => ({ name, sql: 'VARCHAR' })),
  ];
}

/**
 * Creates (or widens) a staging table so several specs can share it: e.g. BPA has no DT_INI_EXERC and
 * only DMPL has COLUNA_DF, so `stg_cvm_demonstracao` holds the union and the missing ones are NULL.
 */
export async function ensureStagingTable(
  db: DuckDBConnection,
  table: string,
  columns: StagingColumn[],
): Promise<void> {
  const seen = new Map<string, StagingColumn>();
  for (const c of columns) if (!seen.has(c.name)) seen.set(c.name, c);
  const cols = [...seen.values()];
  await db.run(
    `CREATE TABLE IF NOT EXISTS ${quote(table)} (${cols.map((c) => `${quote(c.name)} ${c.sql}`).join(', ')})`,
  );
  for (const c of cols)
    await db.run(`ALTER TABLE ${quote(table)} ADD COLUMN IF NOT EXISTS ${quote(c.name)} ${c.sql}`);
}

/** Creates every delimited staging table up front, so marts can query a table even when no file fed it. */
export async function createStagingTables(db: DuckDBConnection, specs: readonly SourceSpec[]): Promise<void> {
  const byTable = new Map<string, StagingColumn[]>();
  for (const s of specs) {
    if (s.kind !== 'delimited') continue;
    byTable.set(s.staged, [...(byTable.get(s.staged) ?? []), ...stagingColumnsOf(s)]);
  }
  for (const [table, cols] of byTable) await ensureStagingTable(db, table, cols);
}

/** Runs `fn` with DuckDB on one thread, then restores the thread count it found. */
export async function withOneThread<T>(db: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
  const threads = Number(
    (await db.runAndReadAll("SELECT current_setting('threads')")).getRows()[0]?.[0] ?? 1,
  );
  if (threads !== 1) await db.run('SET threads = 1');
  try {
    return await fn();
  } finally {
    if (threads !== 1) await db.run(`SET threads = ${threads}`);
  }
}

/**
 * Compresses the rows appended to the build's tables since the last call. DuckDB keeps rows appended to an
 * in-memory table uncompressed until the database is checkpointed: at full scale the staged statement
 * table (32.6 M rows) took ~8 GB that way, six of them spilled to the work dir at the 2 GB memory limit and
 * read back by every scan of it, which on a machine with a runner's 7 GB made the build 88 s slower;
 * checkpointed as staging goes (core/salvamento-de-entradas.ts) it takes ~0.6 GB (docs/benchmarks.md,
 * "Staging beside the saves, and staged tables compressed").
 */
export async function comprimir(db: DuckDBConnection): Promise<void> {
  await db.run('CHECKPOINT');
}

/**
 * A query over `select` that hands a Parquet writer running on one thread full 2,048-row vectors of its rows
 * in order, so the file's bytes depend on the rows only. A plain scan of a staged table hands the writer
 * chunks shaped by how the rows were appended (staged in a batch after another input's rows, loaded from
 * the cache in parallel, some deleted), which moved Parquet page and row-group boundaries between a cached
 * build and one from scratch. A materialized CTE collects the scan in a ColumnDataCollection, which fills
 * each vector before starting the next, and frees it once the statement ends. It replaced a compacted copy
 * of the whole table (at full scale 40 s on one thread for stg_cvm_demonstracao) and, before it, an
 * `ORDER BY rowid` whose sort held every row at once (docs/benchmarks.md, "Staging memory").
 * compact-staging.test.ts checks a range's bytes do not depend on what precedes it.
 */
export function emVetoresCheios(select: string): string {
  return `WITH parte AS MATERIALIZED (${select}) SELECT * FROM parte`;
}
