import { verificar } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { ensureStagingTable, stagingColumnsOf } from '../../core/staging.ts';
import { fiiTrimestralGeralSpec, fiiTrimestralImovelSpec } from '../../sources/fundos/fii-trimestral.ts';
import { DIAS_MAX_ATE_PRECO } from '../mercado/multiplos.ts';

/**
 * The 12-month yield of a fund at a base date, written once for the newest close (`mart_fii_dy`) and for
 * every month end (`mart_fii_mensal`). `base` yields `ticker`, `data_base`, `preco` and any key columns;
 * the window is the data com in (`data_base` − 12 months, `data_base`], income only (tipo RENDIMENTO:
 * amortisation returns capital). A fund without any distribution row: null, `sem_fonte_de_rendimentos`.
 */
export function sqlDy12m(base: string): string {
  return `WITH janela AS (
  SELECT b.*, p.valor, p.data_com, p.feito_aqui,
    p.tipo = 'RENDIMENTO' AND p.data_com > b.data_base - INTERVAL 12 MONTH AND p.data_com <= b.data_base AS conta,
    p.ticker IS NOT NULL AS tem_provento
  FROM (${base}) b LEFT JOIN mart_fii_proventos p ON p.ticker = b.ticker
), somado AS (
  SELECT * EXCLUDE (valor, data_com, feito_aqui, conta, tem_provento), bool_or(tem_provento) AS tem_fonte,
    coalesce(sum(valor) FILTER (WHERE conta), 0) AS soma_12m,
    count(DISTINCT date_trunc('month', data_com)) FILTER (WHERE conta) AS meses_12m,
    coalesce(bool_or(feito_aqui) FILTER (WHERE conta), false) AS janela_feita_aqui
  FROM janela GROUP BY ALL
)
SELECT * EXCLUDE (tem_fonte, soma_12m, meses_12m, janela_feita_aqui),
  CASE WHEN tem_fonte THEN soma_12m END AS rendimento_12m,
  CASE WHEN tem_fonte THEN meses_12m ELSE 0 END AS n_meses,
  CASE WHEN tem_fonte AND preco > 0 THEN soma_12m / preco END AS dy_12m,
  nullif(concat_ws(';',
    CASE WHEN NOT tem_fonte THEN 'sem_fonte_de_rendimentos' END,
    CASE WHEN tem_fonte AND meses_12m < 12 THEN 'rendimentos_menos_de_12_meses' END,
    CASE WHEN janela_feita_aqui THEN 'proventos_feitos_aqui' END), '') AS flag
FROM somado`;
}

/**
 * Fund-level vacancy of a quarterly report: the area-weighted mean of the properties' `Percentual_Vacancia`.
 * The unit of every `Percentual_*` is unconfirmed (docs/sources.md §5.1, §5.2) and public parsers read it
 * both ways, so a report states its own unit only when its properties' `Percentual_Receitas_FII` add up
 * to 100 (percent) or to 1 (fraction); otherwise the vacancy is null with `vacancia_unidade_nao_confirmada`.
 */
const TOLERANCIA_SOMA_RECEITAS = 0.005;

/**
 * `int_fii_meses`: the month grid of each fund with a code (months with a monthly report or a quote).
 * `int_fii_preco_fim_mes`: the fund's last close within each month (whole sessions and excerpts).
 * `int_fii_imoveis` / `int_fii_vacancia_trimestral`: properties of the newest version of each quarterly
 * report, and the fund's weighted vacancy per quarter with the report's delivery date.
 * `mart_fii_mensal`: per fund and month: report version and NAV, P/VP of that report (mart_fii_pvp),
 * month-end price, 12-month distributions and yield, vacancy known at the month end.
 */
export const SQL_FII_MENSAL = /* sql */ `
CREATE OR REPLACE TABLE int_fii_meses AS
SELECT DISTINCT f.ticker, f.cnpj, CAST(date_trunc('month', i.competencia) AS DATE) AS mes
FROM mart_fiis f JOIN int_fii_informes i USING (cnpj) WHERE f.ticker IS NOT NULL
UNION
SELECT f.ticker, f.cnpj, CAST(date_trunc('month', c.data) AS DATE) FROM mart_fiis f JOIN int_fii_cotacoes c ON c.codisi = f.isin
WHERE f.ticker IS NOT NULL;

CREATE OR REPLACE TABLE int_fii_preco_fim_mes AS
SELECT m.ticker, m.mes, last_day(m.mes) AS fim_mes, arg_max(c.data, c.data) AS data_preco,
  arg_max(c.fechamento, c.data) AS preco, arg_max(c.arquivo || ':' || c.linha, c.data) AS fonte_preco
FROM int_fii_meses m JOIN mart_fiis f USING (ticker)
JOIN int_fii_cotacoes c ON c.codisi = f.isin AND date_trunc('month', c.data) = m.mes
GROUP BY ALL;

CREATE OR REPLACE TABLE int_fii_imoveis AS
SELECT cnpj_fundo_classe AS cnpj, data_referencia, CAST(versao AS INTEGER) AS versao, trim(nome_imovel) AS imovel,
  CAST(area AS DOUBLE) AS area, CAST(percentual_vacancia AS DOUBLE) AS vacancia_informada,
  CAST(percentual_receitas_fii AS DOUBLE) AS receitas_informadas, _arquivo || ':' || _linha AS fonte
FROM stg_cvm_fii_trimestral_imovel
WHERE cnpj_fundo_classe IS NOT NULL AND data_referencia IS NOT NULL AND nullif(trim(nome_imovel), '') IS NOT NULL
QUALIFY dense_rank() OVER (PARTITION BY cnpj_fundo_classe, data_referencia ORDER BY versao DESC) = 1;

CREATE OR REPLACE TABLE int_fii_vacancia_trimestral AS
WITH t AS (
  SELECT cnpj, data_referencia, versao, count(*) AS n_imoveis, min(fonte) AS fonte,
    bool_and(vacancia_informada IS NOT NULL) AS toda_vacancia, bool_and(area > 0) AS toda_area,
    sum(receitas_informadas) AS soma_receitas, sum(area * vacancia_informada) / sum(area) AS media_informada
  FROM int_fii_imoveis GROUP BY ALL
), u AS (
  SELECT *, CASE WHEN abs(soma_receitas - 100) <= 100 * ${TOLERANCIA_SOMA_RECEITAS} THEN 100
    WHEN abs(soma_receitas - 1) <= ${TOLERANCIA_SOMA_RECEITAS} THEN 1 END AS divisor
  FROM t
)
SELECT u.cnpj, u.data_referencia, u.versao, g.data_entrega, u.n_imoveis, u.soma_receitas, u.fonte,
  CASE WHEN toda_vacancia AND coalesce(toda_area, false) AND divisor IS NOT NULL
    AND media_informada / divisor BETWEEN 0 AND 1 THEN media_informada / divisor END AS vacancia,
  nullif(concat_ws(';',
    CASE WHEN NOT toda_vacancia THEN 'vacancia_nao_informada' END,
    CASE WHEN NOT coalesce(toda_area, false) THEN 'area_nao_informada' END,
    CASE WHEN divisor IS NULL THEN 'vacancia_unidade_nao_confirmada' END,
    CASE WHEN divisor IS NOT NULL AND NOT (media_informada / divisor BETWEEN 0 AND 1) THEN 'vacancia_fora_de_0_a_1' END), '') AS flag
FROM u LEFT JOIN stg_cvm_fii_trimestral_geral g
  ON g.cnpj_fundo_classe = u.cnpj AND g.data_referencia = u.data_referencia AND CAST(g.versao AS INTEGER) = u.versao
QUALIFY row_number() OVER (PARTITION BY u.cnpj, u.data_referencia ORDER BY g._arquivo, g._linha) = 1;

CREATE OR REPLACE TABLE mart_fii_mensal AS
WITH dy AS (
  ${sqlDy12m(`SELECT m.ticker, m.cnpj, m.mes, last_day(m.mes) AS data_base,
    CASE WHEN date_diff('day', p.data_preco, last_day(m.mes)) <= ${DIAS_MAX_ATE_PRECO} THEN p.preco END AS preco
    FROM int_fii_meses m LEFT JOIN int_fii_preco_fim_mes p USING (ticker, mes)`)}
), vac AS (
  SELECT m.ticker, m.mes, v.vacancia, v.data_referencia AS vacancia_referencia, v.flag AS flag_vacancia
  FROM int_fii_meses m JOIN int_fii_vacancia_trimestral v
    ON v.cnpj = m.cnpj AND v.data_entrega <= last_day(m.mes)
  QUALIFY row_number() OVER (PARTITION BY m.ticker, m.mes ORDER BY v.data_referencia DESC) = 1
)
SELECT m.ticker, m.cnpj, m.mes AS competencia, i.versao, i.data_entrega, i.vp_cota, i.fonte_geral AS fonte_informe,
  pv.pvp, pv.flag AS flag_pvp, p.data_preco, p.preco, p.fonte_preco,
  d.rendimento_12m, d.n_meses, d.dy_12m,
  nullif(concat_ws(';',
    CASE WHEN p.preco IS NULL THEN 'sem_preco_no_mes' END,
    CASE WHEN p.preco IS NOT NULL AND date_diff('day', p.data_preco, last_day(m.mes)) > ${DIAS_MAX_ATE_PRECO}
      THEN 'preco_distante' END,
    d.flag), '') AS flag_dy,
  v.vacancia, v.vacancia_referencia,
  CASE WHEN v.mes IS NULL THEN 'sem_informe_trimestral' ELSE v.flag_vacancia END AS flag_vacancia
FROM int_fii_meses m
LEFT JOIN int_fii_informes i ON i.cnpj = m.cnpj AND date_trunc('month', i.competencia) = m.mes
LEFT JOIN mart_fii_pvp pv ON pv.ticker = m.ticker AND date_trunc('month', pv.competencia) = m.mes
LEFT JOIN int_fii_preco_fim_mes p ON p.ticker = m.ticker AND p.mes = m.mes
LEFT JOIN dy d ON d.ticker = m.ticker AND d.mes = m.mes
LEFT JOIN vac v ON v.ticker = m.ticker AND v.mes = m.mes
ORDER BY m.ticker, m.mes;
`;

/** Staged tables the series reads that exist only when a quarterly report was staged. */
export async function garantirTabelasFiiMensal(db: BuildContext['db']): Promise<void> {
  for (const spec of [fiiTrimestralGeralSpec, fiiTrimestralImovelSpec])
    await ensureStagingTable(db, spec.staged, stagingColumnsOf(spec));
}

/** The series and its checks beside it (build report). */
export async function montarSerieMensal(ctx: Pick<BuildContext, 'db' | 'report'>): Promise<void> {
  await garantirTabelasFiiMensal(ctx.db);
  await ctx.db.run(SQL_FII_MENSAL);
  const total = 'SELECT count(*) FROM mart_fii_mensal';
  const checks: [nome: string, tipo: 'hard' | 'soft', descricao: string, falhas: string][] = [
    [
      'fiis_mensal_chave_unica',
      'hard',
      'one row per fund and month in the REIT monthly series',
      'SELECT ticker, competencia, count(*) FROM mart_fii_mensal GROUP BY ALL HAVING count(*) > 1',
    ],
    [
      'fiis_mensal_dy_sem_flag_tem_numero',
      'hard',
      'a monthly 12-month yield without a flag is a number, and a flagged price gives no number',
      `SELECT ticker, competencia, dy_12m, flag_dy FROM mart_fii_mensal
       WHERE (flag_dy IS NULL AND dy_12m IS NULL) OR (preco IS NULL AND dy_12m IS NOT NULL)`,
    ],
    [
      'fiis_mensal_preco_no_mes',
      'hard',
      'the month-end price of the series is a close of that month, never of another',
      `SELECT ticker, competencia, data_preco FROM mart_fii_mensal
       WHERE data_preco IS NOT NULL AND date_trunc('month', data_preco) <> competencia`,
    ],
    [
      'fiis_mensal_vacancia_entre_0_e_1',
      'hard',
      'a fund-level vacancy is a fraction between 0 and 1, and only without a flag',
      `SELECT ticker, competencia, vacancia, flag_vacancia FROM mart_fii_mensal
       WHERE vacancia IS NOT NULL AND (vacancia < 0 OR vacancia > 1 OR flag_vacancia IS NOT NULL)`,
    ],
  ];
  for (const [nome, tipo, descricao, falhas] of checks)
    ctx.report.invariant({ nome, tipo, descricao, ...(await verificar(ctx.db, total, falhas)) });
}
