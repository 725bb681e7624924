import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { SQL_CONTAS_REPETIDAS } from './fatos.ts';

/**
 * MADE HERE: statement rows of one made-up company (cnpj 00.000.000/0001-00, DFP 2020) with the account
 * and version cases the repeated-account check tells apart.
 */
const ROWS: Array<
  [doc: string, demo: string, conta: string | null, versao: number | null, valor: string | null]
> = [
  // printed twice with the same value: not a failure
  ['DFP', 'BPA', '1', 1, '10'],
  ['DFP', 'BPA', '1', 1, '10'],
  // twice in one version with different values: a failure with 2 values
  ['DFP', 'BPA', '1.01', 2, '5'],
  ['DFP', 'BPA', '1.01', 2, '6'],
  // three lines, two values
  ['DFP', 'BPA', '1.02', 1, '7'],
  ['DFP', 'BPA', '1.02', 1, '8'],
  ['DFP', 'BPA', '1.02', 1, '7'],
  // three values
  ['DFP', 'DRE', '3.01', 1, '1'],
  ['DFP', 'DRE', '3.01', 1, '2'],
  ['DFP', 'DRE', '3.01', 1, '3'],
  // different values in two versions: a restatement, not a failure
  ['DFP', 'DRE', '3.02', 1, '1'],
  ['DFP', 'DRE', '3.02', 2, '2'],
  // a NULL version beside a version: one distinct version, two values, a failure
  ['DFP', 'DRE', '3.03', null, '1'],
  ['DFP', 'DRE', '3.03', 1, '2'],
  // a NULL value beside one value: one distinct value, not a failure
  ['DFP', 'DRE', '3.04', 1, null],
  ['DFP', 'DRE', '3.04', 1, '4'],
  // a NULL account twice with different values: NULL keys group together, a failure
  ['DFP', 'DVA', null, 1, '1'],
  ['DFP', 'DVA', null, 1, '2'],
  // the same in an ITR: not part of the DFP check
  ['ITR', 'BPA', '1.01', 1, '5'],
  ['ITR', 'BPA', '1.01', 1, '6'],
  // a DMPL line repeated: the check covers every DFP statement
  ['DFP', 'DMPL', '5.01', 1, '1'],
  ['DFP', 'DMPL', '5.01', 1, '9'],
];

/** The check as it was written before (count(DISTINCT) in HAVING, over every group): the reference. */
const ANTES = `SELECT cnpj_cia, dt_refer, _demo, _agreg, ordem_exerc, cd_conta, dt_fim_exerc, count(DISTINCT vl_conta) AS valores
  FROM stg_cvm_demonstracao WHERE _doc = 'DFP'
  GROUP BY ALL HAVING count(*) > 1 AND count(DISTINCT versao) = 1 AND count(DISTINCT vl_conta) > 1`;

describe('SQL_CONTAS_REPETIDAS: accounts printed twice in one filing with different values', () => {
  it('finds the groups and value counts the count(DISTINCT) query found', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const lit = (v: string | number | null) => (v === null ? 'NULL' : typeof v === 'number' ? v : `'${v}'`);
    const valores = ROWS.map((r) => `(${r.map(lit).join(', ')})`).join(', ');
    // the staged types of these columns (stg_cvm_demonstracao): versao INTEGER, vl_conta DECIMAL(38,10)
    await db.run(`CREATE TABLE stg_cvm_demonstracao AS
      SELECT '00.000.000/0001-00' AS cnpj_cia, DATE '2020-12-31' AS dt_refer, _doc, _demo, 'con' AS _agreg,
        'ÚLTIMO' AS ordem_exerc, cd_conta, DATE '2020-12-31' AS dt_fim_exerc,
        CAST(versao AS INTEGER) AS versao, CAST(vl_conta AS DECIMAL(38,10)) AS vl_conta
      FROM (VALUES ${valores}) t(_doc, _demo, cd_conta, versao, vl_conta)`);
    const ler = async (sql: string) =>
      (await db.runAndReadAll(`SELECT _demo, cd_conta, valores FROM (${sql}) ORDER BY ALL`))
        .getRowObjectsJson()
        .map((r) => [r._demo, r.cd_conta, r.valores]);
    await db.run(SQL_CONTAS_REPETIDAS);
    const agora = await ler('SELECT * FROM _contas_repetidas');
    expect(agora).toEqual(await ler(ANTES));
    expect(agora).toEqual([
      ['BPA', '1.01', '2'],
      ['BPA', '1.02', '2'],
      ['DMPL', '5.01', '2'],
      ['DRE', '3.01', '3'],
      ['DRE', '3.03', '2'],
      ['DVA', null, '2'],
    ]);
    // every column of the examples the build report shows, in the same order
    const colunas = async (sql: string) =>
      (await db.runAndReadAll(`SELECT * FROM (${sql}) LIMIT 0`)).columnNames();
    expect(await colunas('SELECT * FROM _contas_repetidas')).toEqual(await colunas(ANTES));
    db.closeSync();
  });
});
