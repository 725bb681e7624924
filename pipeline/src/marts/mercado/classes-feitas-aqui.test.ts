import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { checar } from '../../core/checagens.ts';
import { CHECAGENS_CLASSES, SQL_CLASSES } from './classes.ts';

/**
 * The per-class SQL over tables made here (test-local fixture `feita-aqui`, not real numbers): company 1
 * has TSTE3 (ON) and TSTE4 (PN, main code) both traded and TSTE5 (PNA) live but without a session; each class
 * has its own cash events. The real sample has cash events of one single-class company only (AMBEV), so the
 * rule "each class's DY uses its own proventos" needs this fixture; prices and P/L on real rows are in
 * classes-amostra.test.ts.
 */
const FEITA_AQUI = /* sql */ `
CREATE TABLE mart_tickers AS SELECT * FROM (VALUES
  (1, 'TSTE3', true), (1, 'TSTE4', true), (1, 'TSTE5', true), (1, 'TSTE6', false), (1, 'TSTE11', true)
) t(cd_regulator, ticker, vigente);
CREATE TABLE int_fundamentos_ticker_atual AS SELECT 1 AS cd_regulator, 'TSTE4' AS ticker_atual;
CREATE TABLE mart_mercado_precos AS SELECT * FROM (VALUES
  ('TSTE3', DATE '2024-03-04', 20.0e0, 1000.0e0, 'feita-aqui', 1),
  ('TSTE4', DATE '2024-03-04', 10.0e0, 5000.0e0, 'feita-aqui', 2),
  ('TSTE3', DATE '2025-01-10', 25.0e0, 1000.0e0, 'feita-aqui', 3),
  ('TSTE4', DATE '2025-01-10', 12.5e0, 5000.0e0, 'feita-aqui', 4)
) t(ticker, data, fechamento, volume, arquivo, linha);
-- 100 ON + 300 PN outstanding; profit 800, equity 4000: LPA 2, VPA 10 for every class
CREATE TABLE mart_mercado_multiplos_anuais AS SELECT 1 AS cd_regulator, 2023 AS ano, DATE '2024-03-01' AS dt_receb,
  DATE '2024-03-04' AS data_preco, 3 AS dias_ate_preco, 100.0e0 AS on_circulacao, 300.0e0 AS pn_circulacao,
  DATE '2023-12-31' AS acoes_dt_refer, NULL::VARCHAR AS flag_acoes, 800.0e0 AS lucro, false AS lucro_total, 4000.0e0 AS patrimonio;
CREATE TABLE mart_mercado_valuation AS SELECT 1 AS cd_regulator, DATE '2025-01-10' AS data_preco, 2023 AS ano,
  400.0e0 AS acoes, 800.0e0 AS lucro, false AS lucro_total, 4000.0e0 AS patrimonio, 2.0e0 AS lpa, 10.0e0 AS vpa, 4 AS n_proventos,
  'classe_sem_preco' AS flags_acoes;
CREATE TABLE mart_mercado_proventos AS SELECT * FROM (VALUES
  (1, 'ON', 'DIVIDENDO', 1.0e0, DATE '2024-06-01', 1),
  (1, 'ON', 'DIVIDENDO', 0.5e0, DATE '2023-06-01', 2),
  (1, 'PN', 'DIVIDENDO', 0.25e0, DATE '2024-06-01', 3),
  (1, 'PN', 'JRS CAP PROPRIO', 0.25e0, DATE '2024-12-01', 4)
) t(cd_regulator, tipo_acao, tipo, valor, data_com, linha);
`;

let db: DuckDBConnection;
const ler = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson();

beforeAll(async () => {
  db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(FEITA_AQUI);
  await db.run(SQL_CLASSES);
});

describe('per-class multiples (fixture made here)', () => {
  it('live share codes only: units, codes no longer traded are out; the main code is marked', async () => {
    expect(
      await ler('SELECT ticker, tipo_acao, principal FROM int_mercado_classes_vivas ORDER BY ticker'),
    ).toEqual([
      { ticker: 'TSTE3', tipo_acao: 'ON', principal: false },
      { ticker: 'TSTE4', tipo_acao: 'PN', principal: true },
      { ticker: 'TSTE5', tipo_acao: 'PNA', principal: false },
    ]);
  });

  it("annual: each class at its own close over the company's LPA/VPA; a class without a session is null with a flag", async () => {
    expect(
      await ler(
        `SELECT ticker, preco, lpa, vpa, pl, pvp, flag FROM mart_mercado_multiplos_classe ORDER BY ticker`,
      ),
    ).toEqual([
      { ticker: 'TSTE3', preco: 20, lpa: 2, vpa: 10, pl: 10, pvp: 2, flag: null },
      { ticker: 'TSTE4', preco: 10, lpa: 2, vpa: 10, pl: 5, pvp: 1, flag: null },
      { ticker: 'TSTE5', preco: null, lpa: 2, vpa: 10, pl: null, pvp: null, flag: 'classe_sem_pregao' },
    ]);
  });

  it("current: each class's DY is its own 12-month proventos over its own price", async () => {
    // window (2024-01-10, 2025-01-10]: ON 1.0 (the 2023 event is out); PN 0.25 + 0.25; PNA none (0, price null)
    expect(
      await ler(
        `SELECT ticker, preco, pl, proventos_12m, dy_12m, flag FROM mart_mercado_valuation_classe ORDER BY ticker`,
      ),
    ).toEqual([
      { ticker: 'TSTE3', preco: 25, pl: 12.5, proventos_12m: 1, dy_12m: 0.04, flag: null },
      { ticker: 'TSTE4', preco: 12.5, pl: 6.25, proventos_12m: 0.5, dy_12m: 0.04, flag: null },
      { ticker: 'TSTE5', preco: null, pl: null, proventos_12m: 0, dy_12m: null, flag: 'classe_sem_pregao' },
    ]);
  });

  it('every declarative check holds on the fixture, and the own-price check catches a borrowed price', async () => {
    for (const c of CHECAGENS_CLASSES) expect((await checar(db, c)).falhas, c.nome).toBe(0);
    await db.run(`UPDATE mart_mercado_valuation_classe SET preco = 12.5 WHERE ticker = 'TSTE3'`);
    const proprio = CHECAGENS_CLASSES.find((c) => c.nome === 'valuation_classe_preco_do_proprio_codigo');
    if (!proprio) throw new Error('check missing');
    expect((await checar(db, proprio)).falhas).toBe(1);
  });
});
