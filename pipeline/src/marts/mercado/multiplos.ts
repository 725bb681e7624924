import type { ClassificacaoFlagsPl, GravidadeFlag } from '@fundamentos/schemas/screener-snapshot';
import { lit, verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';

/**
 * A price more than this many calendar days after dt_receb is not "the first session on or after
 * the reception": the sessions in between are missing from our COTAHIST files, so the multiple is
 * refused (`preco_distante`) rather than priced on a later day.
 */
export const DIAS_MAX_ATE_PRECO = 7;
/** P/L above this never passes a screener (spec, "P/L upper bound"). */
export const PL_EXTREMO = 200;

/** Every flag a P/L can carry and how the screener's `rigor` treats it (published as JSON). */
export const CLASSIFICACAO_FLAGS_PL: ClassificacaoFlagsPl = [
  {
    flag: 'acoes_em_milhares',
    gravidade: 'ajuste_feito',
    significado: 'share counts were filed in thousands (implied P/VP band) and were multiplied by 1000',
  },
  {
    flag: 'acoes_defasadas',
    gravidade: 'ressalva_leve',
    significado:
      'the latest share count known on the price date refers to an earlier date than the fiscal year end (or, in the current valuation, is more than a year away from the price date)',
  },
  {
    flag: 'acoes_do_fre_sem_tesouraria',
    gravidade: 'ressalva_leve',
    significado: 'share counts come from the FRE paid-in capital, which does not subtract treasury shares',
  },
  {
    flag: 'lucro_total_sem_minoritarios',
    gravidade: 'ressalva_leve',
    significado:
      'profit attributable to controlling shareholders is missing; the consolidated total was used',
  },
  {
    flag: 'pn_pela_classe_mais_liquida',
    gravidade: 'ressalva_leve',
    significado:
      'the company has more than one preferred code (PNA, PNB…); all preferred shares were priced at the most traded one',
  },
  {
    flag: 'lucro_ausente',
    gravidade: 'bloqueante',
    significado: 'the filing has no profit line: P/L is null',
  },
  { flag: 'pl_negativo', gravidade: 'bloqueante', significado: 'profit is zero or negative: P/L is null' },
  {
    flag: 'pl_extremo',
    gravidade: 'bloqueante',
    significado: `P/L above ${PL_EXTREMO}: kept for reading, never passes a screener`,
  },
  {
    flag: 'preco_distante',
    gravidade: 'bloqueante',
    significado: `the first session found after dt_receb is more than ${DIAS_MAX_ATE_PRECO} days later (sessions missing from our files): multiples are null`,
  },
  {
    flag: 'acoes_indisponiveis',
    gravidade: 'bloqueante',
    significado: 'no share count was known on the price date: market cap and multiples are null',
  },
  {
    flag: 'escala_acoes_indeterminada',
    gravidade: 'bloqueante',
    significado:
      'the share count fits neither units nor thousands (implied P/VP outside both bands, or no equity/price to test): not used',
  },
  {
    flag: 'sem_acoes_em_circulacao',
    gravidade: 'bloqueante',
    significado: 'issued minus treasury shares is zero or negative',
  },
  {
    flag: 'classe_sem_preco',
    gravidade: 'bloqueante',
    significado: 'a share class with shares outstanding did not trade on the price date: market cap is null',
  },
  {
    flag: 'ttm_sem_trimestre',
    gravidade: 'bloqueante',
    significado:
      'a quarter needed for the trailing 12 months is missing (the flag names it: ttm_sem_trimestre_<q>_<year>)',
  },
  {
    flag: 'sem_pregao_apos_recebimento',
    gravidade: 'bloqueante',
    significado:
      "no session on or after the ITR's reception in our price files: price and 12-month P/L are null",
  },
];

const ORDEM_GRAVIDADE: readonly GravidadeFlag[] = ['ajuste_feito', 'ressalva_leve', 'bloqueante'];

const rank = (g: GravidadeFlag) => ORDEM_GRAVIDADE.indexOf(g) + 1;

/** The CASE over one P/L flag `f`: the rank of the first entry it equals or extends with `_…`; else blocking. */
const rankDaFlag = (f: string): string =>
  `CASE ${CLASSIFICACAO_FLAGS_PL.map(
    (c) => `WHEN ${f} = ${lit(c.flag)} OR starts_with(${f}, ${lit(`${c.flag}_`)}) THEN ${rank(c.gravidade)}`,
  ).join(' ')} ELSE ${rank('bloqueante')} END`;

const NOMES_GRAVIDADE = `[${ORDEM_GRAVIDADE.map(lit).join(', ')}]`;

/**
 * The severity of one P/L flag `f` (an SQL expression) as SQL: that of the first entry of
 * CLASSIFICACAO_FLAGS_PL it equals or extends with `_…`; an unknown flag is blocking (never let it through).
 */
export const gravidadeDaFlagSql = (f: string): string => `${NOMES_GRAVIDADE}[${rankDaFlag(f)}]`;

/** Worst severity among the `;`-separated P/L flags of `flag` (an SQL expression); a null flag has none. */
export function gravidadePlSql(flag: string): string {
  return `CASE WHEN (${flag}) IS NOT NULL THEN ${NOMES_GRAVIDADE}[list_max(list_transform(string_split(${flag}, ';'), lambda f: ${rankDaFlag('f')}))] END`;
}

/** Shared pieces: company price per class on a date, share count known on a date. */
const flags = (...partes: string[]) => `nullif(concat_ws(';', ${partes.join(', ')}), '')`;

/**
 * The P/L's flags in their order (price, shares, class, profit): `flag_pl` is exactly these, and the
 * filing's `flag` starts with them before the other multiples' own.
 */
const FLAGS_DO_PL = [
  `CASE WHEN distante THEN 'preco_distante' END`,
  `CASE WHEN NOT distante AND sem_acoes THEN 'acoes_indisponiveis' END`,
  `CASE WHEN NOT distante THEN flag_acoes END`,
  `CASE WHEN NOT distante AND acoes_dt_refer < make_date(ano, 12, 31) THEN 'acoes_defasadas' END`,
  `CASE WHEN NOT distante AND classe_sem_preco THEN 'classe_sem_preco' END`,
  `CASE WHEN market_cap IS NOT NULL AND n_codigos_pn > 1 THEN 'pn_pela_classe_mais_liquida' END`,
  `CASE WHEN market_cap IS NOT NULL AND lucro_total THEN 'lucro_total_sem_minoritarios' END`,
  `CASE WHEN market_cap IS NOT NULL AND lucro IS NULL THEN 'lucro_ausente' END`,
  `CASE WHEN market_cap IS NOT NULL AND lucro <= 0 THEN 'pl_negativo' END`,
  `CASE WHEN market_cap IS NOT NULL AND lucro > 0 AND market_cap / lucro > ${PL_EXTREMO} THEN 'pl_extremo' END`,
];

/**
 * `mart_mercado_multiplos_anuais`: one row per DFP (company, year) with a session on or after dt_receb in
 * our files. dt_receb is that of the VERSAO the fundamentals use. data_preco is the first session
 * on or after dt_receb in which the company traded; each class is priced on that same session.
 * `int_mercado_valuation`: the latest session of each company with its latest balance sheet.
 */
export const SQL_FILINGS = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_filings AS
SELECT cd_regulator, ano, max(dt_receb) AS dt_receb FROM int_fundamentos_papeis
WHERE ordem = 'ultimo' AND dt_receb IS NOT NULL GROUP BY ALL;

`;

/**
 * Which of a company's codes gives its price on a session (`p`: int_mercado_precos_empresa, `t`:
 * int_fundamentos_ticker_atual), as an `arg_max` key: the current code, else the most traded; two codes
 * with the same volume are told apart by the code, so every column comes from one row and two builds of
 * one input agree.
 */
export const CODIGO_DO_PRECO = '(p.ticker = t.ticker_atual, p.volume, p.ticker)';

/** Reads int_mercado_filings, int_mercado_precos_empresa, int_mercado_preco_classe, int_mercado_acoes, int_fundamentos_ticker_atual, int_fundamentos_base, mart_indicadores. */
export const SQL_MULTIPLOS_ANUAIS = /* sql */ `
CREATE OR REPLACE TABLE mart_mercado_multiplos_anuais AS
-- the first session on or after dt_receb, by an ASOF join (a min over every later session of the company
-- joined each filing to most of the company's price rows); filings without one are left out, as before
WITH dp AS (
  SELECT DISTINCT f.cd_regulator, f.ano, f.dt_receb, p.data AS data_preco
  FROM int_mercado_filings f ASOF JOIN int_mercado_precos_empresa p ON p.cd_regulator = f.cd_regulator AND p.data >= f.dt_receb
),
cab AS (
  SELECT dp.cd_regulator, dp.ano,
    arg_max(p.ticker, ${CODIGO_DO_PRECO}) AS ticker_preco,
    arg_max(p.fechamento, ${CODIGO_DO_PRECO}) AS preco,
    arg_max(p.arquivo || ':' || p.linha, ${CODIGO_DO_PRECO}) AS origem_preco
  FROM dp JOIN int_mercado_precos_empresa p ON p.cd_regulator = dp.cd_regulator AND p.data = dp.data_preco
  LEFT JOIN int_fundamentos_ticker_atual t ON t.cd_regulator = dp.cd_regulator
  GROUP BY ALL
),
ac AS (
  SELECT dp.cd_regulator, dp.ano, a.dt_refer AS acoes_dt_refer, a.on_circulacao, a.pn_circulacao, a.flag AS flag_acoes,
    a.arquivo || ':' || a.linha AS origem_acoes
  FROM dp JOIN int_mercado_acoes a ON a.cd_regulator = dp.cd_regulator AND a.dt_receb <= dp.data_preco
  QUALIFY row_number() OVER (PARTITION BY dp.cd_regulator, dp.ano ORDER BY a.dt_refer DESC, (a.doc = 'DFP') DESC) = 1
),
ind AS (
  SELECT cd_regulator, ano,
    max(valor) FILTER (WHERE nome = 'ebitda' AND flag IS NULL) AS ebitda, any_value(flag) FILTER (WHERE nome = 'ebitda') AS flag_ebitda,
    max(valor) FILTER (WHERE nome = 'divida_liquida' AND flag IS NULL) AS divida_liquida
  FROM mart_indicadores WHERE nome IN ('ebitda', 'divida_liquida') GROUP BY ALL
),
base AS (
  SELECT dp.*, date_diff('day', dp.dt_receb, dp.data_preco) AS dias_ate_preco,
    cab.ticker_preco, cab.preco, cab.origem_preco,
    ac.acoes_dt_refer, ac.on_circulacao, ac.pn_circulacao, ac.flag_acoes, ac.origem_acoes,
    pon.preco AS preco_on, pon.ticker AS ticker_on, ppn.preco AS preco_pn, ppn.ticker AS ticker_pn, ppn.n_codigos AS n_codigos_pn,
    coalesce(b.lucro_ctrl_u, b.lucro_u) AS lucro, b.lucro_ctrl_u IS NULL AND b.lucro_u IS NOT NULL AS lucro_total,
    b.pl_u - coalesce(b.nci_u, 0) AS patrimonio, ind.ebitda, ind.divida_liquida, ind.flag_ebitda, fcf.fcf
  FROM dp JOIN cab USING (cd_regulator, ano)
  LEFT JOIN int_fundamentos_fcf fcf ON fcf.cd_regulator = dp.cd_regulator AND fcf.ano = dp.ano
  LEFT JOIN ac USING (cd_regulator, ano)
  LEFT JOIN int_mercado_preco_classe pon ON pon.cd_regulator = dp.cd_regulator AND pon.data = dp.data_preco AND pon.classe = 'ON'
  LEFT JOIN int_mercado_preco_classe ppn ON ppn.cd_regulator = dp.cd_regulator AND ppn.data = dp.data_preco AND ppn.classe = 'PN'
  LEFT JOIN int_fundamentos_base b ON b.cd_regulator = dp.cd_regulator AND b.ano = dp.ano
  LEFT JOIN ind ON ind.cd_regulator = dp.cd_regulator AND ind.ano = dp.ano
),
mc AS (
  SELECT base.*,
    dias_ate_preco > ${DIAS_MAX_ATE_PRECO} AS distante,
    acoes_dt_refer IS NULL AS sem_acoes,
    (coalesce(on_circulacao, 0) > 0 AND preco_on IS NULL) OR (coalesce(pn_circulacao, 0) > 0 AND preco_pn IS NULL) AS classe_sem_preco,
    CASE WHEN dias_ate_preco <= ${DIAS_MAX_ATE_PRECO} AND on_circulacao IS NOT NULL AND pn_circulacao IS NOT NULL
              AND on_circulacao + pn_circulacao > 0
              AND NOT ((on_circulacao > 0 AND preco_on IS NULL) OR (pn_circulacao > 0 AND preco_pn IS NULL))
         THEN coalesce(on_circulacao * preco_on, 0) + coalesce(pn_circulacao * preco_pn, 0) END AS market_cap
  FROM base
)
SELECT cd_regulator, ano, dt_receb, data_preco, preco, ticker_preco, origem_preco, dias_ate_preco,
  market_cap, on_circulacao, pn_circulacao, preco_on, ticker_on, preco_pn, ticker_pn, acoes_dt_refer, origem_acoes, lucro,
  patrimonio, flag_acoes, lucro_total,
  CASE WHEN market_cap IS NOT NULL AND lucro > 0 THEN market_cap / lucro END AS pl,
  CASE WHEN market_cap IS NOT NULL AND patrimonio > 0 THEN market_cap / patrimonio END AS pvp,
  CASE WHEN market_cap IS NOT NULL AND ebitda > 0 AND divida_liquida IS NOT NULL THEN (market_cap + divida_liquida) / ebitda END AS ev_ebitda,
  fcf, CASE WHEN market_cap > 0 AND fcf IS NOT NULL THEN fcf / market_cap END AS fcf_yield,
  ${flags(...FLAGS_DO_PL)} AS flag_pl,
  ${flags(
    ...FLAGS_DO_PL,
    `CASE WHEN market_cap IS NOT NULL AND NOT patrimonio > 0 THEN 'pvp_patrimonio_nao_positivo' END`,
    `CASE WHEN market_cap IS NOT NULL AND NOT coalesce(ebitda > 0, false) THEN 'ev_ebitda_sem_ebitda_positivo' END`,
    `CASE WHEN market_cap IS NOT NULL AND divida_liquida IS NULL THEN 'ev_sem_divida_liquida' END`,
    `CASE WHEN fcf IS NULL THEN 'fcf_nao_calculado' END`,
  )} AS flag
FROM mc ORDER BY cd_regulator, ano;

`;

export const SQL_VALUATION = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_valuation AS
WITH ult AS (SELECT cd_regulator, max(data) AS data_preco FROM int_mercado_precos_empresa GROUP BY ALL),
cab AS (
  SELECT u.cd_regulator, u.data_preco,
    arg_max(p.ticker, ${CODIGO_DO_PRECO}) AS ticker_preco,
    arg_max(p.fechamento, ${CODIGO_DO_PRECO}) AS preco,
    arg_max(p.classe, ${CODIGO_DO_PRECO}) AS classe_preco
  FROM ult u JOIN int_mercado_precos_empresa p ON p.cd_regulator = u.cd_regulator AND p.data = u.data_preco
  LEFT JOIN int_fundamentos_ticker_atual t ON t.cd_regulator = u.cd_regulator GROUP BY ALL
),
ac AS (
  SELECT * FROM int_mercado_acoes QUALIFY row_number() OVER (PARTITION BY cd_regulator ORDER BY dt_refer DESC, (doc = 'DFP') DESC) = 1
),
ano AS (SELECT cd_regulator, max(ano) AS ano FROM int_fundamentos_base GROUP BY ALL),
ind AS (
  SELECT cd_regulator, ano,
    max(valor) FILTER (WHERE nome = 'divida_liquida' AND flag IS NULL) AS divida_liquida
  FROM mart_indicadores GROUP BY ALL
)
SELECT cab.*, ano.ano, ac.dt_refer AS acoes_dt_refer, ac.on_circulacao, ac.pn_circulacao,
  ac.on_circulacao + ac.pn_circulacao AS acoes,
  ${flags(
    'ac.flag',
    `CASE WHEN ac.dt_refer IS NULL THEN 'acoes_indisponiveis' END`,
    `CASE WHEN abs(date_diff('day', ac.dt_refer, cab.data_preco)) > 366 THEN 'acoes_defasadas' END`,
    `CASE WHEN (ac.on_circulacao > 0 AND pon.preco IS NULL) OR (ac.pn_circulacao > 0 AND ppn.preco IS NULL) THEN 'classe_sem_preco' END`,
  )} AS flags_acoes,
  CASE WHEN ac.on_circulacao + ac.pn_circulacao > 0
        AND NOT ((ac.on_circulacao > 0 AND pon.preco IS NULL) OR (ac.pn_circulacao > 0 AND ppn.preco IS NULL))
       THEN coalesce(ac.on_circulacao * pon.preco, 0) + coalesce(ac.pn_circulacao * ppn.preco, 0) END AS market_cap,
  ind.divida_liquida, coalesce(b.lucro_ctrl_u, b.lucro_u) AS lucro, b.lucro_ctrl_u IS NULL AND b.lucro_u IS NOT NULL AS lucro_total,
  b.pl_u - coalesce(b.nci_u, 0) AS patrimonio,
  coalesce(b.fco_mi_u, b.fco_md_u) AS fco, fcf.fcf
FROM cab
LEFT JOIN ano USING (cd_regulator)
LEFT JOIN ac USING (cd_regulator)
LEFT JOIN int_mercado_preco_classe pon ON pon.cd_regulator = cab.cd_regulator AND pon.data = cab.data_preco AND pon.classe = 'ON'
LEFT JOIN int_mercado_preco_classe ppn ON ppn.cd_regulator = cab.cd_regulator AND ppn.data = cab.data_preco AND ppn.classe = 'PN'
LEFT JOIN int_fundamentos_base b ON b.cd_regulator = cab.cd_regulator AND b.ano = ano.ano
LEFT JOIN ind ON ind.cd_regulator = cab.cd_regulator AND ind.ano = ano.ano
LEFT JOIN int_fundamentos_fcf fcf ON fcf.cd_regulator = cab.cd_regulator AND fcf.ano = ano.ano;
`;

export const multiplosStage: Stage = {
  name: 'mart_multiplos',
  le: [
    'int_fundamentos_base',
    'int_fundamentos_fcf',
    'int_fundamentos_papeis',
    'int_fundamentos_ticker_atual',
    'int_mercado_acoes',
    'int_mercado_preco_classe',
    'int_mercado_precos_empresa',
    'mart_indicadores',
  ],
  cria: ['int_mercado_filings', 'int_mercado_valuation', 'mart_mercado_multiplos_anuais'],
  async run(ctx) {
    await ctx.db.run(SQL_FILINGS);
    await ctx.db.run(SQL_MULTIPLOS_ANUAIS);
    await ctx.db.run(SQL_VALUATION);
    const pit = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_mercado_multiplos_anuais',
      'SELECT cd_regulator, ano, dt_receb, data_preco FROM mart_mercado_multiplos_anuais WHERE data_preco < dt_receb',
    );
    ctx.report.invariant({
      nome: 'multiplos_preco_nao_antes_do_recebimento',
      tipo: 'hard',
      descricao: 'no multiple uses a price dated before the reception date of its filing',
      ...pit,
    });
    const nulo = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_mercado_multiplos_anuais',
      'SELECT cd_regulator, ano FROM mart_mercado_multiplos_anuais WHERE (market_cap IS NULL OR pl IS NULL) AND flag_pl IS NULL',
    );
    ctx.report.invariant({
      nome: 'multiplos_pl_nulo_tem_flag',
      tipo: 'hard',
      descricao: 'every null market cap or P/L carries a flag saying why',
      ...nulo,
    });
    return [];
  },
};
