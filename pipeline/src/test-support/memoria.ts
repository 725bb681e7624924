import type { DuckDBConnection } from '@duckdb/node-api';

/** Bytes DuckDB holds for in-memory tables, in memory or spilled (what a checkpoint compresses). */
export async function bytesDasTabelas(db: DuckDBConnection): Promise<number> {
  return Number(
    (
      await db.runAndReadAll(
        "SELECT sum(memory_usage_bytes + temporary_storage_bytes) FROM duckdb_memory() WHERE tag = 'IN_MEMORY_TABLE'",
      )
    ).getRows()[0]?.[0] ?? 0,
  );
}
