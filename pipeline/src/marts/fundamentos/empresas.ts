import { aplicarChecagens } from '../../core/checagens.ts';
import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';

/** B3 code shape accepted by the schemas (TickerSchema): 4-char root, class number, optional letter. */
export const PADRAO_TICKER = '^[A-Z0-9]{4}[0-9]{1,2}[A-Z]?$';

/**
 * `int_fundamentos_tipo_ano`: accounts plan of each annual filing, read from its own DRE 3.01 label (banks call
 * it "Receitas da/de Intermediação Financeira", insurers "Receitas das Operações"); never from sector.
 * `mart_tickers`: every trading code ever listed for the company in the FCA, with start/end and whether
 * it is current. `mart_empresas`: one row per CVM code.
 */
export const SQL_EMPRESAS = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_tipo_ano AS
SELECT cd_regulator, ano, ds_conta AS rotulo_3_01,
  CASE WHEN ds_conta ILIKE '%intermedia__o financeira%' THEN 'banco'
       WHEN ds_conta ILIKE 'receitas das opera__es%' THEN 'seguradora'
       ELSE 'geral' END AS tipo
FROM int_fundamentos_linhas WHERE demo = 'DRE' AND cd_conta = '3.01' AND ordem = 'ultimo';

CREATE OR REPLACE TABLE int_fundamentos_cnpj_cd AS
SELECT cnpj, arg_max(cd, dt) AS cd FROM (
  SELECT cnpj_cia AS cnpj, CAST(cd_cvm AS INTEGER) AS cd, dt_receb AS dt FROM stg_cvm_doc_indice
  UNION ALL
  SELECT cnpj_cia, CAST(cd_cvm AS INTEGER), dt_reg FROM stg_cvm_cad_cia_aberta WHERE cd_cvm IS NOT NULL
) GROUP BY cnpj;

CREATE OR REPLACE TABLE mart_tickers AS
WITH f AS (
  SELECT cnpj_companhia AS cnpj, CAST(year(data_referencia) AS INTEGER) AS ano_fca, CAST(versao AS INTEGER) AS versao,
         upper(trim(codigo_negociacao)) AS ticker, data_inicio_negociacao, data_fim_negociacao, valor_mobiliario
  FROM stg_cvm_fca_valor_mobiliario
  WHERE regexp_full_match(upper(trim(coalesce(codigo_negociacao, ''))), '${PADRAO_TICKER}')
    AND regexp_matches(upper(codigo_negociacao), '[A-Z]') -- placeholders such as 00000 are not codes
),
ultima AS (SELECT cnpj, ano_fca, max(versao) AS versao FROM f GROUP BY ALL),
ff AS (SELECT f.* FROM f JOIN ultima USING (cnpj, ano_fca, versao)),
ultimo_fca AS (SELECT cnpj, max(ano_fca) AS ano_fca FROM ff GROUP BY cnpj)
SELECT c.cd AS cd_regulator, ff.ticker,
  min(ff.data_inicio_negociacao) AS inicio,
  -- an end date only counts when the latest FCA still carries it; a later FCA without it reopens the code
  arg_max(ff.data_fim_negociacao, ff.ano_fca) AS fim,
  max(ff.ano_fca) AS ultimo_fca_com_codigo,
  arg_max(ff.valor_mobiliario, ff.ano_fca) AS valor_mobiliario,
  bool_or(ff.ano_fca = u.ano_fca) AND arg_max(ff.data_fim_negociacao, ff.ano_fca) IS NULL AS vigente
FROM ff JOIN ultimo_fca u USING (cnpj) JOIN int_fundamentos_cnpj_cd c ON c.cnpj = ff.cnpj
GROUP BY ALL;

CREATE OR REPLACE TABLE int_fundamentos_ticker_atual AS
SELECT cd_regulator,
  arg_min(ticker, (NOT vigente, CASE WHEN ticker LIKE '%11' THEN 0 WHEN ticker LIKE '%4' THEN 1
                                     WHEN ticker LIKE '%3' THEN 2 ELSE 3 END, -ultimo_fca_com_codigo, ticker)) AS ticker_atual,
  list(ticker ORDER BY NOT vigente, ticker) AS tickers
FROM mart_tickers GROUP BY cd_regulator;

CREATE OR REPLACE TABLE mart_empresas AS
WITH idx AS (
  SELECT CAST(cd_cvm AS INTEGER) AS cd, cnpj_cia, denom_cia, dt_refer, dt_receb FROM stg_cvm_doc_indice WHERE _doc = 'DFP'
),
ident AS (
  SELECT cd, arg_max(cnpj_cia, dt_receb) AS cnpj, arg_max(denom_cia, dt_receb) AS nome_dfp,
         CAST(min(year(dt_refer)) AS INTEGER) AS primeiro_ano, CAST(max(year(dt_refer)) AS INTEGER) AS ultimo_ano
  FROM idx GROUP BY cd
),
cad AS (
  SELECT CAST(cd_cvm AS INTEGER) AS cd,
         arg_max(setor_ativ, (sit = 'ATIVO', dt_reg)) AS setor, arg_max(denom_social, (sit = 'ATIVO', dt_reg)) AS nome_cad
  FROM stg_cvm_cad_cia_aberta WHERE cd_cvm IS NOT NULL GROUP BY ALL
),
tipo AS (SELECT cd_regulator AS cd, arg_max(tipo, ano) AS tipo FROM int_fundamentos_tipo_ano GROUP BY ALL),
reap AS (SELECT cd_regulator AS cd, count(*) AS n FROM mart_reapresentacoes GROUP BY ALL)
SELECT ident.cd AS cd_regulator, coalesce(cad.nome_cad, ident.nome_dfp) AS nome, ident.cnpj,
       coalesce(nullif(trim(cad.setor), ''), 'Não informado') AS setor,
       coalesce(tipo.tipo, 'indeterminado') AS tipo,
       t.ticker_atual, coalesce(t.tickers, []) AS tickers,
       ident.primeiro_ano, ident.ultimo_ano, CAST(coalesce(reap.n, 0) AS INTEGER) AS reapresentacoes
FROM ident
LEFT JOIN cad USING (cd) LEFT JOIN tipo USING (cd) LEFT JOIN reap USING (cd)
LEFT JOIN int_fundamentos_ticker_atual t ON t.cd_regulator = ident.cd
ORDER BY cd_regulator;
`;

export const empresasStage: Stage = {
  name: 'mart_empresas',
  le: [
    'int_fundamentos_linhas',
    'mart_reapresentacoes',
    'stg_cvm_cad_cia_aberta',
    'stg_cvm_doc_indice',
    'stg_cvm_fca_valor_mobiliario',
  ],
  cria: [
    'int_fundamentos_cnpj_cd',
    'int_fundamentos_ticker_atual',
    'int_fundamentos_tipo_ano',
    'mart_empresas',
    'mart_tickers',
  ],
  async run(ctx) {
    await ctx.db.run(SQL_EMPRESAS);
    await aplicarChecagens(ctx.db, ctx.report, [
      {
        nome: 'empresas_uma_linha_por_codigo',
        tipo: 'hard',
        descricao: 'mart_empresas has one row per CVM code',
        tabela: 'mart_empresas',
        regra: 'chave_unica',
        colunas: ['cd_regulator'],
      },
    ]);
    const cnpj = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_empresas',
      `SELECT cd_regulator, cnpj FROM mart_empresas WHERE NOT regexp_full_match(cnpj, '\\d{2}\\.\\d{3}\\.\\d{3}/\\d{4}-\\d{2}')`,
    );
    ctx.report.invariant({
      nome: 'empresas_cnpj_formatado',
      tipo: 'soft',
      descricao: 'every company CNPJ is in the formatted form 00.000.000/0000-00',
      ...cnpj,
    });
    return [];
  },
};
