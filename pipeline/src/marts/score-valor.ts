import type { Checagem } from '../core/checagens.ts';
import { estagioDeMart, type Passo } from '../core/mart.ts';
import { gravidadeDaFlagSql } from './mercado/multiplos.ts';

/**
 * The value score (metodologia 9.1) as a mart: `mart_mercado_score_valor`, one row per annual multiple.
 * Within the year's universe (P/L and P/VP present, no blocking P/L flag) E/P = 1/P/L and B/P = 1/P/VP
 * become percentile positions (0 = smallest, 1 = largest, ties share the mean of the positions they
 * occupy) and the score is their mean. Outside: null with the multiple's blocking flag. A universe of one
 * has no positions. Every row reports the size of its year's universe.
 *
 * Each P/L flag is graded by the P/L flag classification (CLASSIFICACAO_FLAGS_PL, also published as a
 * JSON) through gravidadeDaFlagSql, the rule mart_screener's severities use too: a flag matches an entry
 * equal to it or that it extends with `_…`, the first entry wins, and an unknown flag is blocking.
 */

export const SQL_SCORE_VALOR = /* sql */ `
CREATE OR REPLACE TABLE mart_mercado_score_valor AS
WITH m AS (SELECT cd_regulator, ano, pl, pvp, flag_pl, flag FROM mart_mercado_multiplos_anuais),
partes AS (
  SELECT cd_regulator, ano, unnest(range(1, len(l) + 1)) AS i, unnest(l) AS f
  FROM (SELECT cd_regulator, ano, string_split(flag_pl, ';') AS l FROM m WHERE flag_pl IS NOT NULL AND flag_pl <> '')
),
grav AS (
  SELECT p.cd_regulator, p.ano, p.i, p.f, ${gravidadeDaFlagSql('p.f')} AS gravidade FROM partes p
),
bloq AS (
  SELECT cd_regulator, ano, count(*) AS n_bloq,
    -- deduplicated in first-seen order, empty parts dropped (juntarFlags)
    string_agg(f, ';' ORDER BY i) FILTER (WHERE f <> '') AS flags
  FROM (SELECT cd_regulator, ano, f, min(i) AS i FROM grav WHERE gravidade = 'bloqueante' GROUP BY ALL)
  GROUP BY ALL
),
c AS (
  SELECT m.*,
    CASE WHEN m.pl IS NULL OR coalesce(b.n_bloq, 0) > 0 THEN coalesce(b.flags, 'score_valor_sem_multiplos')
         -- P/VP is null only without market cap (then P/L is null too) or with equity <= 0
         WHEN m.pvp IS NULL THEN CASE WHEN list_contains(string_split(m.flag, ';'), 'pvp_patrimonio_nao_positivo')
                                      THEN 'pvp_patrimonio_nao_positivo' ELSE 'score_valor_sem_multiplos' END
    END AS fora
  FROM m LEFT JOIN bloq b USING (cd_regulator, ano)
),
u AS (
  SELECT cd_regulator, ano, count(*) OVER (PARTITION BY ano) AS n,
    rank() OVER (PARTITION BY ano ORDER BY 1 / pl) - 1 AS menores_ep,
    count(*) OVER (PARTITION BY ano, 1 / pl) AS iguais_ep,
    rank() OVER (PARTITION BY ano ORDER BY 1 / pvp) - 1 AS menores_bp,
    count(*) OVER (PARTITION BY ano, 1 / pvp) AS iguais_bp
  FROM c WHERE fora IS NULL
),
p AS (
  SELECT cd_regulator, ano, n,
    CASE WHEN n > 1 THEN (menores_ep + (iguais_ep - 1) / 2) / (n - 1) END AS posicao_lucro_preco,
    CASE WHEN n > 1 THEN (menores_bp + (iguais_bp - 1) / 2) / (n - 1) END AS posicao_vp_preco
  FROM u
),
anos AS (SELECT ano, count(*) AS n FROM u GROUP BY ALL)
SELECT c.cd_regulator, c.ano,
  (p.posicao_lucro_preco + p.posicao_vp_preco) / 2 AS valor,
  CASE WHEN c.fora IS NOT NULL THEN c.fora WHEN p.posicao_lucro_preco IS NULL THEN 'score_valor_universo_pequeno' END AS flag,
  c.pl, c.pvp, p.posicao_lucro_preco, p.posicao_vp_preco, coalesce(anos.n, 0) AS universo
FROM c LEFT JOIN p USING (cd_regulator, ano) LEFT JOIN anos USING (ano)
`;

export const PASSOS_SCORE_VALOR: readonly Passo[] = [SQL_SCORE_VALOR];

export const CHECAGENS_SCORE_VALOR: readonly Checagem[] = [
  {
    nome: 'score_valor_um_por_empresa_ano',
    tipo: 'hard',
    descricao: 'one value score per company and year with an annual multiple',
    tabela: 'mart_mercado_score_valor',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'ano'],
  },
  {
    nome: 'score_valor_media_das_posicoes',
    tipo: 'hard',
    descricao: 'the value score is the mean of its two positions',
    tabela: 'mart_mercado_score_valor',
    regra: 'identidade',
    esquerda: 'valor * 2',
    direita: 'posicao_lucro_preco + posicao_vp_preco',
    colunas_exemplo: ['cd_regulator', 'ano'],
  },
  {
    nome: 'score_valor_nulo_com_flag',
    tipo: 'hard',
    descricao: 'a null value score always carries a flag',
    tabela: 'mart_mercado_score_valor',
    regra: 'nao_nulo',
    colunas: ['flag'],
    onde: 'valor IS NULL',
  },
];

/** After the market marts (reads mart_mercado_multiplos_anuais), before the scores publication. */
export const scoreValorStage = estagioDeMart('mart_score_valor', PASSOS_SCORE_VALOR, CHECAGENS_SCORE_VALOR, {
  le: ['mart_mercado_multiplos_anuais'],
  cria: ['mart_mercado_score_valor'],
});
