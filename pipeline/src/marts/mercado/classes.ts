import type { Checagem } from '../../core/checagens.ts';
import { estagioDeMart } from '../../core/mart.ts';
import { DIAS_MAX_ATE_PRECO, PL_EXTREMO } from './multiplos.ts';

/**
 * Per-class figures of a company with more than one live share class (ITUB3 beside ITUB4,
 * docs/metodologia.md §12). Each live class is priced at its own close: P/L = class price / LPA,
 * P/VP = class price / VPA, DY = the class's own proventos / class price. LPA and VPA are company figures
 * (profit or equity over every share outstanding, ex-treasury), the same for every class. Market cap,
 * EV and the EV multiples stay in the company tables. A class that did not trade on the session used
 * gets a null price and null multiples with `classe_sem_pregao`: never another code's price.
 */

/** The flag of a class without its own session on the price date (dictionary: ui/src/dicionario). */
export const FLAG_CLASSE_SEM_PREGAO = 'classe_sem_pregao';

/**
 * B3's share-code rule: the digit after the 4-letter root names the class (3 ON, 4 PN, 5 PNA, 6 PNB,
 * 7 PNC, 8 PND), the spelling of `typeStock` in B3's cash events. Units (11), rights and receipts are not
 * share classes and get no per-class figures.
 */
const TIPO_ACAO_DO_CODIGO = `CASE regexp_extract(t.ticker, '^[A-Z0-9]{4}([3-8])$', 1)
  WHEN '3' THEN 'ON' WHEN '4' THEN 'PN' WHEN '5' THEN 'PNA' WHEN '6' THEN 'PNB' WHEN '7' THEN 'PNC' WHEN '8' THEN 'PND' END`;

const flags = (...partes: string[]) => `nullif(concat_ws(';', ${partes.join(', ')}), '')`;

/** Flags of a per-share P/L and P/VP from the class price and the company's LPA/VPA. */
const flagsPorAcao = (naoDistante: string) => [
  `CASE WHEN ${naoDistante} AND preco IS NULL THEN '${FLAG_CLASSE_SEM_PREGAO}' END`,
  `CASE WHEN ${naoDistante} AND preco IS NOT NULL AND lpa IS NOT NULL AND lucro_total THEN 'lucro_total_sem_minoritarios' END`,
  `CASE WHEN ${naoDistante} AND acoes > 0 AND lucro IS NULL THEN 'lucro_ausente' END`,
  `CASE WHEN ${naoDistante} AND lpa <= 0 THEN 'pl_negativo' END`,
  `CASE WHEN lpa > 0 AND preco / lpa > ${PL_EXTREMO} THEN 'pl_extremo' END`,
  `CASE WHEN ${naoDistante} AND acoes > 0 AND NOT coalesce(patrimonio > 0, false) THEN 'pvp_patrimonio_nao_positivo' END`,
];

/**
 * `int_mercado_classes_vivas`: every live share code (in the company's latest FCA without an end date),
 * the main code included (`principal`), with its class.
 * `mart_mercado_multiplos_classe`: one row per filing of `mart_mercado_multiplos_anuais` and live class,
 * priced on the same session as the company row (the first on or after dt_receb), at the class's close.
 * `mart_mercado_valuation_classe`: one row per live class at the company's latest session.
 */
export const SQL_CLASSES = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_classes_vivas AS
SELECT t.cd_regulator, t.ticker, ${TIPO_ACAO_DO_CODIGO} AS tipo_acao, a.ticker_atual AS ticker_principal,
  t.ticker = a.ticker_atual AS principal
FROM mart_tickers t JOIN int_fundamentos_ticker_atual a USING (cd_regulator)
WHERE t.vigente AND ${TIPO_ACAO_DO_CODIGO} IS NOT NULL;

CREATE OR REPLACE TABLE mart_mercado_multiplos_classe AS
WITH b AS (
  SELECT m.cd_regulator, m.ano, c.ticker, c.tipo_acao, c.ticker_principal, c.principal, m.dt_receb, m.data_preco,
    m.dias_ate_preco > ${DIAS_MAX_ATE_PRECO} AS distante, p.fechamento AS preco, p.volume,
    p.arquivo || ':' || p.linha AS origem_preco,
    m.on_circulacao + m.pn_circulacao AS acoes, m.acoes_dt_refer, m.flag_acoes, m.lucro, m.lucro_total, m.patrimonio
  FROM mart_mercado_multiplos_anuais m JOIN int_mercado_classes_vivas c USING (cd_regulator)
  LEFT JOIN mart_mercado_precos p ON p.ticker = c.ticker AND p.data = m.data_preco
),
l AS (
  SELECT b.*,
    CASE WHEN NOT distante AND acoes > 0 THEN lucro / acoes END AS lpa,
    CASE WHEN NOT distante AND acoes > 0 THEN patrimonio / acoes END AS vpa
  FROM b
)
SELECT cd_regulator, ano, ticker, tipo_acao, ticker_principal, principal, dt_receb, data_preco, preco, volume, origem_preco,
  acoes, lucro, patrimonio, lpa, vpa,
  CASE WHEN preco IS NOT NULL AND lpa > 0 THEN preco / lpa END AS pl,
  CASE WHEN preco IS NOT NULL AND vpa > 0 THEN preco / vpa END AS pvp,
  ${flags(
    `CASE WHEN distante THEN 'preco_distante' END`,
    `CASE WHEN NOT distante AND acoes_dt_refer IS NULL THEN 'acoes_indisponiveis' END`,
    `CASE WHEN NOT distante THEN flag_acoes END`,
    `CASE WHEN NOT distante AND acoes_dt_refer < make_date(ano, 12, 31) THEN 'acoes_defasadas' END`,
    ...flagsPorAcao('NOT distante'),
  )} AS flag
FROM l ORDER BY cd_regulator, ano, ticker;

CREATE OR REPLACE TABLE mart_mercado_valuation_classe AS
WITH b AS (
  SELECT v.cd_regulator, c.ticker, c.tipo_acao, c.ticker_principal, c.principal, v.data_preco, v.ano,
    p.fechamento AS preco, p.volume, p.arquivo || ':' || p.linha AS origem_preco,
    v.acoes, v.lucro, v.lucro_total, v.patrimonio, v.lpa, v.vpa,
    v.n_proventos,
    -- the share-count flags qualify the LPA; classe_sem_preco is about the company's market cap
    nullif(array_to_string(list_filter(string_split(coalesce(v.flags_acoes, ''), ';'),
      f -> f NOT IN ('', 'classe_sem_preco')), ';'), '') AS flags_acoes
  FROM mart_mercado_valuation v JOIN int_mercado_classes_vivas c USING (cd_regulator)
  LEFT JOIN mart_mercado_precos p ON p.ticker = c.ticker AND p.data = v.data_preco
),
pr AS (SELECT * FROM mart_mercado_proventos WHERE cd_regulator IS NOT NULL),
-- 12 months as for the company: data_com in (data_preco − 1 year, data_preco], this class's events only
p12 AS (
  SELECT b.cd_regulator, b.ticker, sum(pr.valor ORDER BY pr.data_com DESC, pr.tipo, pr.linha) AS proventos_12m
  FROM b JOIN pr ON pr.cd_regulator = b.cd_regulator AND pr.tipo_acao = b.tipo_acao
   AND pr.data_com > b.data_preco - INTERVAL 1 YEAR AND pr.data_com <= b.data_preco
  GROUP BY ALL
),
s AS (
  SELECT b.*, CASE WHEN b.n_proventos > 0 THEN coalesce(p12.proventos_12m, 0) END AS proventos_12m
  FROM b LEFT JOIN p12 USING (cd_regulator, ticker)
)
SELECT cd_regulator, ticker, tipo_acao, ticker_principal, principal, data_preco, ano, preco, volume, origem_preco,
  acoes, lucro, patrimonio, lpa, vpa,
  CASE WHEN preco IS NOT NULL AND lpa > 0 THEN preco / lpa END AS pl,
  CASE WHEN preco IS NOT NULL AND vpa > 0 THEN preco / vpa END AS pvp,
  proventos_12m, proventos_12m / preco AS dy_12m,
  ${flags('flags_acoes', ...flagsPorAcao('true'))} AS flag
FROM s ORDER BY cd_regulator, ticker;
`;

/** What must hold of the per-class tables (report.json, stage `mart_multiplos_classe`). */
export const CHECAGENS_CLASSES: readonly Checagem[] = [
  {
    nome: 'multiplos_classe_um_por_filing_e_codigo',
    tipo: 'hard',
    descricao: 'one per-class row per company, fiscal year and live share code',
    tabela: 'mart_mercado_multiplos_classe',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'ano', 'ticker'],
  },
  {
    nome: 'multiplos_classe_sessao_e_recebimento',
    tipo: 'hard',
    descricao: 'every per-class row has its code, class, reception date and price session',
    tabela: 'mart_mercado_multiplos_classe',
    regra: 'nao_nulo',
    colunas: ['cd_regulator', 'ano', 'ticker', 'tipo_acao', 'dt_receb', 'data_preco'],
  },
  {
    nome: 'multiplos_classe_preco_do_proprio_codigo',
    tipo: 'hard',
    descricao: "a class's price is that code's own close on the session used (never another code's)",
    tabela: 'mart_mercado_multiplos_classe',
    regra: 'relacao',
    colunas: ['ticker', 'data_preco', 'preco'],
    referencia: { tabela: 'mart_mercado_precos', colunas: ['ticker', 'data', 'fechamento'] },
  },
  {
    nome: 'multiplos_classe_pl_vezes_lpa_e_preco',
    tipo: 'hard',
    descricao: 'class P/L × LPA = class price',
    tabela: 'mart_mercado_multiplos_classe',
    regra: 'identidade',
    esquerda: 'pl * lpa',
    direita: 'preco',
    colunas_exemplo: ['cd_regulator', 'ano', 'ticker'],
  },
  {
    nome: 'multiplos_classe_pvp_vezes_vpa_e_preco',
    tipo: 'hard',
    descricao: 'class P/VP × VPA = class price',
    tabela: 'mart_mercado_multiplos_classe',
    regra: 'identidade',
    esquerda: 'pvp * vpa',
    direita: 'preco',
    colunas_exemplo: ['cd_regulator', 'ano', 'ticker'],
  },
  {
    nome: 'multiplos_classe_pl_nulo_tem_flag',
    tipo: 'hard',
    descricao: 'every null class P/L carries a flag saying why',
    tabela: 'mart_mercado_multiplos_classe',
    regra: 'nao_nulo',
    onde: 'pl IS NULL',
    colunas: ['flag'],
  },
  {
    nome: 'valuation_classe_um_por_codigo',
    tipo: 'hard',
    descricao: 'one current per-class row per company and live share code',
    tabela: 'mart_mercado_valuation_classe',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'ticker'],
  },
  {
    nome: 'valuation_classe_preco_do_proprio_codigo',
    tipo: 'hard',
    descricao: "a class's current price is that code's own close on the company's latest session",
    tabela: 'mart_mercado_valuation_classe',
    regra: 'relacao',
    colunas: ['ticker', 'data_preco', 'preco'],
    referencia: { tabela: 'mart_mercado_precos', colunas: ['ticker', 'data', 'fechamento'] },
  },
  {
    nome: 'valuation_classe_pl_vezes_lpa_e_preco',
    tipo: 'hard',
    descricao: 'current class P/L × LPA = class price',
    tabela: 'mart_mercado_valuation_classe',
    regra: 'identidade',
    esquerda: 'pl * lpa',
    direita: 'preco',
    colunas_exemplo: ['cd_regulator', 'ticker'],
  },
  {
    nome: 'valuation_classe_dy_vezes_preco_e_proventos',
    tipo: 'hard',
    descricao: "class dy_12m × class price = the class's own 12-month proventos",
    tabela: 'mart_mercado_valuation_classe',
    regra: 'identidade',
    esquerda: 'dy_12m * preco',
    direita: 'proventos_12m',
    colunas_exemplo: ['cd_regulator', 'ticker'],
  },
  {
    nome: 'valuation_classe_sem_pregao_tem_flag',
    tipo: 'hard',
    descricao: 'a class without a session on the price date has a null price and says why',
    tabela: 'mart_mercado_valuation_classe',
    regra: 'nao_nulo',
    onde: 'preco IS NULL',
    colunas: ['flag'],
  },
];

export const classesStage = estagioDeMart('mart_multiplos_classe', [SQL_CLASSES], CHECAGENS_CLASSES, {
  le: [
    'int_fundamentos_ticker_atual',
    'mart_mercado_multiplos_anuais',
    'mart_mercado_precos',
    'mart_mercado_proventos',
    'mart_mercado_valuation',
    'mart_tickers',
  ],
  cria: ['int_mercado_classes_vivas', 'mart_mercado_multiplos_classe', 'mart_mercado_valuation_classe'],
});
