import { DuckDBInstance } from '@duckdb/node-api';
import { expect, it } from 'vitest';
import { SESSAO_MAIS_PROXIMA, SQL_PRECO_CLASSE, sqlSessaoMaisProxima } from './acoes.ts';
import { CODIGO_DO_PRECO } from './multiplos.ts';

// Made here: a reference date (2020-06-30, a Tuesday in this fixture's calendar) with no session, the
// sessions one day either side, inserted later-first so that "the first row met" is the later one.
it('a reference date between two equally near sessions takes the earlier, whatever the rows order', async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`CREATE TABLE a AS SELECT DATE '2020-06-30' AS dt_refer`);
  const escolha = async (ordem: string[]) => {
    await db.run(
      `CREATE OR REPLACE TABLE p AS SELECT CAST(d AS DATE) AS data FROM unnest([${ordem.map((d) => `'${d}'`).join(', ')}]) t(d)`,
    );
    const r = await db.runAndReadAll(`SELECT CAST(${SESSAO_MAIS_PROXIMA} AS VARCHAR) AS d FROM a, p`);
    return r.getRowObjectsJson()[0]?.d;
  };
  expect(await escolha(['2020-07-01', '2020-06-29', '2020-06-26'])).toBe('2020-06-29');
  expect(await escolha(['2020-06-29', '2020-07-01'])).toBe('2020-06-29');
  // a strictly nearer session still wins over an earlier one
  expect(await escolha(['2020-06-26', '2020-07-01'])).toBe('2020-07-01');
  db.closeSync();
});

// Made here: random calendars (gaps, ties, both classes on a day, a company without sessions) and reference
// dates before, between, on and after the sessions; the two ASOF joins of mart_acoes give what the aggregate
// over every pair gives, filing by filing.
it('the ASOF form of the nearest session equals the aggregate over every session', async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`CREATE TABLE p AS SELECT cd AS cd_regulator, DATE '2019-12-01' + CAST(hash(cd, i) % 120 AS INTEGER) AS data,
      CASE WHEN hash(i, cd) % 2 = 0 THEN 'ON' ELSE 'PN' END AS classe
    FROM range(1, 6) c(cd), range(40) r(i)`);
  await db.run(`CREATE TABLE a AS SELECT DISTINCT cd AS cd_regulator, CASE WHEN i % 2 = 0 THEN 'DFP' ELSE 'ITR' END AS doc,
      DATE '2019-11-01' + CAST(hash(i, cd, 'a') % 200 AS INTEGER) AS dt_refer
    FROM range(1, 7) c(cd), range(60) r(i)`);
  const agregado =
    await db.runAndReadAll(`SELECT a.cd_regulator, a.doc, a.dt_refer, ${SESSAO_MAIS_PROXIMA} AS data_escala
    FROM a JOIN p USING (cd_regulator) GROUP BY ALL ORDER BY ALL`);
  const asof = await db.runAndReadAll(`SELECT * FROM (${sqlSessaoMaisProxima('a', 'p')}) ORDER BY ALL`);
  expect(agregado.getRowObjectsJson().length).toBeGreaterThan(200);
  expect(asof.getRowObjectsJson()).toEqual(agregado.getRowObjectsJson());
  db.closeSync();
});

// Made here: two PN codes of one company with the same volume on one day, and a third code without
// volume; inserted in both orders, the class price and its code come from the same row, the same each time.
it('two codes of a class with the same volume give one answer, every column from the same row', async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const linhas = [
    "(1, DATE '2020-06-29', 'PN', 'ABCD4', 10.0::DOUBLE, 500.0::DOUBLE, 'COTAHIST_A2020.ZIP', 7)",
    "(1, DATE '2020-06-29', 'PN', 'ABCD6', 12.0::DOUBLE, 500.0::DOUBLE, 'COTAHIST_A2020.ZIP', 9)",
    "(1, DATE '2020-06-29', 'PN', 'ABCD5', 99.0::DOUBLE, NULL, 'COTAHIST_A2020.ZIP', 8)",
  ];
  const resposta = async (ordem: string[]) => {
    await db.run(`CREATE OR REPLACE TABLE int_mercado_precos_empresa AS SELECT * FROM (VALUES ${ordem.join(', ')})
      t(cd_regulator, data, classe, ticker, fechamento, volume, arquivo, linha)`);
    await db.run(SQL_PRECO_CLASSE);
    return (
      await db.runAndReadAll('SELECT preco, ticker, linha, n_codigos FROM int_mercado_preco_classe')
    ).getRowObjectsJson();
  };
  const esperado = [{ preco: 12, ticker: 'ABCD6', linha: 9, n_codigos: '3' }];
  expect(await resposta(linhas)).toEqual(esperado);
  expect(await resposta([...linhas].reverse())).toEqual(esperado);
  db.closeSync();
});

// Made here: no current code known (t.ticker_atual NULL) and two codes with the same volume on one session;
// inserted in both orders, price and code come from the same row, the same each time. With a current code,
// it wins over a more traded one.
it("the company's price code: current first, then the most traded, equal volumes by code", async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const linhas = ["('ABCD3', 10.0::DOUBLE, 500.0::DOUBLE)", "('ABCD4', 12.0::DOUBLE, 500.0::DOUBLE)"];
  const resposta = async (ordem: string[], atual: string | null) => {
    await db.run(`CREATE OR REPLACE TABLE p AS SELECT 1 AS cd_regulator, * FROM (VALUES ${ordem.join(', ')})
      v(ticker, fechamento, volume)`);
    await db.run(
      `CREATE OR REPLACE TABLE t AS SELECT 1 AS cd_regulator, CAST(${atual ? `'${atual}'` : 'NULL'} AS VARCHAR) AS ticker_atual`,
    );
    return (
      await db.runAndReadAll(`SELECT arg_max(p.ticker, ${CODIGO_DO_PRECO}) AS ticker, arg_max(p.fechamento, ${CODIGO_DO_PRECO}) AS preco
        FROM p LEFT JOIN t USING (cd_regulator)`)
    ).getRowObjectsJson();
  };
  expect(await resposta(linhas, null)).toEqual([{ ticker: 'ABCD4', preco: 12 }]);
  expect(await resposta([...linhas].reverse(), null)).toEqual([{ ticker: 'ABCD4', preco: 12 }]);
  expect(await resposta([...linhas, "('ABCD11', 1.0::DOUBLE, 9e9::DOUBLE)"], 'ABCD3')).toEqual([
    { ticker: 'ABCD3', preco: 10 },
  ]);
  db.closeSync();
});
