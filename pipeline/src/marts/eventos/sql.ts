import type { Lang } from '@fundamentos/ui/i18n/strings';
import { verificar } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { SQL_EVENTOS_ETF_SOBREPOSICAO, SQL_EVENTOS_ETF_TAXA } from './etf.ts';
import { FAIXA_AGIO_ETF, FAIXA_DIVIDA, FAIXA_MARGEM, FAIXA_PVP_FII, sqlFaixa } from './faixas.ts';
import { SQL_EVENTOS_FII } from './fiis.ts';
import { sqlMensagem } from './textos.ts';

/**
 * The watcher's events as SQL (docs/vigia.md). Every event compares a period with the one before it
 * and counts only numbers without a flag: a flagged or missing number on either side gives no event.
 *
 * Intermediate tables (`int_eventos_*`) keep every compared pair, event or not, so the checks below and the
 * tests can see why a pair produced nothing. `int_eventos_bandeira_cores` (the verdict's colour per company and
 * year) is written by TypeScript before this SQL runs: the colour rule lives in veredito.ts only.
 */

const faixaIndicador = (expr: string, lingua: 'pt' | 'en') => `CASE indicador
  WHEN 'margem_liquida' THEN ${sqlFaixa(FAIXA_MARGEM, expr, lingua)}
  WHEN 'dl_ebitda' THEN ${sqlFaixa(FAIXA_DIVIDA, expr, lingua)} END`;

/** The restated accounts, the ten largest changes first, then "+N contas" for the rest (words bound, ./textos.ts). */
const motivosReapresentacao = (
  lang: Lang,
) => `list_concat(list_transform(r.contas[1:10], c -> c.demo || ' ' || c.cd_conta || ' ' || c.ds_conta || ': '
        || format('{:.0f}', c.antes) || ' → ' || format('{:.0f}', c.depois)),
      CASE WHEN r.n_contas > 10 THEN [${sqlMensagem('motivo.mais_contas', lang, { n: 'r.n_contas - 10' })}] ELSE [] END)`;

/** The flag's reasons of both years, each prefixed with its year ("Antes (2023): …"). */
const motivosBandeira = (antes: string, depois: string, lang: Lang) =>
  `list_concat(list_transform(${antes}, m -> ${sqlMensagem('motivo.antes', lang, { ano: 'a.ano', motivo: 'm' })}),
      list_transform(${depois}, m -> ${sqlMensagem('motivo.depois', lang, { ano: 'b.ano', motivo: 'm' })}))`;

/** A regulator link is kept only when it is a plain http(s) address. */
const link = (col: string) =>
  `CASE WHEN regexp_full_match(trim(${col}), 'https?://\\S+') THEN trim(${col}) END`;

/** Kind of a company pair: profit sign, margin band, debt band. */
const TIPO_PAR = `CASE indicador WHEN 'lucro_liquido' THEN 'lucro_prejuizo' WHEN 'margem_liquida' THEN 'faixa_margem'
  ELSE 'faixa_divida' END`;

/** A pair is an event when both sides count and the sign (profit) or the band (ratios) moved. */
const MUDOU = `conta AND CASE WHEN indicador = 'lucro_liquido' THEN sign(antes) * sign(depois) = -1
  ELSE faixa_antes IS DISTINCT FROM faixa_depois END`;

export const SQL_EVENTOS_BASE = /* sql */ `
CREATE OR REPLACE TABLE int_eventos_empresas AS
SELECT cd_regulator, ticker_atual AS ticker, nome, setor, tipo FROM mart_empresas WHERE ticker_atual IS NOT NULL;

`;

/** Year against year (DFP) and restatements. */
export const SQL_EVENTOS_ANUAIS = /* sql */ `
-- the annual filing behind each year's numbers: the version the facts used, its index row and link
CREATE OR REPLACE TABLE int_eventos_dfp AS
WITH usado AS (
  SELECT cd_regulator, ano, any_value(cnpj_cia) AS cnpj, max(dt_refer) AS dt_refer, max(versao) AS versao
  FROM int_fundamentos_linhas WHERE ordem = 'ultimo' GROUP BY ALL
)
SELECT u.cd_regulator, u.ano, u.versao, i.dt_receb, i._arquivo || ':' || i._linha AS indice, ${link('i.link_doc')} AS documento
FROM usado u LEFT JOIN stg_cvm_doc_indice i
  ON i._doc = 'DFP' AND i.cnpj_cia = u.cnpj AND i.dt_refer = u.dt_refer AND CAST(i.versao AS INTEGER) = u.versao
QUALIFY row_number() OVER (PARTITION BY u.cd_regulator, u.ano ORDER BY i._arquivo, i._linha) = 1;

-- year against year: profit (the filing's own profit line) and the verdict's two banded indicators
CREATE OR REPLACE TABLE int_eventos_pares_anuais AS
WITH p AS (
  SELECT a.cd_regulator, a.nome AS indicador, a.ano AS ano_antes, b.ano AS ano_novo, a.valor AS antes, b.valor AS depois,
    a.flag AS flag_antes, b.flag AS flag_depois
  FROM mart_indicadores a JOIN mart_indicadores b ON b.cd_regulator = a.cd_regulator AND b.nome = a.nome AND b.ano = a.ano + 1
  WHERE a.nome IN ('margem_liquida', 'dl_ebitda')
  UNION ALL
  SELECT a.cd_regulator, 'lucro_liquido', a.ano, b.ano, a.lucro_u, b.lucro_u,
    CASE WHEN a.lucro_u IS NULL THEN 'conta_ausente' END, CASE WHEN b.lucro_u IS NULL THEN 'conta_ausente' END
  FROM int_fundamentos_base a JOIN int_fundamentos_base b ON b.cd_regulator = a.cd_regulator AND b.ano = a.ano + 1
)
SELECT *, antes IS NOT NULL AND flag_antes IS NULL AND depois IS NOT NULL AND flag_depois IS NULL AS conta,
  ${faixaIndicador('antes', 'pt')} AS faixa_antes, ${faixaIndicador('depois', 'pt')} AS faixa_depois,
  ${faixaIndicador('antes', 'en')} AS faixa_antes_en, ${faixaIndicador('depois', 'en')} AS faixa_depois_en
FROM p;

-- one event per company, restated year and next filing: how many accounts, the largest change first
CREATE OR REPLACE TABLE int_eventos_reapresentacoes AS
SELECT cd_regulator, ano, ano_filing_seguinte, versao_seguinte, dt_receb_seguinte, min(arquivo_seguinte) AS arquivo, count(*) AS n_contas,
  list(struct_pack(demo := demo, cd_conta := cd_conta, ds_conta := ds_conta, antes := valor_ultimo, depois := valor_penult)
       ORDER BY abs(dif_rel) DESC NULLS LAST, demo, cd_conta) AS contas
FROM mart_reapresentacoes GROUP BY ALL;

CREATE OR REPLACE TABLE int_eventos_ev_anual AS SELECT * FROM (
  SELECT 'empresas' AS classe, ${TIPO_PAR} AS tipo, e.cd_regulator, e.ticker, e.nome, e.setor,
    CAST(p.ano_antes AS VARCHAR) AS periodo_anterior, CAST(p.ano_novo AS VARCHAR) AS periodo_novo, d.dt_receb AS data,
    p.indicador, p.antes AS antes_num, p.depois AS depois_num, NULL AS antes_txt, NULL AS depois_txt,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_antes END AS faixa_antes,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_depois END AS faixa_depois,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_antes_en END AS faixa_antes_en,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_depois_en END AS faixa_depois_en,
    CAST([] AS VARCHAR[]) AS motivos, CAST([] AS VARCHAR[]) AS motivos_en,
    ${sqlMensagem('fonte.dfp', 'pt', { ano: 'p.ano_novo', versao: 'd.versao', arquivo: 'd.indice' })} AS fonte, d.documento,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN '/empresas/' || e.ticker || '/linhagem/' || p.ano_novo || '/' || p.indicador END
      AS linhagem
  FROM int_eventos_pares_anuais p JOIN int_eventos_empresas e USING (cd_regulator)
  JOIN int_eventos_dfp d ON d.cd_regulator = p.cd_regulator AND d.ano = p.ano_novo
  WHERE ${MUDOU}
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);

CREATE OR REPLACE TABLE int_eventos_ev_reap AS SELECT * FROM (
  SELECT 'empresas', 'reapresentacao', e.cd_regulator, e.ticker, e.nome, e.setor,
    CAST(r.ano AS VARCHAR), CAST(r.ano_filing_seguinte AS VARCHAR), r.dt_receb_seguinte,
    NULL, r.contas[1].antes, r.contas[1].depois, NULL, NULL, NULL, NULL, NULL, NULL,
    ${motivosReapresentacao('pt')},
    ${motivosReapresentacao('en')},
    ${sqlMensagem('fonte.dfp', 'pt', { ano: 'r.ano_filing_seguinte', versao: 'r.versao_seguinte', arquivo: 'r.arquivo' })},
    CASE WHEN d.versao = r.versao_seguinte THEN d.documento END, '/empresas/' || e.ticker || '/reapresentacoes'
  FROM int_eventos_reapresentacoes r JOIN int_eventos_empresas e USING (cd_regulator)
  LEFT JOIN int_eventos_dfp d ON d.cd_regulator = r.cd_regulator AND d.ano = r.ano_filing_seguinte
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);

`;

/**
 * The verdict's colour, year against year: it reads the verdict's inputs, prices among them, so it runs
 * with the market-dependent parts (stage `mart_eventos`), apart from the company parts above.
 */
export const SQL_EVENTOS_BANDEIRA = /* sql */ `
CREATE OR REPLACE TABLE int_eventos_ev_bandeira AS SELECT * FROM (
  SELECT 'empresas', 'bandeira', e.cd_regulator, e.ticker, e.nome, e.setor,
    CAST(a.ano AS VARCHAR), CAST(b.ano AS VARCHAR), d.dt_receb, NULL, NULL, NULL, a.cor, b.cor, NULL, NULL, NULL, NULL,
    ${motivosBandeira('a.motivos', 'b.motivos', 'pt')},
    ${motivosBandeira('a.motivos_en', 'b.motivos_en', 'en')},
    ${sqlMensagem('fonte.dfp', 'pt', { ano: 'b.ano', versao: 'd.versao', arquivo: 'd.indice' })}, d.documento, NULL
  FROM int_eventos_bandeira_cores a JOIN int_eventos_bandeira_cores b ON b.cd_regulator = a.cd_regulator AND b.ano = a.ano + 1
  JOIN int_eventos_empresas e ON e.cd_regulator = b.cd_regulator
  JOIN int_eventos_dfp d ON d.cd_regulator = b.cd_regulator AND d.ano = b.ano
  WHERE a.cor <> b.cor
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);
`;

/** Quarter against the previous quarter (ITR, quarters 1 to 3). */
export const SQL_EVENTOS_TRIMESTRAIS = /* sql */ `
-- quarter against the previous quarter, quarters 1 to 3 of one year (no fourth quarter: it is derived)
CREATE OR REPLACE TABLE int_eventos_trimestres AS
WITH r AS (
  SELECT cd_regulator, ano, trimestre, valor AS receita, flag AS flag_receita FROM mart_fatos_trimestrais
  WHERE demo = 'DRE' AND cd_conta = '3.01' AND trimestre BETWEEN 1 AND 3
),
doc AS (
  SELECT cd_regulator, ano, trimestre, max(versao) AS versao, max(dt_receb) AS dt_receb, min(arquivo) AS arquivo
  FROM mart_fatos_trimestrais WHERE trimestre BETWEEN 1 AND 3 GROUP BY ALL
),
l AS (SELECT cd_regulator, ano, trimestre, lucro, flag AS flag_lucro FROM int_mercado_lucro_trimestral WHERE trimestre BETWEEN 1 AND 3)
SELECT d.cd_regulator, d.ano, d.trimestre, d.versao, d.dt_receb, d.arquivo, l.lucro, l.flag_lucro, r.receita, r.flag_receita,
  CASE WHEN e.tipo IN ('banco', 'seguradora') THEN 'plano_financeiro_nao_aplicavel'
       WHEN l.lucro IS NULL OR r.receita IS NULL THEN coalesce(l.flag_lucro, r.flag_receita, 'conta_ausente')
       WHEN l.flag_lucro IS NOT NULL OR r.flag_receita IS NOT NULL THEN coalesce(l.flag_lucro, r.flag_receita)
       WHEN r.receita <= 0 THEN 'denominador_nao_positivo' END AS flag_margem,
  CASE WHEN flag_margem IS NULL THEN l.lucro / r.receita END AS margem
FROM doc d JOIN int_eventos_empresas e USING (cd_regulator)
LEFT JOIN l USING (cd_regulator, ano, trimestre) LEFT JOIN r USING (cd_regulator, ano, trimestre);

CREATE OR REPLACE TABLE int_eventos_pares_trimestrais AS
WITH p AS (
  SELECT a.cd_regulator, 'lucro_liquido' AS indicador, a.ano, a.trimestre AS tri_antes, b.trimestre AS tri_novo,
    a.lucro AS antes, b.lucro AS depois, coalesce(a.flag_lucro, CASE WHEN a.lucro IS NULL THEN 'conta_ausente' END) AS flag_antes,
    coalesce(b.flag_lucro, CASE WHEN b.lucro IS NULL THEN 'conta_ausente' END) AS flag_depois
  FROM int_eventos_trimestres a JOIN int_eventos_trimestres b ON b.cd_regulator = a.cd_regulator AND b.ano = a.ano AND b.trimestre = a.trimestre + 1
  UNION ALL
  SELECT a.cd_regulator, 'margem_liquida', a.ano, a.trimestre, b.trimestre, a.margem, b.margem, a.flag_margem, b.flag_margem
  FROM int_eventos_trimestres a JOIN int_eventos_trimestres b ON b.cd_regulator = a.cd_regulator AND b.ano = a.ano AND b.trimestre = a.trimestre + 1
)
SELECT *, antes IS NOT NULL AND flag_antes IS NULL AND depois IS NOT NULL AND flag_depois IS NULL AS conta,
  ${faixaIndicador('antes', 'pt')} AS faixa_antes, ${faixaIndicador('depois', 'pt')} AS faixa_depois,
  ${faixaIndicador('antes', 'en')} AS faixa_antes_en, ${faixaIndicador('depois', 'en')} AS faixa_depois_en
FROM p;

CREATE OR REPLACE TABLE int_eventos_itr_documento AS
SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, CAST(year(dt_refer) AS INTEGER) AS ano, CAST(quarter(dt_refer) AS INTEGER) AS trimestre,
  CAST(versao AS INTEGER) AS versao, ${link('link_doc')} AS documento
FROM stg_cvm_doc_indice WHERE _doc = 'ITR' AND cd_cvm IS NOT NULL;

CREATE OR REPLACE TABLE int_eventos_ev_trimestral AS SELECT * FROM (
  SELECT 'empresas', ${TIPO_PAR}, e.cd_regulator, e.ticker, e.nome, e.setor,
    p.ano || 'T' || p.tri_antes, p.ano || 'T' || p.tri_novo, t.dt_receb,
    p.indicador, p.antes, p.depois, NULL, NULL,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_antes END, CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_depois END,
    CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_antes_en END, CASE WHEN p.indicador <> 'lucro_liquido' THEN p.faixa_depois_en END,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]),
    ${sqlMensagem('fonte.itr', 'pt', { periodo: `p.ano || 'T' || p.tri_novo`, versao: 't.versao', arquivo: 't.arquivo' })}, i.documento, NULL
  FROM int_eventos_pares_trimestrais p JOIN int_eventos_empresas e USING (cd_regulator)
  JOIN int_eventos_trimestres t ON t.cd_regulator = p.cd_regulator AND t.ano = p.ano AND t.trimestre = p.tri_novo
  LEFT JOIN int_eventos_itr_documento i ON i.cd_regulator = t.cd_regulator AND i.ano = t.ano AND i.trimestre = t.trimestre AND i.versao = t.versao
  WHERE ${MUDOU}
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);
`;

/** REIT and ETF watchers. */
export const SQL_EVENTOS_FUNDOS = /* sql */ `
-- REIT P/VP, one monthly report against the month before
CREATE OR REPLACE TABLE int_eventos_fii_pvp AS
SELECT a.ticker, a.competencia AS comp_antes, b.competencia AS comp_novo, a.pvp AS antes, b.pvp AS depois,
  a.flag AS flag_antes, b.flag AS flag_depois, b.data_entrega, i.fonte_geral AS fonte,
  a.pvp IS NOT NULL AND a.flag IS NULL AND b.pvp IS NOT NULL AND b.flag IS NULL AS conta,
  ${sqlFaixa(FAIXA_PVP_FII, 'a.pvp', 'pt')} AS faixa_antes, ${sqlFaixa(FAIXA_PVP_FII, 'b.pvp', 'pt')} AS faixa_depois,
  ${sqlFaixa(FAIXA_PVP_FII, 'a.pvp', 'en')} AS faixa_antes_en, ${sqlFaixa(FAIXA_PVP_FII, 'b.pvp', 'en')} AS faixa_depois_en
FROM mart_fii_pvp a JOIN mart_fii_pvp b
  ON b.ticker = a.ticker AND date_trunc('month', b.competencia) = date_trunc('month', a.competencia) + INTERVAL 1 MONTH
LEFT JOIN int_fii_informes i ON i.cnpj = b.cnpj AND i.competencia = b.competencia;

-- ETF premium, one session of the ETF against its previous session in the build
CREATE OR REPLACE TABLE int_eventos_etf_agio AS
WITH s AS (
  SELECT a.ticker, a.data, a.agio, a.flag, p.origem,
    lag(a.data) OVER w AS data_antes, lag(a.agio) OVER w AS agio_antes, lag(a.flag) OVER w AS flag_antes
  FROM int_etf_agio a LEFT JOIN int_etf_precos p USING (ticker, data)
  WINDOW w AS (PARTITION BY a.ticker ORDER BY a.data)
)
SELECT ticker, data_antes, data, agio_antes AS antes, agio AS depois, flag_antes, flag AS flag_depois, origem AS fonte,
  agio_antes IS NOT NULL AND flag_antes IS NULL AND agio IS NOT NULL AND flag IS NULL AS conta,
  ${sqlFaixa(FAIXA_AGIO_ETF, 'agio_antes', 'pt')} AS faixa_antes, ${sqlFaixa(FAIXA_AGIO_ETF, 'agio', 'pt')} AS faixa_depois,
  ${sqlFaixa(FAIXA_AGIO_ETF, 'agio_antes', 'en')} AS faixa_antes_en, ${sqlFaixa(FAIXA_AGIO_ETF, 'agio', 'en')} AS faixa_depois_en
FROM s WHERE data_antes IS NOT NULL;

-- ETF reference index, one B3 list against the previous list that names the same root code
CREATE OR REPLACE TABLE int_eventos_etf_indice AS
WITH l AS (
  SELECT upper(trim(codigo)) || '11' AS ticker, _data AS data, nullif(trim(indice), '') AS indice,
    _arquivo || ':' || _linha AS fonte
  FROM stg_b3_etf_listados WHERE codigo IS NOT NULL AND _data IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY upper(trim(codigo)), _data ORDER BY _arquivo, _linha) = 1
)
SELECT ticker, lag(data) OVER w AS data_antes, data, lag(indice) OVER w AS antes, indice AS depois, fonte
FROM l WINDOW w AS (PARTITION BY ticker ORDER BY data)
QUALIFY data_antes IS NOT NULL;

CREATE OR REPLACE TABLE int_eventos_ev_fii_pvp AS SELECT * FROM (
  SELECT 'fiis', 'faixa_pvp', NULL, p.ticker, f.nome, NULL, strftime(p.comp_antes, '%Y-%m'), strftime(p.comp_novo, '%Y-%m'),
    p.data_entrega, 'pvp', p.antes, p.depois, NULL, NULL, p.faixa_antes, p.faixa_depois, p.faixa_antes_en, p.faixa_depois_en,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), ${sqlMensagem('fonte.informe_mensal', 'pt', { competencia: `strftime(p.comp_novo, '%Y-%m')`, arquivo: 'p.fonte' })}, NULL, NULL
  FROM int_eventos_fii_pvp p JOIN mart_fiis f USING (ticker)
  WHERE p.conta AND p.faixa_antes <> p.faixa_depois
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);

CREATE OR REPLACE TABLE int_eventos_ev_fii_reenvio AS SELECT * FROM (
  SELECT 'fiis', 'informe_reenviado', NULL, f.ticker, f.nome, NULL, strftime(i.competencia, '%Y-%m'), strftime(i.competencia, '%Y-%m'),
    i.data_entrega, NULL, CAST(i.versao - 1 AS DOUBLE), CAST(i.versao AS DOUBLE), NULL, NULL, NULL, NULL, NULL, NULL,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), ${sqlMensagem('fonte.informe_mensal_versao', 'pt', { competencia: `strftime(i.competencia, '%Y-%m')`, versao: 'i.versao', arquivo: 'i.fonte_geral' })},
    NULL, NULL
  FROM int_fii_informes i JOIN mart_fiis f USING (cnpj) WHERE f.ticker IS NOT NULL AND i.versao > 1
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);

CREATE OR REPLACE TABLE int_eventos_ev_etf_agio AS SELECT * FROM (
  SELECT 'etfs', 'faixa_agio', NULL, a.ticker, l.nome, NULL, CAST(a.data_antes AS VARCHAR), CAST(a.data AS VARCHAR), a.data,
    'agio', a.antes, a.depois, NULL, NULL, a.faixa_antes, a.faixa_depois, a.faixa_antes_en, a.faixa_depois_en,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), ${sqlMensagem('fonte.cotahist_informe_diario', 'pt', { arquivo: 'a.fonte' })}, NULL, NULL
  FROM int_eventos_etf_agio a JOIN int_etf_lista l USING (ticker)
  WHERE a.conta AND a.faixa_antes <> a.faixa_depois
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);

CREATE OR REPLACE TABLE int_eventos_ev_etf_indice AS SELECT * FROM (
  SELECT 'etfs', 'indice_mudou', NULL, x.ticker, l.nome, NULL, CAST(x.data_antes AS VARCHAR), CAST(x.data AS VARCHAR), x.data,
    'indice', NULL, NULL, x.antes, x.depois, NULL, NULL, NULL, NULL,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), ${sqlMensagem('fonte.lista_etfs', 'pt', { arquivo: 'x.fonte' })}, NULL, NULL
  FROM int_eventos_etf_indice x JOIN int_etf_lista l USING (ticker)
  WHERE x.antes IS NOT NULL AND x.depois IS NOT NULL AND x.antes <> x.depois
) t(classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en, motivos, motivos_en, fonte, documento, linhagem);
`;

/** The parts of `mart_eventos`, each an `int_eventos_ev_<part>` table with the same columns. */
export const PARTES_EVENTOS = [
  'anual',
  'trimestral',
  'reap',
  'bandeira',
  'fii_pvp',
  'fii_reenvio',
  'fii_dy',
  'fii_vacancia',
  'etf_agio',
  'etf_indice',
  'etf_sobreposicao',
  'etf_taxa',
] as const;

/** `mart_eventos` from some parts (every part in the build; the tests build one alone). */
export function sqlMartEventos(partes: readonly (typeof PARTES_EVENTOS)[number][] = PARTES_EVENTOS): string {
  return `CREATE OR REPLACE TABLE mart_eventos AS
SELECT * FROM (${partes.map((p) => `SELECT * FROM int_eventos_ev_${p}`).join(' UNION ALL ')}) WHERE data IS NOT NULL
ORDER BY data DESC, classe, ticker, tipo, indicador NULLS FIRST, periodo_novo DESC;`;
}

/**
 * The company parts that read the filings only (stage `mart_eventos_empresas`): restored from the stage
 * cache when only prices changed, so a nightly build does not load `int_fundamentos_linhas` and
 * `mart_fatos_trimestrais` for them (issue #10 item 3).
 */
export const SQL_EVENTOS_EMPRESAS = [SQL_EVENTOS_BASE, SQL_EVENTOS_ANUAIS, SQL_EVENTOS_TRIMESTRAIS].join(
  '\n',
);

/** The parts that read prices or the verdict (stage `mart_eventos`), then the mart of every part. */
export const SQL_EVENTOS_MERCADO = [
  SQL_EVENTOS_BANDEIRA,
  SQL_EVENTOS_FUNDOS,
  SQL_EVENTOS_FII,
  SQL_EVENTOS_ETF_SOBREPOSICAO,
  SQL_EVENTOS_ETF_TAXA,
  sqlMartEventos(),
].join('\n');

/** The declarative checks beside the SQL: key, bands that really moved, no flagged number counted. */
export async function verificarEventos(ctx: Pick<BuildContext, 'db' | 'report'>): Promise<void> {
  const total = 'SELECT count(*) FROM mart_eventos';
  const checks: [nome: string, tipo: 'hard' | 'soft', descricao: string, falhas: string][] = [
    [
      'eventos_chave_unica',
      'hard',
      'one event per (classe, tipo, ticker, indicador, periodo_anterior, periodo_novo)',
      `SELECT classe, tipo, ticker, indicador, periodo_anterior, periodo_novo, count(*) FROM mart_eventos GROUP BY ALL HAVING count(*) > 1`,
    ],
    [
      'eventos_faixa_mudou',
      'hard',
      'a band event has two different bands',
      `SELECT * FROM mart_eventos WHERE tipo LIKE 'faixa_%' AND (faixa_antes IS NULL OR faixa_depois IS NULL OR faixa_antes = faixa_depois)`,
    ],
    [
      'eventos_sem_numero_com_flag',
      'hard',
      'no indicator event reads a flagged or missing number (annual and quarterly pairs)',
      `SELECT e.ticker, e.tipo, e.periodo_novo FROM mart_eventos e
       JOIN int_eventos_empresas x USING (ticker)
       LEFT JOIN int_eventos_pares_anuais a ON a.cd_regulator = x.cd_regulator AND a.indicador = e.indicador
         AND CAST(a.ano_novo AS VARCHAR) = e.periodo_novo
       LEFT JOIN int_eventos_pares_trimestrais q ON q.cd_regulator = x.cd_regulator AND q.indicador = e.indicador
         AND q.ano || 'T' || q.tri_novo = e.periodo_novo
       WHERE e.classe = 'empresas' AND e.tipo IN ('lucro_prejuizo', 'faixa_margem', 'faixa_divida')
         AND NOT coalesce(a.conta, q.conta, false)`,
    ],
    [
      'eventos_lucro_troca_de_sinal',
      'hard',
      'a profit-or-loss event goes from a profit to a loss or the reverse',
      `SELECT * FROM mart_eventos WHERE tipo = 'lucro_prejuizo' AND NOT (sign(antes_num) * sign(depois_num) = -1)`,
    ],
    [
      'eventos_antes_depois_do_mesmo_tipo',
      'hard',
      'antes and depois are both numbers or both texts',
      `SELECT * FROM mart_eventos WHERE (antes_num IS NULL) <> (depois_num IS NULL) OR (antes_txt IS NULL) <> (depois_txt IS NULL)
         OR (antes_num IS NULL) = (antes_txt IS NULL)`,
    ],
  ];
  for (const [nome, tipo, descricao, falhas] of checks)
    ctx.report.invariant({ nome, tipo, descricao, ...(await verificar(ctx.db, total, falhas)) });
  const semData = await verificar(
    ctx.db,
    'SELECT count(*) FROM int_eventos_dfp',
    'SELECT cd_regulator, ano, versao FROM int_eventos_dfp WHERE dt_receb IS NULL',
  );
  ctx.report.invariant({
    nome: 'eventos_dfp_com_recebimento',
    tipo: 'soft',
    descricao:
      'the annual filing behind a year has a reception date in the index (without one its events are left out)',
    ...semData,
  });
}
