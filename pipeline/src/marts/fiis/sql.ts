import type { Stage } from '../../core/stage.ts';
import { PADRAO_TICKER } from '../fundamentos/empresas.ts';
import { verificar } from '../fundamentos/sql.ts';
import { DIAS_MAX_ATE_PRECO } from '../mercado/multiplos.ts';

/** COTAHIST CODBDI of real-estate fund quotas (docs/sources.md §3): the only rows that name a FII code. */
export const CODBDI_FII = '12';

/** A reported ISIN is used only when it has the ISIN shape; the files also carry `0`, `-`, `N/A`, `***`. */
const ISIN_VALIDO = `^BR[A-Z0-9]{9}[0-9]$`;

/**
 * `fii_informes_versoes`: every staged version of every monthly report (geral joined to complemento on
 * fund, month and version), with the file and line of each half.
 * `fii_informes`: the newest version of each month (CVM keeps one row per version; the highest wins).
 * `fii_codigos`: ISIN → trading code from COTAHIST's FII rows; the newest session's code wins when an
 * ISIN traded under several codes.
 * `mart_fiis`: one row per fund (CNPJ) from its newest report. A fund gets a `ticker` only when that
 * report's ISIN is well formed, is claimed by no other fund's newest report, and traded in our files.
 */
export const SQL_FIIS = /* sql */ `
CREATE OR REPLACE TABLE fii_informes_versoes AS
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

CREATE OR REPLACE TABLE fii_informes AS
SELECT * FROM fii_informes_versoes
QUALIFY row_number() OVER (PARTITION BY cnpj, competencia ORDER BY versao DESC) = 1;

CREATE OR REPLACE TABLE fii_codigos AS
SELECT codisi AS isin, arg_max(ticker, data) AS ticker, count(DISTINCT ticker) AS n_codigos
FROM mkt_cotacoes WHERE codbdi = '${CODBDI_FII}' AND codisi IS NOT NULL GROUP BY codisi;

CREATE OR REPLACE TABLE mart_fiis AS
WITH ult AS (
  SELECT * FROM fii_informes QUALIFY row_number() OVER (PARTITION BY cnpj ORDER BY competencia DESC) = 1
), donos AS (SELECT isin, count(*) AS n FROM ult WHERE isin IS NOT NULL GROUP BY isin)
SELECT u.*, CASE WHEN d.n = 1 THEN k.ticker END AS ticker, coalesce(d.n > 1, false) AS isin_disputado
FROM ult u LEFT JOIN donos d USING (isin) LEFT JOIN fii_codigos k USING (isin);

-- Point in time: the first session on or after the delivery of the version used, the fund's close there.
CREATE OR REPLACE TABLE mart_fii_pvp AS
WITH base AS (
  SELECT f.ticker, f.isin AS isin_fundo, i.cnpj, i.competencia, i.data_entrega, i.vp_cota,
    mkt_primeira_sessao(i.data_entrega) AS data_preco
  FROM fii_informes i JOIN mart_fiis f USING (cnpj) WHERE f.ticker IS NOT NULL
), precificado AS (
  SELECT b.*, p.fechamento AS preco, date_diff('day', b.data_entrega, b.data_preco) AS dias_ate_preco,
    p.arquivo || ':' || p.linha AS fonte_preco
  FROM base b LEFT JOIN mkt_cotacoes p
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
SELECT f.ticker, arg_max(p.data, p.data) AS data, arg_max(p.fechamento, p.data) AS preco
FROM mart_fiis f JOIN mkt_cotacoes p ON p.codisi = f.isin AND p.codbdi = '${CODBDI_FII}'
WHERE f.ticker IS NOT NULL GROUP BY f.ticker;

-- Vacancy per property from the newest quarterly report (newest version) of each fund.
CREATE OR REPLACE TABLE mart_fii_vacancia AS
SELECT f.ticker, v.data_referencia AS competencia, trim(v.nome_imovel) AS imovel,
  CAST(v.percentual_vacancia AS DOUBLE) AS vacancia,
  CASE WHEN v.percentual_vacancia IS NULL THEN 'vacancia_nao_informada' END AS flag
FROM (SELECT * FROM stg_cvm_fii_trimestral_imovel
      QUALIFY dense_rank() OVER (PARTITION BY cnpj_fundo_classe ORDER BY data_referencia DESC, versao DESC) = 1) v
JOIN mart_fiis f ON f.cnpj = v.cnpj_fundo_classe
WHERE f.ticker IS NOT NULL AND nullif(trim(v.nome_imovel), '') IS NOT NULL;
`;

/** Stage `mart_fiis`: runs after the market marts (it needs `mkt_cotacoes` and the session calendar). */
export const fiisMartStage: Stage = {
  name: 'mart_fiis',
  async run(ctx) {
    await ctx.db.run(SQL_FIIS);
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
