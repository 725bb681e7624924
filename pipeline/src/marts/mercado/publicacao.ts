import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { Dividendos } from '@fundamentos/schemas/dividendos';
import { INDICADORES } from '@fundamentos/schemas/indicadores';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { MultiploAnual, Multiplos, Valuation } from '@fundamentos/schemas/multiplos';
import { GravidadeFlagSchema, type ScreenerSnapshotLinha } from '@fundamentos/schemas/screener-snapshot';
import { z } from 'zod';
import { agruparPorEmpresa } from '../../core/agrupar.ts';
import { aplicarChecagens, type Checagem } from '../../core/checagens.ts';
import { linhas, num, numOuNulo } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { escreverConjuntos } from '../conjuntos/escrever.ts';
import { PUBLICADAS } from '../fundamentos/recursos.ts';
import { CLASSIFICACAO_FLAGS_PL, gravidadePlSql } from './multiplos.ts';
import { publicarPrecosPorEmpresa } from './precos-por-empresa.ts';
import { blocosDeClasse } from './publicacao-classes.ts';
import { citacaoMercado, citacaoMercadoEn, precoDe, TEXTO_MERCADO } from './textos.ts';

const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const NOMES_INDICADORES = Object.keys(INDICADORES);
/** Built once: making this schema per indicator of every screener row cost ~7 µs a value (100 k: 0.74 s). */
const TEXTO_OU_NULO = z.string().nullable();

/** Bulk sets of this issue: names documented in docs/datasets-mercado.md. */
export const CONJUNTOS_MERCADO: Record<string, string> = {
  precos:
    'SELECT ticker, data, abertura, maxima, minima, fechamento, volume, fator_ajuste FROM mart_mercado_precos ORDER BY ticker, data',
  capex: `SELECT c.cd_regulator, c.ano, c.agreg, c.cd_conta, c.ds_conta, c.valor, c.decisao, c.motivo, c.versao, c.dt_receb,
      c.arquivo, c.linha, f.fco, f.capex, f.fcf, f.motivo AS motivo_fcf
    FROM mart_capex_candidatos c JOIN int_fundamentos_fcf f USING (cd_regulator, ano) ORDER BY c.cd_regulator, c.ano, c.cd_conta`,
  multiplos: `SELECT cd_regulator, ano, dt_receb, data_preco, preco, ticker_preco, market_cap, pl, pvp, ev_ebitda, fcf, fcf_yield,
      flag, flag_pl, on_circulacao, pn_circulacao, preco_on, ticker_on, preco_pn, ticker_pn, acoes_dt_refer, origem_preco, origem_acoes
    FROM mart_mercado_multiplos_anuais ORDER BY cd_regulator, ano`,
  acoes: `SELECT cd_regulator, doc, dt_refer, versao, dt_receb, fonte, on_emitidas, pn_emitidas, on_tesouraria, pn_tesouraria,
      data_escala, patrimonio, pvp_declarado, escala, on_circulacao, pn_circulacao, flag, arquivo, linha
    FROM int_mercado_acoes ORDER BY cd_regulator, dt_refer, doc`,
  dividendos: `SELECT cd_regulator, tipo_acao, tipo, acao_corporativa, valor, data_aprovacao, data_com, preco_com, ticker_com, fonte_preco_com, flag,
      arquivo, linha FROM mart_mercado_proventos WHERE cd_regulator IS NOT NULL ORDER BY cd_regulator, data_com DESC, tipo`,
  valuation: `SELECT cd_regulator, data_preco, preco, ticker_preco, classe, ano, acoes, flags_acoes, market_cap, ev, divida_liquida,
      lucro, patrimonio, lpa, vpa, n_proventos, proventos_12m, dy_12m, proventos_ano, payout, fco, fcf, p_fco, p_fcf
    FROM mart_mercado_valuation ORDER BY cd_regulator`,
  multiplos_classe: `SELECT cd_regulator, ano, ticker, tipo_acao, ticker_principal, principal, dt_receb, data_preco, preco, volume,
      acoes, lucro, patrimonio, lpa, vpa, pl, pvp, flag, origem_preco
    FROM mart_mercado_multiplos_classe ORDER BY cd_regulator, ano, ticker`,
  valuation_classe: `SELECT cd_regulator, ticker, tipo_acao, ticker_principal, principal, data_preco, ano, preco, volume, acoes, lucro,
      patrimonio, lpa, vpa, pl, pvp, proventos_12m, dy_12m, flag, origem_preco
    FROM mart_mercado_valuation_classe ORDER BY cd_regulator, ticker`,
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

/** A row of `mart_mercado_valuation` (mercado/valuation.ts computes every number in it). */
const ValuationRow = z.object({
  cd_regulator: num,
  data_preco: data,
  preco: num,
  ticker_preco: z.string(),
  classe: z.string(),
  ano: numOuNulo,
  acoes: numOuNulo,
  flags_acoes: z.string().nullable(),
  market_cap: numOuNulo,
  ev: numOuNulo,
  divida_liquida: numOuNulo,
  lpa: numOuNulo,
  vpa: numOuNulo,
  n_proventos: num,
  dy_12m: numOuNulo,
  proventos_12m: numOuNulo,
  payout: numOuNulo,
  proventos_ano: numOuNulo,
  fco: numOuNulo,
  fcf: numOuNulo,
  p_fco: numOuNulo,
  p_fcf: numOuNulo,
});
type ValuationLinha = z.infer<typeof ValuationRow>;

const AnualProventosRow = z.object({ cd_regulator: num, ano: num, total: num, n: num });

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

/** The valuation block of `multiplos.json`: a projection of the mart row (none without a balance-sheet year). */
function valuation(v: ValuationLinha): Valuation | null {
  if (v.ano === null) return null;
  return {
    data_preco: v.data_preco,
    preco: v.preco,
    ano: v.ano,
    acoes: v.acoes,
    flags_acoes: v.flags_acoes ? v.flags_acoes.split(';') : [],
    market_cap: v.market_cap,
    ev: v.ev,
    divida_liquida: v.divida_liquida,
    lpa: v.lpa,
    vpa: v.vpa,
    dy_12m: v.dy_12m,
    proventos_12m: v.proventos_12m,
    payout: v.payout,
    proventos_ano: v.proventos_ano,
    fco: v.fco,
    fcf: v.fcf,
    p_fco: v.p_fco,
    p_fcf: v.p_fcf,
  };
}

function dividendos(
  cd: number,
  ps: Provento[],
  anos: z.infer<typeof AnualProventosRow>[],
  v: ValuationLinha | undefined,
  ticker: string | null,
  ctx: BuildContext,
): Dividendos {
  return {
    cd_regulator: cd,
    citacao: citacaoMercado(ctx.versao_do_dado, 'dividendos'),
    citacao_en: citacaoMercadoEn(ctx.versao_do_dado, 'dividendos'),
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
    resumo_anual: anos.map((r) => ({ ano: r.ano, total: r.total, n: r.n })),
    dividend_yield_12m:
      v && ticker && v.dy_12m !== null && v.proventos_12m !== null
        ? {
            valor: v.dy_12m,
            proventos_12m: v.proventos_12m,
            preco: v.preco,
            data_preco: v.data_preco,
            ticker_preco: v.ticker_preco,
            classe: v.classe,
          }
        : null,
    cobertura: ps.length
      ? {
          situacao: 'com_proventos',
          n_proventos: ps.length,
          verificado_em: ctx.data_build,
          significado: TEXTO_MERCADO.cobertura.com_proventos,
        }
      : {
          situacao: 'sem_dados_da_bolsa',
          n_proventos: 0,
          verificado_em: ctx.data_build,
          significado: TEXTO_MERCADO.cobertura.sem_dados_da_bolsa,
        },
    nota: TEXTO_MERCADO.nota_dividendos.pt,
    nota_en: TEXTO_MERCADO.nota_dividendos.en,
  };
}

/** What must hold of mart_screener (report.json, stage `publicacao_mercado`). */
export const CHECAGENS_SCREENER: readonly Checagem[] = [
  {
    nome: 'screener_uma_linha_por_empresa_e_ano',
    tipo: 'hard',
    descricao: 'one screener row per company and fiscal year',
    tabela: 'mart_screener',
    regra: 'chave_unica',
    colunas: ['cd_regulator', 'ano'],
  },
  {
    nome: 'screener_gravidade_do_pl_com_flag',
    tipo: 'hard',
    descricao: 'a priced row with P/L flags has their severity',
    tabela: 'mart_screener',
    regra: 'nao_nulo',
    colunas: ['pl_gravidade'],
    onde: 'data_preco IS NOT NULL AND flag_pl IS NOT NULL',
  },
  {
    nome: 'screener_gravidade_do_pl_ttm_com_flag',
    tipo: 'hard',
    descricao: 'a 12-month P/L with flags has their severity',
    tabela: 'mart_screener',
    regra: 'nao_nulo',
    colunas: ['pl_ttm_gravidade'],
    onde: 'flag_pl_ttm IS NOT NULL',
  },
];

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
  SELECT cd_regulator, ano, lead(dt_receb) OVER (PARTITION BY cd_regulator ORDER BY ano) AS proxima_dfp FROM int_mercado_filings
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
  -- without a priced row there is no P/L to grade
  CASE WHEN m.data_preco IS NOT NULL THEN ${gravidadePlSql('m.flag_pl')} END AS pl_gravidade,
  ttm.* EXCLUDE (cd_regulator, ano),
  ${gravidadePlSql('ttm.flag_pl_ttm')} AS pl_ttm_gravidade
FROM int_mercado_filings f JOIN mart_empresas e USING (cd_regulator)
LEFT JOIN ind USING (cd_regulator, ano)
LEFT JOIN mart_mercado_multiplos_anuais m USING (cd_regulator, ano)
LEFT JOIN ttm USING (cd_regulator, ano)
ORDER BY f.cd_regulator, f.ano`;
  // Computed once: the snapshot's rows are the bulk set (parquet/ and csv/screener for /dump; the table lets
  // the set dictionary read its columns) and json/screener.json.
  await ctx.db.run(`CREATE OR REPLACE TABLE mart_screener AS ${sql}`);
  await aplicarChecagens(ctx.db, ctx.report, CHECAGENS_SCREENER);
  const out: ManifestEntry[] = await escreverConjuntos(ctx, { screener: 'SELECT * FROM mart_screener' });
  const r = await ctx.db.runAndReadAll('SELECT * FROM mart_screener');
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
    pl_gravidade: GravidadeFlagSchema.nullable(),
    pl_ttm_gravidade: GravidadeFlagSchema.nullable(),
  });
  const pl12m = await linhas(
    ctx.db,
    `SELECT q.cd_regulator, q.ano, q.trimestre, q.dt_receb, q.data_preco, q.pl, q.flag, ${gravidadePlSql('q.flag')} AS gravidade
     FROM mart_fundamentos_pl_12m q
     WHERE q.cd_regulator IN (SELECT cd_regulator FROM int_mercado_filings) ORDER BY q.cd_regulator, q.ano, q.trimestre`,
    z.object({
      cd_regulator: num,
      ano: num,
      trimestre: num,
      dt_receb: data,
      data_preco: data.nullable(),
      pl: numOuNulo,
      flag: z.string().nullable(),
      gravidade: GravidadeFlagSchema.nullable(),
    }),
  );
  const linhasSnap: ScreenerSnapshotLinha[] = r.getRowObjectsJson().map((raw) => {
    const l = Linha.parse(raw);
    const indicadores: Record<string, number | null> = {};
    const flags: Record<string, string | null> = {};
    for (const n of NOMES_INDICADORES) {
      indicadores[n] = numOuNulo.parse(raw[n] ?? null);
      flags[n] = TEXTO_OU_NULO.parse(raw[`${n}__flag`] ?? null);
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
      pl_gravidade: l.pl_gravidade,
      pl_ttm: l.pl_ttm,
      pl_ttm_ano: l.pl_ttm_ano,
      pl_ttm_trimestre: l.pl_ttm_trimestre,
      pl_ttm_dt_receb: l.pl_ttm_dt_receb,
      pl_ttm_data_preco: l.pl_ttm_data_preco,
      flag_pl_ttm: l.flag_pl_ttm,
      pl_ttm_gravidade: l.pl_ttm_gravidade,
    };
  });
  out.push(
    await ctx.writer.json({
      name: 'screener_snapshot',
      ...escrita(ARTEFATOS.screener_snapshot),
      data: {
        versao_do_dado: ctx.versao_do_dado,
        regra_as_of:
          'para as_of = D: manter linhas com disponivel_em <= D e, por empresa, o maior ano entre elas; data_preco >= dt_receb sempre (nunca um preço anterior ao recebimento). pl_ttm: em pl_12m, a demonstração mais recente por período (ITR ou DFP) recebida até D e antes da DFP seguinte à linha escolhida.',
        classificacao_flags_pl: CLASSIFICACAO_FLAGS_PL,
        linhas: linhasSnap,
        pl_12m: pl12m,
      },
    }),
  );
  return out;
}

export const publicacaoMercadoStage: Stage = {
  name: 'publicacao_mercado',
  le: [
    'int_fundamentos_fcf',
    'int_mercado_acoes',
    'int_mercado_classes_vivas',
    'int_mercado_filings',
    'int_mercado_precos_empresa',
    'mart_capex_candidatos',
    'mart_empresas',
    'mart_fundamentos_pl_12m',
    'mart_indicadores',
    'mart_mercado_multiplos_anuais',
    'mart_mercado_multiplos_classe',
    'mart_mercado_multiplos_trimestrais',
    'mart_mercado_precos',
    'mart_mercado_proventos',
    'mart_mercado_proventos_anual',
    'mart_mercado_valuation',
    'mart_mercado_valuation_classe',
  ],
  cria: ['mart_screener'],
  async run(ctx) {
    const db = ctx.db;
    const v = ctx.versao_do_dado;
    const out: ManifestEntry[] = [];
    const empresas = await linhas(
      db,
      `SELECT cd_regulator, ticker_atual FROM mart_empresas WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY 1`,
      z.object({ cd_regulator: num, ticker_atual: z.string().nullable() }),
    );
    const anuais = agruparPorEmpresa(
      await linhas(
        db,
        `SELECT * FROM mart_mercado_multiplos_anuais WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, ano DESC`,
        AnualRow,
      ),
    );
    const trimestrais = agruparPorEmpresa(
      await linhas(
        db,
        `SELECT cd_regulator, ano, trimestre, dt_receb, data_preco, preco, market_cap, lucro_ttm, pl_ttm, pvp, flag
         FROM mart_mercado_multiplos_trimestrais WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, ano, trimestre`,
        TrimestralRow,
      ),
    );
    const vals = new Map(
      (
        await linhas(
          db,
          `SELECT cd_regulator, data_preco, preco, ticker_preco, classe, ano, acoes, flags_acoes, market_cap, ev,
             divida_liquida, lpa, vpa, n_proventos, dy_12m, proventos_12m, payout, proventos_ano, fco, fcf, p_fco, p_fcf
           FROM mart_mercado_valuation WHERE cd_regulator IN (${PUBLICADAS})`,
          ValuationRow,
        )
      ).map((r) => [r.cd_regulator, r]),
    );
    const provs = agruparPorEmpresa(
      await linhas(
        db,
        `SELECT cd_regulator, tipo_acao, tipo, acao_corporativa, valor, data_aprovacao, data_com, preco_com, flag
         FROM mart_mercado_proventos WHERE cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, data_com DESC, tipo, linha`,
        ProventoRow,
      ),
    );
    const anuaisProventos = agruparPorEmpresa(
      await linhas(
        db,
        `SELECT cd_regulator, ano, total, n FROM mart_mercado_proventos_anual WHERE cd_regulator IN (${PUBLICADAS})
         ORDER BY cd_regulator, ano DESC`,
        AnualProventosRow,
      ),
    );
    const classes = await blocosDeClasse(ctx);
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
        citacao: citacaoMercado(v, 'multiplos'),
        citacao_en: citacaoMercadoEn(v, 'multiplos'),
        anuais: linhasAnuais,
        trimestrais: [...trims].reverse(),
        valuation: val ? valuation(val) : null,
        nota: TEXTO_MERCADO.nota_multiplos.pt,
        nota_en: TEXTO_MERCADO.nota_multiplos.en,
      };
      out.push(
        await ctx.writer.json({
          name: `multiplos_${cd}`,
          ...escrita(ARTEFATOS.multiplos, { cd }),
          data: multiplos,
        }),
      );
      // a live class other than the main code: the company's answer plus the class's own figures
      for (const classe of classes.get(cd) ?? []) {
        out.push(
          await ctx.writer.json({
            name: `multiplos_${cd}_${classe.ticker}`,
            ...escrita(ARTEFATOS.multiplos_classe, { cd, ticker: classe.ticker }),
            data: { ...multiplos, classe },
          }),
        );
      }
      out.push(
        await ctx.writer.json({
          name: `dividendos_${cd}`,
          ...escrita(ARTEFATOS.dividendos, { cd }),
          data: dividendos(cd, ps, anuaisProventos.get(cd) ?? [], val, e.ticker_atual, ctx),
        }),
      );
      out.push(
        await ctx.writer.json({
          name: `trimestres_${cd}`,
          ...escrita(ARTEFATOS.trimestres, { cd }),
          data: {
            cd_regulator: cd,
            citacao: citacaoMercado(v, 'trimestres'),
            trimestres: trims,
            nota: TEXTO_MERCADO.nota_trimestres,
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
        ...escrita(ARTEFATOS.classificacao_flags_pl),
        data: CLASSIFICACAO_FLAGS_PL,
      }),
    );
    out.push(...(await escreverConjuntos(ctx, CONJUNTOS_MERCADO)));
    out.push(...(await publicarScreener(ctx)));
    return out;
  },
};
