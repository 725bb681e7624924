import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { lit } from './sql.ts';
import { type Adiada, carregarAdiada, descartar, lerEmLugar } from './tabelas-adiadas.ts';

// Made here: a staged table with two cached parts, a record of cross-file duplicates (one row of the
// second part, one of the rows staged in this build) and, in some cases, rows staged in this build.
const dir = mkdtempSync(join(tmpdir(), 'tabelas-adiadas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const parte1 = join(dir, 'parte1.parquet');
const parte2 = join(dir, 'parte2.parquet');
const delecoes = join(dir, 'delecoes.parquet');
const TABELA = 'stg_feito_aqui';

async function banco(novas: boolean): Promise<DuckDBConnection> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`CREATE TABLE ${TABELA} (codigo VARCHAR, valor INTEGER, _arquivo VARCHAR, _linha BIGINT)`);
  await db.run(`COPY (SELECT * FROM (VALUES ('A', 1, 'a.csv', 2), ('B', 2, 'a.csv', 3)) t(codigo, valor, _arquivo, _linha))
    TO ${lit(parte1)} (FORMAT PARQUET)`);
  await db.run(`COPY (SELECT * FROM (VALUES ('C', 3, 'b.csv', 2), ('B', 9, 'b.csv', 3)) t(codigo, valor, _arquivo, _linha))
    TO ${lit(parte2)} (FORMAT PARQUET)`);
  await db.run(
    `COPY (SELECT * FROM (VALUES ('b.csv', 3), ('c.csv', 3)) t(arquivo, linha)) TO ${lit(delecoes)} (FORMAT PARQUET)`,
  );
  if (novas) await db.run(`INSERT INTO ${TABELA} VALUES ('D', 4, 'c.csv', 2), ('B', 7, 'c.csv', 3)`);
  return db;
}

const adiadas = () =>
  new Map<string, Adiada>([[TABELA, { parquets: [parte1, parte2], delecoes: [delecoes], linhas: 3 }]]);
const linhas = async (db: DuckDBConnection) =>
  (await db.runAndReadAll(`SELECT * FROM ${TABELA} ORDER BY _arquivo, _linha`)).getRowObjectsJson();
const objetos = async (db: DuckDBConnection) =>
  (
    await db.runAndReadAll(
      `SELECT 'tabela ' || table_name FROM duckdb_tables() UNION ALL
       SELECT 'vista ' || view_name FROM duckdb_views() WHERE NOT internal ORDER BY 1`,
    )
  )
    .getRows()
    .map((r) => String(r[0]));

describe('a staged table left on disk', () => {
  for (const novas of [true, false])
    it(`read in place has the rows loading it gives${novas ? ', with rows staged in this build' : ''}, and is dropped with them`, async () => {
      const carregada = await banco(novas);
      await carregarAdiada(carregada, adiadas(), TABELA);
      const emLugar = await banco(novas);
      const vistas = new Set<string>();
      const a = adiadas();
      await lerEmLugar(emLugar, a, TABELA, vistas);
      expect(a.size).toBe(0);
      expect(await objetos(emLugar)).toEqual([
        ...(novas ? [`tabela _novas_${TABELA}`] : []),
        `vista ${TABELA}`,
      ]);
      const esperadas = [
        { codigo: 'A', valor: 1, _arquivo: 'a.csv', _linha: '2' },
        { codigo: 'B', valor: 2, _arquivo: 'a.csv', _linha: '3' },
        { codigo: 'C', valor: 3, _arquivo: 'b.csv', _linha: '2' },
        ...(novas ? [{ codigo: 'D', valor: 4, _arquivo: 'c.csv', _linha: '2' }] : []),
      ];
      expect(await linhas(carregada)).toEqual(esperadas);
      expect(await linhas(emLugar)).toEqual(esperadas);
      await descartar(emLugar, TABELA, vistas);
      expect(await objetos(emLugar)).toEqual([]);
    });

  it('a table loaded, not read in place, is dropped as a table', async () => {
    const db = await banco(true);
    await carregarAdiada(db, adiadas(), TABELA);
    await descartar(db, TABELA, new Set());
    expect(await objetos(db)).toEqual([]);
  });
});
