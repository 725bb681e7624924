import { aplicarChecagens } from '../../core/checagens.ts';
import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { CODIGO_DO_PRECO, DIAS_MAX_ATE_PRECO, PL_EXTREMO } from './multiplos.ts';

const flags = (...partes: string[]) => `nullif(concat_ws(';', ${partes.join(', ')}), '')`;

/**
 * The quarterly profit, ITR reception and equity per company and quarter: a function of the fundamentals
 * alone (`mart_fatos_trimestrais`), so stage `mart_lucro_trimestral` is restored from the stage cache when
 * only prices changed, and a nightly build with one new COTAHIST day neither loads `mart_fatos_trimestrais`
 * nor scans it again (issue #10 item 3).
 */
export const SQL_LUCRO_TRIMESTRAL = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_lucro_trimestral AS
WITH l AS (
  SELECT cd_regulator, ano, trimestre, cd_conta, valor, flag, dt_receb FROM mart_fatos_trimestrais
  WHERE demo = 'DRE' AND regexp_full_match(cd_conta, '3\\.[0-9]{2}')
    AND regexp_matches(lower(strip_accents(ds_conta)), '^lucro.*periodo')
)
SELECT cd_regulator, ano, trimestre, arg_min(valor, cd_conta) AS lucro, arg_min(flag, cd_conta) AS flag FROM l GROUP BY ALL;

CREATE OR REPLACE TABLE int_mercado_itr AS
SELECT cd_regulator, ano, trimestre, max(dt_receb) AS dt_receb FROM mart_fatos_trimestrais
WHERE trimestre BETWEEN 1 AND 3 AND dt_receb IS NOT NULL GROUP BY ALL;

CREATE OR REPLACE TABLE int_mercado_patrimonio_trimestral AS
SELECT cd_regulator, ano, trimestre, arg_min(valor, cd_conta) AS patrimonio FROM mart_fatos_trimestrais
WHERE demo = 'BPP' AND regexp_full_match(cd_conta, '2\\.[0-9]{2}') AND lower(strip_accents(ds_conta)) LIKE 'patrimonio liquido%'
GROUP BY ALL;
`;

/**
 * `mart_mercado_multiplos_trimestrais`: one row per ITR (quarters 1–3) of `mart_fatos_trimestrais` (the
 * fundamentals' quarterly flows, Q4 = DFP − 3rd-quarter YTD). lucro_ttm = profit of the four quarters
 * ending at the row's quarter; a quarter missing or flagged gives null and names it
 * (`ttm_sem_trimestre_<q>_<year>`, the earliest missing one; a window reaching before 2010, where open
 * data starts, gives the spec's `ttm_sem_trimestre_1_2010`). Price, shares and market cap follow the
 * annual rule: first company session on or after the ITR's dt_receb, shares known on that session.
 * An ITR with no session on or after its dt_receb in our price files keeps its row (lucro_ttm is
 * still known) with null price and multiples and `sem_pregao_apos_recebimento`.
 */
export const SQL_MULTIPLOS_TRIMESTRAIS = /* sql */ `
CREATE OR REPLACE TABLE mart_mercado_multiplos_trimestrais AS
WITH janela AS (
  SELECT i.cd_regulator, i.ano, i.trimestre, k,
    CAST(i.ano - CASE WHEN i.trimestre - k < 1 THEN 1 ELSE 0 END AS INTEGER) AS ano_q,
    CAST(CASE WHEN i.trimestre - k < 1 THEN i.trimestre - k + 4 ELSE i.trimestre - k END AS INTEGER) AS tri_q
  FROM int_mercado_itr i, range(4) r(k)
),
ttm AS (
  SELECT j.cd_regulator, j.ano, j.trimestre,
    -- a quarter counts when its value exists: a flag that keeps the value (trimestre_anterior_reapresentado)
    -- does not remove it; one that cannot derive it (acumulado_sem_mes_anterior) leaves it null
    CASE WHEN count(l.lucro) = 4 THEN sum(l.lucro) END AS lucro_ttm,
    -- the spec's observed value: a window reaching before 2010 (first ITRs in open data) is ttm_sem_trimestre_1_2010
    CASE WHEN bool_or(j.ano_q < 2010 AND l.lucro IS NULL) THEN 'ttm_sem_trimestre_1_2010'
         ELSE arg_min('ttm_sem_trimestre_' || j.tri_q || '_' || j.ano_q, (j.ano_q, j.tri_q))
                FILTER (WHERE l.lucro IS NULL) END AS falta
  FROM janela j LEFT JOIN int_mercado_lucro_trimestral l
    ON l.cd_regulator = j.cd_regulator AND l.ano = j.ano_q AND l.trimestre = j.tri_q
  GROUP BY ALL
),
-- every ITR keeps its row: without a session on or after dt_receb in our files, price and multiples are null
-- (the first session on or after dt_receb, by an ASOF join: a min over every later session of the company
-- joined every ITR to most of the company's price rows)
dp AS (
  SELECT i.*, p.data AS data_preco FROM int_mercado_itr i
  ASOF LEFT JOIN int_mercado_precos_empresa p ON p.cd_regulator = i.cd_regulator AND p.data >= i.dt_receb
),
cab AS (
  SELECT dp.cd_regulator, dp.ano, dp.trimestre,
    arg_max(p.fechamento, ${CODIGO_DO_PRECO}) AS preco
  FROM dp JOIN int_mercado_precos_empresa p ON p.cd_regulator = dp.cd_regulator AND p.data = dp.data_preco
  LEFT JOIN int_fundamentos_ticker_atual t ON t.cd_regulator = dp.cd_regulator GROUP BY ALL
),
ac AS (
  SELECT dp.cd_regulator, dp.ano, dp.trimestre, a.on_circulacao, a.pn_circulacao, a.flag AS flag_acoes, a.dt_refer AS acoes_dt_refer
  FROM dp JOIN int_mercado_acoes a ON a.cd_regulator = dp.cd_regulator AND a.dt_receb <= dp.data_preco
  QUALIFY row_number() OVER (PARTITION BY dp.cd_regulator, dp.ano, dp.trimestre ORDER BY a.dt_refer DESC) = 1
),
b AS (
  SELECT dp.*, date_diff('day', dp.dt_receb, dp.data_preco) AS dias_ate_preco, cab.preco,
    ac.on_circulacao, ac.pn_circulacao, ac.flag_acoes, ac.acoes_dt_refer,
    pon.preco AS preco_on, ppn.preco AS preco_pn, ttm.lucro_ttm, ttm.falta, pl.patrimonio
  FROM dp LEFT JOIN cab USING (cd_regulator, ano, trimestre)
  LEFT JOIN ac USING (cd_regulator, ano, trimestre)
  LEFT JOIN ttm USING (cd_regulator, ano, trimestre)
  LEFT JOIN int_mercado_patrimonio_trimestral pl USING (cd_regulator, ano, trimestre)
  LEFT JOIN int_mercado_preco_classe pon ON pon.cd_regulator = dp.cd_regulator AND pon.data = dp.data_preco AND pon.classe = 'ON'
  LEFT JOIN int_mercado_preco_classe ppn ON ppn.cd_regulator = dp.cd_regulator AND ppn.data = dp.data_preco AND ppn.classe = 'PN'
),
mc AS (
  SELECT b.*, dias_ate_preco > ${DIAS_MAX_ATE_PRECO} AS distante,
    CASE WHEN dias_ate_preco <= ${DIAS_MAX_ATE_PRECO} AND on_circulacao + pn_circulacao > 0
              AND NOT ((on_circulacao > 0 AND preco_on IS NULL) OR (pn_circulacao > 0 AND preco_pn IS NULL))
         THEN coalesce(on_circulacao * preco_on, 0) + coalesce(pn_circulacao * preco_pn, 0) END AS market_cap
  FROM b
)
SELECT cd_regulator, ano, trimestre, dt_receb, data_preco, preco, dias_ate_preco, market_cap, lucro_ttm,
  CASE WHEN market_cap IS NOT NULL AND lucro_ttm > 0 THEN market_cap / lucro_ttm END AS pl_ttm,
  CASE WHEN market_cap IS NOT NULL AND patrimonio > 0 THEN market_cap / patrimonio END AS pvp,
  ${flags(
    `CASE WHEN data_preco IS NULL THEN 'sem_pregao_apos_recebimento' END`,
    `CASE WHEN distante THEN 'preco_distante' END`,
    `CASE WHEN NOT distante AND acoes_dt_refer IS NULL THEN 'acoes_indisponiveis' END`,
    `CASE WHEN NOT distante THEN flag_acoes END`,
    'falta',
    `CASE WHEN market_cap IS NOT NULL AND lucro_ttm <= 0 THEN 'pl_negativo' END`,
    `CASE WHEN market_cap IS NOT NULL AND lucro_ttm > 0 AND market_cap / lucro_ttm > ${PL_EXTREMO} THEN 'pl_extremo' END`,
    `CASE WHEN market_cap IS NOT NULL AND NOT coalesce(patrimonio > 0, false) THEN 'pvp_patrimonio_nao_positivo' END`,
  )} AS flag
FROM mc ORDER BY cd_regulator, ano, trimestre;
`;

/** Both parts, in stage order (the tests build them in one go). */
export const SQL_TRIMESTRAIS = `${SQL_LUCRO_TRIMESTRAL}\n${SQL_MULTIPLOS_TRIMESTRAIS}`;

/**
 * `mart_fundamentos_pl_12m`: the 12-month P/L of every statement, the screener's `pl_ttm` candidates
 * (spec: "12-month P/L from the latest quarterly or annual statement"). An ITR (quarters 1–3) gives its
 * pl_ttm with the quarterly flags that concern the P/L (the P/VP-only flag dropped); a DFP (quarter 4)
 * gives the annual P/L, whose profit is already 12 months, with flag_pl; a DFP with no session on or
 * after its reception in our files is kept with a null P/L and `sem_pregao_apos_recebimento`.
 */
export const SQL_PL_12M = /* sql */ `
CREATE OR REPLACE TABLE mart_fundamentos_pl_12m AS
SELECT cd_regulator, ano, trimestre, dt_receb, data_preco, pl_ttm AS pl,
  nullif(array_to_string(list_filter(string_split(coalesce(flag, ''), ';'),
    x -> x <> '' AND x <> 'pvp_patrimonio_nao_positivo'), ';'), '') AS flag
FROM mart_mercado_multiplos_trimestrais
UNION ALL
SELECT f.cd_regulator, f.ano, 4, f.dt_receb, m.data_preco, m.pl,
  CASE WHEN m.cd_regulator IS NULL THEN 'sem_pregao_apos_recebimento' ELSE m.flag_pl END
FROM int_mercado_filings f LEFT JOIN mart_mercado_multiplos_anuais m USING (cd_regulator, ano)
ORDER BY cd_regulator, ano, trimestre;
`;

/** Stage `mart_lucro_trimestral`: what the quarterly multiples need of the fundamentals (SQL_LUCRO_TRIMESTRAL). */
export const lucroTrimestralStage: Stage = {
  name: 'mart_lucro_trimestral',
  le: ['mart_fatos_trimestrais'],
  cria: ['int_mercado_itr', 'int_mercado_lucro_trimestral', 'int_mercado_patrimonio_trimestral'],
  async run(ctx) {
    const existe = await ctx.db.runAndReadAll(
      "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'mart_fatos_trimestrais'",
    );
    if (Number(existe.getRowsJson()[0]?.[0] ?? 0) === 0)
      await ctx.db.run(`CREATE TABLE mart_fatos_trimestrais (cd_regulator INTEGER, ano INTEGER, trimestre INTEGER,
        demo VARCHAR, cd_conta VARCHAR, ds_conta VARCHAR, valor DOUBLE, flag VARCHAR, dt_receb DATE)`);
    await ctx.db.run(SQL_LUCRO_TRIMESTRAL);
    return [];
  },
};

export const trimestraisStage: Stage = {
  name: 'mart_multiplos_trimestrais',
  le: [
    'int_fundamentos_ticker_atual',
    'int_mercado_acoes',
    'int_mercado_filings',
    'int_mercado_itr',
    'int_mercado_lucro_trimestral',
    'int_mercado_patrimonio_trimestral',
    'int_mercado_preco_classe',
    'int_mercado_precos_empresa',
    'mart_mercado_multiplos_anuais',
  ],
  cria: ['mart_fundamentos_pl_12m', 'mart_mercado_multiplos_trimestrais'],
  async run(ctx) {
    await ctx.db.run(SQL_MULTIPLOS_TRIMESTRAIS);
    await ctx.db.run(SQL_PL_12M);
    const pit = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_mercado_multiplos_trimestrais',
      'SELECT cd_regulator, ano, trimestre, dt_receb, data_preco FROM mart_mercado_multiplos_trimestrais WHERE data_preco < dt_receb',
    );
    await aplicarChecagens(ctx.db, ctx.report, [
      {
        nome: 'pl_12m_um_por_demonstracao',
        tipo: 'hard',
        descricao: 'one 12-month P/L per statement (cd_regulator, ano, trimestre; the DFP is quarter 4)',
        tabela: 'mart_fundamentos_pl_12m',
        regra: 'chave_unica',
        colunas: ['cd_regulator', 'ano', 'trimestre'],
      },
    ]);
    ctx.report.invariant({
      nome: 'trimestrais_preco_nao_antes_do_recebimento',
      tipo: 'hard',
      descricao: 'no quarterly multiple uses a price dated before the reception date of its ITR',
      ...pit,
    });
    return [];
  },
};
