import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import { type Comparacao, MIN_EMPRESAS_SETOR, SMALL_CAPS } from '@fundamentos/schemas/comparacao';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { linhas, num, verificar } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { PUBLICADAS } from '../fundamentos/recursos.ts';

/**
 * The comparison numbers of the site (liquidity, comparable sectors, small caps), computed here so the
 * artefact, the pages and the checks show the same values (issue 14 item 4; docs/site.md).
 */

/**
 * Liquidity: per session, the traded value (COTAHIST VOLTOT) of all the company's codes added, then the
 * mean over its sessions. VOLTOT has two decimals: summed as DECIMAL, so the result does not depend on
 * the order DuckDB's threads add the rows in.
 */
const SQL_LIQUIDEZ = `
CREATE OR REPLACE TABLE mart_site_liquidez AS
WITH s AS (
  SELECT cd_regulator, data, sum(CAST(volume AS DECIMAL(38, 2))) AS volume
  FROM int_mercado_precos_empresa WHERE cd_regulator IN (${PUBLICADAS}) GROUP BY ALL
)
SELECT cd_regulator, CAST(sum(volume) AS DOUBLE) / count(*) AS volume_medio, count(*) AS sessoes
FROM s GROUP BY ALL;
`;

/** Companies with liquidity and at least one published indicator row, in sectors with enough of them. */
const SQL_SETORES = `
CREATE OR REPLACE TABLE mart_site_setores AS
WITH c AS (
  SELECT e.setor, e.cd_regulator, e.ticker_atual, l.volume_medio
  FROM mart_empresas e JOIN mart_site_liquidez l USING (cd_regulator)
  WHERE e.cd_regulator IN (SELECT DISTINCT cd_regulator FROM mart_indicadores)
)
SELECT * FROM c
WHERE setor IN (SELECT setor FROM c GROUP BY setor HAVING count(*) >= ${MIN_EMPRESAS_SETOR});
`;

/** The valuation's market cap (the one multiplos.json publishes, which needs a fiscal year) and liquidity. */
const SQL_SMALL_CAPS = `
CREATE OR REPLACE TABLE mart_site_small_caps AS
SELECT v.cd_regulator, e.ticker_atual, v.market_cap, l.volume_medio
FROM int_mercado_valuation v JOIN mart_site_liquidez l USING (cd_regulator) JOIN mart_empresas e USING (cd_regulator)
WHERE v.ano IS NOT NULL AND v.market_cap > 0 AND v.market_cap <= ${SMALL_CAPS.market_cap_max}
  AND l.volume_medio >= ${SMALL_CAPS.volume_medio_min};
`;

const LiquidezRow = z.object({ cd_regulator: num, volume_medio: num, sessoes: num });
const SetorRow = z.object({ setor: z.string().min(1), cd_regulator: num, volume_medio: num });
const SmallCapRow = z.object({ cd_regulator: num, market_cap: num, volume_medio: num });

/** Declarative checks of the three tables: unique keys, values in range, every member has liquidity. */
const CHECKS = [
  {
    nome: 'site_liquidez_uma_por_empresa',
    descricao: 'one liquidity row per company, with a non-negative mean over at least one session',
    total: 'SELECT count(*) FROM mart_site_liquidez',
    falhas: `SELECT cd_regulator FROM mart_site_liquidez GROUP BY cd_regulator
             HAVING count(*) > 1 OR bool_or(volume_medio IS NULL OR volume_medio < 0 OR sessoes < 1)`,
  },
  {
    nome: 'site_setores_comparaveis',
    descricao: `every comparable sector has at least ${MIN_EMPRESAS_SETOR} distinct companies, each with liquidity`,
    total: 'SELECT count(*) FROM mart_site_setores',
    falhas: `SELECT setor FROM mart_site_setores s LEFT JOIN mart_site_liquidez l USING (cd_regulator)
             GROUP BY setor HAVING count(DISTINCT s.cd_regulator) < ${MIN_EMPRESAS_SETOR}
               OR count(*) <> count(DISTINCT s.cd_regulator) OR bool_or(l.cd_regulator IS NULL)`,
  },
  {
    nome: 'site_small_caps_na_janela',
    descricao: 'every small cap is inside the window (market cap and liquidity) and appears once',
    total: 'SELECT count(*) FROM mart_site_small_caps',
    falhas: `SELECT cd_regulator FROM mart_site_small_caps GROUP BY cd_regulator
             HAVING count(*) > 1 OR bool_or(market_cap <= 0 OR market_cap > ${SMALL_CAPS.market_cap_max}
               OR volume_medio < ${SMALL_CAPS.volume_medio_min})`,
  },
] as const;

/** Builds the three tables, checks them and projects them into the artefact's body. */
export async function montarComparacao(
  ctx: Pick<BuildContext, 'db' | 'versao_do_dado' | 'report'>,
): Promise<Comparacao> {
  const { db } = ctx;
  await db.run(SQL_LIQUIDEZ);
  await db.run(SQL_SETORES);
  await db.run(SQL_SMALL_CAPS);
  for (const c of CHECKS)
    ctx.report.invariant({
      nome: c.nome,
      tipo: 'hard',
      descricao: c.descricao,
      ...(await verificar(db, c.total, c.falhas)),
    });
  const liquidez = await linhas(
    db,
    'SELECT cd_regulator, volume_medio, sessoes FROM mart_site_liquidez ORDER BY cd_regulator',
    LiquidezRow,
  );
  const membros = await linhas(
    db,
    'SELECT setor, cd_regulator, volume_medio FROM mart_site_setores ORDER BY setor, volume_medio DESC, ticker_atual',
    SetorRow,
  );
  const setores = new Map<string, { cd_regulator: number; volume_medio: number }[]>();
  for (const m of membros)
    setores.set(m.setor, [
      ...(setores.get(m.setor) ?? []),
      { cd_regulator: m.cd_regulator, volume_medio: m.volume_medio },
    ]);
  const small_caps = await linhas(
    db,
    'SELECT cd_regulator, market_cap, volume_medio FROM mart_site_small_caps ORDER BY volume_medio DESC, ticker_atual',
    SmallCapRow,
  );
  return {
    versao_do_dado: ctx.versao_do_dado,
    parametros: {
      min_empresas_setor: MIN_EMPRESAS_SETOR,
      small_caps_market_cap_max: SMALL_CAPS.market_cap_max,
      small_caps_volume_medio_min: SMALL_CAPS.volume_medio_min,
    },
    liquidez,
    setores: [...setores].map(([setor, empresas]) => ({ setor, empresas })),
    small_caps,
  };
}

/** Stage `mart_site_comparacao`: after the market marts, publishes json/mercado/comparacao.json. */
export const comparacaoStage: Stage = {
  name: 'mart_site_comparacao',
  le: ['int_mercado_precos_empresa', 'int_mercado_valuation', 'mart_empresas', 'mart_indicadores'],
  cria: ['mart_site_liquidez', 'mart_site_setores', 'mart_site_small_caps'],
  async run(ctx): Promise<ManifestEntry[]> {
    return [
      await ctx.writer.json({
        name: 'comparacao',
        ...escrita(ARTEFATOS.comparacao),
        data: await montarComparacao(ctx),
      }),
    ];
  },
};
