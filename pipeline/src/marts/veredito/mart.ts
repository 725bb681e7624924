import { type DuckDBConnection, listValue } from '@duckdb/node-api';
import { aplicarChecagens, type Checagem } from '../../core/checagens.ts';
import type { Passo } from '../../core/mart.ts';
import { lit, temColuna } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import {
  ANOS_REAPRESENTACAO_RECENTE,
  FLAG_SEM_DADO,
  INDICADORES_ITEM,
  ITENS_VEREDITO,
  MINIMO_GRUPO,
  PARECER_RESSALVADO,
  REGRAS_PARECER,
  SETOR_SEM_NOME,
} from './regras.ts';

/**
 * The verdict's numbers as mart tables (docs/veredito.md): its inputs (`int_veredito_*`, read from the
 * fundamentals and market marts), the reference groups with their medians (`mart_veredito_grupos`), each
 * company's five items placed against their sector, own history and universe (`mart_veredito_itens`) and
 * the flag's inputs per company (`mart_veredito_empresas`). montar.ts only reads these rows and words them.
 * Constants of regras.ts go in as bound parameters or, where SQL needs them in the text (list lambdas,
 * generated CASE), as literals written by lit().
 */

/** Median of a sorted, non-empty DOUBLE list: the same two middle values and the same `(a + b) / 2` as JS. */
const mediana = (l: string) =>
  `CASE WHEN len(${l}) % 2 = 1 THEN ${l}[len(${l}) // 2 + 1] ELSE (${l}[len(${l}) // 2] + ${l}[len(${l}) // 2 + 1]) / 2 END`;

/** Where `v` stands against the median `m`: null without either. */
const posicao = (v: string, m: string) =>
  `CASE WHEN ${v} IS NULL OR ${m} IS NULL THEN NULL WHEN ${v} < ${m} THEN 'abaixo' WHEN ${v} > ${m} THEN 'acima' ELSE 'igual' END`;

/**
 * The percentile rank of `v` inside the sorted group `l` (which contains it): values below it, plus half of
 * the other equal ones, over n − 1 (the rank scores.ts gives); null under the minimum group size.
 */
const percentil = (v: string, l: string) =>
  `CASE WHEN ${v} IS NULL OR len(${l}) < $minimo OR NOT list_contains(${l}, ${v}) THEN NULL
     ELSE (len(list_filter(${l}, lambda x: x < ${v})) + (len(list_filter(${l}, lambda x: x = ${v})) - 1) / 2) / (len(${l}) - 1) END`;

/** The auditor's opinion kind from TP_RELAT_AUD, read without case or accents (first rule that matches). */
const classeParecer = (tipo: string) =>
  `CASE ${REGRAS_PARECER.map(
    ([classe, trechos]) =>
      `WHEN ${trechos.map((t) => `contains(strip_accents(lower(${tipo})), ${lit(t)})`).join(' OR ')} THEN ${lit(classe)}`,
  ).join(' ')} ELSE 'outro' END`;

const PUBLICADAS = `SELECT cd_regulator FROM mart_empresas WHERE ticker_atual IS NOT NULL
  AND cd_regulator IN (SELECT cd_regulator FROM mart_indicadores)`;

/**
 * Inputs read from the marts (or from views over the published bulk sets with the same names and columns:
 * the test rebuilds the verdict from them). Companies: those published (with a trading code) that have
 * indicator rows. The opinion file may be absent from a raw tree (the sample has only an ITR one): no
 * staging table, no opinions.
 */
export function passosEntrada(temParecer: boolean): Passo[] {
  return [
    `CREATE OR REPLACE TABLE int_veredito_empresas AS
     SELECT cd_regulator, nome, cnpj, setor, tipo, ticker_atual FROM mart_empresas
     WHERE cd_regulator IN (${PUBLICADAS})`,
    {
      sql: `CREATE OR REPLACE TABLE int_veredito_indicadores AS
        SELECT cd_regulator, ano, nome, CAST(valor AS DOUBLE) AS valor, flag FROM mart_indicadores
        WHERE list_contains($nomes, nome) AND cd_regulator IN (SELECT cd_regulator FROM int_veredito_empresas)`,
      params: { nomes: listValue([...INDICADORES_ITEM, 'divida_liquida', 'ebitda']) },
    },
    `CREATE OR REPLACE TABLE int_veredito_multiplos AS
     SELECT cd_regulator, ano, dt_receb, data_preco, preco, CAST(pl AS DOUBLE) AS pl, CAST(pvp AS DOUBLE) AS pvp,
       flag_pl, flag
     FROM mart_mercado_multiplos_anuais WHERE cd_regulator IN (SELECT cd_regulator FROM int_veredito_empresas)`,
    temParecer
      ? `CREATE OR REPLACE TABLE int_veredito_pareceres AS
         WITH p AS (
           SELECT cnpj_cia, dt_refer, versao, trim(tp_relat_aud) AS tipo FROM stg_cvm_parecer
           WHERE _doc = 'DFP' AND nullif(trim(tp_relat_aud), '') IS NOT NULL
           QUALIFY versao = max(versao) OVER (PARTITION BY cnpj_cia, dt_refer)
         )
         SELECT DISTINCT e.cd_regulator, CAST(year(p.dt_refer) AS INTEGER) AS ano, p.tipo
         FROM p JOIN int_veredito_empresas e ON e.cnpj = p.cnpj_cia`
      : `CREATE OR REPLACE TABLE int_veredito_pareceres (cd_regulator INTEGER, ano INTEGER, tipo VARCHAR)`,
    `CREATE OR REPLACE TABLE int_veredito_reapresentacoes AS
     SELECT cd_regulator, CAST(ano AS INTEGER) AS ano, dif_rel FROM mart_reapresentacoes
     WHERE cd_regulator IN (SELECT cd_regulator FROM int_veredito_empresas)`,
    `CREATE OR REPLACE TABLE int_veredito_documentos AS
     WITH d AS (
       SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, _doc, dt_refer, versao, dt_receb FROM stg_cvm_doc_indice
       WHERE _doc IN ('DFP', 'ITR')
     ),
     dfp AS (
       SELECT cd_regulator, arg_max(dt_refer, (dt_refer, versao)) AS ref, arg_max(dt_receb, (dt_refer, versao)) AS receb
       FROM d WHERE _doc = 'DFP' GROUP BY ALL
     ),
     itr AS (SELECT cd_regulator, max(dt_refer) AS ref FROM d WHERE _doc = 'ITR' GROUP BY ALL)
     SELECT dfp.cd_regulator, CAST(dfp.ref AS DATE) AS ultimo_dfp_referencia, CAST(dfp.receb AS DATE) AS ultimo_dfp_recebido,
       CAST(itr.ref AS DATE) AS ultimo_itr_referencia
     FROM dfp LEFT JOIN itr USING (cd_regulator)
     WHERE dfp.cd_regulator IN (SELECT cd_regulator FROM int_veredito_empresas)`,
  ];
}

const PARAMETROS = {
  minimo: MINIMO_GRUPO,
  sem_setor: SETOR_SEM_NOME,
  sem_dado: FLAG_SEM_DADO,
  itens: listValue([...ITENS_VEREDITO]),
  recente: ANOS_REAPRESENTACAO_RECENTE,
  ressalvado: listValue([...PARECER_RESSALVADO]),
};

/** Which of the verdict's parameters a statement names (DuckDB refuses a bound value the text does not use). */
function passo(sql: string): Passo {
  const params = Object.fromEntries(Object.entries(PARAMETROS).filter(([k]) => sql.includes(`$${k}`)));
  return Object.keys(params).length === 0 ? sql : { sql, params };
}

/** An item's flag: its value row's, or "no value that year" when the company has no row for it. */
const FLAG_DO_ITEM = 'CASE WHEN v.setor IS NULL THEN $sem_dado ELSE v.flag END';

/**
 * Where the flag's inputs are read from. The build's verdict reads its own tables, one row per company
 * (`chave` empty); the verdict as of each year reads the same inputs cut at `corte` (PASSOS_POR_CORTE),
 * one row per year and company. Each source is a table or a parenthesised query carrying the `chave`
 * columns first; the SQL that turns them into flag inputs is written once, in sqlAnos and sqlEmpresas.
 */
interface FontesBandeira {
  chave: readonly string[];
  /** (chave, cd_regulator, ano) of every year with indicators. */
  indicadores: string;
  /** (chave, cd_regulator, ultimo_dfp_referencia, ultimo_dfp_recebido, ultimo_itr_referencia). */
  documentos: string;
  /** The table of each company's verdict year that sqlAnos writes. */
  anos: string;
  reapresentacoes: string;
  pareceres: string;
  /** (chave, cd_regulator, valor, flag) of the five items of the verdict year. */
  itens: string;
}

const FONTES_ATUAIS: FontesBandeira = {
  chave: [],
  indicadores: 'int_veredito_indicadores',
  documentos: 'int_veredito_documentos',
  anos: 'int_veredito_anos',
  reapresentacoes: 'int_veredito_reapresentacoes',
  pareceres: 'int_veredito_pareceres',
  itens: 'mart_veredito_itens',
};

/** The years a verdict is rebuilt as of: every year with indicators (the watcher's colour per year). */
const CORTES = '(SELECT DISTINCT ano AS corte FROM int_veredito_indicadores)';
/** The rows of `tabela` known once every DFP of `corte` was in (`ano <= corte` or, for what the next DFP reveals, `<`). */
const ateOCorte = (tabela: string, op: '<=' | '<') =>
  `(SELECT c.corte, t.* FROM ${CORTES} c JOIN ${tabela} t ON t.ano ${op} c.corte)`;

/**
 * The verdict as of each year (docs/marts.md), as the watcher once rebuilt it one year at a time:
 * indicators, multiples and opinions of years ≤ corte, restatements of years <
 * corte (the DFP of the following year reveals them), each company's newest DFP of a year ≤ corte, and
 * every company that filed one counts for the universe's newest; no quarterly filing. The five items keep
 * their value and flag; the groups and medians are not rebuilt per year (no flag rule reads them).
 */
const FONTES_POR_CORTE: FontesBandeira = {
  chave: ['corte'],
  indicadores: ateOCorte('(SELECT DISTINCT cd_regulator, ano FROM int_veredito_indicadores)', '<='),
  documentos: 'int_veredito_documentos_por_corte',
  anos: 'int_veredito_anos_por_corte',
  reapresentacoes: ateOCorte('int_veredito_reapresentacoes', '<'),
  pareceres: ateOCorte('int_veredito_pareceres', '<='),
  itens: `(SELECT a.corte, a.cd_regulator, v.valor, ${FLAG_DO_ITEM} AS flag
    FROM int_veredito_anos_por_corte a CROSS JOIN (SELECT unnest($itens) AS nome) i
    LEFT JOIN int_veredito_valores v ON v.cd_regulator = a.cd_regulator AND v.ano = a.ano AND v.nome = i.nome)`,
};

/** `corte, ` (or nothing) before a column list, and the USING list of a company under its key. */
const prefixo = (f: FontesBandeira) => f.chave.map((c) => `${c}, `).join('');
const usando = (f: FontesBandeira) => `USING (${[...f.chave, 'cd_regulator'].join(', ')})`;

/** One row per company (and key): its verdict year (the latest with indicators) and its DFP dates. */
function sqlAnos(f: FontesBandeira): string {
  const k = prefixo(f);
  return `CREATE OR REPLACE TABLE ${f.anos} AS
   SELECT ${k}e.cd_regulator, e.nome, e.setor, e.tipo, e.ticker_atual, a.ano,
     d.ultimo_dfp_referencia, d.ultimo_dfp_recebido, d.ultimo_itr_referencia
   FROM int_veredito_empresas e
   JOIN (SELECT ${k}cd_regulator, max(ano) AS ano FROM ${f.indicadores} GROUP BY ALL) a USING (cd_regulator)
   JOIN ${f.documentos} d ${usando(f)}`;
}

/** The flag's inputs per company (and key): restatements, opinions, staleness and how many numbers have a value. */
function sqlEmpresas(destino: string, f: FontesBandeira): string {
  const k = prefixo(f);
  const u = usando(f);
  const mesmaChave = f.chave.map((c) => `d.${c} = x.${c}`).join(' AND ') || 'true';
  return `CREATE OR REPLACE TABLE ${destino} AS
   WITH r AS (
     SELECT ${k}cd_regulator, CAST(count(*) AS INTEGER) AS reap_n,
       list_sort(list_distinct(list(ano))) AS reap_anos,
       max(abs(dif_rel)) AS reap_maior_dif_rel, max(ano) AS reap_ultimo_ano
     FROM ${f.reapresentacoes} GROUP BY ALL
   ),
   rpa AS (
     SELECT ${k}cd_regulator, list({'ano': ano, 'n': n} ORDER BY ano) AS reap_por_ano
     FROM (SELECT ${k}cd_regulator, ano, CAST(count(*) AS INTEGER) AS n FROM ${f.reapresentacoes} GROUP BY ALL)
     GROUP BY ALL
   ),
   p AS (
     SELECT ${k}cd_regulator, ano, tipo, list_contains($ressalvado, ${classeParecer('tipo')}) AS ressalvado
     FROM ${f.pareceres}
   ),
   pa AS (
     SELECT ${k}cd_regulator,
       CAST(count(DISTINCT p.ano) AS INTEGER) AS pareceres_anos,
       list_sort(list_distinct(coalesce(list(p.ano) FILTER (WHERE p.ressalvado), []))) AS ressalvas_anos,
       coalesce(list(concat(p.ano, ': ', p.tipo) ORDER BY p.ano, p.tipo) FILTER (WHERE p.ressalvado), []) AS ressalvas_quais
     FROM ${f.anos} a JOIN p ${u} GROUP BY ALL
   ),
   n AS (
     SELECT ${k}cd_regulator, CAST(count(valor) AS INTEGER) AS numeros,
       CAST(count(*) FILTER (WHERE NOT list_contains(string_split(coalesce(flag, ''), ';'), 'plano_financeiro_nao_aplicavel')) AS INTEGER) AS aplicaveis
     FROM ${f.itens} GROUP BY ALL
   ),
   x AS (
     SELECT a.*, CAST(year(a.ultimo_dfp_referencia) AS INTEGER) AS ano_dfp,
       coalesce(r.reap_n, 0) AS reap_n, coalesce(r.reap_anos, []) AS reap_anos, coalesce(rpa.reap_por_ano, []) AS reap_por_ano,
       r.reap_maior_dif_rel, r.reap_ultimo_ano,
       coalesce(pa.pareceres_anos, 0) AS pareceres_anos,
       coalesce(pa.ressalvas_anos, []) AS ressalvas_anos, coalesce(pa.ressalvas_quais, []) AS ressalvas_quais,
       n.numeros, n.aplicaveis
     FROM ${f.anos} a
     LEFT JOIN r ${u} LEFT JOIN rpa ${u} LEFT JOIN pa ${u}
     JOIN n ${u}
   )
   SELECT ${k}cd_regulator, nome, setor, tipo, ticker_atual, ano,
     ultimo_dfp_referencia, ultimo_dfp_recebido, ultimo_itr_referencia,
     CASE WHEN ultimo_itr_referencia IS NOT NULL THEN
       concat(year(ultimo_itr_referencia), 'T', least(3, greatest(1, CAST(ceil(month(ultimo_itr_referencia) / 3) AS INTEGER))))
     END AS ultimo_trimestre,
     ano_dfp, CAST(greatest(0, ano_dfp - ano) AS INTEGER) AS anos_entre_indicador_e_balanco,
     (SELECT CAST(max(year(d.ultimo_dfp_referencia)) AS INTEGER) FROM ${f.documentos} d WHERE ${mesmaChave}) AS ano_dfp_universo,
     reap_n, reap_anos, reap_por_ano, reap_maior_dif_rel, reap_ultimo_ano,
     list_filter(reap_anos, lambda a: a > ano - $recente AND a <= ano) AS reap_recentes,
     CAST(len(ressalvas_anos) AS INTEGER) AS ressalvas_n, pareceres_anos AS ressalvas_de, ressalvas_quais,
     list_contains(ressalvas_anos, ano) AS ressalva_no_ano,
     list_filter(ressalvas_anos, lambda a: a <> ano) AS outras_ressalvas,
     numeros, aplicaveis
   FROM x`;
}

/** From the inputs to the mart tables montar.ts reads. */
export const PASSOS_MART: readonly Passo[] = [
  // every value of the five items, every year: the indicators and the annual P/L and P/VP
  passo(`CREATE OR REPLACE TABLE int_veredito_valores AS
   SELECT v.cd_regulator, e.setor, v.ano, v.nome, v.valor, v.flag
   FROM (
     SELECT cd_regulator, ano, nome, valor, flag FROM int_veredito_indicadores WHERE list_contains($itens, nome)
     UNION ALL SELECT cd_regulator, ano, 'pl', pl, flag_pl FROM int_veredito_multiplos
     UNION ALL SELECT cd_regulator, ano, 'pvp', pvp, flag FROM int_veredito_multiplos
   ) v JOIN int_veredito_empresas e USING (cd_regulator)`),
  // the sector groups (companies without a sector form none) and the universe, sorted: any input order
  // gives the same medians and ranks
  passo(`CREATE OR REPLACE TABLE mart_veredito_grupos AS
   WITH g AS (
     SELECT 'setor' AS escopo, setor, ano, nome, list_sort(list(valor)) AS valores FROM int_veredito_valores
     WHERE valor IS NOT NULL AND setor <> $sem_setor GROUP BY ALL
     UNION ALL
     SELECT 'universo', NULL, ano, nome, list_sort(list(valor)) FROM int_veredito_valores
     WHERE valor IS NOT NULL GROUP BY ALL
   ),
   m AS (SELECT *, CAST(len(valores) AS INTEGER) AS n,
     CASE WHEN len(valores) >= $minimo THEN ${mediana('valores')} END AS mediana FROM g)
   SELECT escopo, setor, ano, nome, n, mediana,
     CASE WHEN mediana IS NOT NULL THEN len(list_filter(valores, lambda x: x < mediana)) END AS n_abaixo,
     CASE WHEN mediana IS NOT NULL THEN len(list_filter(valores, lambda x: x = mediana)) END AS n_igual,
     CASE WHEN mediana IS NOT NULL THEN len(list_filter(valores, lambda x: x > mediana)) END AS n_acima,
     valores
   FROM m`),
  // one row per company: its verdict year (the latest with indicators) and its DFP dates
  passo(sqlAnos(FONTES_ATUAIS)),
  // the five items of the verdict year, each against its three groups
  passo(`CREATE OR REPLACE TABLE mart_veredito_itens AS
   WITH base AS (
     SELECT a.cd_regulator, a.setor, a.ano, i.nome, CAST(i.ordem AS INTEGER) AS ordem
     FROM int_veredito_anos a CROSS JOIN (SELECT nome, list_position($itens, nome) AS ordem FROM (SELECT unnest($itens) AS nome)) i
   ),
   hist AS (
     SELECT a.cd_regulator, v.nome, list_sort(list(v.valor)) AS valores
     FROM int_veredito_anos a JOIN int_veredito_valores v
       ON v.cd_regulator = a.cd_regulator AND v.ano < a.ano AND v.valor IS NOT NULL
     GROUP BY ALL
   ),
   it AS (
     SELECT b.*, v.valor,
       ${FLAG_DO_ITEM} AS flag,
       m.data_preco, m.preco, m.dt_receb, dl.valor AS divida_liquida, eb.valor AS ebitda,
       CASE WHEN b.setor <> $sem_setor THEN coalesce(gs.valores, []) END AS setor_valores,
       coalesce(h.valores, []) AS historico_valores,
       coalesce(gu.valores, []) AS universo_valores
     FROM base b
     LEFT JOIN int_veredito_valores v USING (cd_regulator, ano, nome)
     LEFT JOIN int_veredito_multiplos m ON b.nome IN ('pl', 'pvp') AND m.cd_regulator = b.cd_regulator AND m.ano = b.ano
     LEFT JOIN int_veredito_indicadores dl
       ON b.nome = 'dl_ebitda' AND dl.cd_regulator = b.cd_regulator AND dl.ano = b.ano AND dl.nome = 'divida_liquida'
     LEFT JOIN int_veredito_indicadores eb
       ON b.nome = 'dl_ebitda' AND eb.cd_regulator = b.cd_regulator AND eb.ano = b.ano AND eb.nome = 'ebitda'
     LEFT JOIN mart_veredito_grupos gs ON gs.escopo = 'setor' AND gs.setor = b.setor AND gs.ano = b.ano AND gs.nome = b.nome
     LEFT JOIN mart_veredito_grupos gu ON gu.escopo = 'universo' AND gu.ano = b.ano AND gu.nome = b.nome
     LEFT JOIN hist h ON h.cd_regulator = b.cd_regulator AND h.nome = b.nome
   ),
   med AS (
     SELECT *,
       CASE WHEN len(setor_valores) >= $minimo THEN ${mediana('setor_valores')} END AS setor_mediana,
       CASE WHEN len(historico_valores) >= $minimo THEN ${mediana('historico_valores')} END AS historico_mediana,
       CASE WHEN len(universo_valores) >= $minimo THEN ${mediana('universo_valores')} END AS universo_mediana
     FROM it
   )
   SELECT cd_regulator, ano, nome, ordem, valor, flag, data_preco, preco, dt_receb, divida_liquida, ebitda,
     CAST(len(setor_valores) AS INTEGER) AS setor_n, setor_mediana,
     ${posicao('valor', 'setor_mediana')} AS setor_posicao, ${percentil('valor', 'setor_valores')} AS setor_percentil,
     CAST(len(historico_valores) AS INTEGER) AS historico_n, historico_mediana,
     ${posicao('valor', 'historico_mediana')} AS historico_posicao,
     CAST(len(universo_valores) AS INTEGER) AS universo_n, universo_mediana,
     ${posicao('valor', 'universo_mediana')} AS universo_posicao,
     ${percentil('valor', 'universo_valores')} AS universo_percentil
   FROM med`),
  // the flag's inputs: restatements, opinions, staleness and how many numbers have a value
  passo(sqlEmpresas('mart_veredito_empresas', FONTES_ATUAIS)),
];

/**
 * The flag's inputs as of every year in one pass (FONTES_POR_CORTE), for the watcher's colour per year
 * (eventos/bandeira.ts): `mart_veredito_empresas_por_corte` has the columns of `mart_veredito_empresas`
 * after `corte`. Reads `stg_cvm_doc_indice` for the DFPs each year had.
 */
export const PASSOS_POR_CORTE: readonly Passo[] = [
  passo(`CREATE OR REPLACE TABLE int_veredito_documentos_por_corte AS
   WITH dfps AS (
     SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, CAST(year(dt_refer) AS INTEGER) AS ano,
       CAST(max(dt_refer) AS DATE) AS referencia, CAST(arg_max(dt_receb, (dt_refer, versao)) AS DATE) AS recebido
     FROM stg_cvm_doc_indice WHERE _doc = 'DFP' AND cd_cvm IS NOT NULL AND dt_receb IS NOT NULL GROUP BY ALL
   )
   SELECT c.corte, d.cd_regulator, d.referencia AS ultimo_dfp_referencia, d.recebido AS ultimo_dfp_recebido,
     CAST(NULL AS DATE) AS ultimo_itr_referencia
   FROM ${CORTES} c JOIN dfps d ON d.ano <= c.corte
   QUALIFY row_number() OVER (PARTITION BY c.corte, d.cd_regulator ORDER BY d.referencia DESC) = 1`),
  passo(sqlAnos(FONTES_POR_CORTE)),
  passo(sqlEmpresas('mart_veredito_empresas_por_corte', FONTES_POR_CORTE)),
];

/** What must hold of the verdict's tables (report.json, stage `mart_veredito`). */
export const CHECAGENS_VEREDITO: readonly Checagem[] = [
  {
    nome: 'veredito_valor_unico_por_item',
    tipo: 'hard',
    descricao: 'one value per company, year and verdict item (indicator or annual multiple)',
    tabela: 'int_veredito_valores',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'ano', 'nome'],
  },
  {
    nome: 'veredito_grupo_unico',
    tipo: 'hard',
    descricao: 'one reference group per scope, sector, year and item',
    tabela: 'mart_veredito_grupos',
    regra: 'chave_unica',
    colunas: ['escopo', 'setor', 'ano', 'nome'],
  },
  {
    nome: 'veredito_grupo_posicoes_somam_n',
    tipo: 'hard',
    descricao:
      'in every group with a median, the values below, equal to and above it add up to the group size',
    tabela: 'mart_veredito_grupos',
    regra: 'identidade',
    esquerda: 'n_abaixo + n_igual + n_acima',
    direita: 'n',
    colunas_exemplo: ['escopo', 'setor', 'ano', 'nome'],
  },
  {
    nome: 'veredito_cinco_itens_por_empresa',
    tipo: 'hard',
    descricao: 'one row per company and verdict item',
    tabela: 'mart_veredito_itens',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'nome'],
  },
  {
    nome: 'veredito_item_completo',
    tipo: 'hard',
    descricao: 'every verdict item has its year, order and group sizes',
    tabela: 'mart_veredito_itens',
    regra: 'nao_nulo',
    colunas: ['ano', 'ordem', 'historico_n', 'universo_n'],
  },
  {
    nome: 'veredito_item_de_empresa',
    tipo: 'hard',
    descricao: 'every verdict item is of a company of mart_veredito_empresas',
    tabela: 'mart_veredito_itens',
    regra: 'relacao',
    colunas: ['cd_regulator'],
    referencia: { tabela: 'mart_veredito_empresas', colunas: ['cd_regulator'] },
  },
  {
    nome: 'veredito_empresa_unica',
    tipo: 'hard',
    descricao: 'one verdict row per company',
    tabela: 'mart_veredito_empresas',
    regra: 'chave_unica',
    colunas: ['cd_regulator'],
  },
  {
    nome: 'veredito_empresa_completa',
    tipo: 'hard',
    descricao: 'every verdict company has its name, sector, code, year, latest DFP and number counts',
    tabela: 'mart_veredito_empresas',
    regra: 'nao_nulo',
    colunas: ['nome', 'setor', 'ticker_atual', 'ano', 'ultimo_dfp_referencia', 'numeros', 'aplicaveis'],
  },
  {
    nome: 'veredito_empresa_publicada',
    tipo: 'hard',
    descricao: 'every verdict company is in mart_empresas',
    tabela: 'mart_veredito_empresas',
    regra: 'relacao',
    colunas: ['cd_regulator'],
    referencia: { tabela: 'mart_empresas', colunas: ['cd_regulator'] },
  },
  {
    nome: 'veredito_por_corte_empresa_unica',
    tipo: 'hard',
    descricao: 'one row per year cut and company in the verdict as of each year',
    tabela: 'mart_veredito_empresas_por_corte',
    regra: 'chave_unica',
    colunas: ['corte', 'cd_regulator'],
  },
  {
    nome: 'veredito_por_corte_completo',
    tipo: 'hard',
    descricao:
      'every row of the verdict as of a year has its year, latest DFP, universe DFP year and number counts',
    tabela: 'mart_veredito_empresas_por_corte',
    regra: 'nao_nulo',
    colunas: ['corte', 'ano', 'ultimo_dfp_referencia', 'ano_dfp_universo', 'numeros', 'aplicaveis'],
  },
  {
    nome: 'veredito_por_corte_nada_depois',
    tipo: 'hard',
    descricao: 'as of a year, the verdict year and the latest DFP are of that year or before',
    tabela: 'mart_veredito_empresas_por_corte',
    regra: 'identidade',
    esquerda: 'greatest(corte, ano, ano_dfp, ano_dfp_universo)',
    direita: 'corte',
    colunas_exemplo: ['corte', 'cd_regulator'],
  },
  {
    nome: 'veredito_por_corte_empresa_do_veredito',
    tipo: 'hard',
    descricao: 'every company of the verdict as of a year is one of the verdict companies',
    tabela: 'mart_veredito_empresas_por_corte',
    regra: 'relacao',
    colunas: ['cd_regulator'],
    referencia: { tabela: 'int_veredito_empresas', colunas: ['cd_regulator'] },
  },
];

/** Builds the verdict's tables from the marts (or views with their names); runs no check. */
export async function construirMartVeredito(db: DuckDBConnection): Promise<void> {
  const passos = [
    ...passosEntrada(await temColuna(db, 'stg_cvm_parecer', 'tp_relat_aud')),
    ...PASSOS_MART,
    ...PASSOS_POR_CORTE,
  ];
  for (const p of passos) {
    if (typeof p === 'string') await db.run(p);
    else await db.run(p.sql, p.params);
  }
}

/** The tables `mart_veredito` creates. */
export const TABELAS_DO_VEREDITO = [
  'int_veredito_anos',
  'int_veredito_anos_por_corte',
  'int_veredito_documentos',
  'int_veredito_documentos_por_corte',
  'int_veredito_empresas',
  'int_veredito_indicadores',
  'int_veredito_multiplos',
  'int_veredito_pareceres',
  'int_veredito_reapresentacoes',
  'int_veredito_valores',
  'mart_veredito_empresas',
  'mart_veredito_empresas_por_corte',
  'mart_veredito_grupos',
  'mart_veredito_itens',
];

/** After the market marts: the verdict's tables and their checks; publishes nothing. */
export const martVereditoStage: Stage = {
  name: 'mart_veredito',
  le: [
    'mart_empresas',
    'mart_indicadores',
    'mart_mercado_multiplos_anuais',
    'mart_reapresentacoes',
    'stg_cvm_doc_indice',
    'stg_cvm_parecer',
  ],
  cria: TABELAS_DO_VEREDITO,
  async run(ctx) {
    await construirMartVeredito(ctx.db);
    await aplicarChecagens(ctx.db, ctx.report, CHECAGENS_VEREDITO);
    return [];
  },
};
