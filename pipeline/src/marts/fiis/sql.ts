import { verificar } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { ensureStagingTable, stagingColumnsOf } from '../../core/staging.ts';
import { fundDistributionsSpec } from '../../sources/b3/fundos.ts';
import { FEITO_AQUI } from '../feito-aqui.ts';
import { PADRAO_TICKER } from '../fundamentos/empresas.ts';
import { DIAS_MAX_ATE_PRECO } from '../mercado/multiplos.ts';
import { COTAHIST_COM_PRECO } from '../mercado/precos.ts';
import { montarSerieMensal, sqlDy12m } from './mensal.ts';

/** COTAHIST CODBDI of real-estate fund quotas (docs/sources.md §3): the only rows that name a FII code. */
export const CODBDI_FII = '12';

/** A reported ISIN is used only when it has the ISIN shape; the files also carry `0`, `-`, `N/A`, `***`. */
const ISIN_VALIDO = `^BR[A-Z0-9]{9}[0-9]$`;

/** Fields compared between two staged versions of the same month (what a reader of the page sees). */
const CAMPOS_CAPTURADOS = ['data_entrega', 'cotistas', 'pl', 'vp_cota', 'segmento', 'isin'] as const;
const CAMPOS_NUMERICOS = new Set<string>(['cotistas', 'pl', 'vp_cota']);

/** One row per field that differs between a version and the one before it of the same fund and month. */
function sqlCapturas(): string {
  return CAMPOS_CAPTURADOS.map(
    (c) => `SELECT n.cnpj, n.competencia, '${c}' AS campo, ${CAMPOS_NUMERICOS.has(c)} AS numerico,
      CAST(a.${c} AS VARCHAR) AS antes, CAST(n.${c} AS VARCHAR) AS depois, a.versao AS versao_antes, n.versao AS versao_depois
    FROM int_fii_informes_versoes n JOIN int_fii_informes_versoes a
      ON a.cnpj = n.cnpj AND a.competencia = n.competencia AND a.versao = n.versao - 1
    WHERE a.${c} IS DISTINCT FROM n.${c}`,
  ).join(' UNION ALL ');
}

/**
 * `int_fii_informes_versoes`: every staged version of every monthly report (geral joined to complemento on
 * fund, month and version), with the file and line of each half.
 * `int_fii_informes`: the newest version of each month (CVM keeps one row per version; the highest wins).
 * `int_fii_codigos`: ISIN → trading code from COTAHIST's FII rows; the newest session's code wins when an
 * ISIN traded under several codes.
 * `mart_fiis`: one row per fund (CNPJ) from its newest report. A fund gets a `ticker` only when that
 * report's ISIN is well formed, is claimed by no other fund's newest report, and traded in our files.
 */
export const SQL_FIIS = /* sql */ `
CREATE OR REPLACE TABLE int_fii_informes_versoes AS
SELECT g.cnpj_fundo_classe AS cnpj, g.data_referencia AS competencia, CAST(g.versao AS INTEGER) AS versao,
  g.data_entrega, CASE WHEN regexp_full_match(trim(g.codigo_isin), '${ISIN_VALIDO}') THEN trim(g.codigo_isin) END AS isin,
  nullif(trim(g.nome_fundo_classe), '') AS nome, nullif(trim(g.segmento_atuacao), '') AS segmento,
  nullif(trim(g.mandato), '') AS mandato, nullif(trim(g.tipo_gestao), '') AS tipo_gestao,
  nullif(trim(g.publico_alvo), '') AS publico_alvo, g.data_funcionamento,
  CAST(c.total_numero_cotistas AS BIGINT) AS cotistas, CAST(c.patrimonio_liquido AS DOUBLE) AS pl,
  CAST(c.valor_patrimonial_cotas AS DOUBLE) AS vp_cota,
  g._arquivo || ':' || g._linha AS fonte_geral, c._arquivo || ':' || c._linha AS fonte_complemento
FROM stg_cvm_fii_mensal_geral g
LEFT JOIN stg_cvm_fii_mensal_complemento c
  ON c.cnpj_fundo_classe = g.cnpj_fundo_classe AND c.data_referencia = g.data_referencia AND c.versao = g.versao
WHERE g.cnpj_fundo_classe IS NOT NULL AND g.data_referencia IS NOT NULL AND g.data_entrega IS NOT NULL;

CREATE OR REPLACE TABLE int_fii_informes AS
SELECT * FROM int_fii_informes_versoes
QUALIFY row_number() OVER (PARTITION BY cnpj, competencia ORDER BY versao DESC) = 1;

-- FII quotes: the whole sessions (mart_mercado_precos) plus COTAHIST excerpts for days the whole files lack.
-- Excerpts stay out of the session calendar (see cotahistRecorteSpec), so P/VP still uses whole sessions.
CREATE OR REPLACE TABLE int_fii_cotacoes AS
SELECT ticker, data, fechamento, codisi, especi, arquivo, linha FROM mart_mercado_precos WHERE codbdi = '${CODBDI_FII}'
UNION ALL
SELECT * FROM (
  SELECT upper(trim(codneg)) AS ticker, data_pregao AS data, CAST(preult AS DOUBLE) / fatcot AS fechamento, codisi,
    trim(especi) AS especi, _arquivo AS arquivo, _linha AS linha
  FROM stg_b3_cotahist_recorte r
  WHERE codbdi = '${CODBDI_FII}' AND ${COTAHIST_COM_PRECO}
    AND NOT EXISTS (SELECT 1 FROM mart_mercado_precos m WHERE m.ticker = upper(trim(r.codneg)) AND m.data = r.data_pregao)
  QUALIFY row_number() OVER (PARTITION BY upper(trim(codneg)), data_pregao ORDER BY _arquivo, _linha) = 1);

CREATE OR REPLACE TABLE int_fii_codigos AS
SELECT codisi AS isin, arg_max(ticker, data) AS ticker, count(DISTINCT ticker) AS n_codigos
FROM int_fii_cotacoes WHERE codisi IS NOT NULL GROUP BY codisi;

CREATE OR REPLACE TABLE mart_fiis AS
WITH ult AS (
  SELECT * FROM int_fii_informes QUALIFY row_number() OVER (PARTITION BY cnpj ORDER BY competencia DESC) = 1
), donos AS (SELECT isin, count(*) AS n FROM ult WHERE isin IS NOT NULL GROUP BY isin)
SELECT u.*, CASE WHEN d.n = 1 THEN k.ticker END AS ticker, coalesce(d.n > 1, false) AS isin_disputado
FROM ult u LEFT JOIN donos d USING (isin) LEFT JOIN int_fii_codigos k USING (isin);

-- Point in time: the first session on or after the delivery of the version used, the fund's close there.
CREATE OR REPLACE TABLE mart_fii_pvp AS
WITH base AS (
  SELECT f.ticker, f.isin AS isin_fundo, i.cnpj, i.competencia, i.data_entrega, i.vp_cota,
    int_mercado_primeira_sessao(i.data_entrega) AS data_preco
  FROM int_fii_informes i JOIN mart_fiis f USING (cnpj) WHERE f.ticker IS NOT NULL
), precificado AS (
  SELECT b.*, p.fechamento AS preco, date_diff('day', b.data_entrega, b.data_preco) AS dias_ate_preco,
    p.arquivo || ':' || p.linha AS fonte_preco
  FROM base b LEFT JOIN mart_mercado_precos p
    ON p.codisi = b.isin_fundo AND p.data = b.data_preco AND p.codbdi = '${CODBDI_FII}'
)
SELECT *,
  CASE WHEN preco IS NOT NULL AND dias_ate_preco <= ${DIAS_MAX_ATE_PRECO} AND vp_cota > 0
    THEN preco / vp_cota END AS pvp,
  nullif(concat_ws(';',
    CASE WHEN preco IS NULL THEN 'sem_preco_do_fundo' END,
    CASE WHEN preco IS NOT NULL AND dias_ate_preco > ${DIAS_MAX_ATE_PRECO} THEN 'preco_distante' END,
    CASE WHEN vp_cota IS NULL THEN 'vp_cota_ausente' END,
    CASE WHEN vp_cota <= 0 THEN 'pvp_patrimonio_nao_positivo' END), '') AS flag
FROM precificado;

-- The newest close of each fund with a code: the base of the 12-month yield.
CREATE OR REPLACE TABLE mart_fii_ultimo_preco AS
SELECT f.ticker, arg_max(p.data, p.data) AS data, arg_max(p.fechamento, p.data) AS preco,
  arg_max(p.arquivo || ':' || p.linha, p.data) AS fonte_preco
FROM mart_fiis f JOIN int_fii_cotacoes p ON p.codisi = f.isin
WHERE f.ticker IS NOT NULL GROUP BY f.ticker;

-- Distributions (B3 GetListedSupplementFunds): only entries paid on the fund's own quota ISIN; other ISINs
-- of the same answer are subscription receipts. A row from a file made here says so (feito_aqui).
CREATE OR REPLACE TABLE mart_fii_proventos AS
SELECT f.ticker, upper(trim(p.label)) AS tipo, CAST(p.rate AS DOUBLE) AS valor, p.lastdateprior AS data_com,
  p.paymentdate AS data_pagamento, nullif(trim(p.relatedto), '') AS relativo_a, p._arquivo AS arquivo,
  p._linha AS linha, ${FEITO_AQUI('p._arquivo')} AS feito_aqui,
  nullif(concat_ws(';',
    CASE WHEN p.paymentdate IS NULL THEN 'sem_data_pagamento' END,
    CASE WHEN ${FEITO_AQUI('p._arquivo')} THEN 'proventos_feitos_aqui' END), '') AS flag
FROM stg_b3_fundos_proventos p JOIN mart_fiis f ON f.isin = trim(p.isincode) AND f.ticker IS NOT NULL
WHERE p.lastdateprior IS NOT NULL AND p.rate IS NOT NULL;

-- 12-month yield at the fund's newest close (the window rule: sqlDy12m).
CREATE OR REPLACE TABLE mart_fii_dy AS
${sqlDy12m('SELECT ticker, data AS data_base, preco FROM mart_fii_ultimo_preco')};

-- Vacancy per property from the newest quarterly report (newest version) of each fund.
CREATE OR REPLACE TABLE mart_fii_vacancia AS
SELECT f.ticker, v.data_referencia AS competencia, trim(v.nome_imovel) AS imovel,
  CAST(v.percentual_vacancia AS DOUBLE) AS vacancia,
  CASE WHEN v.percentual_vacancia IS NULL THEN 'vacancia_nao_informada' END AS flag
FROM (SELECT * FROM stg_cvm_fii_trimestral_imovel
      QUALIFY dense_rank() OVER (PARTITION BY cnpj_fundo_classe ORDER BY data_referencia DESC, versao DESC) = 1) v
JOIN mart_fiis f ON f.cnpj = v.cnpj_fundo_classe
WHERE f.ticker IS NOT NULL AND nullif(trim(v.nome_imovel), '') IS NOT NULL;

-- Distributions shown on the fund page: data com inside the yield's window, any type (amortisation too).
CREATE OR REPLACE TABLE mart_fii_proventos_recentes AS
SELECT p.ticker, p.tipo, p.valor, p.data_com, p.data_pagamento, p.relativo_a, p.flag
FROM mart_fii_proventos p JOIN mart_fii_dy d USING (ticker)
WHERE p.data_com > d.data_base - INTERVAL 12 MONTH AND p.data_com <= d.data_base;

-- Resubmitted months of funds with a code: the current version above 1, with its delivery date.
CREATE OR REPLACE TABLE mart_fii_versoes AS
SELECT cnpj, competencia, versao, data_entrega FROM int_fii_informes
WHERE versao > 1 AND cnpj IN (SELECT cnpj FROM mart_fiis WHERE ticker IS NOT NULL);

-- Field by field before/after, only when the staged files hold two consecutive versions of one month.
CREATE OR REPLACE TABLE mart_fii_capturas AS
SELECT * FROM (${sqlCapturas()}) WHERE cnpj IN (SELECT cnpj FROM mart_fiis WHERE ticker IS NOT NULL);
`;

/**
 * Income distributions (RENDIMENTO) whose fund has a COTAHIST quote within 5 days after the data com: the
 * first such quote is the ex day, where B3 marks ESPECI with `ER` (seen in the real August 2026 excerpt).
 */
const SQL_PRIMEIRA_COTACAO_APOS_DATA_COM = `
  SELECT p.ticker, p.data_com, min(c.data) AS data_ex, arg_min(c.especi, c.data) AS especi,
    arg_min(c.arquivo || ':' || c.linha, c.data) AS arquivo
  FROM mart_fii_proventos p JOIN int_fii_cotacoes c
    ON c.ticker = p.ticker AND c.data > p.data_com AND c.data <= p.data_com + INTERVAL 5 DAY
  WHERE p.tipo = 'RENDIMENTO' GROUP BY p.ticker, p.data_com`;

/** Tables the REIT marts read that exist only when a file of their kind was staged. */
export async function garantirTabelasFiis(db: BuildContext['db']): Promise<void> {
  await ensureStagingTable(db, fundDistributionsSpec.staged, stagingColumnsOf(fundDistributionsSpec));
  // The columns int_fii_cotacoes reads, typed as the fixed-width reader stages them.
  await db.run(`CREATE TABLE IF NOT EXISTS stg_b3_cotahist_recorte (data_pregao DATE, codbdi VARCHAR,
    codneg VARCHAR, tpmerc VARCHAR, especi VARCHAR, preult DECIMAL(18,2), fatcot INTEGER, codisi VARCHAR,
    _arquivo VARCHAR, _linha BIGINT)`);
}

/** Stage `mart_fiis`: runs after the market marts (it needs `mart_mercado_precos` and the session calendar). */
export const fiisMartStage: Stage = {
  name: 'mart_fiis',
  le: [
    'int_mercado_primeira_sessao',
    'mart_mercado_precos',
    'stg_b3_cotahist_recorte',
    'stg_b3_fundos_proventos',
    'stg_cvm_fii_mensal_complemento',
    'stg_cvm_fii_mensal_geral',
    'stg_cvm_fii_trimestral_geral',
    'stg_cvm_fii_trimestral_imovel',
  ],
  cria: [
    'int_fii_codigos',
    'int_fii_cotacoes',
    'int_fii_imoveis',
    'int_fii_informes',
    'int_fii_informes_versoes',
    'int_fii_meses',
    'int_fii_preco_fim_mes',
    'int_fii_vacancia_trimestral',
    'mart_fii_capturas',
    'mart_fii_dy',
    'mart_fii_mensal',
    'mart_fii_proventos',
    'mart_fii_proventos_recentes',
    'mart_fii_pvp',
    'mart_fii_ultimo_preco',
    'mart_fii_vacancia',
    'mart_fii_versoes',
    'mart_fiis',
    'stg_b3_fundos_proventos',
    'stg_cvm_fii_trimestral_geral',
    'stg_cvm_fii_trimestral_imovel',
  ],
  async run(ctx) {
    await garantirTabelasFiis(ctx.db);
    await ctx.db.run(SQL_FIIS);
    await montarSerieMensal(ctx);
    const codigoUnico = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_fiis WHERE ticker IS NOT NULL',
      'SELECT ticker, list(cnpj) AS cnpjs FROM mart_fiis WHERE ticker IS NOT NULL GROUP BY ticker HAVING count(*) > 1',
    );
    ctx.report.invariant({
      nome: 'fiis_um_fundo_por_codigo',
      tipo: 'hard',
      descricao: 'a trading code names one fund (CNPJ) only',
      ...codigoUnico,
    });
    const formato = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_fiis WHERE ticker IS NOT NULL',
      `SELECT ticker FROM mart_fiis WHERE ticker IS NOT NULL AND NOT regexp_full_match(ticker, '${PADRAO_TICKER}')`,
    );
    ctx.report.invariant({
      nome: 'fiis_codigo_no_formato',
      tipo: 'hard',
      descricao: 'every published FII code has the shape the schemas accept (MXRF11)',
      ...formato,
    });
    const pontoNoTempo = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_fii_pvp WHERE data_preco IS NOT NULL',
      'SELECT ticker, competencia, data_entrega, data_preco FROM mart_fii_pvp WHERE data_preco < data_entrega',
    );
    ctx.report.invariant({
      nome: 'fiis_preco_apos_entrega',
      tipo: 'hard',
      descricao: 'the price of a P/VP row is never from a session before the report was delivered',
      ...pontoNoTempo,
    });
    const marcaEx = await verificar(
      ctx.db,
      `SELECT count(*) FROM (${SQL_PRIMEIRA_COTACAO_APOS_DATA_COM})`,
      `SELECT ticker, data_com, data_ex, especi, arquivo FROM (${SQL_PRIMEIRA_COTACAO_APOS_DATA_COM})
       WHERE NOT list_contains(string_split_regex(especi, '\\s+'), 'ER')`,
    );
    ctx.report.invariant({
      nome: 'fiis_data_com_confere_marca_ex',
      tipo: 'soft',
      descricao:
        "a distribution's data com is the day before the fund goes ex: the fund's first COTAHIST quote after it (within 5 days) carries the ex-income marker ER in ESPECI",
      ...marcaEx,
    });
    const dyComFonte = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_fii_dy',
      `SELECT ticker, dy_12m, flag FROM mart_fii_dy
       WHERE (dy_12m IS NULL) <> (flag IS NOT NULL AND list_contains(string_split(flag, ';'), 'sem_fonte_de_rendimentos'))`,
    );
    ctx.report.invariant({
      nome: 'fiis_dy_nulo_so_sem_fonte',
      tipo: 'hard',
      descricao:
        'dy_12m is null exactly when the fund has no distribution row (flag sem_fonte_de_rendimentos)',
      ...dyComFonte,
    });
    const disputados = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_fiis',
      'SELECT isin, cnpj, nome FROM mart_fiis WHERE isin_disputado',
    );
    ctx.report.invariant({
      nome: 'fiis_isin_de_um_fundo',
      tipo: 'soft',
      descricao:
        "the ISIN of a fund's newest monthly report is claimed by no other fund's newest report (those funds get no code)",
      ...disputados,
    });
    return [];
  },
};
