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
 * Rewrites a staged table as a fresh copy made on one DuckDB thread, so its storage is the same whatever
 * way its rows were appended (staged in batches, loaded from the staging cache in parallel, some deleted
 * as cross-file duplicates): full row groups of DuckDB's fixed size, in insertion order. A Parquet file
 * written from a plain scan of it then depends on the rows only. This replaced an `ORDER BY rowid` on the
 * whole table, whose sort held every row at once and was the build's memory peak, growing with the input
 * (docs/benchmarks.md, "Staging memory"); the copy streams. The build no longer makes the copy
 * (compactScan hands the writer the same chunks without it); it stays as the definition compactScan is
 * checked against in compact-staging.test.ts.
 */
export async function compactStagingTable(db: DuckDBConnection, table: string): Promise<boolean> {
  // Already in that shape (every row group full but the last, no deleted row), the copy would be the same
  // storage again: a table loaded or staged in one go usually is, and copying every staged table was a
  // full copy of the staged rows (and at full scale their spill to disk) on one thread.
  if (await jaCompacta(db, table)) return false;
  const copy = quote(`${table}__compacto`);
  await withOneThread(db, () => db.run(`CREATE TABLE ${copy} AS SELECT * FROM ${quote(table)}`));
  await db.run(`DROP TABLE ${quote(table)}`);
  await db.run(`ALTER TABLE ${copy} RENAME TO ${quote(table)}`);
  return true;
}

/**
 * A query over a staged table that hands a Parquet writer running on one thread the chunks a plain scan of
 * compactStagingTable's copy would (full 2,048-row vectors in insertion order), without copying the table
 * when it is not compact. A materialized CTE collects the scan in a ColumnDataCollection, which fills
 * each vector before starting the next, and frees it once the statement ends: at full scale the copy of
 * stg_cvm_demonstracao (rows deleted as cross-file duplicates, row groups cut by staging's inserts) took
 * 40 s on one thread before the write scanned it again (docs/benchmarks.md, "Staging Parquet without the
 * compaction copy"). compact-staging.test.ts checks both write the same bytes. Null: already compact.
 */
export async function compactScan(db: DuckDBConnection, table: string): Promise<string | null> {
  if (await jaCompacta(db, table)) return null;
  return `WITH compacto AS MATERIALIZED (SELECT * FROM ${quote(table)}) SELECT * FROM compacto`;
}

/** Rows of a DuckDB row group (its fixed size); compact-staging.test.ts checks a compacted copy has them. */
export const LINHAS_POR_ROW_GROUP = 122_880;

/**
 * Whether a table's storage is what compactStagingTable's copy would make: its row groups, in order, all
 * hold LINHAS_POR_ROW_GROUP rows but the last, and none of their rows is deleted (a DELETE leaves the
 * rows in their row group, so the row groups then count more rows than the table has). A scan of it
 * then yields the chunks a scan of the copy would.
 */
export async function jaCompacta(db: DuckDBConnection, table: string): Promise<boolean> {
  // Counted on the first column's validity segments: every column type has them, one per row.
  const grupos = (
    await db.runAndReadAll(
      `SELECT sum(count) FROM pragma_storage_info($1)
       WHERE column_id = 0 AND column_path = '[0, 0]' GROUP BY row_group_id ORDER BY row_group_id`,
      [table],
    )
  )
    .getRows()
    .map((r) => Number(r[0]));
  if (grupos.slice(0, -1).some((n) => n !== LINHAS_POR_ROW_GROUP)) return false;
  const linhas = Number(
    (await db.runAndReadAll(`SELECT count(*) FROM ${quote(table)}`)).getRows()[0]?.[0] ?? -1,
  );
  return grupos.reduce((a, n) => a + n, 0) === linhas;
}
