import { FAIXA_SOBREPOSICAO_ETF, sqlFaixa } from './faixas.ts';
import { sqlMensagem } from './textos.ts';

/**
 * ETF watcher, `sobreposicao_mudou`: the overlap of an ETF's CDA portfolio with one same-index peer
 * (`int_etf_sobreposicao_mensal`, pipeline/src/marts/etfs/sql.ts) in a month against the pair's previous
 * month with both portfolios, when it crosses a band (FAIXA_SOBREPOSICAO_ETF). The CDA carries no delivery
 * date, so `data` is the portfolio date (DT_COMPTC); docs/vigia.md says so. One event per ETF and peer:
 * `indicador` is `sobreposicao:<peer>`, which keeps the mart's key unique when two peers move in one month.
 */
export const SQL_EVENTOS_ETF_SOBREPOSICAO = /* sql */ `
CREATE OR REPLACE TABLE int_eventos_etf_sobreposicao AS
WITH s AS (
  SELECT ticker, par, competencia, sobreposicao, arquivo,
    lag(competencia) OVER w AS comp_antes, lag(sobreposicao) OVER w AS antes
  FROM int_etf_sobreposicao_mensal WINDOW w AS (PARTITION BY ticker, par ORDER BY competencia)
)
SELECT ticker, par, comp_antes, competencia, antes, sobreposicao AS depois, arquivo AS fonte,
  ${sqlFaixa(FAIXA_SOBREPOSICAO_ETF, 'antes', 'pt')} AS faixa_antes, ${sqlFaixa(FAIXA_SOBREPOSICAO_ETF, 'sobreposicao', 'pt')} AS faixa_depois,
  ${sqlFaixa(FAIXA_SOBREPOSICAO_ETF, 'antes', 'en')} AS faixa_antes_en, ${sqlFaixa(FAIXA_SOBREPOSICAO_ETF, 'sobreposicao', 'en')} AS faixa_depois_en
FROM s WHERE comp_antes IS NOT NULL;

CREATE OR REPLACE TABLE int_eventos_ev_etf_sobreposicao AS SELECT * FROM (
  SELECT 'etfs', 'sobreposicao_mudou', NULL, x.ticker, l.nome, NULL, strftime(x.comp_antes, '%Y-%m'), strftime(x.competencia, '%Y-%m'),
    x.competencia, 'sobreposicao:' || x.par, x.antes, x.depois, NULL, NULL, x.faixa_antes, x.faixa_depois, x.faixa_antes_en, x.faixa_depois_en,
    [x.par], [x.par], ${sqlMensagem('fonte.cda', 'pt', { competencia: `strftime(x.competencia, '%Y-%m')`, arquivo: 'x.fonte' })}, NULL, NULL
  FROM int_eventos_etf_sobreposicao x JOIN int_etf_lista l USING (ticker)
  WHERE x.faixa_antes <> x.faixa_depois
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);
`;

/**
 * ETF watcher, `taxa_mudou`: the linked fund's management fee in the registry history
 * (`cad_fi_hist_taxa_adm`, pipeline/src/sources/fundos/cad-fi-hist.ts), one row against the previous row
 * of the same CNPJ by `DT_INI_TAXA_ADM`; both fees present and different. `data` = `DT_INI_TAXA_ADM`, the
 * date the registry says the new fee took effect (the file has no delivery date). The fee is the stated
 * one, in % per year as the registry writes it.
 */
export const SQL_EVENTOS_ETF_TAXA = /* sql */ `
CREATE OR REPLACE TABLE int_eventos_etf_taxa AS
WITH h AS (
  SELECT v.ticker, h.dt_ini_taxa_adm AS data, CAST(h.taxa_adm AS DOUBLE) AS taxa, h._arquivo || ':' || h._linha AS fonte,
    lag(h.dt_ini_taxa_adm) OVER w AS data_antes, lag(CAST(h.taxa_adm AS DOUBLE)) OVER w AS antes
  FROM int_etf_vinculo v JOIN stg_cvm_cad_fi_hist_taxa_adm h
    ON regexp_replace(h.cnpj_fundo, '\\D', '', 'g') = regexp_replace(v.cnpj, '\\D', '', 'g')
  WHERE v.cnpj IS NOT NULL AND h.dt_ini_taxa_adm IS NOT NULL
  WINDOW w AS (PARTITION BY v.ticker ORDER BY h.dt_ini_taxa_adm, h.dt_reg, h._linha)
)
SELECT * FROM h WHERE data_antes IS NOT NULL;

CREATE OR REPLACE TABLE int_eventos_ev_etf_taxa AS SELECT * FROM (
  SELECT 'etfs', 'taxa_mudou', NULL, x.ticker, l.nome, NULL, CAST(x.data_antes AS VARCHAR), CAST(x.data AS VARCHAR), x.data,
    'taxa_adm', x.antes, x.taxa, NULL, NULL, NULL, NULL, NULL, NULL,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), ${sqlMensagem('fonte.cadastro_taxa', 'pt', { arquivo: 'x.fonte' })}, NULL, NULL
  FROM int_eventos_etf_taxa x JOIN int_etf_lista l USING (ticker)
  WHERE x.antes IS NOT NULL AND x.taxa IS NOT NULL AND x.antes <> x.taxa
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);
`;
