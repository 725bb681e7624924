import type { DuckDBConnection } from '@duckdb/node-api';
import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import {
  HORIZONTES_RENDEU,
  type HorizonteRendeu,
  type QuantoRendeu,
} from '@fundamentos/schemas/quanto-rendeu';
import { z } from 'zod';
import { agruparPorEmpresa } from '../../core/agrupar.ts';
import { linhas, num, numOuNulo, verificar } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { ensureStagingTable, stagingColumnsOf } from '../../core/staging.ts';
import { indexDailySpec } from '../../sources/b3/indices.ts';
import { sgsSpec } from '../../sources/bcb/sgs.ts';
import { DIAS_MAX_ATE_PRECO } from './multiplos.ts';
import { textosRendeu } from './textos.ts';

/** The market index compared against: the only index series the sources stage daily (GetPortfolioDay). */
export const INDICE_RENDEU = 'IBOV';
/** BCB SGS series 11: Selic, % per day (docs/sources.md). */
export const SERIE_SELIC = '11';

/** Flags of this mart; each is described in the dictionary (pipeline/src/marts/fundamentos/dicionario.ts). */
export const FLAGS_RENDEU = {
  semPregao: 'codigo_principal_sem_pregao',
  inicioDistante: 'pregao_inicial_distante',
  semProventos: 'sem_fonte_de_proventos',
  classeIndefinida: 'proventos_classe_indefinida',
  indice: 'indice_sem_cobertura',
  selic: 'selic_sem_cobertura',
} as const;

/** The words of quanto-rendeu.json (rules, citation, note), from ui/src/mercado with this mart's constants. */
const TEXTOS_RENDEU = textosRendeu({
  dias_max: DIAS_MAX_ATE_PRECO,
  flag_inicio: FLAGS_RENDEU.inicioDistante,
  indice: INDICE_RENDEU,
  serie: SERIE_SELIC,
});
export const REGRAS_RENDEU: QuantoRendeu['regras'] = TEXTOS_RENDEU.regras.pt;
/** `REGRAS_RENDEU` in English (`regras_en`), same rules. */
export const REGRAS_RENDEU_EN: QuantoRendeu['regras_en'] = TEXTOS_RENDEU.regras.en;

/**
 * `int_mercado_rendeu_codigo`: per company with prices, its main code (the index's ticker) and that code's
 * last session. `int_mercado_rendeu`: one row per company and horizon with every value and its flag.
 * Reads mart_empresas, int_mercado_precos_empresa, int_mercado_eventos, mart_mercado_proventos, stg_b3_indice_diario, stg_bcb_sgs.
 */
export const SQL_QUANTO_RENDEU = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_rendeu_codigo AS
WITH emp AS (
  SELECT DISTINCT p.cd_regulator, e.ticker_atual AS ticker FROM int_mercado_precos_empresa p JOIN mart_empresas e USING (cd_regulator)
  WHERE len(e.tickers) > 0 AND e.ticker_atual IS NOT NULL
),
ult AS (
  SELECT * FROM int_mercado_precos_empresa QUALIFY row_number() OVER (PARTITION BY cd_regulator, ticker ORDER BY data DESC) = 1
)
SELECT emp.cd_regulator, emp.ticker, u.data AS ate, u.fechamento AS preco_ate, u.fator_ajuste AS fator_ate,
  u.arquivo || ':' || u.linha AS fonte_ate, u.codisi, u.classe
FROM emp LEFT JOIN ult u ON u.cd_regulator = emp.cd_regulator AND u.ticker = emp.ticker;

CREATE OR REPLACE TABLE int_mercado_rendeu_inicio AS
WITH h AS (
  SELECT c.*, v.anos, CAST(c.ate - to_years(v.anos) AS DATE) AS data_pedida
  FROM int_mercado_rendeu_codigo c CROSS JOIN (VALUES ${HORIZONTES_RENDEU.map((a) => `(${a})`).join(', ')}) v(anos)
  WHERE c.ate IS NOT NULL
),
s AS (SELECT cd_regulator, ticker, data, fechamento, fator_ajuste, arquivo, linha FROM int_mercado_precos_empresa)
SELECT h.*, s.data AS data_inicio, s.fechamento AS preco_inicio, s.fator_ajuste AS fator_inicio,
  s.arquivo || ':' || s.linha AS fonte_inicio, date_diff('day', h.data_pedida, s.data) AS dias_ate_inicio,
  coalesce(s.data < h.ate AND date_diff('day', h.data_pedida, s.data) <= ${DIAS_MAX_ATE_PRECO}, false) AS valido,
  CASE WHEN s.data < h.ate AND date_diff('day', h.data_pedida, s.data) <= ${DIAS_MAX_ATE_PRECO}
    THEN s.data ELSE h.data_pedida END AS inicio_janela
FROM h ASOF LEFT JOIN s ON h.cd_regulator = s.cd_regulator AND h.ticker = s.ticker AND s.data >= h.data_pedida;

CREATE OR REPLACE TABLE int_mercado_rendeu_indice_dia AS
SELECT data, CAST(valor AS DOUBLE) AS pontos, _arquivo || ' ' || coalesce(_caminho, CAST(_linha AS VARCHAR)) AS fonte
FROM stg_b3_indice_diario WHERE indice = '${INDICE_RENDEU}' AND valor > 0
QUALIFY row_number() OVER (PARTITION BY data ORDER BY _arquivo, _linha) = 1;

-- one rate per day even when two files (selic.json, sgs_11.json) stage the series: compounding a day twice is wrong
CREATE OR REPLACE TABLE int_mercado_rendeu_selic_dia AS
WITH d AS (
  SELECT data, CAST(valor AS DOUBLE) AS taxa, _arquivo AS arquivo FROM stg_bcb_sgs
  WHERE serie = '${SERIE_SELIC}' AND valor IS NOT NULL AND data IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY data ORDER BY _arquivo, _linha) = 1
)
SELECT *, date_diff('day', lag(data) OVER (ORDER BY data), data) AS salto FROM d;

CREATE OR REPLACE TABLE int_mercado_rendeu_janela AS
WITH j AS (SELECT DISTINCT inicio_janela AS ini, ate FROM int_mercado_rendeu_inicio),
a AS (SELECT j.*, i.data AS idx_ini, i.pontos AS pontos_ini, i.fonte AS fonte_idx_ini
      FROM j ASOF LEFT JOIN int_mercado_rendeu_indice_dia i ON i.data >= j.ini),
b AS (SELECT a.*, i.data AS idx_fim, i.pontos AS pontos_fim, i.fonte AS fonte_idx_fim
      FROM a ASOF LEFT JOIN int_mercado_rendeu_indice_dia i ON i.data <= a.ate),
lim AS (SELECT min(data) AS primeiro, max(data) AS ultimo FROM int_mercado_rendeu_selic_dia)
SELECT b.*,
  coalesce(b.idx_ini < b.idx_fim AND date_diff('day', b.ini, b.idx_ini) <= ${DIAS_MAX_ATE_PRECO}
    AND date_diff('day', b.idx_fim, b.ate) <= ${DIAS_MAX_ATE_PRECO}, false) AS indice_ok,
  coalesce(lim.primeiro <= b.ini AND lim.ultimo >= b.ate
    AND coalesce((SELECT max(s.salto) FROM int_mercado_rendeu_selic_dia s WHERE s.data > b.ini
          AND s.data <= (SELECT min(x.data) FROM int_mercado_rendeu_selic_dia x WHERE x.data >= b.ate)), 0) <= ${DIAS_MAX_ATE_PRECO}, false) AS selic_ok,
  (SELECT product(1 + s.taxa / 100) FROM int_mercado_rendeu_selic_dia s WHERE s.data >= b.ini AND s.data < b.ate) AS selic_fator,
  (SELECT count(*) FROM int_mercado_rendeu_selic_dia s WHERE s.data >= b.ini AND s.data < b.ate) AS selic_taxas,
  (SELECT list(DISTINCT s.arquivo ORDER BY s.arquivo) FROM int_mercado_rendeu_selic_dia s WHERE s.data >= b.ini AND s.data < b.ate) AS selic_arquivos
FROM b, lim;

-- cash proventos of the code's class; PN codes take PN, PNA… only when the company has a single PN kind
CREATE OR REPLACE TABLE int_mercado_rendeu_proventos AS
WITH kinds AS (
  SELECT cd_regulator, count(DISTINCT tipo_acao) FILTER (WHERE tipo_acao LIKE 'PN%') AS n_pn, count(*) AS n
  FROM mart_mercado_proventos WHERE cd_regulator IS NOT NULL GROUP BY cd_regulator
),
-- each event's fator_ajuste on its data_com, by the price mart's own rule (later splits/bonus of the ISIN)
pv AS (
  SELECT i.cd_regulator, i.anos, p.valor, p.data_com, p.arquivo, p.linha,
    coalesce((SELECT exp(sum(ln(1 / (1 + e.fator / 100)))) FROM int_mercado_eventos e
      WHERE e.codisi = i.codisi AND e.tipo IN ('DESDOBRAMENTO', 'BONIFICACAO') AND e.fator > 0
        AND p.data_com <= e.data_com), 1) AS fator
  FROM int_mercado_rendeu_inicio i JOIN mart_mercado_proventos p ON p.cd_regulator = i.cd_regulator AND i.valido
    AND p.data_com >= i.data_inicio AND p.data_com < i.ate
    AND ((i.classe = 'ON' AND p.tipo_acao = 'ON') OR (i.classe = 'PN' AND p.tipo_acao LIKE 'PN%'))
)
SELECT i.cd_regulator, i.anos, coalesce(k.n, 0) > 0 AS tem_fonte,
  coalesce(i.classe = 'ON' OR (i.classe = 'PN' AND coalesce(k.n_pn, 0) <= 1), false) AS classe_ok,
  count(pv.valor) AS n_proventos, coalesce(sum(pv.valor * pv.fator), 0) AS proventos_ajustados,
  list(pv.arquivo || ':' || pv.linha ORDER BY pv.data_com, pv.linha) FILTER (WHERE pv.valor IS NOT NULL) AS fontes
FROM int_mercado_rendeu_inicio i
LEFT JOIN kinds k USING (cd_regulator)
LEFT JOIN pv USING (cd_regulator, anos)
GROUP BY ALL;

CREATE OR REPLACE TABLE int_mercado_rendeu AS
SELECT i.cd_regulator, i.ticker, i.anos, i.data_pedida, i.data_inicio, i.preco_inicio, i.fator_inicio, i.dias_ate_inicio,
  i.fonte_inicio, i.inicio_janela,
  CASE WHEN i.valido THEN 1000 * (i.preco_ate * i.fator_ate) / (i.preco_inicio * i.fator_inicio) END AS mil_reais_preco,
  CASE WHEN NOT i.valido THEN '${FLAGS_RENDEU.inicioDistante}' END AS flag_preco,
  CASE WHEN i.valido AND p.tem_fonte AND p.classe_ok THEN
    1000 * (i.preco_ate * i.fator_ate + p.proventos_ajustados) / (i.preco_inicio * i.fator_inicio) END AS mil_reais_com_proventos,
  CASE WHEN NOT i.valido THEN '${FLAGS_RENDEU.inicioDistante}' WHEN NOT p.tem_fonte THEN '${FLAGS_RENDEU.semProventos}'
    WHEN NOT coalesce(p.classe_ok, false) THEN '${FLAGS_RENDEU.classeIndefinida}' END AS flag_com_proventos,
  CASE WHEN i.valido AND p.tem_fonte AND p.classe_ok THEN p.proventos_ajustados / i.fator_inicio END AS proventos_por_acao,
  CASE WHEN i.valido AND p.tem_fonte AND p.classe_ok THEN p.n_proventos END AS n_proventos,
  coalesce(CASE WHEN i.valido AND p.tem_fonte AND p.classe_ok THEN p.fontes END, []) AS fontes_proventos,
  CASE WHEN j.indice_ok THEN 1000 * j.pontos_fim / j.pontos_ini END AS indice,
  CASE WHEN NOT j.indice_ok THEN '${FLAGS_RENDEU.indice}' END AS flag_indice,
  j.idx_ini, j.idx_fim, j.pontos_ini, j.pontos_fim, j.fonte_idx_ini, j.fonte_idx_fim,
  CASE WHEN j.selic_ok THEN 1000 * j.selic_fator END AS selic,
  CASE WHEN NOT j.selic_ok THEN '${FLAGS_RENDEU.selic}' END AS flag_selic,
  CASE WHEN j.selic_ok THEN j.selic_taxas END AS selic_taxas,
  coalesce(CASE WHEN j.selic_ok THEN j.selic_arquivos END, []) AS selic_arquivos
FROM int_mercado_rendeu_inicio i
JOIN int_mercado_rendeu_proventos p USING (cd_regulator, anos)
JOIN int_mercado_rendeu_janela j ON j.ini = i.inicio_janela AND j.ate = i.ate;
`;

const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const texto = z.string().nullable();

const CodigoRow = z.object({
  cd_regulator: num,
  ticker: z.string(),
  ate: data.nullable(),
  preco_ate: numOuNulo,
  fator_ate: numOuNulo,
  fonte_ate: texto,
  classe: z.enum(['ON', 'PN']).nullable(),
});

const RendeuRow = z.object({
  cd_regulator: num,
  anos: z.literal(HORIZONTES_RENDEU),
  data_pedida: data,
  data_inicio: data.nullable(),
  preco_inicio: numOuNulo,
  fator_inicio: numOuNulo,
  dias_ate_inicio: numOuNulo,
  fonte_inicio: texto,
  inicio_janela: data,
  mil_reais_preco: numOuNulo,
  flag_preco: texto,
  mil_reais_com_proventos: numOuNulo,
  flag_com_proventos: texto,
  proventos_por_acao: numOuNulo,
  n_proventos: numOuNulo,
  fontes_proventos: z.array(z.string()),
  indice: numOuNulo,
  flag_indice: texto,
  idx_ini: data.nullable(),
  idx_fim: data.nullable(),
  pontos_ini: numOuNulo,
  pontos_fim: numOuNulo,
  fonte_idx_ini: texto,
  fonte_idx_fim: texto,
  selic: numOuNulo,
  flag_selic: texto,
  selic_taxas: numOuNulo,
  selic_arquivos: z.array(z.string()),
});
type RendeuRow = z.infer<typeof RendeuRow>;

function horizonte(r: RendeuRow): HorizonteRendeu {
  return {
    anos: r.anos,
    data_pedida: r.data_pedida,
    data_inicio: r.data_inicio,
    preco_inicio: r.preco_inicio,
    fator_inicio: r.fator_inicio,
    dias_ate_inicio: r.dias_ate_inicio,
    fonte_inicio: r.fonte_inicio,
    mil_reais_preco: { valor: r.mil_reais_preco, flag: r.flag_preco },
    mil_reais_com_proventos: {
      valor: r.mil_reais_com_proventos,
      flag: r.flag_com_proventos,
      proventos_por_acao: r.proventos_por_acao,
      n_proventos: r.n_proventos,
      fontes: r.fontes_proventos,
    },
    indice: {
      valor: r.indice,
      flag: r.flag_indice,
      data_inicio: r.idx_ini,
      data_fim: r.idx_fim,
      pontos_inicio: r.pontos_ini,
      pontos_fim: r.pontos_fim,
      fontes: [r.fonte_idx_ini, r.fonte_idx_fim].filter((f): f is string => f !== null),
    },
    selic: {
      valor: r.selic,
      flag: r.flag_selic,
      data_inicio: r.inicio_janela,
      taxas: r.selic_taxas,
      fontes: r.selic_arquivos.map((a) => `${a} (série ${SERIE_SELIC})`),
    },
  };
}

/** A code that never traded in our files: every horizon is null for the same reason. */
function semPregao(): HorizonteRendeu[] {
  const flag = FLAGS_RENDEU.semPregao;
  return HORIZONTES_RENDEU.map((anos) => ({
    anos,
    data_pedida: null,
    data_inicio: null,
    preco_inicio: null,
    fator_inicio: null,
    dias_ate_inicio: null,
    fonte_inicio: null,
    mil_reais_preco: { valor: null, flag },
    mil_reais_com_proventos: { valor: null, flag, proventos_por_acao: null, n_proventos: null, fontes: [] },
    indice: {
      valor: null,
      flag,
      data_inicio: null,
      data_fim: null,
      pontos_inicio: null,
      pontos_fim: null,
      fontes: [],
    },
    selic: { valor: null, flag, data_inicio: null, taxas: null, fontes: [] },
  }));
}

/** The artefact body of one company from its code row and its horizon rows (in horizon order). */
export function quantoRendeu(c: z.infer<typeof CodigoRow>, rs: RendeuRow[], versao: string): QuantoRendeu {
  return {
    cd_regulator: c.cd_regulator,
    ticker: c.ticker,
    ate: c.ate,
    preco_ate: c.preco_ate,
    fator_ate: c.fator_ate,
    fonte_ate: c.fonte_ate,
    classe: c.classe,
    indice_nome: INDICE_RENDEU,
    selic_serie: SERIE_SELIC,
    horizontes: c.ate === null ? semPregao() : rs.map(horizonte),
    regras: REGRAS_RENDEU,
    regras_en: REGRAS_RENDEU_EN,
    citacao: TEXTOS_RENDEU.citacao.pt(versao),
    citacao_en: TEXTOS_RENDEU.citacao.en(versao),
    nota: TEXTOS_RENDEU.nota.pt,
    nota_en: TEXTOS_RENDEU.nota.en,
  };
}

/** JSON staging tables this mart reads: a build without such a file still runs (empty tables, null values + flag). */
async function garantirTabelas(db: DuckDBConnection): Promise<void> {
  for (const s of [indexDailySpec, sgsSpec])
    await ensureStagingTable(db, s.staged, [...stagingColumnsOf(s), { name: '_caminho', sql: 'VARCHAR' }]);
}

export async function publicarQuantoRendeu(ctx: BuildContext): Promise<ManifestEntry[]> {
  const codigos = await linhas(
    ctx.db,
    `SELECT cd_regulator, ticker, strftime(ate, '%Y-%m-%d') AS ate, preco_ate, fator_ate, fonte_ate, classe
     FROM int_mercado_rendeu_codigo ORDER BY cd_regulator`,
    CodigoRow,
  );
  const rows = await linhas(
    ctx.db,
    `SELECT * REPLACE (strftime(data_pedida, '%Y-%m-%d') AS data_pedida, strftime(data_inicio, '%Y-%m-%d') AS data_inicio,
       strftime(inicio_janela, '%Y-%m-%d') AS inicio_janela, strftime(idx_ini, '%Y-%m-%d') AS idx_ini,
       strftime(idx_fim, '%Y-%m-%d') AS idx_fim)
     FROM int_mercado_rendeu ORDER BY cd_regulator, anos`,
    RendeuRow,
  );
  const porEmpresa = agruparPorEmpresa(rows);
  const out: ManifestEntry[] = [];
  for (const c of codigos)
    out.push(
      await ctx.writer.json({
        name: `quanto_rendeu_${c.cd_regulator}`,
        ...escrita(ARTEFATOS.quanto_rendeu, { cd: c.cd_regulator }),
        data: quantoRendeu(c, porEmpresa.get(c.cd_regulator) ?? [], ctx.versao_do_dado),
      }),
    );
  return out;
}

export const quantoRendeuStage: Stage = {
  name: 'mart_quanto_rendeu',
  le: [
    'int_mercado_eventos',
    'int_mercado_precos_empresa',
    'mart_empresas',
    'mart_mercado_proventos',
    'stg_b3_indice_diario',
    'stg_bcb_sgs',
  ],
  cria: [
    'int_mercado_rendeu',
    'int_mercado_rendeu_codigo',
    'int_mercado_rendeu_indice_dia',
    'int_mercado_rendeu_inicio',
    'int_mercado_rendeu_janela',
    'int_mercado_rendeu_proventos',
    'int_mercado_rendeu_selic_dia',
    'stg_b3_indice_diario',
    'stg_bcb_sgs',
  ],
  async run(ctx) {
    await garantirTabelas(ctx.db);
    await ctx.db.run(SQL_QUANTO_RENDEU);
    const horizontes = await verificar(
      ctx.db,
      'SELECT count(*) FROM int_mercado_rendeu_codigo WHERE ate IS NOT NULL',
      `SELECT cd_regulator, count(*) AS n FROM int_mercado_rendeu_codigo c LEFT JOIN int_mercado_rendeu r USING (cd_regulator)
       WHERE c.ate IS NOT NULL GROUP BY cd_regulator HAVING count(r.anos) <> ${HORIZONTES_RENDEU.length}`,
    );
    ctx.report.invariant({
      nome: 'rendeu_um_horizonte_de_cada',
      tipo: 'hard',
      descricao: 'every company whose main code traded has exactly one row per horizon (1, 3, 5, 10 years)',
      ...horizontes,
    });
    const selic = await verificar(
      ctx.db,
      `SELECT count(DISTINCT data) FROM stg_bcb_sgs WHERE serie = '${SERIE_SELIC}'`,
      `SELECT data, count(DISTINCT valor) AS valores FROM stg_bcb_sgs WHERE serie = '${SERIE_SELIC}'
       GROUP BY data HAVING count(DISTINCT valor) > 1`,
    );
    ctx.report.invariant({
      nome: 'rendeu_selic_um_valor_por_dia',
      tipo: 'soft',
      descricao: 'files staging the same SGS series agree on each day (the first file in path order is used)',
      ...selic,
    });
    return publicarQuantoRendeu(ctx);
  },
};
