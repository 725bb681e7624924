import { aplicarChecagens } from '../../core/checagens.ts';
import type { Stage } from '../../core/stage.ts';
import { arquivosNumeradosDe, LINHA_E_ARQUIVO } from './sql.ts';

/**
 * Quarterly facts from ITR. ITR flows come as 3-month and year-to-date blocks told apart by
 * DT_INI/DT_FIM, never by file or row order (sources P5). Each row keeps both blocks as filed:
 * `valor` is the quarter's flow (the 3-month block when published, else YTD minus the previous
 * quarter's YTD; DFC is YTD only) and `acumulado` the year-to-date value as filed (a first quarter's
 * 3-month block is its YTD). Q4 flow = DFP annual minus Q3 YTD (P6), `acumulado` = the DFP annual.
 * Balance sheets are end-of-quarter balances (`acumulado` null); Q4 balance = DFP balance.
 * A missing previous YTD gives null with `acumulado_sem_mes_anterior`. When a filing's 3-month block
 * differs from its YTD minus the previous quarter's YTD as that quarter filed it, by more than one unit
 * of the file's scale, an earlier quarter of the year was restated in this filing: the 3-month value
 * as filed is kept and flagged `trimestre_anterior_reapresentado` (it is sound, the older YTD is not).
 * Quarters are calendar quarters of DT_REFER.
 */
/** The staged statement lines the quarterly facts read: ITR filings, the equity statement (DMPL) left out. */
const LINHAS_ITR = "stg_cvm_demonstracao WHERE _doc = 'ITR' AND _demo <> 'DMPL'";

export const SQL_TRIMESTRES = /* sql */ `
-- The ITR statement files, numbered in name order (arquivosNumeradosDe, sql.ts): the quarterly lines keep a
-- file's number instead of its name, so the blocks' "first file" below is a min over an integer, not over
-- text (that min kept a text state per group: 4 of the grouping's 12-14 s of CPU at full scale,
-- docs/benchmarks.md), and mart_fatos_trimestrais joins the name back by number.
CREATE OR REPLACE TABLE int_fundamentos_arquivos_itr AS
WITH ${arquivosNumeradosDe(`(SELECT _arquivo FROM ${LINHAS_ITR})`)}
SELECT * FROM arquivos_numerados;

CREATE OR REPLACE TABLE int_fundamentos_linhas_itr AS
-- NOT MATERIALIZED: each use scans the staged table for the columns it needs; materialised, the whole
-- rows were written once and read three times (spilled past the memory_limit; docs/benchmarks.md)
WITH d AS NOT MATERIALIZED (
  SELECT *, CAST(versao AS INTEGER) AS v FROM ${LINHAS_ITR}
),
-- the latest version of each filing, statement and aggregation, a few thousand groups
ultima AS MATERIALIZED (SELECT cnpj_cia, dt_refer, _demo, _agreg, max(v) AS v FROM d GROUP BY ALL),
escolha AS (
  SELECT cnpj_cia, dt_refer, _demo, CASE WHEN bool_or(_agreg = 'con') THEN 'con' ELSE 'ind' END AS _agreg
  FROM ultima GROUP BY ALL
),
receb AS (
  SELECT cnpj_cia, dt_refer, CAST(versao AS INTEGER) AS v, min(dt_receb) AS dt_receb
  FROM stg_cvm_doc_indice WHERE _doc = 'ITR' GROUP BY ALL
),
-- the candidate lines, narrow: only what picks the first line of each account and block
linhas AS (
  SELECT d.cnpj_cia, d.dt_refer, d._demo, d.cd_conta, d.dt_ini_exerc, ${LINHA_E_ARQUIVO} AS _ordem FROM d
  JOIN ultima USING (cnpj_cia, dt_refer, _demo, _agreg, v)
  JOIN escolha USING (cnpj_cia, dt_refer, _demo, _agreg)
  JOIN int_fundamentos_arquivos_itr a USING (_arquivo)
  WHERE d.ordem_exerc NOT LIKE 'PEN%' AND d.dt_fim_exerc = d.dt_refer
),
-- The first line of each account and block (a repeated line is dropped). A grouped min over narrow
-- columns, not row_number() over whole rows: that window could not spill (out of memory at escala 0.05
-- with a 300MB limit, docs/benchmarks.md); ties on _linha across files go to the first file name
-- (_ordem, sql.ts).
primeira AS (
  SELECT min(_ordem) AS p FROM linhas GROUP BY cnpj_cia, dt_refer, _demo, cd_conta, dt_ini_exerc
)
SELECT CAST(d.cd_cvm AS INTEGER) AS cd_regulator, CAST(year(d.dt_refer) AS INTEGER) AS ano,
  CAST(quarter(d.dt_refer) AS INTEGER) AS trimestre, d._demo AS demo, d._agreg AS agreg, d.v AS versao, receb.dt_receb,
  d.cd_conta, d.ds_conta, d.dt_ini_exerc, d.dt_fim_exerc,
  CASE WHEN d.dt_ini_exerc IS NULL THEN 'saldo'
       WHEN date_diff('day', d.dt_ini_exerc, d.dt_fim_exerc) <= 100 THEN 'trimestre'
       ELSE 'acumulado' END AS bloco,
  -- per-share lines (3.99) are in reais whatever ESCALA_MOEDA says
  CASE WHEN d.escala_moeda = 'MIL' AND d.cd_conta NOT LIKE '3.99%' THEN 1000 ELSE 1 END AS unidade,
  CAST(d.vl_conta AS DECIMAL(38,10)) * unidade AS valor,
  a.n_arquivo, d._linha AS linha
FROM d
JOIN int_fundamentos_arquivos_itr a USING (_arquivo)
LEFT JOIN receb ON receb.cnpj_cia = d.cnpj_cia AND receb.dt_refer = d.dt_refer AND receb.v = d.v
-- the kept lines, picked by _ordem alone: it names one row (_arquivo, _linha), the identity build.ts's
-- cross-file deletions also use, and only candidate lines won a group. The column filter is implied by
-- that; repeated here, it halves the rows that reach the join.
WHERE d.ordem_exerc NOT LIKE 'PEN%' AND d.dt_fim_exerc = d.dt_refer
  AND ${LINHA_E_ARQUIVO} IN (SELECT p FROM primeira);

CREATE OR REPLACE TABLE int_fundamentos_blocos_itr AS
WITH b AS (
  SELECT cd_regulator, ano, trimestre, demo, cd_conta, agreg, arg_min(ds_conta, linha) AS ds_conta,
    arg_min(valor, linha) FILTER (WHERE bloco = 'trimestre') AS tres_meses,
    min(linha) FILTER (WHERE bloco = 'trimestre') AS linha_tres_meses,
    arg_min(valor, linha) FILTER (WHERE bloco = 'acumulado') AS acumulado_itr,
    min(linha) FILTER (WHERE bloco = 'acumulado') AS linha_acumulado,
    arg_min(valor, linha) FILTER (WHERE bloco = 'saldo') AS saldo,
    min(linha) FILTER (WHERE bloco = 'saldo') AS linha_saldo,
    max(versao) AS versao, max(dt_receb) AS dt_receb, min(n_arquivo) AS n_arquivo, max(unidade) AS unidade
  FROM int_fundamentos_linhas_itr GROUP BY cd_regulator, ano, trimestre, demo, cd_conta, agreg
)
-- ytd: the year-to-date of the quarter as its own filing gives it (a first quarter's 3-month block is its YTD)
SELECT *, coalesce(acumulado_itr, CASE WHEN trimestre = 1 THEN tres_meses END) AS ytd FROM b;

CREATE OR REPLACE TABLE mart_fatos_trimestrais AS
WITH itr AS (
  SELECT y.cd_regulator, y.ano, y.trimestre, y.demo, y.cd_conta, y.ds_conta, y.agreg,
    CASE WHEN y.saldo IS NOT NULL THEN y.saldo WHEN y.tres_meses IS NOT NULL THEN y.tres_meses
         ELSE y.ytd - p.ytd END AS valor,
    CASE WHEN y.saldo IS NULL THEN y.ytd END AS acumulado,
    CASE WHEN y.saldo IS NULL AND y.tres_meses IS NULL AND p.ytd IS NULL THEN 'acumulado_sem_mes_anterior'
         WHEN y.trimestre > 1 AND y.tres_meses IS NOT NULL AND y.acumulado_itr IS NOT NULL AND p.ytd IS NOT NULL
              AND abs(y.tres_meses - (y.acumulado_itr - p.ytd)) > y.unidade THEN 'trimestre_anterior_reapresentado'
    END AS flag,
    CASE WHEN y.saldo IS NOT NULL THEN 'itr_saldo' WHEN y.tres_meses IS NOT NULL THEN 'itr_3_meses'
         ELSE 'itr_acumulado_menos_anterior' END AS origem,
    y.versao, y.dt_receb, fa._arquivo AS arquivo,
    coalesce(y.linha_saldo, y.linha_tres_meses, y.linha_acumulado) AS linha
  FROM int_fundamentos_blocos_itr y
  JOIN int_fundamentos_arquivos_itr fa USING (n_arquivo)
  LEFT JOIN int_fundamentos_blocos_itr p ON p.cd_regulator = y.cd_regulator AND p.ano = y.ano
    AND p.trimestre = y.trimestre - 1 AND p.demo = y.demo AND p.cd_conta = y.cd_conta
),
q4 AS (
  SELECT f.cd_regulator, f.ano, 4 AS trimestre, f.demo, f.cd_conta, f.ds_conta, f.agreg,
         CASE WHEN f.demo IN ('BPA', 'BPP') THEN f.valor ELSE f.valor - y.ytd END AS valor,
         CASE WHEN f.demo NOT IN ('BPA', 'BPP') THEN f.valor END AS acumulado,
         CASE WHEN f.demo NOT IN ('BPA', 'BPP') AND y.ytd IS NULL THEN 'acumulado_sem_mes_anterior' END AS flag,
         CASE WHEN f.demo IN ('BPA', 'BPP') THEN 'dfp_saldo' ELSE 'dfp_menos_itr_3t' END AS origem,
         f.versao, f.dt_receb, f.arquivo, f.linha
  FROM int_fundamentos_linhas f
  LEFT JOIN int_fundamentos_blocos_itr y ON y.cd_regulator = f.cd_regulator AND y.ano = f.ano AND y.trimestre = 3
    AND y.demo = f.demo AND y.cd_conta = f.cd_conta AND y.agreg = f.agreg
  WHERE f.ordem = 'ultimo' AND f.demo IN ('BPA', 'BPP', 'DRE', 'DFC_MI', 'DFC_MD', 'DVA')
    AND month(f.dt_refer) = 12
    AND EXISTS (SELECT 1 FROM int_fundamentos_linhas_itr i WHERE i.cd_regulator = f.cd_regulator AND i.ano = f.ano)
)
SELECT cd_regulator, ano, trimestre, demo, cd_conta, ds_conta, agreg, CAST(valor AS DOUBLE) AS valor,
       CAST(acumulado AS DOUBLE) AS acumulado, flag, origem, versao, dt_receb, arquivo, linha
FROM (SELECT * FROM itr UNION ALL SELECT * FROM q4)
ORDER BY cd_regulator, ano, trimestre, demo, cd_conta;
`;

export const trimestresStage: Stage = {
  name: 'mart_fatos_trimestrais',
  le: ['int_fundamentos_linhas', 'stg_cvm_demonstracao', 'stg_cvm_doc_indice'],
  cria: [
    'int_fundamentos_arquivos_itr',
    'int_fundamentos_blocos_itr',
    'int_fundamentos_linhas_itr',
    'mart_fatos_trimestrais',
  ],
  async run(ctx) {
    await ctx.db.run(SQL_TRIMESTRES);
    await aplicarChecagens(ctx.db, ctx.report, [
      {
        nome: 'fatos_trimestrais_chave_unica',
        tipo: 'hard',
        descricao: 'one quarterly value per (cd_regulator, ano, trimestre, demo, cd_conta)',
        tabela: 'mart_fatos_trimestrais',
        regra: 'chave_unica',
        colunas: ['cd_regulator', 'ano', 'trimestre', 'demo', 'cd_conta'],
      },
    ]);
    return [];
  },
};
