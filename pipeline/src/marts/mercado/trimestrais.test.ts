import { DuckDBInstance } from '@duckdb/node-api';
import { expect, it } from 'vitest';
import { SQL_TRIMESTRAIS } from './trimestrais.ts';

/**
 * MADE HERE, no real numbers: a fictitious company 999999 (no real ITR is in the sample). Quarterly
 * profits 2010Q1=1, 2023Q2=10, 2023Q3=20, 2023Q4=30, 2024Q1=40 (2023Q1 and all of 2022 absent); 100 ON shares
 * known from 2023-03-01; sessions 2023-08-07 (close 5) and 2024-05-10 (close 6).
 */
it('TTM sums four quarters, names the missing quarter, and prices on the first session after dt_receb', async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`
CREATE TABLE mart_fatos_trimestrais AS SELECT * FROM (VALUES
  (999999, 2010, 1, 'DRE', '3.11', 'Lucro/Prejuízo Consolidado do Período', 1.0::DOUBLE, NULL, DATE '2010-05-14'),
  (999999, 2023, 2, 'DRE', '3.11', 'Lucro/Prejuízo Consolidado do Período', 10.0::DOUBLE, NULL, DATE '2023-08-05'),
  (999999, 2023, 3, 'DRE', '3.11', 'Lucro/Prejuízo Consolidado do Período', 20.0::DOUBLE, NULL, DATE '2023-11-10'),
  (999999, 2023, 4, 'DRE', '3.11', 'Lucro/Prejuízo Consolidado do Período', 30.0::DOUBLE, NULL, DATE '2024-03-01'),
  (999999, 2024, 1, 'DRE', '3.11', 'Lucro/Prejuízo Consolidado do Período', 40.0::DOUBLE, NULL, DATE '2024-05-10'),
  (999999, 2024, 1, 'BPP', '2.03', 'Patrimônio Líquido Consolidado', 300.0::DOUBLE, NULL, DATE '2024-05-10')
) t(cd_regulator, ano, trimestre, demo, cd_conta, ds_conta, valor, flag, dt_receb);
CREATE TABLE int_mercado_precos_empresa AS SELECT * FROM (VALUES
  (999999, 'FICT3', DATE '2023-08-07', 5.0::DOUBLE, 1000.0::DOUBLE), (999999, 'FICT3', DATE '2024-05-10', 6.0::DOUBLE, 1000.0::DOUBLE)
) t(cd_regulator, ticker, data, fechamento, volume);
CREATE TABLE int_mercado_preco_classe AS SELECT cd_regulator, data, 'ON' AS classe, fechamento AS preco FROM int_mercado_precos_empresa;
CREATE TABLE int_mercado_acoes AS SELECT 999999 AS cd_regulator, DATE '2022-12-31' AS dt_refer, DATE '2023-03-01' AS dt_receb,
  100.0::DOUBLE AS on_circulacao, 0.0::DOUBLE AS pn_circulacao, CAST(NULL AS VARCHAR) AS flag;
CREATE TABLE int_fundamentos_ticker_atual AS SELECT 999999 AS cd_regulator, 'FICT3' AS ticker_atual;`);
  await db.run(SQL_TRIMESTRAIS);
  const r = (
    await db.runAndReadAll(`SELECT ano, trimestre, CAST(dt_receb AS VARCHAR) AS r, CAST(data_preco AS VARCHAR) AS p,
      market_cap, lucro_ttm, pl_ttm, pvp, flag FROM mart_mercado_multiplos_trimestrais ORDER BY ano, trimestre`)
  ).getRowObjectsJson();
  expect(r).toEqual([
    // the first ITR year of open data: the window needs 2009 quarters that do not exist
    {
      ano: 2010,
      trimestre: 1,
      r: '2010-05-14',
      p: '2023-08-07',
      market_cap: null,
      lucro_ttm: null,
      pl_ttm: null,
      pvp: null,
      flag: 'preco_distante;ttm_sem_trimestre_1_2010',
    },
    // received on a Saturday → Monday's session; 2022Q3 is the earliest quarter missing from the window
    {
      ano: 2023,
      trimestre: 2,
      r: '2023-08-05',
      p: '2023-08-07',
      market_cap: 500,
      lucro_ttm: null,
      pl_ttm: null,
      pvp: null,
      flag: 'ttm_sem_trimestre_3_2022;pvp_patrimonio_nao_positivo',
    },
    // 2023Q3 (received 2023-11-10): the next session is 2024-05-10, too far; 2022Q4 missing from its window
    {
      ano: 2023,
      trimestre: 3,
      r: '2023-11-10',
      p: '2024-05-10',
      market_cap: null,
      lucro_ttm: null,
      pl_ttm: null,
      pvp: null,
      flag: 'preco_distante;ttm_sem_trimestre_4_2022',
    },
    {
      ano: 2024,
      trimestre: 1,
      r: '2024-05-10',
      p: '2024-05-10',
      market_cap: 600,
      lucro_ttm: 100,
      pl_ttm: 6,
      pvp: 2,
      flag: null,
    },
  ]);
  db.closeSync();
});
