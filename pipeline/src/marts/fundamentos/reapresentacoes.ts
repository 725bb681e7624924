import type { Stage } from '../../core/stage.ts';
import { verificar } from './sql.ts';

/**
 * A restatement is an account whose first publication (ÚLTIMO column of the year's own annual filing,
 * latest VERSAO) differs from the value the next annual filing prints for the same period
 * (PENÚLTIMO column, same statement, aggregation, account and period end). Values are compared in BRL
 * units, so a filing that only changed ESCALA_MOEDA is not a restatement. Only the aggregation
 * published that year (con when present, else ind) is kept.
 */
export const SQL_REAPRESENTACOES = /* sql */ `
CREATE OR REPLACE TABLE mart_reapresentacoes AS
WITH u AS (
  SELECT l.* FROM fund_linhas_todas l JOIN fund_agregacao a USING (cd_regulator, ano, demo, agreg) WHERE ordem = 'ultimo'
),
p AS (SELECT * FROM fund_linhas_todas WHERE ordem = 'penultimo')
SELECT u.cd_regulator, CAST(year(u.dt_fim_exerc) AS INTEGER) AS ano, u.demo, u.cd_conta, u.ds_conta, u.agreg,
  CAST(u.valor AS DOUBLE) AS valor_ultimo, CAST(p.valor AS DOUBLE) AS valor_penult,
  CASE WHEN u.valor <> 0 THEN CAST((p.valor - u.valor) / abs(u.valor) AS DOUBLE) END AS dif_rel,
  CASE WHEN u.valor = 0 THEN 'ultimo_zero' END AS sem_valor,
  u.ano AS ano_filing_original, u.versao AS versao_original, u.dt_receb AS dt_receb_original, u.arquivo AS arquivo_original,
  u.linha AS linha_original,
  p.ano AS ano_filing_seguinte, p.versao AS versao_seguinte, p.dt_receb AS dt_receb_seguinte, p.arquivo AS arquivo_seguinte,
  p.linha AS linha_seguinte
FROM u JOIN p
  ON p.cd_regulator = u.cd_regulator AND p.demo = u.demo AND p.agreg = u.agreg AND p.cd_conta = u.cd_conta
 AND p.dt_fim_exerc = u.dt_fim_exerc AND p.dt_refer > u.dt_refer
WHERE p.valor <> u.valor
ORDER BY cd_regulator, ano, demo, cd_conta;
`;

export const reapresentacoesStage: Stage = {
  name: 'mart_reapresentacoes',
  async run(ctx) {
    await ctx.db.run(SQL_REAPRESENTACOES);
    const unica = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_reapresentacoes',
      `SELECT cd_regulator, ano, demo, cd_conta, agreg, ano_filing_seguinte, count(*) n FROM mart_reapresentacoes
       GROUP BY ALL HAVING count(*) > 1`,
    );
    ctx.report.invariant({
      nome: 'reapresentacoes_chave_unica',
      tipo: 'soft',
      descricao:
        'one restatement per (company, year, statement, account, aggregation, next filing); duplicates mean a filing repeats an account code',
      ...unica,
    });
    return [];
  },
};
