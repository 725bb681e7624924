import type { DuckDBConnection } from '@duckdb/node-api';
import type { z } from 'zod';

/** Runs a query and validates every row: a mart never trusts its own SQL blindly. */
export async function linhas<S extends z.ZodType>(
  db: DuckDBConnection,
  sql: string,
  schema: S,
): Promise<z.infer<S>[]> {
  const r = await db.runAndReadAll(sql);
  return r.getRowObjectsJson().map((row, i) => {
    const ok = schema.safeParse(row);
    if (!ok.success)
      throw new Error(`row ${i + 1} of query failed validation: ${ok.error.message}\n${sql.slice(0, 300)}`);
    return ok.data;
  });
}

/** A single number from a query (counts used by the checks). */
export async function numero(db: DuckDBConnection, sql: string): Promise<number> {
  const r = await db.runAndReadAll(sql);
  const v = r.getRowsJson()[0]?.[0];
  return Number(v ?? 0);
}

/** A check beside a mart's SQL: how many rows were checked, how many failed, a few failures. */
export interface Verificacao {
  verificados: number;
  falhas: number;
  exemplos: unknown[];
}

/** `falhas_sql` selects the failing rows; `total_sql` counts the rows checked. */
export async function verificar(
  db: DuckDBConnection,
  total_sql: string,
  falhas_sql: string,
): Promise<Verificacao> {
  const verificados = await numero(db, total_sql);
  const falhas = await numero(db, `SELECT count(*) FROM (${falhas_sql})`);
  // ORDER BY ALL: without it DuckDB's threads pick any five, and two builds of the same input would
  // publish different report.json files (a cached build must equal one from scratch).
  const ex = await db.runAndReadAll(`SELECT * FROM (${falhas_sql}) ORDER BY ALL LIMIT 5`);
  return { verificados, falhas, exemplos: ex.getRowObjectsJson() };
}

/**
 * VL_CONTA in BRL units for a statement row aliased `d`: times 1000 when ESCALA_MOEDA is MIL, except
 * the per-share lines (3.99), which CVM prints in reais whatever the scale says.
 */
export const VALOR_EM_REAIS = `CAST(d.vl_conta AS DECIMAL(38,10)) *
  CASE WHEN d.escala_moeda = 'MIL' AND d.cd_conta NOT LIKE '3.99%' THEN 1000 ELSE 1 END`;
