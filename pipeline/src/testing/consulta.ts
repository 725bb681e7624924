import { DuckDBInstance } from '@duckdb/node-api';

/**
 * One query on a fresh in-memory DuckDB, to read a published Parquet/CSV back in tests that live in
 * packages without their own DuckDB dependency. Values come back JSON-shaped (BIGINT/DECIMAL as strings).
 */
export async function consultar(sql: string): Promise<Record<string, unknown>[]> {
  const inst = await DuckDBInstance.create(':memory:');
  const db = await inst.connect();
  try {
    return (await db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    db.closeSync();
    inst.closeSync();
  }
}
