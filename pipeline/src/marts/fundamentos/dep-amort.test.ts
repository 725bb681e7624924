import { describe, expect, it } from 'vitest';
import { contextoMemoria } from './amostra/contexto-memoria.ts';
import { depAmortStage } from './dep-amort.ts';
import { empresasStage } from './empresas.ts';
import { fatosStage } from './fatos.ts';
import { indicadoresStage } from './indicadores.ts';
import { reapresentacoesStage } from './reapresentacoes.ts';

/**
 * MADE HERE: fictitious companies 999001–999004 with placeholder values (not financial data), built to
 * reach the branches of the D&A rule that the real sample does not: a detailed line under an included
 * one, a premium amortization inside 6.01, a negative D&A sum, a DFC_MI without D&A, and a DFC_MI of
 * another aggregation than the DRE.
 */
type Linha = [cd: string, demo: string, agreg: string, conta: string, rotulo: string, valor: number];
const LINHAS: Linha[] = [
  ['999001', 'DRE', 'con', '3.05', 'Resultado Antes do Resultado Financeiro e dos Tributos', 100],
  ['999001', 'DFC_MI', 'con', '6.01.01.02', 'Depreciação e amortização', 30],
  ['999001', 'DFC_MI', 'con', '6.01.01.02.01', 'Depreciação', 20],
  ['999001', 'DFC_MI', 'con', '6.01.01.02.02', 'Amortização', 10],
  ['999001', 'DFC_MI', 'con', '6.01.01.03', 'Exaustão', 5],
  ['999001', 'DFC_MI', 'con', '6.01.01.04', 'Amortização de direito de uso', 7],
  ['999001', 'DFC_MI', 'con', '6.01.01.05', 'Amortização de prêmio de debêntures', 2],
  ['999001', 'DFC_MI', 'con', '6.03.01', 'Amortização de empréstimos', -50],
  ['999002', 'DRE', 'con', '3.05', 'Resultado Antes do Resultado Financeiro e dos Tributos', 100],
  ['999002', 'DFC_MI', 'con', '6.01.01.02', 'Depreciação', -15],
  ['999003', 'DRE', 'con', '3.05', 'Resultado Antes do Resultado Financeiro e dos Tributos', 100],
  ['999003', 'DFC_MI', 'con', '6.01.01.01', 'Lucro líquido', 60],
  ['999004', 'DRE', 'con', '3.05', 'Resultado Antes do Resultado Financeiro e dos Tributos', 100],
  ['999004', 'DFC_MI', 'ind', '6.01.01.02', 'Depreciação', 12],
];

async function montar() {
  const { ctx, capturado } = await contextoMemoria();
  const valores = LINHAS.map(
    ([cd, demo, agreg, conta, rotulo, v]) =>
      `('DFP', '${demo}', '${agreg}', '00.000.000/0000-${cd.slice(4)}', DATE '2024-12-31', 1, 'FEITA AQUI', '${cd}', 'UNIDADE',
        'ÚLTIMO', DATE '2024-01-01', DATE '2024-12-31', '${conta}', '${rotulo}', ${v}, '${conta.split('.').length > 3 ? 'N' : 'S'}',
        'feito-aqui.csv', ${LINHAS.findIndex((l) => l[3] === conta && l[0] === cd) + 2})`,
  );
  await ctx.db.run(`
    CREATE TABLE stg_cvm_demonstracao AS SELECT * FROM (VALUES ${valores.join(',\n')}) t(_doc, _demo, _agreg, cnpj_cia, dt_refer,
      versao, denom_cia, cd_cvm, escala_moeda, ordem_exerc, dt_ini_exerc, dt_fim_exerc, cd_conta, ds_conta, vl_conta,
      st_conta_fixa, _arquivo, _linha);
    CREATE TABLE stg_cvm_doc_indice AS SELECT DISTINCT 'DFP' AS _doc, cnpj_cia, dt_refer, versao, cd_cvm, denom_cia,
      DATE '2025-03-01' AS dt_receb FROM stg_cvm_demonstracao;
    CREATE TABLE stg_cvm_fca_valor_mobiliario (cnpj_companhia VARCHAR, data_referencia DATE, versao INTEGER,
      codigo_negociacao VARCHAR, data_inicio_negociacao DATE, data_fim_negociacao DATE, valor_mobiliario VARCHAR);
    CREATE TABLE stg_cvm_cad_cia_aberta (cnpj_cia VARCHAR, cd_cvm VARCHAR, setor_ativ VARCHAR, denom_social VARCHAR,
      sit VARCHAR, dt_reg DATE);`);
  for (const s of [fatosStage, reapresentacoesStage, empresasStage, depAmortStage, indicadoresStage])
    await s.run(ctx);
  return { ctx, capturado };
}

describe('D&A rule (made-here fixture)', () => {
  it('keeps the top line, excludes its details, premium amortization and 6.03, and includes right-of-use', async () => {
    const { ctx } = await montar();
    const r = await ctx.db.runAndReadAll(
      `SELECT cd_conta, decisao FROM mart_dep_amort_candidatos WHERE cd_regulator = 999001 ORDER BY cd_conta`,
    );
    expect(r.getRowsJson()).toEqual([
      ['6.01.01.02', 'incluida'],
      ['6.01.01.02.01', 'excluida'],
      ['6.01.01.02.02', 'excluida'],
      ['6.01.01.03', 'incluida'],
      ['6.01.01.04', 'incluida'],
      ['6.01.01.05', 'excluida'],
      ['6.03.01', 'excluida'],
    ]);
    const e = await ctx.db.runAndReadAll(
      `SELECT cd_regulator, valor, flag FROM mart_indicadores WHERE nome = 'ebitda' ORDER BY cd_regulator`,
    );
    expect(e.getRowsJson()).toEqual([
      [999001, 100 + 30 + 5 + 7, null],
      [999002, null, 'dep_amort_sinal_inesperado'],
      [999003, null, 'dep_amort_nao_encontrada'],
      [999004, null, 'sem_dfc_indireta'],
    ]);
  });
});
