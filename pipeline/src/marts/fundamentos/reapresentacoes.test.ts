import { describe, expect, it } from 'vitest';
import { contextoMemoria } from './amostra/contexto-memoria.ts';
import { fatosStage } from './fatos.ts';
import { reapresentacoesStage } from './reapresentacoes.ts';

/**
 * MADE HERE, placeholder values (not financial data): fictitious company 099020 whose DFP 2023 was
 * captured in two versions (as a raw archive of two downloads would hold them: CVM's yearly file keeps
 * only the latest) and whose DFP 2024 prints 2023 in its PENÚLTIMO column.
 */
type Linha = [
  refer: string,
  versao: number,
  ordem: string,
  ini: string,
  fim: string,
  conta: string,
  valor: number,
];
const LINHAS: Linha[] = [
  ['2023-12-31', 1, 'ÚLTIMO', '2023-01-01', '2023-12-31', '3.01', 100],
  ['2023-12-31', 1, 'ÚLTIMO', '2023-01-01', '2023-12-31', '3.11', 10],
  ['2023-12-31', 2, 'ÚLTIMO', '2023-01-01', '2023-12-31', '3.01', 100],
  ['2023-12-31', 2, 'ÚLTIMO', '2023-01-01', '2023-12-31', '3.11', 12],
  ['2024-12-31', 1, 'ÚLTIMO', '2024-01-01', '2024-12-31', '3.01', 110],
  ['2024-12-31', 1, 'ÚLTIMO', '2024-01-01', '2024-12-31', '3.11', 11],
  ['2024-12-31', 1, 'PENÚLTIMO', '2023-01-01', '2023-12-31', '3.01', 100],
  ['2024-12-31', 1, 'PENÚLTIMO', '2023-01-01', '2023-12-31', '3.11', 13],
];
const RECEB: [refer: string, versao: number, dt: string][] = [
  ['2023-12-31', 1, '2024-03-01'],
  ['2023-12-31', 2, '2024-04-15'],
  ['2024-12-31', 1, '2025-03-01'],
];

describe('restatements with every captured version (made-here fixture)', () => {
  it('first publication is VERSAO 1; a same-year resubmission that changed a value is a restatement too', async () => {
    const { ctx } = await contextoMemoria();
    const v = LINHAS.map(
      ([refer, versao, ordem, ini, fim, conta, valor], i) =>
        `('DFP', 'DRE', 'con', '00.000.000/0000-20', DATE '${refer}', ${versao}, 'FEITA AQUI', '099020', 'MIL', '${ordem}',
          DATE '${ini}', DATE '${fim}', '${conta}', 'conta', ${valor}, 'S', 'feito-aqui-v${versao}.csv', ${i + 2})`,
    );
    const r = RECEB.map(
      ([refer, versao, dt]) =>
        `('DFP', '00.000.000/0000-20', DATE '${refer}', ${versao}, '099020', DATE '${dt}')`,
    );
    await ctx.db.run(`
      CREATE TABLE stg_cvm_demonstracao AS SELECT * FROM (VALUES ${v.join(',')}) t(_doc, _demo, _agreg, cnpj_cia, dt_refer,
        versao, denom_cia, cd_cvm, escala_moeda, ordem_exerc, dt_ini_exerc, dt_fim_exerc, cd_conta, ds_conta, vl_conta,
        st_conta_fixa, _arquivo, _linha);
      CREATE TABLE stg_cvm_doc_indice AS SELECT * FROM (VALUES ${r.join(',')}) t(_doc, cnpj_cia, dt_refer, versao, cd_cvm, dt_receb);`);
    await fatosStage.run(ctx);
    await reapresentacoesStage.run(ctx);
    const linhas = (
      await ctx.db.runAndReadAll(`SELECT ano, cd_conta, tipo, valor_ultimo, valor_penult, versao_original,
        CAST(dt_receb_original AS VARCHAR) AS receb_original, ano_filing_seguinte, versao_seguinte,
        CAST(dt_receb_seguinte AS VARCHAR) AS receb_seguinte
        FROM mart_reapresentacoes ORDER BY ano, cd_conta, tipo`)
    ).getRowObjectsJson();
    expect(linhas).toEqual([
      // the next DFP against VERSAO 1 (10), not against the resubmitted VERSAO 2 (12)
      {
        ano: 2023,
        cd_conta: '3.11',
        tipo: 'dfp_seguinte',
        valor_ultimo: 10000,
        valor_penult: 13000,
        versao_original: 1,
        receb_original: '2024-03-01',
        ano_filing_seguinte: 2024,
        versao_seguinte: 1,
        receb_seguinte: '2025-03-01',
      },
      // the resubmission of the same year, with both versions and their reception dates
      {
        ano: 2023,
        cd_conta: '3.11',
        tipo: 'reapresentacao_no_ano',
        valor_ultimo: 10000,
        valor_penult: 12000,
        versao_original: 1,
        receb_original: '2024-03-01',
        ano_filing_seguinte: 2023,
        versao_seguinte: 2,
        receb_seguinte: '2024-04-15',
      },
    ]);
  });
});
