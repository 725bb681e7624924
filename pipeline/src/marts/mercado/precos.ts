import type { DuckDBConnection } from '@duckdb/node-api';
import { aplicarChecagens } from '../../core/checagens.ts';
import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { ensureStagingTable, stagingColumnsOf } from '../../core/staging.ts';
import { allSources } from '../../sources/index.ts';
import { PADRAO_TICKER } from '../fundamentos/empresas.ts';

/** JSON staging tables the market marts read; the core creates only delimited tables up front. */
const TABELAS_JSON = [
  'stg_b3_proventos_dinheiro',
  'stg_b3_complemento_empresa',
  'stg_b3_detalhes_empresa',
  'stg_b3_eventos_acoes',
];

/**
 * A build without a B3 file of some kind must still run the marts (empty answers), so the missing
 * tables are created empty with the columns their specs declare.
 */
export async function garantirTabelasMercado(db: DuckDBConnection): Promise<void> {
  for (const s of allSources)
    if (s.kind === 'json' && TABELAS_JSON.includes(s.staged))
      await ensureStagingTable(db, s.staged, stagingColumnsOf(s));
  await db.run(`CREATE TABLE IF NOT EXISTS stg_b3_cotahist (data_pregao DATE, codbdi VARCHAR, codneg VARCHAR,
    tpmerc VARCHAR, especi VARCHAR, preabe DECIMAL(18,2), premax DECIMAL(18,2), premin DECIMAL(18,2),
    preult DECIMAL(18,2), voltot DECIMAL(18,2), fatcot INTEGER, codisi VARCHAR, _arquivo VARCHAR, _linha BIGINT)`);
}

/**
 * BDI codes of the standard lot: 02 shares/units/BDRs, 12 FIIs, 14 ETFs and other fund quotas
 * (docs/sources.md §3). Odd lots (96), options, forward and the fractional market are left out.
 */
export const CODBDI_LOTE_PADRAO = ['02', '12', '14'] as const;

/**
 * Reading of the share class from the ISIN (BR + 4-letter root + `ACN` + class + digit): COTAHIST's
 * ESPECI text carries governance suffixes (`ON      NM`, `ON  ED  NM`) and is not a stable key.
 */
const CLASSE_DO_ISIN = `CASE WHEN substr(codisi, 7, 3) <> 'ACN' THEN NULL
       WHEN substr(codisi, 10, 2) = 'OR' THEN 'ON'
       WHEN substr(codisi, 10, 1) = 'P' THEN 'PN' END`;

/**
 * A COTAHIST row with a price the marts can use: the cash market (TPMERC 010), a last price and a quotation
 * factor. Also the rule of the funds' COTAHIST excerpts (fiis/sql.ts).
 */
export const COTAHIST_COM_PRECO = "tpmerc = '010' AND preult > 0 AND fatcot > 0";

/** The standard-lot rows of COTAHIST the marts price with (docs/sources.md §3): written once, used twice. */
const LOTE_PADRAO = `codbdi IN (${CODBDI_LOTE_PADRAO.map((c) => `'${c}'`).join(', ')}) AND ${COTAHIST_COM_PRECO}`;

/** The columns of `mart_mercado_precos` that `int_mercado_precos_empresa` keeps, beside the company. */
const COLUNAS_PRECOS_EMPRESA = [
  'ticker',
  'data',
  'fechamento',
  'volume',
  'codisi',
  'classe',
  'arquivo',
  'linha',
  'fator_ajuste',
] as const;

/**
 * `mart_mercado_precos`: one row per trading code and session; raw prices divided by FATCOT, the
 * adjustment factor kept apart (only DESDOBRAMENTO/BONIFICACAO percentages of docs/sources.md §4.2 are
 * applied; a GRUPAMENTO is counted in `int_mercado_eventos_nao_aplicados` and never applied silently).
 * It is also what the funds, ETF and "today" stages read for a session's rows: a separate copy without the
 * factor (`int_mercado_cotacoes`, 4.2 M rows at full scale) cost every build ~1 s and ~600 MB
 * (docs/benchmarks.md, "One copy of the session rows fewer").
 * `int_mercado_sessoes`: the session calendar is the set of dates present in the COTAHIST files of the
 * build, not a holiday table: a date missing from our files is a date we cannot price.
 */
export const SQL_PRECOS = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_eventos AS
SELECT isincode AS codisi, upper(trim(label)) AS tipo, CAST(lastdateprior AS DATE) AS data_com,
  CAST(factor AS DOUBLE) AS fator, _arquivo AS arquivo, _linha AS linha
FROM stg_b3_eventos_acoes WHERE isincode IS NOT NULL AND lastdateprior IS NOT NULL;

CREATE OR REPLACE TABLE int_mercado_eventos_nao_aplicados AS
SELECT * FROM int_mercado_eventos WHERE tipo NOT IN ('DESDOBRAMENTO', 'BONIFICACAO') OR fator IS NULL OR fator <= 0;

-- The factor of a session: the product of the applied events of its ISIN on or after it. Computed only for
-- the (ISIN, session) pairs of ISINs with an event, then joined to every row: the correlated subquery it
-- replaces made DuckDB deduplicate every (ISIN, session) of the universe first (docs/benchmarks.md).
CREATE OR REPLACE TABLE mart_mercado_precos AS
WITH e AS (
  SELECT codisi, data_com, fator FROM int_mercado_eventos
  WHERE tipo IN ('DESDOBRAMENTO', 'BONIFICACAO') AND fator > 0
),
f AS (
  SELECT c.codisi, c.data, exp(sum(ln(1 / (1 + e.fator / 100)))) AS fator_ajuste
  FROM (
    SELECT DISTINCT codisi, data_pregao AS data FROM stg_b3_cotahist
    WHERE ${LOTE_PADRAO} AND codisi IN (SELECT codisi FROM e)
  ) c
  JOIN e ON e.codisi = c.codisi AND c.data <= e.data_com
  GROUP BY ALL
),
c AS (
  SELECT upper(trim(codneg)) AS ticker, data_pregao AS data,
    CAST(preabe AS DOUBLE) / fatcot AS abertura, CAST(premax AS DOUBLE) / fatcot AS maxima,
    CAST(premin AS DOUBLE) / fatcot AS minima, CAST(preult AS DOUBLE) / fatcot AS fechamento,
    CAST(voltot AS DOUBLE) AS volume, codisi, trim(especi) AS especi, codbdi,
    ${CLASSE_DO_ISIN} AS classe, _arquivo AS arquivo, _linha AS linha
  FROM stg_b3_cotahist WHERE ${LOTE_PADRAO}
)
SELECT c.*, coalesce(f.fator_ajuste, 1) AS fator_ajuste
FROM c LEFT JOIN f ON f.codisi = c.codisi AND f.data = c.data;

CREATE OR REPLACE TABLE int_mercado_sessoes AS SELECT DISTINCT data FROM mart_mercado_precos ORDER BY data;
-- the point-in-time rule on the calendar: first session on or after d (NULL when our files have none)
CREATE OR REPLACE MACRO int_mercado_primeira_sessao(d) AS (SELECT min(data) FROM int_mercado_sessoes WHERE data >= d);

-- company of each code: the FCA list of codes (mart_tickers) of the fundamentals marts; only the columns its
-- readers use (3 M rows at full scale: with the session's open, high, low, ESPECI and BDI code as well it
-- took 1.3 s to write instead of 0.65 s, docs/benchmarks.md)
CREATE OR REPLACE TABLE int_mercado_precos_empresa AS
SELECT t.cd_regulator, ${COLUNAS_PRECOS_EMPRESA.map((c) => `p.${c}`).join(', ')}
FROM mart_mercado_precos p JOIN (SELECT DISTINCT cd_regulator, ticker FROM mart_tickers) t USING (ticker);
`;

export const precosStage: Stage = {
  name: 'mart_precos',
  le: [
    'mart_tickers',
    'stg_b3_complemento_empresa',
    'stg_b3_cotahist',
    'stg_b3_detalhes_empresa',
    'stg_b3_eventos_acoes',
    'stg_b3_proventos_dinheiro',
  ],
  cria: [
    'int_mercado_eventos',
    'int_mercado_eventos_nao_aplicados',
    'int_mercado_precos_empresa',
    'int_mercado_primeira_sessao',
    'int_mercado_sessoes',
    'mart_mercado_precos',
    'stg_b3_complemento_empresa',
    'stg_b3_detalhes_empresa',
    'stg_b3_eventos_acoes',
    'stg_b3_proventos_dinheiro',
  ],
  // Its 11 M session rows (three tables) took 11.1 s to save at full scale against a 7.4 s run, and the
  // entry is read only by a build with the same COTAHIST, B3 events and filings as an earlier one
  // (`mart_tickers` follows the filings): never the nightly build, whose new day changes its key
  // (docs/benchmarks.md, "A new day without saving the price tables").
  guardarNoCache: false,
  async run(ctx) {
    await garantirTabelasMercado(ctx.db);
    await ctx.db.run(SQL_PRECOS);
    await aplicarChecagens(ctx.db, ctx.report, [
      {
        nome: 'precos_um_por_codigo_e_pregao',
        tipo: 'hard',
        descricao: 'one standard-lot row per trading code and session',
        tabela: 'mart_mercado_precos',
        regra: 'chave_unica',
        colunas: ['ticker', 'data'],
      },
    ]);
    const faixa = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_mercado_precos',
      'SELECT ticker, data, minima, maxima, fechamento FROM mart_mercado_precos WHERE NOT (minima <= fechamento AND fechamento <= maxima)',
    );
    ctx.report.invariant({
      nome: 'precos_fechamento_entre_minima_e_maxima',
      tipo: 'soft',
      descricao: 'the close lies between the low and the high of the session',
      ...faixa,
    });
    const codigo = await verificar(
      ctx.db,
      'SELECT count(DISTINCT ticker) FROM mart_mercado_precos',
      `SELECT DISTINCT ticker FROM mart_mercado_precos WHERE NOT regexp_full_match(ticker, '${PADRAO_TICKER}')`,
    );
    ctx.report.invariant({
      nome: 'precos_codigo_no_formato',
      tipo: 'hard',
      descricao: 'every published trading code has the shape the schemas accept (PETR4, BOVA11)',
      ...codigo,
    });
    const nao = await verificar(
      ctx.db,
      'SELECT count(*) FROM int_mercado_eventos',
      'SELECT codisi, tipo, data_com, fator, arquivo, linha FROM int_mercado_eventos_nao_aplicados',
    );
    ctx.report.invariant({
      nome: 'eventos_de_acoes_nao_aplicados',
      tipo: 'soft',
      descricao: 'corporate actions whose factor convention is unconfirmed (GRUPAMENTO) are not applied',
      ...nao,
    });
    return [];
  },
};
