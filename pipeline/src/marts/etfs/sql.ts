import type { DuckDBValue } from '@duckdb/node-api';
import { textosDosFundos } from '@fundamentos/ui/fundos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { textos } from '../../core/sql.ts';

/**
 * SQL of the ETF marts. Inputs: the B3 ETF list (`stg_b3_etf_listados`), COTAHIST through
 * `mart_mercado_precos` (CODBDI 14), and the CVM fund files (`stg_cvm_cad_fi`, `stg_cvm_registro_*`,
 * `stg_cvm_inf_diario`, `stg_cvm_cda_*`). Every table keeps the file and line of what it read.
 */

/** Name as compared between the B3 list and the CVM registry: no accents, upper case, single spaces. */
const nome = (x: string) => `regexp_replace(upper(strip_accents(trim(${x}))), '\\s+', ' ', 'g')`;

/** CNPJ in its formatted form from either the masked (cad_fi, inf_diario) or the bare-digit (registro_*) text. */
const cnpj = (x: string) => `CASE WHEN length(regexp_replace(${x}, '\\D', '', 'g')) = 14 THEN
  substr(regexp_replace(${x}, '\\D', '', 'g'), 1, 2) || '.' || substr(regexp_replace(${x}, '\\D', '', 'g'), 3, 3) || '.' ||
  substr(regexp_replace(${x}, '\\D', '', 'g'), 6, 3) || '/' || substr(regexp_replace(${x}, '\\D', '', 'g'), 9, 4) || '-' ||
  substr(regexp_replace(${x}, '\\D', '', 'g'), 13, 2) END`;

const vazioNulo = (x: string) => `nullif(trim(${x}), '')`;

const TEXTOS_PT = textosDosFundos('pt').etf;
/** Portfolio blocks of the CDA (docs/sources.md §5.5), labelled in ui/src/fundos (the published `tipo` is pt). */
export const BLOCOS_CDA: Record<string, string> = Object.fromEntries(
  Object.entries<string>(TEXTOS_PT.blocos_cda).map(([bloco, m]) => [bloco, mensagem('pt', m)]),
);

/** Calendar-day tolerance before a window's start date within which a value counts as its start. */
export const TOLERANCIA_INICIO_DIAS = 7;
/** Sessions in the liquidity average (the spec's liquidez_media_60). */
export const PREGOES_LIQUIDEZ = 60;

export const JANELAS_SQL: [string, string][] = [
  ['1m', 'INTERVAL 1 MONTH'],
  ['3m', 'INTERVAL 3 MONTH'],
  ['1a', 'INTERVAL 1 YEAR'],
  ['2a', 'INTERVAL 2 YEAR'],
  ['5a', 'INTERVAL 5 YEAR'],
  ['10a', 'INTERVAL 10 YEAR'],
];

/** The values SQL_ETFS names (`$blocos_cda`, `$rotulos_cda`, `$ativo_sem_identificacao`); it runs through `executar`. */
export const PARAMETROS_ETFS: Readonly<Record<string, DuckDBValue>> = {
  blocos_cda: textos(Object.keys(BLOCOS_CDA)),
  rotulos_cda: textos(Object.values(BLOCOS_CDA)),
  ativo_sem_identificacao: mensagem('pt', TEXTOS_PT.ativo_sem_identificacao),
};

export const SQL_ETFS = /* sql */ `
-- one row per root code; with several list files the newest list wins
CREATE OR REPLACE TABLE int_etf_lista AS
SELECT upper(trim(codigo)) AS sigla, upper(trim(codigo)) || '11' AS ticker, trim(razao_social) AS nome,
  trim(fundo) AS nome_pregao, trim(emissor) AS emissor, ${vazioNulo('indice')} AS indice,
  ${nome('razao_social')} AS chave_nome, _arquivo || ':' || _linha AS origem
FROM stg_b3_etf_listados
WHERE codigo IS NOT NULL AND razao_social IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY upper(trim(codigo)) ORDER BY _data DESC, _arquivo DESC, _linha) = 1;

-- every registry row that could be an ETF, by name (the CVM value that marks an index fund is unconfirmed)
CREATE OR REPLACE TABLE int_etf_registro_nomes AS
SELECT 'cad_fi' AS fonte, ${cnpj('cnpj_fundo')} AS cnpj, ${nome('denom_social')} AS chave_nome,
  _arquivo || ':' || _linha AS origem FROM stg_cvm_cad_fi
UNION ALL
SELECT 'registro_fundo', ${cnpj('cnpj_fundo')}, ${nome('denominacao_social')}, _arquivo || ':' || _linha
FROM stg_cvm_registro_fundo
UNION ALL
SELECT 'registro_classe', ${cnpj('cnpj_classe')}, ${nome('denominacao_social')}, _arquivo || ':' || _linha
FROM stg_cvm_registro_classe;

-- the link: exactly one distinct CNPJ among the registry rows with the list's legal name
CREATE OR REPLACE TABLE int_etf_vinculo AS
SELECT l.ticker, count(DISTINCT r.cnpj) AS n_cnpj,
  CASE WHEN count(DISTINCT r.cnpj) = 1 THEN any_value(r.cnpj) END AS cnpj,
  coalesce(list(r.origem ORDER BY r.origem) FILTER (WHERE r.cnpj IS NOT NULL), []) AS origens
FROM int_etf_lista l LEFT JOIN int_etf_registro_nomes r ON r.chave_nome = l.chave_nome AND r.cnpj IS NOT NULL
GROUP BY l.ticker;

-- registry values of a linked CNPJ: the RCVM 175 class, then its fund, then the newest cad_fi row
CREATE OR REPLACE TABLE int_etf_cadastro_cvm AS
WITH classe AS (
  SELECT ${cnpj('cnpj_classe')} AS cnpj, * FROM stg_cvm_registro_classe
  QUALIFY row_number() OVER (PARTITION BY ${cnpj('cnpj_classe')} ORDER BY data_registro DESC NULLS LAST, _linha DESC) = 1
), fundo AS (
  SELECT ${cnpj('cnpj_fundo')} AS cnpj, * FROM stg_cvm_registro_fundo
), cad AS (
  SELECT ${cnpj('cnpj_fundo')} AS cnpj, * FROM stg_cvm_cad_fi
  QUALIFY row_number() OVER (PARTITION BY ${cnpj('cnpj_fundo')}
    ORDER BY (sit <> 'CANCELADA') DESC, dt_reg DESC NULLS LAST, _linha DESC) = 1
)
SELECT v.ticker,
  coalesce(${vazioNulo('c.codigo_cvm')}, ${vazioNulo('f.codigo_cvm')}, ${vazioNulo('k.cd_cvm')}) AS codigo_regulator,
  coalesce(${vazioNulo('c.situacao')}, ${vazioNulo('f.situacao')}, ${vazioNulo('k.sit')}) AS situacao,
  CAST(coalesce(c.data_inicio, k.dt_ini_ativ) AS VARCHAR) AS data_inicio,
  coalesce(${vazioNulo('f.gestor')}, ${vazioNulo('k.gestor')}) AS gestor,
  coalesce(${vazioNulo('f.administrador')}, ${vazioNulo('k.admin')}) AS administrador,
  coalesce(${vazioNulo('c.custodiante')}, ${vazioNulo('k.custodiante')}) AS custodiante,
  coalesce(${vazioNulo('c.auditor')}, ${vazioNulo('k.auditor')}) AS auditor,
  -- the stated fee lives only in the legacy cad_fi (registro_* has no fee column, docs/sources.md §5.4)
  CAST(k.taxa_adm AS DOUBLE) AS taxa_adm_declarada, ${vazioNulo('k.inf_taxa_adm')} AS taxa_adm_texto,
  CASE WHEN k.taxa_adm IS NOT NULL OR nullif(trim(k.inf_taxa_adm), '') IS NOT NULL
       THEN k._arquivo || ':' || k._linha END AS taxa_adm_origem,
  CAST(coalesce(c.patrimonio_liquido, f.patrimonio_liquido, k.vl_patrim_liq) AS DOUBLE) AS pl_registro,
  CAST(CASE WHEN c.patrimonio_liquido IS NOT NULL THEN c.data_patrimonio_liquido
            WHEN f.patrimonio_liquido IS NOT NULL THEN f.data_patrimonio_liquido
            ELSE k.dt_patrim_liq END AS VARCHAR) AS pl_registro_data
FROM int_etf_vinculo v
LEFT JOIN classe c ON c.cnpj = v.cnpj
LEFT JOIN fundo f ON f.id_registro_fundo = c.id_registro_fundo OR (c.cnpj IS NULL AND f.cnpj = v.cnpj)
LEFT JOIN cad k ON k.cnpj = v.cnpj
WHERE v.cnpj IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY v.ticker ORDER BY f.data_registro DESC NULLS LAST) = 1;

-- daily reports of the linked funds: one row per date (a fund with subclasses: the class row, without subclass)
CREATE OR REPLACE TABLE int_etf_informes AS
SELECT v.ticker, d.dt_comptc AS data, CAST(d.vl_quota AS DOUBLE) AS cota, CAST(d.vl_patrim_liq AS DOUBLE) AS pl,
  d.nr_cotst AS cotistas, CAST(d.captc_dia AS DOUBLE) AS captacao, CAST(d.resg_dia AS DOUBLE) AS resgate,
  d._arquivo || ':' || d._linha AS origem
FROM int_etf_vinculo v JOIN stg_cvm_inf_diario d ON ${cnpj('d.cnpj_fundo_classe')} = v.cnpj
WHERE v.cnpj IS NOT NULL AND d.dt_comptc IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY v.ticker, d.dt_comptc
  ORDER BY d.id_subclasse NULLS FIRST, d._arquivo DESC, d._linha DESC) = 1;

-- sessions of each listed ETF code (standard lot, CODBDI 14)
CREATE OR REPLACE TABLE int_etf_precos AS
SELECT c.ticker, c.data, c.fechamento, c.volume, c.codisi, c.arquivo || ':' || c.linha AS origem
FROM mart_mercado_precos c JOIN int_etf_lista l USING (ticker)
WHERE c.codbdi = '14';

-- premium per session: price / quota of the same date − 1, only when both exist
CREATE OR REPLACE TABLE int_etf_agio AS
SELECT p.ticker, p.data, p.fechamento AS preco, i.cota,
  CASE WHEN i.cota > 0 THEN p.fechamento / i.cota - 1 END AS agio,
  CASE WHEN v.cnpj IS NULL THEN CASE WHEN v.n_cnpj > 1 THEN 'etf_cnpj_ambiguo' ELSE 'etf_sem_cnpj' END
       WHEN i.cota IS NULL OR i.cota <= 0 THEN 'sem_cota_na_data' END AS flag
FROM int_etf_precos p JOIN int_etf_vinculo v USING (ticker)
LEFT JOIN int_etf_informes i ON i.ticker = p.ticker AND i.data = p.data;

-- returns over the windows of the price and the quota series (the start is the newest value in the
-- tolerance before the target date; without one the window is null, never stretched)
CREATE OR REPLACE TABLE int_etf_series AS
SELECT 'preco' AS serie, ticker, data, fechamento AS valor FROM int_etf_precos
UNION ALL SELECT 'cota', ticker, data, cota FROM int_etf_informes;

CREATE OR REPLACE TABLE int_etf_retornos AS
WITH fim AS (SELECT serie, ticker, max(data) AS ate, arg_max(valor, data) AS v_fim FROM int_etf_series GROUP BY serie, ticker),
janelas AS (SELECT * FROM (VALUES ${JANELAS_SQL.map(([j, i]) => `('${j}', ${i})`).join(', ')}) t(janela, intervalo)),
alvo AS (SELECT f.*, j.janela, CAST(f.ate - j.intervalo AS DATE) AS alvo FROM fim f CROSS JOIN janelas j)
SELECT a.serie, a.ticker, a.janela, CAST(a.ate AS VARCHAR) AS ate,
  CASE WHEN arg_max(s.valor, s.data) > 0 THEN a.v_fim / arg_max(s.valor, s.data) - 1 END AS retorno,
  -- what 1,000 BRL at the window's start became (the spec's mil_reais)
  CASE WHEN arg_max(s.valor, s.data) > 0 THEN 1000 * a.v_fim / arg_max(s.valor, s.data) END AS mil_reais
FROM alvo a LEFT JOIN int_etf_series s ON s.serie = a.serie AND s.ticker = a.ticker
  AND s.data <= a.alvo AND s.data >= CAST(a.alvo - INTERVAL ${TOLERANCIA_INICIO_DIAS} DAY AS DATE)
GROUP BY a.serie, a.ticker, a.janela, a.ate, a.v_fim;

-- liquidity: the 60 newest sessions of the build's calendar; a session without a trade counts 0
CREATE OR REPLACE TABLE int_etf_liquidez AS
WITH ult AS (SELECT data FROM int_mercado_sessoes ORDER BY data DESC LIMIT ${PREGOES_LIQUIDEZ})
SELECT l.ticker, (SELECT count(*) FROM ult) AS n_sessoes,
  CASE WHEN (SELECT count(*) FROM ult) >= ${PREGOES_LIQUIDEZ}
       THEN coalesce((SELECT sum(p.volume) FROM int_etf_precos p WHERE p.ticker = l.ticker AND p.data IN (SELECT data FROM ult)), 0)
            / ${PREGOES_LIQUIDEZ} END AS media
FROM int_etf_lista l;

-- portfolio (CDA) of the newest month with a PL row; positions joined to the PL of the same date
CREATE OR REPLACE TABLE int_etf_carteira_pl AS
SELECT v.ticker, p.dt_comptc AS competencia, CAST(p.vl_patrim_liq AS DOUBLE) AS pl, p._arquivo AS arquivo
FROM int_etf_vinculo v JOIN stg_cvm_cda_pl p ON ${cnpj('p.cnpj_fundo_classe')} = v.cnpj
WHERE v.cnpj IS NOT NULL
QUALIFY row_number() OVER (PARTITION BY v.ticker ORDER BY p.dt_comptc DESC, p._arquivo DESC) = 1;

CREATE OR REPLACE TABLE int_etf_carteira AS
SELECT c.ticker, c.competencia,
  coalesce(${vazioNulo('b.cd_ativo')}, ${vazioNulo('b.cd_isin')}, ${vazioNulo('b.cd_selic')},
    ${vazioNulo('b.cnpj_fundo_classe_cota')}, ${vazioNulo('b.ds_ativo')}, ${vazioNulo('b.tp_ativo')}, $ativo_sem_identificacao) AS ativo,
  r.rotulo AS tipo, CAST(b.vl_merc_pos_final AS DOUBLE) AS valor,
  CASE WHEN c.pl > 0 THEN CAST(b.vl_merc_pos_final AS DOUBLE) / c.pl END AS fracao, b._arquivo AS arquivo
FROM int_etf_carteira_pl c JOIN int_etf_vinculo v USING (ticker)
JOIN stg_cvm_cda_blc b ON ${cnpj('b.cnpj_fundo_classe')} = v.cnpj AND b.dt_comptc = c.competencia
JOIN (SELECT unnest($blocos_cda) AS bloco, unnest($rotulos_cda) AS rotulo) r ON r.bloco = b._bloco
WHERE b.vl_merc_pos_final IS NOT NULL;

-- portfolio share per block label of the newest month (the page's por_tipo), largest first
CREATE OR REPLACE TABLE int_etf_carteira_tipos AS
SELECT c.ticker, c.tipo, CASE WHEN p.pl > 0 THEN sum(c.valor) / p.pl END AS fracao, sum(c.valor) AS valor
FROM int_etf_carteira c JOIN int_etf_carteira_pl p USING (ticker)
GROUP BY c.ticker, c.tipo, p.pl;

-- peers: the other ETFs with the same Índice in the list; the median of their newest session's premium
-- (a peer whose newest session has no premium adds nothing; the median of an even count is the mean of the two middle values)
CREATE OR REPLACE TABLE int_etf_pares AS
WITH ultimo AS (
  SELECT ticker, agio FROM int_etf_agio QUALIFY row_number() OVER (PARTITION BY ticker ORDER BY data DESC) = 1
)
SELECT l.ticker, count(p.ticker) AS n,
  coalesce(list(p.ticker ORDER BY p.ticker) FILTER (WHERE p.ticker IS NOT NULL), []) AS tickers,
  median(u.agio) AS agio
FROM int_etf_lista l LEFT JOIN int_etf_lista p ON p.indice = l.indice AND p.ticker <> l.ticker
LEFT JOIN ultimo u ON u.ticker = p.ticker
GROUP BY l.ticker;

-- every CDA month of every linked ETF (not only the newest): the overlap history the watcher compares
CREATE OR REPLACE TABLE int_etf_carteira_mensal AS
WITH pl AS (
  SELECT v.ticker, v.cnpj, p.dt_comptc AS competencia, CAST(p.vl_patrim_liq AS DOUBLE) AS pl, p._arquivo AS arquivo
  FROM int_etf_vinculo v JOIN stg_cvm_cda_pl p ON ${cnpj('p.cnpj_fundo_classe')} = v.cnpj
  WHERE v.cnpj IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY v.ticker, p.dt_comptc ORDER BY p._arquivo DESC, p._linha DESC) = 1
)
SELECT pl.ticker, pl.competencia,
  coalesce(${vazioNulo('b.cd_ativo')}, ${vazioNulo('b.cd_isin')}, ${vazioNulo('b.cd_selic')},
    ${vazioNulo('b.cnpj_fundo_classe_cota')}, ${vazioNulo('b.ds_ativo')}, ${vazioNulo('b.tp_ativo')}, $ativo_sem_identificacao) AS ativo,
  -- one share per asset and month (an asset may sit on several rows, e.g. held for trading and to maturity)
  CASE WHEN pl.pl > 0 THEN sum(CAST(b.vl_merc_pos_final AS DOUBLE)) / pl.pl END AS fracao, pl.arquivo AS arquivo_pl
FROM pl JOIN stg_cvm_cda_blc b ON ${cnpj('b.cnpj_fundo_classe')} = pl.cnpj AND b.dt_comptc = pl.competencia
WHERE b.vl_merc_pos_final IS NOT NULL
GROUP BY pl.ticker, pl.competencia, ativo, pl.pl, pl.arquivo;

-- overlap per month with each same-index peer that filed the same month (Σ over common holdings of the smaller share)
CREATE OR REPLACE TABLE int_etf_sobreposicao_mensal AS
SELECT a.ticker, b.ticker AS par, a.competencia, sum(least(a.fracao, b.fracao)) AS sobreposicao,
  min(a.arquivo_pl) AS arquivo
FROM int_etf_carteira_mensal a JOIN int_etf_carteira_mensal b
  ON a.ativo = b.ativo AND a.competencia = b.competencia AND a.ticker <> b.ticker
JOIN int_etf_lista la ON la.ticker = a.ticker JOIN int_etf_lista lb ON lb.ticker = b.ticker AND lb.indice = la.indice
WHERE a.fracao IS NOT NULL AND b.fracao IS NOT NULL
GROUP BY a.ticker, b.ticker, a.competencia;

-- overlap with ETFs of the same index and the same portfolio month: Σ over common holdings of the smaller share
CREATE OR REPLACE TABLE int_etf_sobreposicao AS
SELECT a.ticker, b.ticker AS par, sum(least(a.fracao, b.fracao)) AS sobreposicao
FROM int_etf_carteira a JOIN int_etf_carteira b ON a.ativo = b.ativo AND a.competencia = b.competencia AND a.ticker <> b.ticker
JOIN int_etf_lista la ON la.ticker = a.ticker JOIN int_etf_lista lb ON lb.ticker = b.ticker AND lb.indice = la.indice
WHERE a.fracao IS NOT NULL AND b.fracao IS NOT NULL
GROUP BY a.ticker, b.ticker;
`;

/**
 * Declarative checks beside the SQL (build report): [name, hard|soft, what must hold, total, failing rows].
 * The premium's own invariant (`etf_agio_so_com_preco_e_cota`) is in index.ts.
 */
export const CHECKS_ETFS: [
  nome: string,
  tipo: 'hard' | 'soft',
  descricao: string,
  total: string,
  falhas: string,
][] = [
  [
    'etf_vinculo_um_cnpj',
    'hard',
    'an ETF has a CNPJ exactly when its legal name matched one distinct CNPJ',
    'SELECT count(*) FROM int_etf_vinculo',
    'SELECT * FROM int_etf_vinculo WHERE (cnpj IS NOT NULL) <> (n_cnpj = 1)',
  ],
  [
    'etf_sobreposicao_simetrica',
    'hard',
    "the overlap of A with B in a month equals B's with A (Σ of the smaller share is symmetric)",
    'SELECT count(*) FROM int_etf_sobreposicao_mensal',
    `SELECT a.ticker, a.par, a.competencia FROM int_etf_sobreposicao_mensal a
     LEFT JOIN int_etf_sobreposicao_mensal b ON b.ticker = a.par AND b.par = a.ticker AND b.competencia = a.competencia
     WHERE b.ticker IS NULL OR abs(a.sobreposicao - b.sobreposicao) > 1e-12`,
  ],
  [
    'etf_sobreposicao_ate_1',
    'soft',
    'an overlap is between 0 and 1 (above 1 only if a portfolio sums to more than its net assets)',
    'SELECT count(*) FROM int_etf_sobreposicao_mensal',
    'SELECT * FROM int_etf_sobreposicao_mensal WHERE sobreposicao < 0 OR sobreposicao > 1 + 1e-9',
  ],
  [
    'etf_pares_mesmo_indice',
    'hard',
    "an ETF's peers are exactly the other list rows with its Índice",
    'SELECT count(*) FROM int_etf_pares',
    `SELECT p.ticker FROM int_etf_pares p JOIN int_etf_lista l USING (ticker)
     WHERE p.n <> (SELECT count(*) FROM int_etf_lista o WHERE o.indice = l.indice AND o.ticker <> l.ticker)`,
  ],
];
