import { aplicarChecagens } from '../../core/checagens.ts';
import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';

/**
 * Band of the implied price-to-book used to tell share counts in units from counts in thousands
 * (composicao_capital has no scale column; Petrobras writes units, Eletrobras thousands). Listed
 * Brazilian companies trade between roughly 0.1 and 20 times book; a count in thousands moves the
 * implied P/VP down by 1000 (below 0.05). The two bands are disjoint, so a count can never be read
 * in both ways; outside both the scale is undetermined and the market cap is refused.
 */
export const PVP_MIN = 0.05;
export const PVP_MAX = 50;

/**
 * The session `p.data` nearest to `a.dt_refer`, as an aggregate. Two equally near (a reference date between
 * two sessions) give the earlier one, the market as of the reference date: without the second key DuckDB
 * kept whichever row it met first, so two builds of the same input could pick different days.
 */
export const SESSAO_MAIS_PROXIMA = "arg_min(p.data, (abs(date_diff('day', a.dt_refer, p.data)), p.data))";

/**
 * The same choice for every (cd_regulator, doc, dt_refer) of `filings`, from the sessions (`data`) of the
 * company in `sessoes`, with two ASOF joins instead of the aggregate over every pair of filing and session
 * of the company (filings × sessions rows: most of `mart_acoes` at full scale): the last session on or
 * before the reference date and the first on or after it, the nearer one, the earlier on a tie.
 * sessao-mais-proxima.test.ts checks it against SESSAO_MAIS_PROXIMA. Filings of a company without a
 * session are left out, as the inner join of the aggregate left them.
 */
export const sqlSessaoMaisProxima = (filings: string, sessoes: string) => /* sql */ `
  WITH d AS (SELECT DISTINCT cd_regulator, data FROM ${sessoes}),
  f AS (SELECT DISTINCT cd_regulator, doc, dt_refer FROM ${filings} WHERE cd_regulator IN (SELECT cd_regulator FROM d)),
  antes AS (
    SELECT f.*, d.data AS antes FROM f ASOF LEFT JOIN d ON d.cd_regulator = f.cd_regulator AND f.dt_refer >= d.data
  ),
  ambos AS (
    SELECT a.*, d.data AS depois FROM antes a ASOF LEFT JOIN d ON d.cd_regulator = a.cd_regulator AND a.dt_refer <= d.data
  )
  SELECT cd_regulator, doc, dt_refer,
    CASE WHEN depois IS NULL THEN antes WHEN antes IS NULL THEN depois
      WHEN date_diff('day', antes, dt_refer) <= date_diff('day', dt_refer, depois) THEN antes ELSE depois END AS data_escala
  FROM ambos`;

/**
 * `int_mercado_preco_classe`: the most liquid code per company, session and class, whose close is the price
 * of that class on that day. Two codes with the same volume are told apart by the code, so every column
 * comes from the same row and two builds of one input agree (a bare `arg_max(…, volume)` kept whichever
 * row it met first, column by column); a NULL volume takes no part, as before.
 */
export const SQL_PRECO_CLASSE = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_preco_classe AS
WITH m AS (
  SELECT cd_regulator, data, classe,
    arg_max({'preco': fechamento, 'ticker': ticker, 'arquivo': arquivo, 'linha': linha}, (volume, ticker))
      FILTER (WHERE volume IS NOT NULL) AS r,
    count(*) AS n_codigos
  FROM int_mercado_precos_empresa WHERE classe IS NOT NULL GROUP BY ALL
)
SELECT cd_regulator, data, classe, r.preco AS preco, r.ticker AS ticker, r.arquivo AS arquivo, r.linha AS linha,
  n_codigos
FROM m;`;

/**
 * `int_mercado_acoes_brutas`: counts as filed, one row per company and filing (latest VERSAO), with the
 * reception date of that filing (the count is unknowable before it). FRE counts are used only for a
 * company and year without composicao_capital and carry `acoes_do_fre_sem_tesouraria`.
 * `int_mercado_acoes`: outstanding = issued − treasury per class, times the detected scale, with flags.
 */
export const SQL_ACOES = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_doc_receb AS
SELECT cnpj_cia, dt_refer, versao, _doc AS doc, min(dt_receb) AS dt_receb FROM stg_cvm_doc_indice GROUP BY ALL;

CREATE OR REPLACE TABLE int_mercado_acoes_brutas AS
WITH c AS (
  SELECT f.cd AS cd_regulator, c.* FROM stg_cvm_composicao_capital c JOIN int_fundamentos_cnpj_cd f ON f.cnpj = c.cnpj_cia
  QUALIFY row_number() OVER (PARTITION BY f.cd, c.dt_refer, c._doc ORDER BY c.versao DESC) = 1
),
comp AS (
  SELECT c.cd_regulator, c._doc AS doc, c.dt_refer, c.versao, r.dt_receb,
    CAST(c.qt_acao_ordin_cap_integr AS DOUBLE) AS on_emitidas, CAST(c.qt_acao_pref_cap_integr AS DOUBLE) AS pn_emitidas,
    CAST(coalesce(c.qt_acao_ordin_tesouro, 0) AS DOUBLE) AS on_tesouraria,
    CAST(coalesce(c.qt_acao_pref_tesouro, 0) AS DOUBLE) AS pn_tesouraria,
    'composicao_capital' AS fonte, NULL AS flag_fonte, c._arquivo AS arquivo, c._linha AS linha
  FROM c LEFT JOIN int_mercado_doc_receb r ON r.cnpj_cia = c.cnpj_cia AND r.dt_refer = c.dt_refer AND r.versao = c.versao AND r.doc = c._doc
),
fre AS (
  SELECT f.cd AS cd_regulator, 'FRE' AS doc, s.data_referencia AS dt_refer, s.versao, r.dt_receb,
    CAST(s.quantidade_acoes_ordinarias AS DOUBLE) AS on_emitidas, CAST(s.quantidade_acoes_preferenciais AS DOUBLE) AS pn_emitidas,
    0.0 AS on_tesouraria, 0.0 AS pn_tesouraria,
    'fre_capital_social' AS fonte, 'acoes_do_fre_sem_tesouraria' AS flag_fonte, s._arquivo AS arquivo, s._linha AS linha
  FROM stg_cvm_fre_capital_social s JOIN int_fundamentos_cnpj_cd f ON f.cnpj = s.cnpj_companhia
  LEFT JOIN int_mercado_doc_receb r ON r.cnpj_cia = s.cnpj_companhia AND r.dt_refer = s.data_referencia AND r.versao = s.versao AND r.doc = 'FRE'
  WHERE lower(strip_accents(s.tipo_capital)) = 'capital integralizado'
  QUALIFY row_number() OVER (PARTITION BY f.cd, s.data_referencia ORDER BY s.versao DESC) = 1
)
SELECT * FROM comp
UNION ALL BY NAME
SELECT * FROM fre WHERE NOT EXISTS (
  SELECT 1 FROM comp WHERE comp.cd_regulator = fre.cd_regulator AND year(comp.dt_refer) = year(fre.dt_refer));

${SQL_PRECO_CLASSE}

CREATE OR REPLACE TABLE int_mercado_acoes AS
WITH s AS (${sqlSessaoMaisProxima('int_mercado_acoes_brutas', 'int_mercado_preco_classe')}),
-- equity of the nearest fiscal year: the test is about orders of magnitude (1 vs 1000), which a year
-- or two of change in equity cannot produce, and the sample often lacks the balance sheet of the same year
eq AS (
  SELECT a.cd_regulator, a.doc, a.dt_refer, arg_min(b.pl_u, (abs(b.ano - year(a.dt_refer)), -b.ano)) AS pl_u
  FROM int_mercado_acoes_brutas a JOIN int_fundamentos_base b ON b.cd_regulator = a.cd_regulator AND b.pl_u IS NOT NULL GROUP BY ALL
),
m AS (
  SELECT a.*, s.data_escala, b.pl_u AS patrimonio,
    (a.on_emitidas - a.on_tesouraria) * pon.preco AS mcap_on, (a.pn_emitidas - a.pn_tesouraria) * ppn.preco AS mcap_pn
  FROM int_mercado_acoes_brutas a
  LEFT JOIN s USING (cd_regulator, doc, dt_refer)
  LEFT JOIN int_mercado_preco_classe pon ON pon.cd_regulator = a.cd_regulator AND pon.data = s.data_escala AND pon.classe = 'ON'
  LEFT JOIN int_mercado_preco_classe ppn ON ppn.cd_regulator = a.cd_regulator AND ppn.data = s.data_escala AND ppn.classe = 'PN'
  LEFT JOIN eq b ON b.cd_regulator = a.cd_regulator AND b.doc = a.doc AND b.dt_refer = a.dt_refer
),
r AS (
  SELECT m.*, (coalesce(mcap_on, 0) + coalesce(mcap_pn, 0)) / nullif(patrimonio, 0) AS pvp_declarado FROM m
),
e AS (
  SELECT r.*,
    CASE WHEN patrimonio IS NULL OR patrimonio <= 0 OR data_escala IS NULL OR pvp_declarado <= 0 THEN NULL
         WHEN pvp_declarado BETWEEN ${PVP_MIN} AND ${PVP_MAX} THEN 1
         WHEN pvp_declarado * 1000 BETWEEN ${PVP_MIN} AND ${PVP_MAX} THEN 1000 END AS escala
  FROM r
)
SELECT cd_regulator, doc, dt_refer, CAST(year(dt_refer) AS INTEGER) AS ano, versao, dt_receb, fonte,
  on_emitidas, pn_emitidas, on_tesouraria, pn_tesouraria, data_escala, patrimonio, pvp_declarado, escala,
  (on_emitidas - on_tesouraria) * escala AS on_circulacao, (pn_emitidas - pn_tesouraria) * escala AS pn_circulacao,
  nullif(concat_ws(';',
    flag_fonte,
    CASE WHEN escala = 1000 THEN 'acoes_em_milhares' END,
    CASE WHEN escala IS NULL THEN 'escala_acoes_indeterminada' END,
    CASE WHEN (on_emitidas - on_tesouraria) + (pn_emitidas - pn_tesouraria) <= 0 THEN 'sem_acoes_em_circulacao' END
  ), '') AS flag,
  arquivo, linha
FROM e;
`;

export const acoesStage: Stage = {
  name: 'mart_acoes',
  le: [
    'int_fundamentos_base',
    'int_fundamentos_cnpj_cd',
    'int_mercado_precos_empresa',
    'stg_cvm_composicao_capital',
    'stg_cvm_doc_indice',
    'stg_cvm_fre_capital_social',
  ],
  cria: [
    'int_mercado_acoes',
    'int_mercado_acoes_brutas',
    'int_mercado_doc_receb',
    'int_mercado_preco_classe',
  ],
  // Like mart_precos: it reads that stage's session rows, so its key changes with every COTAHIST day and
  // every filing, and no nightly or weekly build reads its entry; saving `int_mercado_preco_classe`
  // (2.9 M rows at full scale) cost every build 0.9 s (docs/benchmarks.md, "A new day: narrower session
  // rows, `mart_acoes` not saved").
  guardarNoCache: false,
  async run(ctx) {
    await ctx.db.run(SQL_ACOES);
    await aplicarChecagens(ctx.db, ctx.report, [
      {
        nome: 'acoes_uma_linha_por_documento',
        tipo: 'hard',
        descricao: 'one share count per company, document and reference date',
        tabela: 'int_mercado_acoes',
        regra: 'chave_unica',
        colunas: ['cd_regulator', 'doc', 'dt_refer'],
      },
    ]);
    const escala = await verificar(
      ctx.db,
      'SELECT count(*) FROM int_mercado_acoes',
      'SELECT cd_regulator, dt_refer, pvp_declarado, arquivo, linha FROM int_mercado_acoes WHERE escala IS NULL',
    );
    ctx.report.invariant({
      nome: 'acoes_escala_determinada',
      tipo: 'soft',
      descricao: `share-count scale (units or thousands) read from the implied P/VP band [${PVP_MIN}, ${PVP_MAX}]; undetermined counts are not used`,
      ...escala,
    });
    return [];
  },
};
