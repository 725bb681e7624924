import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { VALOR_EM_REAIS } from './sql.ts';

/**
 * A restatement is an account whose first publication differs from a later one:
 * - `dfp_seguinte`: the first publication (ÚLTIMO column of the year's own FIRST captured filing,
 *   VERSAO 1 when the build has it) against the value the next annual filing prints for the same
 *   period (PENÚLTIMO column of its latest version, same statement, aggregation, account and period end);
 * - `reapresentacao_no_ano`: a same-year resubmission (a later VERSAO of the same filing) whose ÚLTIMO
 *   value differs from the version before it, each with its own reception date.
 * CVM's yearly files carry only each filing's latest version, so an earlier version exists only where
 * the build's raw input kept it (an archive of earlier downloads); `versao_original` says which version
 * a "first publication" value comes from. Values are compared in BRL units, so a filing that only
 * changed ESCALA_MOEDA is not a restatement. Only the aggregation published that year (con when
 * present, else ind) is kept.
 */
/** The columns of one restatement row: `o` is the first publication, `s` the filing that changed it. */
const parDeVersoes = (o: string, s: string, tipo: string): string => `${o}.cd_regulator,
    CAST(year(${o}.dt_fim_exerc) AS INTEGER) AS ano, ${o}.demo, ${o}.cd_conta, ${o}.ds_conta, ${o}.agreg,
    ${o}.valor AS v_u, ${s}.valor AS v_p, '${tipo}' AS tipo,
    ${o}.ano AS ano_filing_original, ${o}.versao AS versao_original, ${o}.dt_receb AS dt_receb_original,
    ${o}.arquivo AS arquivo_original, ${o}.linha AS linha_original,
    ${s}.ano AS ano_filing_seguinte, ${s}.versao AS versao_seguinte, ${s}.dt_receb AS dt_receb_seguinte,
    ${s}.arquivo AS arquivo_seguinte, ${s}.linha AS linha_seguinte`;

export const SQL_REAPRESENTACOES = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_versoes_dfp AS
WITH receb AS (
  SELECT cnpj_cia, dt_refer, CAST(versao AS INTEGER) AS v, min(dt_receb) AS dt_receb
  FROM stg_cvm_doc_indice WHERE _doc = 'DFP' GROUP BY ALL
)
SELECT CAST(d.cd_cvm AS INTEGER) AS cd_regulator, CAST(year(d.dt_refer) AS INTEGER) AS ano, d.dt_refer,
  d._demo AS demo, d._agreg AS agreg, CAST(d.versao AS INTEGER) AS versao, receb.dt_receb,
  d.cd_conta, d.ds_conta, d.dt_fim_exerc, ${VALOR_EM_REAIS} AS valor, d._arquivo AS arquivo, d._linha AS linha
FROM stg_cvm_demonstracao d
JOIN int_fundamentos_agregacao a ON a.cd_regulator = CAST(d.cd_cvm AS INTEGER) AND a.ano = year(d.dt_refer)
  AND a.demo = d._demo AND a.agreg = d._agreg
LEFT JOIN receb ON receb.cnpj_cia = d.cnpj_cia AND receb.dt_refer = d.dt_refer AND receb.v = CAST(d.versao AS INTEGER)
WHERE d._doc = 'DFP' AND d._demo <> 'DMPL' AND d.ordem_exerc NOT LIKE 'PEN%'
QUALIFY row_number() OVER (PARTITION BY d.cd_cvm, d.dt_refer, d._demo, d._agreg, d.versao, d.cd_conta, d.dt_fim_exerc
                           ORDER BY d._linha) = 1;

CREATE OR REPLACE TABLE mart_reapresentacoes AS
WITH versoes AS (
  SELECT DISTINCT cd_regulator, dt_refer, demo, agreg, versao FROM int_fundamentos_versoes_dfp
),
seq AS (
  SELECT *, min(versao) OVER w AS primeira,
    lead(versao) OVER (w ORDER BY versao) AS proxima
  FROM versoes WINDOW w AS (PARTITION BY cd_regulator, dt_refer, demo, agreg)
),
u AS (
  SELECT v.* FROM int_fundamentos_versoes_dfp v JOIN seq s USING (cd_regulator, dt_refer, demo, agreg, versao)
  WHERE s.versao = s.primeira
),
p AS (SELECT * FROM int_fundamentos_linhas_todas WHERE ordem = 'penultimo'),
seguinte AS (
  SELECT ${parDeVersoes('u', 'p', 'dfp_seguinte')}
  FROM u JOIN p
    ON p.cd_regulator = u.cd_regulator AND p.demo = u.demo AND p.agreg = u.agreg AND p.cd_conta = u.cd_conta
   AND p.dt_fim_exerc = u.dt_fim_exerc AND p.dt_refer > u.dt_refer
  WHERE p.valor <> u.valor
),
no_ano AS (
  SELECT ${parDeVersoes('a', 'b', 'reapresentacao_no_ano')}
  FROM int_fundamentos_versoes_dfp a
  JOIN seq s USING (cd_regulator, dt_refer, demo, agreg, versao)
  JOIN int_fundamentos_versoes_dfp b
    ON b.cd_regulator = a.cd_regulator AND b.dt_refer = a.dt_refer AND b.demo = a.demo AND b.agreg = a.agreg
   AND b.cd_conta = a.cd_conta AND b.dt_fim_exerc = a.dt_fim_exerc AND b.versao = s.proxima
  WHERE b.valor <> a.valor
)
SELECT cd_regulator, ano, demo, cd_conta, ds_conta, agreg,
  CAST(v_u AS DOUBLE) AS valor_ultimo, CAST(v_p AS DOUBLE) AS valor_penult,
  CASE WHEN v_u <> 0 THEN CAST((v_p - v_u) / abs(v_u) AS DOUBLE) END AS dif_rel,
  CASE WHEN v_u = 0 THEN 'ultimo_zero' END AS sem_valor, tipo,
  ano_filing_original, versao_original, dt_receb_original, arquivo_original, linha_original,
  ano_filing_seguinte, versao_seguinte, dt_receb_seguinte, arquivo_seguinte, linha_seguinte
FROM (SELECT * FROM seguinte UNION ALL BY NAME SELECT * FROM no_ano)
ORDER BY cd_regulator, ano, demo, cd_conta, ano_filing_seguinte, versao_seguinte;
`;

export const reapresentacoesStage: Stage = {
  name: 'mart_reapresentacoes',
  le: [
    'int_fundamentos_agregacao',
    'int_fundamentos_linhas_todas',
    'stg_cvm_demonstracao',
    'stg_cvm_doc_indice',
  ],
  cria: ['int_fundamentos_versoes_dfp', 'mart_reapresentacoes'],
  async run(ctx) {
    await ctx.db.run(SQL_REAPRESENTACOES);
    const unica = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_reapresentacoes',
      `SELECT cd_regulator, ano, demo, cd_conta, agreg, ano_filing_seguinte, versao_seguinte, count(*) n
       FROM mart_reapresentacoes GROUP BY ALL HAVING count(*) > 1`,
    );
    ctx.report.invariant({
      nome: 'reapresentacoes_chave_unica',
      tipo: 'soft',
      descricao:
        'one restatement per (company, year, statement, account, aggregation, later filing and version); duplicates mean a filing repeats an account code',
      ...unica,
    });
    return [];
  },
};
