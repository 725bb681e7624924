import { describe, expect, it } from 'vitest';
import { contextoMemoria } from './amostra/contexto-memoria.ts';
import { fatosStage } from './fatos.ts';
import { trimestresStage } from './trimestres.ts';

/**
 * MADE HERE: fictitious company 999010 with placeholder values (not financial data). No real ITR file
 * exists in the sample; these rows follow the ITR layout (3-month and year-to-date blocks).
 */
type Linha = [
  doc: string,
  demo: string,
  refer: string,
  ini: string | null,
  fim: string,
  conta: string,
  valor: number,
];
const LINHAS: Linha[] = [
  ['ITR', 'DRE', '2024-03-31', '2024-01-01', '2024-03-31', '3.01', 10],
  ['ITR', 'DRE', '2024-06-30', '2024-04-01', '2024-06-30', '3.01', 12],
  ['ITR', 'DRE', '2024-06-30', '2024-01-01', '2024-06-30', '3.01', 22],
  ['ITR', 'DRE', '2024-09-30', '2024-01-01', '2024-09-30', '3.01', 35],
  ['ITR', 'DFC_MI', '2024-09-30', '2024-01-01', '2024-09-30', '6.01', 9],
  ['ITR', 'BPA', '2024-03-31', null, '2024-03-31', '1', 100],
  ['DFP', 'DRE', '2024-12-31', '2024-01-01', '2024-12-31', '3.01', 50],
  ['DFP', 'BPA', '2024-12-31', null, '2024-12-31', '1', 120],
];

async function montar(linhas: Linha[]) {
  const { ctx, capturado } = await contextoMemoria();
  const v = linhas.map(
    ([doc, demo, refer, ini, fim, conta, valor], i) =>
      `('${doc}', '${demo}', 'con', '00.000.000/0000-10', DATE '${refer}', 1, 'FEITA AQUI', '099010', 'MIL', 'ÚLTIMO',
        ${ini ? `DATE '${ini}'` : 'NULL'}, DATE '${fim}', '${conta}', 'conta', ${valor}, 'S', 'feito-aqui.csv', ${i + 2})`,
  );
  await ctx.db.run(`
    CREATE TABLE stg_cvm_demonstracao AS SELECT * FROM (VALUES ${v.join(',')}) t(_doc, _demo, _agreg, cnpj_cia, dt_refer, versao,
      denom_cia, cd_cvm, escala_moeda, ordem_exerc, dt_ini_exerc, dt_fim_exerc, cd_conta, ds_conta, vl_conta, st_conta_fixa,
      _arquivo, _linha);
    CREATE TABLE stg_cvm_doc_indice AS SELECT DISTINCT _doc, cnpj_cia, dt_refer, versao, cd_cvm, dt_refer + 40 AS dt_receb
      FROM stg_cvm_demonstracao;`);
  await fatosStage.run(ctx);
  await trimestresStage.run(ctx);
  return { ctx, capturado };
}

describe('quarterly facts from ITR (made-here fixture)', () => {
  it('takes 3-month blocks, derives YTD differences and Q4 from the DFP, and flags a missing previous YTD', async () => {
    const { ctx, capturado } = await montar(LINHAS);
    const r = await ctx.db.runAndReadAll(
      `SELECT trimestre, demo, cd_conta, valor, flag, origem FROM mart_fatos_trimestrais ORDER BY trimestre, demo, cd_conta`,
    );
    expect(r.getRowsJson()).toEqual([
      [1, 'BPA', '1', 100000, null, 'itr_saldo'],
      [1, 'DRE', '3.01', 10000, null, 'itr_3_meses'],
      [2, 'DRE', '3.01', 12000, null, 'itr_3_meses'],
      [3, 'DFC_MI', '6.01', null, 'acumulado_sem_mes_anterior', 'itr_acumulado_menos_anterior'],
      [3, 'DRE', '3.01', 13000, null, 'itr_acumulado_menos_anterior'],
      [4, 'BPA', '1', 120000, null, 'dfp_saldo'],
      [4, 'DRE', '3.01', 15000, null, 'dfp_menos_itr_3t'],
    ]);
    expect(capturado.invariantes.find((i) => i.nome === 'fatos_trimestrais_chave_unica')?.falhas).toBe(0);
  });

  // MADE HERE: Q2's YTD (25) minus Q1 (10) is 15, but Q2's own 3-month block says 12: Q1 was restated
  // inside the Q2 filing. Q3: 46 − 25 = 21 against a 3-month block of 20, one unit of the scale (MIL) —
  // independent rounding of the two blocks, not a restatement.
  it('flags a 3-month block that disagrees with the YTD difference by more than one unit of the scale', async () => {
    const { ctx } = await montar([
      ['ITR', 'DRE', '2024-03-31', '2024-01-01', '2024-03-31', '3.01', 10],
      ['ITR', 'DRE', '2024-06-30', '2024-04-01', '2024-06-30', '3.01', 12],
      ['ITR', 'DRE', '2024-06-30', '2024-01-01', '2024-06-30', '3.01', 25],
      ['ITR', 'DRE', '2024-09-30', '2024-07-01', '2024-09-30', '3.01', 20],
      ['ITR', 'DRE', '2024-09-30', '2024-01-01', '2024-09-30', '3.01', 46],
    ]);
    const r = await ctx.db.runAndReadAll(
      'SELECT trimestre, valor, acumulado, flag FROM mart_fatos_trimestrais ORDER BY trimestre',
    );
    expect(r.getRowsJson()).toEqual([
      [1, 10000, 10000, null],
      [2, 12000, 25000, 'trimestre_anterior_reapresentado'],
      [3, 20000, 46000, null],
    ]);
  });
});
