import {
  type DuckDBConnection,
  type DuckDBListValue,
  type DuckDBValue,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';
import { z } from 'zod';

/**
 * The query helpers every mart shares. Values that come from data or from constants go in as bound
 * parameters (`$1`, `$2`, … or `$nome`), never quoted into the SQL text by hand: DuckDB's prepared
 * statements do the quoting, and a quote inside a name cannot change the query.
 */
/**
 * Identifier and string literal quoting, for the SQL text that cannot take bound parameters: identifiers
 * and DDL, and the few places where DuckDB wants a constant at bind time (a regex with a list of group
 * names). Written once here; every other value is bound.
 */
export const quote = (id: string): string => `"${id.replace(/"/g, '""')}"`;
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export type Parametros = DuckDBValue[] | Record<string, DuckDBValue>;

/**
 * A list of texts as one bound value (`VARCHAR[]`): `list_contains($arquivos, _arquivo)` instead of an
 * `IN ('a', 'b')` written by hand, `$rotulos[2]` instead of a quoted label. A list must be bound as a
 * DuckDB list value: a plain JS array has no type DuckDB can infer.
 */
export const textos = (xs: readonly (string | null)[]): DuckDBListValue => listValue([...xs]);
/** The type of `textos`, where DuckDB needs it spelt (an appender's list column). */
export const TEXTOS = LIST(VARCHAR);

/**
 * Runs a script of several statements with named parameters (`$nome`): each statement is prepared in turn
 * (a later one may read a table an earlier one creates) and bound to the parameters it names. DuckDB
 * binds one statement at a time: `db.run(script, params)` binds only the script's last statement.
 */
export async function executar(
  db: DuckDBConnection,
  script: string,
  params: Readonly<Record<string, DuckDBValue>>,
): Promise<void> {
  const extraidos = await db.extractStatements(script);
  for (let i = 0; i < extraidos.count; i++) {
    const st = await extraidos.prepare(i);
    try {
      for (let p = 1; p <= st.parameterCount; p++) {
        const nome = st.parameterName(p);
        const v = params[nome];
        if (v === undefined)
          throw new Error(`SQL parameter $${nome} has no value (statement ${i + 1} of the script)`);
        st.bindValue(p, v);
      }
      await st.run();
    } finally {
      st.destroySync();
    }
  }
}

/** Runs a query and validates every row: a mart never trusts its own SQL blindly. */
export async function linhas<S extends z.ZodType>(
  db: DuckDBConnection,
  sql: string,
  schema: S,
  params?: Parametros,
): Promise<z.infer<S>[]> {
  const r = await db.runAndReadAll(sql, params);
  return r.getRowObjectsJson().map((row, i) => {
    const ok = schema.safeParse(row);
    if (!ok.success)
      throw new Error(`row ${i + 1} of query failed validation: ${ok.error.message}\n${sql.slice(0, 300)}`);
    return ok.data;
  });
}

/** A single number from a query (counts used by the checks). */
export async function numero(db: DuckDBConnection, sql: string, params?: Parametros): Promise<number> {
  const r = await db.runAndReadAll(sql, params);
  const v = r.getRowsJson()[0]?.[0];
  return Number(v ?? 0);
}

/** Whether `tabela` exists with `coluna` (an optional source may leave a staging table out). */
export async function temColuna(db: DuckDBConnection, tabela: string, coluna: string): Promise<boolean> {
  const n = await numero(
    db,
    'SELECT count(*) FROM information_schema.columns WHERE table_name = $1 AND column_name = $2',
    [tabela, coluna],
  );
  return n > 0;
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
  params?: Parametros,
): Promise<Verificacao> {
  const verificados = await numero(db, total_sql, params);
  const falhas = await numero(db, `SELECT count(*) FROM (${falhas_sql})`, params);
  // Nothing failed, nothing to show: running the failing rows' query again for its examples cost a second
  // pass over the checked table (0.5 s for the sessions' unique key in a nightly build).
  if (falhas === 0) return { verificados, falhas, exemplos: [] };
  // ORDER BY ALL: without it DuckDB's threads pick any five, and two builds of the same input would
  // publish different report.json files (a cached build must equal one from scratch).
  const ex = await db.runAndReadAll(`SELECT * FROM (${falhas_sql}) ORDER BY ALL LIMIT 5`, params);
  return { verificados, falhas, exemplos: ex.getRowObjectsJson() };
}

/** A number read back from DuckDB (BIGINT and DECIMAL columns arrive as bigint or text). */
export const num = z.coerce.number();
/** `num`, or null for SQL NULL. */
export const numOuNulo = z.union([z.null(), z.coerce.number()]);
