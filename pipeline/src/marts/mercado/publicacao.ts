import { type Dividendos, DividendosSchema } from '@fundamentos/schemas/dividendos';
import { INDICADORES } from '@fundamentos/schemas/indicadores';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import {
  type MultiploAnual,
  type Multiplos,
  MultiplosSchema,
  type Valuation,
} from '@fundamentos/schemas/multiplos';
import {
  ClassificacaoFlagsPlSchema,
  type ScreenerSnapshotLinha,
  ScreenerSnapshotSchema,
} from '@fundamentos/schemas/screener-snapshot';
import { TrimestresSchema } from '@fundamentos/schemas/trimestres';
import { z } from 'zod';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { CAMINHO_CONJUNTO, escreverConjuntos } from '../conjuntos/escrever.ts';
import { PUBLICADAS } from '../fundamentos/recursos.ts';
import { linhas } from '../fundamentos/sql.ts';
import { CLASSIFICACAO_FLAGS_PL, DIAS_MAX_ATE_PRECO, gravidadePl } from './multiplos.ts';
import { publicarPrecosPorEmpresa } from './precos-por-empresa.ts';

const num = z.coerce.number();
const numOuNulo = z.union([z.null(), z.coerce.number()]);
const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const NOMES_INDICADORES = Object.keys(INDICADORES);

const citacaoMercado = (versao: string, arquivos: string): string =>
  `Fonte: CVM (dados.cvm.gov.br) e B3, ${arquivos}; recalculado por fundamentos, versão do dado ${versao}.`;
/** `citacaoMercado` in English (`citacao_en`); `arquivos` is the English wording of the same files. */
const citacaoMercadoEn = (versao: string, arquivos: string): string =>
  `Source: CVM (dados.cvm.gov.br) and B3, ${arquivos}; recomputed by fundamentos, data version ${versao}.`;

function agrupar<T extends { cd_regulator: number }>(rows: T[]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  // push, not a spread copy per row (quadratic in a company's rows).
  for (const r of rows) {
    const lista = m.get(r.cd_regulator);
    if (lista) lista.push(r);
    else m.set(r.cd_regulator, [r]);
  }
  return m;
}

/** Bulk sets of this issue: names documented in docs/datasets-mercado.md. */
export const CONJUNTOS_MERCADO: Record<string, string> = {
  precos:
    'SELECT ticker, data, abertura, maxima, minima, fechamento, volume, fator_ajuste FROM mkt_precos ORDER BY ticker, data',
  capex: `SELECT c.cd_regulator, c.ano, c.agreg, c.cd_conta, c.ds_conta, c.valor, c.decisao, c.motivo, c.versao, c.dt_receb,
      c.arquivo, c.linha, f.fco, f.capex, f.fcf, f.motivo AS motivo_fcf
    FROM mart_capex_candidatos c JOIN fund_fcf f USING (cd_regulator, ano) ORDER BY c.cd_regulator, c.ano, c.cd_conta`,
  multiplos: `SELECT cd_regulator, ano, dt_receb, data_preco, preco, ticker_preco, market_cap, pl, pvp, ev_ebitda, fcf, fcf_yield,
      flag, flag_pl, on_circulacao, pn_circulacao, preco_on, ticker_on, preco_pn, ticker_pn, acoes_dt_refer, origem_preco, origem_acoes
    FROM mkt_multiplos_anuais ORDER BY cd_regulator, ano`,
  acoes: `SELECT cd_regulator, doc, dt_refer, versao, dt_receb, fonte, on_emitidas, pn_emitidas, on_tesouraria, pn_tesouraria,
      data_escala, patrimonio, pvp_declarado, escala, on_circulacao, pn_circulacao, flag, arquivo, linha
    FROM mkt_acoes ORDER BY cd_regulator, dt_refer, doc`,
  dividendos: `SELECT cd_regulator, tipo_acao, tipo, acao_corporativa, valor, data_aprovacao, data_com, preco_com, ticker_com, fonte_preco_com, flag,
      arquivo, linha FROM mkt_proventos WHERE cd_regulator IS NOT NULL ORDER BY cd_regulator, data_com DESC, tipo`,
};

const AnualRow = z.object({
  cd_regulator: num,
  ano: num,
  dt_receb: data,
  data_preco: data,
  preco: num,
  ticker_preco: z.string(),
  dias_ate_preco: num,
  market_cap: numOuNulo,
  pl: numOuNulo,
  pvp: numOuNulo,
  ev_ebitda: numOuNulo,
  fcf_yield: numOuNulo,
  flag: z.string().nullable(),
});

/** preco_de in words, saying which session and how far it is from the reception. */
export function precoDe(r: {
  data_preco: string;
  dt_receb: string;
  ticker_preco: string;
  dias_ate_preco: number;
}) {
  const base = `preço de fechamento de ${r.ticker_preco} em ${r.data_preco}, primeiro pregão em ou após o recebimento em ${r.dt_receb}`;
  return r.dias_ate_preco > DIAS_MAX_ATE_PRECO
    ? `${base} (${r.dias_ate_preco} dias depois: pregões intermediários ausentes dos nossos arquivos, múltiplos nulos)`
    : base;
}

const TrimestralRow = z.object({
  cd_regulator: num,
  ano: num,
  trimestre: num,
  dt_receb: data,
  data_preco: data.nullable(),
  preco: numOuNulo,
  market_cap: numOuNulo,
  lucro_ttm: numOuNulo,
  pl_ttm: numOuNulo,
  pvp: numOuNulo,
  flag: z.string().nullable(),
});

const ValuationRow = z.object({
  cd_regulator: num,
  data_preco: data,
  preco: num,
  ticker_preco: z.string(),
  classe_preco: z.string().nullable(),
  ano: numOuNulo,
  acoes: numOuNulo,
  pn_circulacao: numOuNulo,
  flags_acoes: z.string().nullable(),
  market_cap: numOuNulo,
  divida_liquida: numOuNulo,
  lucro: numOuNulo,
  patrimonio: numOuNulo,
  fco: numOuNulo,
  fcf: numOuNulo,
});

const ProventoRow = z.object({
  cd_regulator: num,
  tipo_acao: z.string(),
  tipo: z.string(),
  acao_corporativa: z.string(),
  valor: num,
  data_aprovacao: data.nullable(),
  data_com: data,
  preco_com: numOuNulo,
  flag: z.string().nullable(),
});
type Provento = z.infer<typeof ProventoRow>;

const menos12Meses = (d: string): string => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`;
const div = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b <= 0 ? null : a / b;

/** Proventos per share of one class with data_com in (data − 12 months, data]. */
function proventos12m(ps: Provento[], classe: string, ate: string): number {
  const de = menos12Meses(ate);
  return ps
    .filter((p) => p.tipo_acao === classe && p.data_com > de && p.data_com <= ate)
    .reduce((s, p) => s + p.valor, 0);
}

function valuation(v: z.infer<typeof ValuationRow>, ps: Provento[]): Valuation | null {
  if (v.ano === null) return null;
  const classe = v.classe_preco ?? 'ON';
  const p12 = ps.length ? proventos12m(ps, classe, v.data_preco) : null;
  const pAno = ps.length
    ? ps
        .filter((p) => p.tipo_acao === classe && p.data_com.startsWith(`${v.ano}-`))
        .reduce((s, p) => s + p.valor, 0)
    : null;
  // payout per share only means something when every share is of the class whose proventos we sum
  const umaClasse = v.pn_circulacao === 0;
  return {
    data_preco: v.data_preco,
    preco: v.preco,
    ano: v.ano,
    acoes: v.acoes,
    flags_acoes: v.flags_acoes ? v.flags_acoes.split(';') : [],
    market_cap: v.market_cap,
    ev: v.market_cap !== null && v.divida_liquida !== null ? v.market_cap + v.divida_liquida : null,
    divida_liquida: v.divida_liquida,
    lpa: div(v.lucro, v.acoes),
    vpa: div(v.patrimonio, v.acoes),
    dy_12m: p12 === null ? null : p12 / v.preco,
    proventos_12m: p12,
    payout: umaClasse && pAno !== null && v.acoes !== null ? div(pAno * v.acoes, v.lucro) : null,
    proventos_ano: pAno,
    fco: v.fco,
    fcf: v.fcf,
    p_fco: div(v.market_cap, v.fco),
    p_fcf: div(v.market_cap, v.fcf),
  };
}

function dividendos(
  cd: number,
  ps: Provento[],
  v: z.infer<typeof ValuationRow> | undefined,
  ticker: string | null,
  ctx: BuildContext,
): Dividendos {
  const anos = new Map<number, { total: number; n: number }>();
  const classe = v?.classe_preco ?? 'ON';
  for (const p of ps.filter((x) => x.tipo_acao === classe)) {
    const a = Number(p.data_com.slice(0, 4));
    const r = anos.get(a) ?? { total: 0, n: 0 };
    anos.set(a, { total: r.total + p.valor, n: r.n + 1 });
  }
  const p12 = v ? proventos12m(ps, classe, v.data_preco) : 0;
  return {
    cd_regulator: cd,
    citacao: citacaoMercado(ctx.versao_do_dado, 'B3 GetListedCashDividends e COTAHIST'),
    citacao_en: citacaoMercadoEn(ctx.versao_do_dado, 'B3 GetListedCashDividends and COTAHIST'),
    proventos: ps.flatMap((p) =>
      p.data_aprovacao === null
        ? []
        : [
            {
              tipo_acao: p.tipo_acao,
              tipo: p.tipo,
              acao_corporativa: p.acao_corporativa,
              valor: p.valor,
              data_aprovacao: p.data_aprovacao,
              data_com: p.data_com,
              preco_com: p.preco_com,
              flag: p.flag,
            },
          ],
    ),
    resumo_anual: [...anos.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([ano, r]) => ({ ano, total: Math.round(r.total * 1e8) / 1e8, n: r.n })),
    dividend_yield_12m:
      v && ticker && ps.length
        ? {
            valor: p12 / v.preco,
            proventos_12m: p12,
            preco: v.preco,
            data_preco: v.data_preco,
            ticker_preco: v.ticker_preco,
            classe,
          }
        : null,
    cobertura: ps.length
      ? {
          situacao: 'com_proventos',
          n_proventos: ps.length,
          verificado_em: ctx.data_build,
          significado: 'a bolsa respondeu e há proventos em dinheiro para a empresa',
        }
      : {
          situacao: 'sem_dados_da_bolsa',
          n_proventos: 0,
          verificado_em: ctx.data_build,
          significado:
            'não temos resposta da bolsa (GetListedCashDividends) para esta empresa neste build: ausência de proventos não é afirmada',
        },
    nota: 'Valores brutos por ação (antes do IR sobre JCP). data_com é o último dia com direito; preco_com é o fechamento do nosso COTAHIST nesse dia; sem esse pregão nos nossos arquivos, o fechamento que a B3 informa para a própria data com (flag preco_com_fechamento_b3); nulo quando nenhum dos dois existe.',
    nota_en:
      'Gross amounts per share (before income tax on interest on equity, JCP). data_com is the last day with the right to the distribution; preco_com is the close in our COTAHIST on that day; without that session in our files, the close B3 reports for the cum date itself (flag preco_com_fechamento_b3); null when neither exists.',
  };
}

async function publicarScreener(ctx: BuildContext): Promise<ManifestEntry[]> {
  const pivo = NOMES_INDICADORES.map(
    (n) =>
      `max(valor) FILTER (WHERE nome = '${n}') AS "${n}", max(flag) FILTER (WHERE nome = '${n}') AS "${n}__flag"`,
  ).join(',\n  ');
  const sql = `
WITH ind AS (SELECT cd_regulator, ano, ${pivo} FROM mart_indicadores GROUP BY ALL),
-- The 12-month P/L of a row: the latest statement (ITR quarter or DFP, by period, not by reception: a
-- resubmitted old filing must not win) received before the company's next DFP, i.e. the one current
-- while this row is the company's latest year; the executor applies as_of over mart_fundamentos_pl_12m.
prox AS (
  SELECT cd_regulator, ano, lead(dt_receb) OVER (PARTITION BY cd_regulator ORDER BY ano) AS proxima_dfp FROM mkt_filings
),
ttm AS (
  SELECT p.cd_regulator, p.ano, q.ano AS pl_ttm_ano, q.trimestre AS pl_ttm_trimestre, q.dt_receb AS pl_ttm_dt_receb,
    q.data_preco AS pl_ttm_data_preco, q.pl AS pl_ttm, q.flag AS flag_pl_ttm
  FROM prox p JOIN mart_fundamentos_pl_12m q
    ON q.cd_regulator = p.cd_regulator AND (p.proxima_dfp IS NULL OR q.dt_receb < p.proxima_dfp)
  QUALIFY row_number() OVER (PARTITION BY p.cd_regulator, p.ano ORDER BY q.ano DESC, q.trimestre DESC) = 1
)
SELECT f.cd_regulator, f.ano, e.nome, e.ticker_atual AS ticker, f.dt_receb AS disponivel_em, f.dt_receb,
  ind.* EXCLUDE (cd_regulator, ano),
  m.data_preco, m.preco, m.market_cap, m.pl, m.pvp, m.ev_ebitda, m.fcf_yield, m.flag AS flag_multiplos, m.flag_pl,
  ttm.* EXCLUDE (cd_regulator, ano)
FROM mkt_filings f JOIN mart_empresas e USING (cd_regulator)
LEFT JOIN ind USING (cd_regulator, ano)
LEFT JOIN mkt_multiplos_anuais m USING (cd_regulator, ano)
LEFT JOIN ttm USING (cd_regulator, ano)
ORDER BY f.cd_regulator, f.ano`;
  const out: ManifestEntry[] = [];
  out.push(
    await ctx.writer.parquet({
      name: 'parquet_screener',
      path: 'parquet/screener.parquet',
      schemaName: 'screener-snapshot',
      sql,
    }),
  );
  // The snapshot is also a bulk set (csv/screener.csv for /dump); the table lets the set dictionary read its columns.
  await ctx.db.run(`CREATE OR REPLACE TABLE mart_screener AS ${sql}`);
  out.push(
    await ctx.writer.csv({
      name: 'csv_screener',
      path: CAMINHO_CONJUNTO.csv('screener'),
      schemaName: 'screener-snapshot',
      sql: 'SELECT * FROM mart_screener',
    }),
  );
  const r = await ctx.db.runAndReadAll(sql);
  const Linha = z.looseObject({
    cd_regulator: num,
    ano: num,
    nome: z.string(),
    ticker: z.string().nullable(),
    disponivel_em: data,
    dt_receb: data,
    data_preco: data.nullable(),
    preco: numOuNulo,
    market_cap: numOuNulo,
    pl: numOuNulo,
    pvp: numOuNulo,
    ev_ebitda: numOuNulo,
    fcf_yield: numOuNulo,
    flag_multiplos: z.string().nullable(),
    flag_pl: z.string().nullable(),
    pl_ttm: numOuNulo,
    pl_ttm_ano: num.nullable(),
    pl_ttm_trimestre: num.nullable(),
    pl_ttm_dt_receb: data.nullable(),
    pl_ttm_data_preco: data.nullable(),
    flag_pl_ttm: z.string().nullable(),
  });
  const pl12m = await linhas(
    ctx.db,
    `SELECT q.cd_regulator, q.ano, q.trimestre, q.dt_receb, q.data_preco, q.pl, q.flag FROM mart_fundamentos_pl_12m q
     WHERE q.cd_regulator IN (SELECT cd_regulator FROM mkt_filings) ORDER BY q.cd_regulator, q.ano, q.trimestre`,
    z.object({
      cd_regulator: num,
      ano: num,
      trimestre: num,
      dt_receb: data,
      data_preco: data.nullable(),
      pl: numOuNulo,
      flag: z.string().nullable(),
    }),
  );
  const linhasSnap: ScreenerSnapshotLinha[] = r.getRowObjectsJson().map((raw) => {
    const l = Linha.parse(raw);
    const indicadores: Record<string, number | null> = {};
    const flags: Record<string, string | null> = {};
    for (const n of NOMES_INDICADORES) {
      indicadores[n] = numOuNulo.parse(raw[n] ?? null);
      flags[n] = z
        .string()
        .nullable()
        .parse(raw[`${n}__flag`] ?? null);
    }
    return {
      cd_regulator: l.cd_regulator,
      ano: l.ano,
      nome: l.nome,
      ticker: l.ticker,
      disponivel_em: l.disponivel_em,
      dt_receb: l.dt_receb,
      indicadores,
      flags_indicadores: flags,
      data_preco: l.data_preco,
      preco: l.preco,
      market_cap: l.market_cap,
      pl: l.pl,
      pvp: l.pvp,
      ev_ebitda: l.ev_ebitda,
      fcf_yield: l.fcf_yield,
      flag_multiplos: l.flag_multiplos,
      flag_pl: l.flag_pl,
      pl_gravidade: l.data_preco === null ? null : gravidadePl(l.flag_pl),
      pl_ttm: l.pl_ttm,
      pl_ttm_ano: l.pl_ttm_ano,
      pl_ttm_trimestre: l.pl_ttm_trimestre,
      pl_ttm_dt_receb: l.pl_ttm_dt_receb,
      pl_ttm_data_preco: l.pl_ttm_data_preco,
      flag_pl_ttm: l.flag_pl_ttm,
      pl_ttm_gravidade: gravidadePl(l.flag_pl_ttm),
    };
  });
  out.push(
    await ctx.writer.json({
      name: 'screener_snapshot',
      path: 'json/screener.json',
      schemaName: 'ScreenerSnapshotSchema',
      schema: ScreenerSnapshotSchema,
      data: {
        versao_do_dado: ctx.versao_do_dado,
        regra_as_of:
          'para as_of = D: manter linhas com disponivel_em <= D e, por empresa, o maior ano entre elas; data_preco >= dt_receb sempre (nunca um preço anterior ao recebimento). pl_ttm: em pl_12m, a demonstração mais recente por período (ITR ou DFP) recebida até D e antes da DFP seguinte à linha escolhida.',
        classificacao_flags_pl: CLASSIFICACAO_FLAGS_PL,
        linhas: linhasSnap,
        pl_12m: pl12m.map((q) => ({ ...q, gravidade: gravidadePl(q.flag) })),
      },
    }),
  );
  return out;
}

export const publicacaoMercadoStage: Stage = {
  name: 'publicacao_mercado',
  async run(ctx) {
    const db = ctx.db;
    const v = ctx.versao_do_dado;
    const out: ManifestEntry[] = [];
    const empresas = await linhas(
      db,
      `SELECT cd_regulator, ticker_atual FROM mart_empresas WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY 1`,
      z.object({ cd_regulator: num, ticker_atual: z.string().nullable() }),
    );
    const anuais = agrupar(
      await linhas(
        db,
        `SELECT * FROM mkt_multiplos_anuais WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, ano DESC`,
        AnualRow,
      ),
    );
    const trimestrais = agrupar(
      await linhas(
        db,
        `SELECT cd_regulator, ano, trimestre, dt_receb, data_preco, preco, market_cap, lucro_ttm, pl_ttm, pvp, flag
         FROM mkt_multiplos_trimestrais WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, ano, trimestre`,
        TrimestralRow,
      ),
    );
    const vals = new Map(
      (
        await linhas(
          db,
          `SELECT cd_regulator, data_preco, preco, ticker_preco, classe_preco, ano, acoes, pn_circulacao, flags_acoes,
             market_cap, divida_liquida, lucro, patrimonio, fco, fcf FROM mkt_valuation WHERE cd_regulator IN (${PUBLICADAS})`,
          ValuationRow,
        )
      ).map((r) => [r.cd_regulator, r]),
    );
    const provs = agrupar(
      await linhas(
        db,
        `SELECT cd_regulator, tipo_acao, tipo, acao_corporativa, valor, data_aprovacao, data_com, preco_com, flag
         FROM mkt_proventos WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, data_com DESC, tipo, linha`,
        ProventoRow,
      ),
    );
    for (const e of empresas) {
      const cd = e.cd_regulator;
      const linhasAnuais: MultiploAnual[] = (anuais.get(cd) ?? []).map((r) => ({
        cd_regulator: cd,
        ano: r.ano,
        dt_receb: r.dt_receb,
        data_preco: r.data_preco,
        preco: r.preco,
        market_cap: r.market_cap,
        pl: r.pl,
        pvp: r.pvp,
        ev_ebitda: r.ev_ebitda,
        fcf_yield: r.fcf_yield,
        flag: r.flag,
        preco_de: precoDe(r),
      }));
      const trims = trimestrais.get(cd) ?? [];
      const val = vals.get(cd);
      const ps = provs.get(cd) ?? [];
      const multiplos: Multiplos = {
        cd_regulator: cd,
        citacao: citacaoMercado(v, 'DFP (DT_RECEB do índice, composicao_capital) e COTAHIST'),
        citacao_en: citacaoMercadoEn(v, 'DFP (DT_RECEB of the index, composicao_capital) and COTAHIST'),
        anuais: linhasAnuais,
        trimestrais: [...trims].reverse(),
        valuation: val ? valuation(val, ps) : null,
        nota: `Ponto no tempo: preço do primeiro pregão em ou após o DT_RECEB da versão usada; mais de ${DIAS_MAX_ATE_PRECO} dias depois, múltiplos nulos (preco_distante).`,
        nota_en: `Point in time: price of the first session on or after the DT_RECEB of the version used; more than ${DIAS_MAX_ATE_PRECO} days later, multiples are null (preco_distante).`,
      };
      out.push(
        await ctx.writer.json({
          name: `multiplos_${cd}`,
          path: `json/empresas/${cd}/multiplos.json`,
          schemaName: 'MultiplosSchema',
          schema: MultiplosSchema,
          data: multiplos,
        }),
      );
      out.push(
        await ctx.writer.json({
          name: `dividendos_${cd}`,
          path: `json/empresas/${cd}/dividendos.json`,
          schemaName: 'DividendosSchema',
          schema: DividendosSchema,
          data: dividendos(cd, ps, val, e.ticker_atual, ctx),
        }),
      );
      out.push(
        await ctx.writer.json({
          name: `trimestres_${cd}`,
          path: `json/empresas/${cd}/trimestres.json`,
          schemaName: 'TrimestresSchema',
          schema: TrimestresSchema,
          data: {
            cd_regulator: cd,
            citacao: citacaoMercado(v, 'ITR e COTAHIST'),
            trimestres: trims,
            nota: `Lucro dos 4 trimestres até o ITR (4º trimestre = DFP − ITR do 3º); trimestre ausente → lucro_ttm nulo com ttm_sem_trimestre_<q>_<ano>. Preço: primeiro pregão em ou após o DT_RECEB do ITR; mais de ${DIAS_MAX_ATE_PRECO} dias depois, nulo (preco_distante).`,
          },
        }),
      );
    }
    out.push(
      ...(await publicarPrecosPorEmpresa(
        ctx,
        empresas.map((e) => e.cd_regulator),
      )),
    );
    out.push(
      await ctx.writer.json({
        name: 'classificacao_flags_pl',
        path: 'json/mercado/classificacao-flags-pl.json',
        schemaName: 'ClassificacaoFlagsPlSchema',
        schema: ClassificacaoFlagsPlSchema,
        data: CLASSIFICACAO_FLAGS_PL,
      }),
    );
    out.push(...(await escreverConjuntos(ctx, CONJUNTOS_MERCADO)));
    out.push(...(await publicarScreener(ctx)));
    return out;
  },
};
