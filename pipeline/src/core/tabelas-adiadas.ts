import { type DuckDBConnection, listValue } from '@duckdb/node-api';
import { lit, numero, quote } from './sql.ts';

// Staged tables the staging cache left on disk (build.ts, `adiadas`): filled when a stage that runs reads
// them, or read where they lie when only one stage does.

/**
 * A staged table left empty (or holding only the rows staged in this build) until a stage reads it: its
 * cached inputs' Parquet files in order, the duplicate records whose rows leave it, the cached rows' count
 * once they have.
 */
export interface Adiada {
  parquets: string[];
  delecoes: string[];
  linhas: number;
}

/** Fills a table left on disk: its inputs' rows in order, less the cross-file duplicates removed from it. */
export async function carregarAdiada(
  db: DuckDBConnection,
  adiadas: Map<string, Adiada>,
  tabela: string,
): Promise<void> {
  const a = adiadas.get(tabela);
  if (!a) return;
  adiadas.delete(tabela);
  await db.run(`INSERT INTO ${quote(tabela)} BY NAME SELECT * FROM read_parquet($1)`, [
    listValue(a.parquets),
  ]);
  for (const q of a.delecoes)
    await db.run(
      `DELETE FROM ${quote(tabela)} s USING (SELECT arquivo, linha FROM read_parquet($1)) d
       WHERE s._arquivo = d.arquivo AND s._linha = d.linha`,
      [q],
    );
}

/** Where `lerEmLugar` keeps the rows staged in this build of a table it turns into a view. */
const novasDe = (tabela: string) => `_novas_${tabela}`;

/**
 * A table left on disk that only one stage reads (usoDasTabelas, `lidaPorUmaSo`) becomes a view over its
 * rows where they are, instead of being loaded: its cached inputs' Parquet files in order, then the rows
 * this build staged (kept as `novasDe(tabela)`; a new day comes after the files it adds to), less the
 * cross-file duplicates. Its one reader scans only the columns and rows it needs: loading every column of
 * 16 years of COTAHIST to read a few of them took 2.0 s of a nightly build, and `mart_precos` then took
 * 1.9 s over the loaded table against 1.2 s over the files (docs/benchmarks.md, "COTAHIST read where it lies").
 */
export async function lerEmLugar(
  db: DuckDBConnection,
  adiadas: Map<string, Adiada>,
  tabela: string,
  vistas: Set<string>,
): Promise<void> {
  const a = adiadas.get(tabela);
  if (!a) return;
  adiadas.delete(tabela);
  vistas.add(tabela);
  const descritas = (await db.runAndReadAll(`DESCRIBE ${quote(tabela)}`)).getRows();
  const colunas = descritas.map((r) => quote(String(r[0]))).join(', ');
  // In the table's types, as loading it (INSERT … BY NAME) would cast them.
  const doArquivo = descritas.map(
    (r) => `CAST(${quote(String(r[0]))} AS ${String(r[1])}) AS ${quote(String(r[0]))}`,
  );
  const partes = [`SELECT ${doArquivo.join(', ')} FROM read_parquet([${a.parquets.map(lit).join(', ')}])`];
  if ((await numero(db, `SELECT count(*) FROM ${quote(tabela)}`)) > 0) {
    await db.run(`ALTER TABLE ${quote(tabela)} RENAME TO ${quote(novasDe(tabela))}`);
    partes.push(`SELECT ${colunas} FROM ${quote(novasDe(tabela))}`);
  } else await db.run(`DROP TABLE ${quote(tabela)}`);
  const linhas = partes.join(' UNION ALL ');
  await db.run(
    `CREATE VIEW ${quote(tabela)} AS ${
      a.delecoes.length
        ? `SELECT s.* FROM (${linhas}) s ANTI JOIN read_parquet([${a.delecoes.map(lit).join(', ')}]) d
           ON s._arquivo = d.arquivo AND s._linha = d.linha`
        : linhas
    }`,
  );
}

/** Drops a table, or a staged table read in place (one of `vistas`) and the rows it kept. */
export async function descartar(
  db: DuckDBConnection,
  tabela: string,
  vistas: ReadonlySet<string>,
): Promise<void> {
  if (!vistas.has(tabela)) return void (await db.run(`DROP TABLE ${quote(tabela)}`));
  await db.run(`DROP VIEW ${quote(tabela)}`);
  await db.run(`DROP TABLE IF EXISTS ${quote(novasDe(tabela))}`);
}
