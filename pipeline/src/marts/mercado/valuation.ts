import type { Checagem } from '../../core/checagens.ts';
import { estagioDeMart } from '../../core/mart.ts';

/**
 * The company's valuation at its latest session and its dividends, computed here once so the JSON
 * (`multiplos.json` → valuation, `dividendos.json`), the bulk set `valuation` and the invariants show
 * the same numbers; the publication stage only selects them.
 *
 * Proventos are those of the class of the price used (`classe_preco`, ON when unknown). Sums run in the
 * publication's order (data_com descending, kind, line) so the floating-point total is the same number
 * whichever consumer reads it. A company with no B3 cash event at all has null proventos, DY and payout
 * (the exchange did not answer for it: absence is not zero); one with events outside the window has 0.
 */
export const SQL_VALUATION_MART = /* sql */ `
CREATE OR REPLACE TABLE mart_mercado_valuation AS
WITH v AS (SELECT *, coalesce(classe_preco, 'ON') AS classe FROM int_mercado_valuation),
p AS (SELECT * FROM mart_mercado_proventos WHERE cd_regulator IS NOT NULL),
n AS (SELECT cd_regulator, count(*) AS n_proventos FROM p GROUP BY ALL),
-- 12 months: data_com in (data_preco − 1 year, data_preco]
p12 AS (
  SELECT v.cd_regulator, sum(p.valor ORDER BY p.data_com DESC, p.tipo, p.linha) AS proventos_12m
  FROM v JOIN p ON p.cd_regulator = v.cd_regulator AND p.tipo_acao = v.classe
   AND p.data_com > v.data_preco - INTERVAL 1 YEAR AND p.data_com <= v.data_preco
  GROUP BY ALL
),
pano AS (
  SELECT v.cd_regulator, sum(p.valor ORDER BY p.data_com DESC, p.tipo, p.linha) AS proventos_ano
  FROM v JOIN p ON p.cd_regulator = v.cd_regulator AND p.tipo_acao = v.classe AND year(p.data_com) = v.ano
  GROUP BY ALL
),
s AS (
  SELECT v.*, coalesce(n.n_proventos, 0) AS n_proventos,
    CASE WHEN n.n_proventos > 0 THEN coalesce(p12.proventos_12m, 0) END AS proventos_12m,
    CASE WHEN n.n_proventos > 0 THEN coalesce(pano.proventos_ano, 0) END AS proventos_ano
  FROM v LEFT JOIN n USING (cd_regulator) LEFT JOIN p12 USING (cd_regulator) LEFT JOIN pano USING (cd_regulator)
)
SELECT cd_regulator, data_preco, preco, ticker_preco, classe_preco, classe, ano, acoes, pn_circulacao, flags_acoes,
  market_cap, market_cap + divida_liquida AS ev, divida_liquida, lucro, lucro_total, patrimonio,
  CASE WHEN acoes > 0 THEN lucro / acoes END AS lpa,
  CASE WHEN acoes > 0 THEN patrimonio / acoes END AS vpa,
  n_proventos, proventos_12m, proventos_12m / preco AS dy_12m, proventos_ano,
  -- payout per share only means something when every share is of the class whose proventos we sum
  CASE WHEN pn_circulacao = 0 AND acoes IS NOT NULL AND lucro > 0 THEN proventos_ano * acoes / lucro END AS payout,
  fco, fcf,
  CASE WHEN fco > 0 THEN market_cap / fco END AS p_fco,
  CASE WHEN fcf > 0 THEN market_cap / fcf END AS p_fcf
FROM s;

CREATE OR REPLACE TABLE mart_mercado_proventos_anual AS
WITH c AS (
  SELECT DISTINCT p.cd_regulator, coalesce(v.classe_preco, 'ON') AS classe
  FROM mart_mercado_proventos p LEFT JOIN int_mercado_valuation v USING (cd_regulator) WHERE p.cd_regulator IS NOT NULL
)
SELECT c.cd_regulator, c.classe, CAST(year(p.data_com) AS INTEGER) AS ano,
  round(sum(p.valor ORDER BY p.data_com DESC, p.tipo, p.linha) * 1e8) / 1e8 AS total, count(*) AS n
FROM c JOIN mart_mercado_proventos p ON p.cd_regulator = c.cd_regulator AND p.tipo_acao = c.classe
GROUP BY ALL;
`;

/** What must hold of the two tables (report.json, stage `mart_valuation`). */
export const CHECAGENS_VALUATION: readonly Checagem[] = [
  {
    nome: 'valuation_uma_linha_por_empresa',
    tipo: 'hard',
    descricao: 'one valuation row per company',
    tabela: 'mart_mercado_valuation',
    regra: 'chave_unica',
    colunas: ['cd_regulator'],
  },
  {
    nome: 'valuation_preco_e_data',
    tipo: 'hard',
    descricao: 'every valuation row has its session, a price and the class of that price',
    tabela: 'mart_mercado_valuation',
    regra: 'nao_nulo',
    colunas: ['data_preco', 'preco', 'ticker_preco', 'classe'],
  },
  {
    nome: 'valuation_empresa_conhecida',
    tipo: 'hard',
    descricao: 'every valuation row is of a company in mart_empresas',
    tabela: 'mart_mercado_valuation',
    regra: 'relacao',
    colunas: ['cd_regulator'],
    referencia: { tabela: 'mart_empresas', colunas: ['cd_regulator'] },
  },
  {
    nome: 'valuation_dy_vezes_preco_e_proventos',
    tipo: 'hard',
    descricao: 'dy_12m × preco = proventos_12m (the DY is the 12-month proventos over the price used)',
    tabela: 'mart_mercado_valuation',
    regra: 'identidade',
    esquerda: 'dy_12m * preco',
    direita: 'proventos_12m',
    colunas_exemplo: ['cd_regulator', 'data_preco'],
  },
  {
    nome: 'valuation_lpa_vezes_acoes_e_lucro',
    tipo: 'hard',
    descricao: 'lpa × acoes = lucro wherever the EPS has a value',
    tabela: 'mart_mercado_valuation',
    regra: 'identidade',
    esquerda: 'lpa * acoes',
    direita: 'lucro',
    colunas_exemplo: ['cd_regulator', 'ano'],
  },
  {
    nome: 'valuation_ev_e_market_cap_mais_divida',
    tipo: 'hard',
    descricao: 'ev = market_cap + divida_liquida',
    tabela: 'mart_mercado_valuation',
    regra: 'identidade',
    esquerda: 'ev',
    direita: 'market_cap + divida_liquida',
    colunas_exemplo: ['cd_regulator'],
  },
  {
    nome: 'proventos_anual_um_por_empresa_ano',
    tipo: 'hard',
    descricao: 'one yearly proventos total per company and year',
    tabela: 'mart_mercado_proventos_anual',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'ano'],
  },
  {
    nome: 'proventos_anual_total_e_contagem',
    tipo: 'hard',
    descricao: 'every yearly proventos row has a year, a total and a count',
    tabela: 'mart_mercado_proventos_anual',
    regra: 'nao_nulo',
    colunas: ['ano', 'total', 'n'],
  },
];

export const valuationStage = estagioDeMart('mart_valuation', [SQL_VALUATION_MART], CHECAGENS_VALUATION, {
  le: ['int_mercado_valuation', 'mart_empresas', 'mart_mercado_proventos'],
  cria: ['mart_mercado_proventos_anual', 'mart_mercado_valuation'],
});
