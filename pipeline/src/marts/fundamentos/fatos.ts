import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { arquivosNumeradosDe, LINHA_E_ARQUIVO, VALOR_EM_REAIS } from './sql.ts';

/**
 * Annual facts. `int_fundamentos_linhas_todas`: every row of the latest VERSAO of each annual filing and
 * statement, both aggregations, in BRL units. `int_fundamentos_linhas`: the same with one aggregation per filing
 * and statement (con when the filing has it, else ind). `mart_fatos`: the filing's own year (ÚLTIMO).
 */
export const SQL_FATOS = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_linhas_todas AS
WITH d AS NOT MATERIALIZED (
  SELECT *, CAST(versao AS INTEGER) AS v FROM stg_cvm_demonstracao
  WHERE _doc = 'DFP' AND _demo <> 'DMPL'
),
-- One scan of the statement rows for the three small relations below (the latest version, the year's
-- filing, the file names): each read d again before (−22% CPU for this statement at escala 0.1,
-- docs/benchmarks.md "Annual and quarterly facts marts"). A few thousand groups.
grupos AS MATERIALIZED (
  SELECT cnpj_cia, dt_refer, _demo, _agreg, cd_cvm, _arquivo, max(v) AS v FROM d GROUP BY ALL
),
ultima AS (
  -- statement files may hold several versions of a filing: keep the latest one CVM published
  SELECT cnpj_cia, dt_refer, _demo, _agreg, max(v) AS v FROM grupos GROUP BY ALL
),
filing_do_ano AS (
  -- a company that changed its fiscal year files twice in one calendar year: the later reference date wins
  SELECT cd_cvm, year(dt_refer) AS y, max(dt_refer) AS dt_refer FROM grupos GROUP BY ALL
),
receb AS (
  SELECT cnpj_cia, dt_refer, CAST(versao AS INTEGER) AS v, min(dt_receb) AS dt_receb
  FROM stg_cvm_doc_indice WHERE _doc = 'DFP' GROUP BY ALL
),
primeira AS (
  SELECT cnpj_cia, dt_refer, min(dt_receb) AS dt_receb_primeira FROM stg_cvm_doc_indice WHERE _doc = 'DFP' GROUP BY ALL
),
${arquivosNumeradosDe('grupos')},
-- the candidate lines, narrow: only what picks the first line of each account
linhas AS (
  SELECT d.cnpj_cia, d.dt_refer, d._demo, d._agreg, d.ordem_exerc, d.cd_conta, d.dt_fim_exerc,
    ${LINHA_E_ARQUIVO} AS _ordem
  FROM d
  JOIN ultima USING (cnpj_cia, dt_refer, _demo, _agreg, v)
  JOIN filing_do_ano f ON f.cd_cvm = d.cd_cvm AND f.dt_refer = d.dt_refer
  JOIN arquivos_numerados a USING (_arquivo)
),
-- a few filings print the same account twice in one column (e.g. CD_CVM 25020, DFC_MD 2019): keep the
-- first line; the check below counts repeats and fails softly when the repeated values disagree. A
-- grouped min over narrow columns, not row_number() over whole rows: that window could not spill (out of
-- memory at full scale with 4GB, and at escala 0.05 with 150MB; docs/benchmarks.md). Ties on _linha
-- across files go to the first file name (_ordem, sql.ts).
primeira_linha AS (
  SELECT min(_ordem) AS p FROM linhas GROUP BY cnpj_cia, dt_refer, _demo, _agreg, ordem_exerc, cd_conta, dt_fim_exerc
)
SELECT
  CAST(d.cd_cvm AS INTEGER) AS cd_regulator,
  d.cnpj_cia,
  d.denom_cia,
  CAST(year(d.dt_refer) AS INTEGER) AS ano,
  d.dt_refer,
  d._demo AS demo,
  d._agreg AS agreg,
  d.v AS versao,
  receb.dt_receb,
  primeira.dt_receb_primeira,
  CASE WHEN d.ordem_exerc LIKE 'PEN%' THEN 'penultimo' ELSE 'ultimo' END AS ordem,
  d.dt_ini_exerc,
  d.dt_fim_exerc,
  d.cd_conta,
  d.ds_conta,
  d.st_conta_fixa,
  d.escala_moeda,
  CAST(d.vl_conta AS DECIMAL(38,10)) AS vl_conta,
  ${VALOR_EM_REAIS} AS valor,
  d._arquivo AS arquivo,
  d._linha AS linha
FROM d
JOIN arquivos_numerados a USING (_arquivo)
LEFT JOIN receb ON receb.cnpj_cia = d.cnpj_cia AND receb.dt_refer = d.dt_refer AND receb.v = d.v
LEFT JOIN primeira ON primeira.cnpj_cia = d.cnpj_cia AND primeira.dt_refer = d.dt_refer
-- the kept lines, picked by _ordem alone: it names one row (_arquivo, _linha), the identity build.ts's
-- cross-file deletions also use, and only lines of the latest version and the year's filing won a group
WHERE ${LINHA_E_ARQUIVO} IN (SELECT p FROM primeira_linha);

CREATE OR REPLACE TABLE int_fundamentos_agregacao AS
SELECT cd_regulator, ano, demo, CASE WHEN bool_or(agreg = 'con') THEN 'con' ELSE 'ind' END AS agreg
FROM int_fundamentos_linhas_todas GROUP BY ALL;

CREATE OR REPLACE TABLE int_fundamentos_linhas AS
SELECT l.* FROM int_fundamentos_linhas_todas l JOIN int_fundamentos_agregacao a USING (cd_regulator, ano, demo, agreg);

CREATE OR REPLACE TABLE mart_fatos AS
SELECT cd_regulator, ano, demo, cd_conta, ds_conta, agreg, valor, versao, dt_receb, dt_receb_primeira,
       dt_ini_exerc, dt_fim_exerc, escala_moeda, arquivo, linha
FROM int_fundamentos_linhas
WHERE ordem = 'ultimo' AND st_conta_fixa = 'S'
ORDER BY cd_regulator, ano, demo, cd_conta;

-- Point in time: the facts a reader could have had on day d. The open files keep only the latest
-- version's rows, so a value whose version arrived after d is marked instead of silently used.
CREATE OR REPLACE MACRO fatos_em(d) AS TABLE
SELECT f.*, f.dt_receb > d AS versao_posterior_a_data
FROM mart_fatos f
WHERE f.dt_receb_primeira <= d;
`;

/**
 * The accounts printed twice in one DFP filing, column and version with different values (the check
 * `conta_repetida_com_valores_diferentes`), with how many values each has, in a temporary table: verificar
 * reads it twice (count, examples), and the grouping over every statement row is the costly part. "One
 * version, several values" is min = max of versao and min <> max of vl_conta, which a grouping keeps in a
 * few fixed-size states; count(DISTINCT) kept a hash set per group (one group per row) and is now
 * computed only for the failing groups.
 */
export const SQL_CONTAS_REPETIDAS = /* sql */ `
CREATE OR REPLACE TEMP TABLE _contas_repetidas AS
WITH g AS (
  SELECT cnpj_cia, dt_refer, _demo, _agreg, ordem_exerc, cd_conta, dt_fim_exerc
  FROM stg_cvm_demonstracao WHERE _doc = 'DFP'
  GROUP BY ALL HAVING count(*) > 1 AND min(versao) = max(versao) AND min(vl_conta) <> max(vl_conta)
)
SELECT s.cnpj_cia, s.dt_refer, s._demo, s._agreg, s.ordem_exerc, s.cd_conta, s.dt_fim_exerc,
  count(DISTINCT s.vl_conta) AS valores
FROM stg_cvm_demonstracao s
SEMI JOIN g ON g.cnpj_cia IS NOT DISTINCT FROM s.cnpj_cia AND g.dt_refer IS NOT DISTINCT FROM s.dt_refer
  AND g._demo IS NOT DISTINCT FROM s._demo AND g._agreg IS NOT DISTINCT FROM s._agreg
  AND g.ordem_exerc IS NOT DISTINCT FROM s.ordem_exerc AND g.cd_conta IS NOT DISTINCT FROM s.cd_conta
  AND g.dt_fim_exerc IS NOT DISTINCT FROM s.dt_fim_exerc
WHERE s._doc = 'DFP'
GROUP BY ALL
`;

export const fatosStage: Stage = {
  name: 'mart_fatos',
  le: ['stg_cvm_demonstracao', 'stg_cvm_doc_indice'],
  cria: [
    'fatos_em',
    'int_fundamentos_agregacao',
    'int_fundamentos_linhas',
    'int_fundamentos_linhas_todas',
    'mart_fatos',
  ],
  async run(ctx) {
    await ctx.db.run(SQL_FATOS);
    const chave = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_fatos',
      `SELECT cd_regulator, ano, demo, cd_conta, count(*) n FROM mart_fatos GROUP BY ALL HAVING count(*) > 1`,
    );
    await ctx.db.run(SQL_CONTAS_REPETIDAS);
    const repetidas = await verificar(
      ctx.db,
      `SELECT count(*) FROM int_fundamentos_linhas_todas`,
      `SELECT * FROM _contas_repetidas`,
    );
    await ctx.db.run('DROP TABLE _contas_repetidas');
    ctx.report.invariant({
      nome: 'conta_repetida_com_valores_diferentes',
      tipo: 'soft',
      descricao:
        'an account printed twice in the same filing, column and version with different values (the first line is kept)',
      ...repetidas,
    });
    ctx.report.invariant({
      nome: 'fatos_chave_unica',
      tipo: 'hard',
      descricao: 'mart_fatos has one row per (cd_regulator, ano, demo, cd_conta)',
      ...chave,
    });
    const balanco = await verificar(
      ctx.db,
      `SELECT count(*) FROM int_fundamentos_linhas_todas a JOIN int_fundamentos_linhas_todas p USING (cd_regulator, ano, agreg, ordem)
       WHERE a.demo = 'BPA' AND a.cd_conta = '1' AND p.demo = 'BPP' AND p.cd_conta = '2'`,
      `SELECT cd_regulator, ano, agreg, ordem, a.valor AS ativo, p.valor AS passivo_e_pl
       FROM int_fundamentos_linhas_todas a JOIN int_fundamentos_linhas_todas p USING (cd_regulator, ano, agreg, ordem)
       WHERE a.demo = 'BPA' AND a.cd_conta = '1' AND p.demo = 'BPP' AND p.cd_conta = '2' AND a.valor <> p.valor`,
    );
    ctx.report.invariant({
      nome: 'ativo_igual_passivo_mais_pl',
      tipo: 'hard',
      descricao:
        'BPA 1 (total assets) equals BPP 2 (liabilities + equity) in every filing, aggregation and column',
      ...balanco,
    });
    const lucro = await verificar(
      ctx.db,
      `SELECT count(*) FROM int_fundamentos_linhas_todas t JOIN int_fundamentos_linhas_todas c USING (cd_regulator, ano, agreg, ordem, demo)
       JOIN int_fundamentos_linhas_todas n USING (cd_regulator, ano, agreg, ordem, demo)
       WHERE demo = 'DRE' AND t.cd_conta = '3.11' AND c.cd_conta = '3.11.01' AND n.cd_conta = '3.11.02'`,
      `SELECT cd_regulator, ano, agreg, ordem, t.valor AS lucro, c.valor AS controladores, n.valor AS minoritarios
       FROM int_fundamentos_linhas_todas t JOIN int_fundamentos_linhas_todas c USING (cd_regulator, ano, agreg, ordem, demo)
       JOIN int_fundamentos_linhas_todas n USING (cd_regulator, ano, agreg, ordem, demo)
       WHERE demo = 'DRE' AND t.cd_conta = '3.11' AND c.cd_conta = '3.11.01' AND n.cd_conta = '3.11.02'
         AND t.valor <> c.valor + n.valor`,
    );
    ctx.report.invariant({
      nome: 'lucro_igual_controladores_mais_minoritarios',
      tipo: 'soft',
      descricao: 'DRE 3.11 equals 3.11.01 + 3.11.02 (the real files have a few 1-unit rounding mismatches)',
      ...lucro,
    });
    return [];
  },
};
