import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';

/** data/sample/raw of the repository, whatever directory the tests run from. */
export const SAMPLE_RAW = fileURLToPath(new URL('../../../data/sample/raw/', import.meta.url));

/** Data rows of a delimited file counted independently of the reader: non-blank lines minus the header. */
export function dataLines(path: string): number {
  return (
    readFileSync(path)
      .toString('latin1')
      .split('\n')
      .filter((l) => l.replace(/\r$/, '') !== '').length - 1
  );
}

/** Runs one query on a fresh in-memory DuckDB (to read published Parquet back). */
export async function query(sql: string): Promise<Record<string, unknown>[]> {
  const inst = await DuckDBInstance.create(':memory:');
  const db = await inst.connect();
  try {
    return (await db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    db.closeSync();
    inst.closeSync();
  }
}
