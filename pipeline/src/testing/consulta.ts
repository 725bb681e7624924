import { DuckDBInstance } from '@duckdb/node-api';
import type { Parametros } from '../core/sql.ts';

/**
 * One query on a fresh in-memory DuckDB, to read a published Parquet/CSV back in tests that live in
 * packages without their own DuckDB dependency. Values come back JSON-shaped (BIGINT/DECIMAL as strings).
 * A path or any other value goes in as a bound parameter (`read_parquet($1)`), never quoted into `sql`.
 */
export async function consultar(sql: string, params?: Parametros): Promise<Record<string, unknown>[]> {
  const inst = await DuckDBInstance.create(':memory:');
  const db = await inst.connect();
  try {
    return (await db.runAndReadAll(sql, params)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    db.closeSync();
    inst.closeSync();
  }
}
