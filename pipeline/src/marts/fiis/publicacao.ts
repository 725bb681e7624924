import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { FiiLista, FiiRecurso, ReapresentacoesFii } from '@fundamentos/schemas/fiis';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { agruparPorTicker } from '../../core/agrupar.ts';
import { linhas } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { DIAS_MAX_ATE_PRECO } from '../mercado/multiplos.ts';
import { CODBDI_FII } from './sql.ts';

const num = z.coerce.number();
const numOuNulo = z.coerce.number().nullable();
const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const texto = z.string().min(1);

const FundoRow = z.object({
  ticker: texto,
  cnpj: texto,
  isin: texto,
  nome: texto,
  segmento: texto.nullable(),
  mandato: texto.nullable(),
  tipo_gestao: texto.nullable(),
  publico_alvo: texto.nullable(),
  data_funcionamento: data.nullable(),
  competencia: data,
  versao: num,
  data_entrega: data,
  cotistas: numOuNulo,
  pl: numOuNulo,
  fonte_geral: texto,
  fonte_complemento: texto.nullable(),
});

const PvpRow = z.object({
  ticker: texto,
  competencia: data,
  data_entrega: data,
  data_preco: data.nullable(),
  preco: numOuNulo,
  vp_cota: numOuNulo,
  pvp: numOuNulo,
  flag: z.string().nullable(),
});

const DyRow = z.object({
  ticker: texto,
  data_base: data,
  preco: num,
  rendimento_12m: numOuNulo,
  n_meses: num,
  dy_12m: numOuNulo,
  flag: z.string().nullable(),
});
const ProventoRow = z.object({
  ticker: texto,
  tipo: texto,
  valor: num,
  data_com: data,
  data_pagamento: data.nullable(),
  relativo_a: texto.nullable(),
  flag: z.string().nullable(),
});
const VacanciaRow = z.object({
  ticker: texto,
  competencia: data,
  imovel: texto,
  vacancia: numOuNulo,
  flag: z.string().nullable(),
});
const VersaoRow = z.object({ cnpj: texto, competencia: data, versao: num, data_entrega: data });
const CapturaRow = z.object({
  cnpj: texto,
  competencia: data,
  campo: texto,
  numerico: z.boolean(),
  antes: z.string().nullable(),
  depois: z.string().nullable(),
  versao_antes: num,
  versao_depois: num,
});
const ContaRow = z.object({ n: num });

const valorCapturado = (v: string | null, numerico: boolean): string | number | null =>
  v === null ? null : numerico ? Number(v) : v;

/** The restatement rows: every month whose newest version is above 1, and before/after when staged. */
async function reapresentacoes(ctx: Pick<BuildContext, 'db'>) {
  const versoes = await linhas(
    ctx.db,
    'SELECT cnpj, competencia, versao, data_entrega FROM mart_fii_versoes ORDER BY cnpj, competencia',
    VersaoRow,
  );
  const capturas = await linhas(
    ctx.db,
    'SELECT * FROM mart_fii_capturas ORDER BY cnpj, competencia, versao_depois, campo',
    CapturaRow,
  );
  return { versoes, capturas };
}

/** The fund's note in Portuguese and in English: same facts, the English pages show `nota_en`. */
function nota(f: z.infer<typeof FundoRow>): { nota: string; nota_en: string } {
  const complemento =
    f.fonte_complemento === null
      ? 'sem linha no complemento (cotistas e PL nulos)'
      : `complemento ${f.fonte_complemento}`;
  const complementoEn =
    f.fonte_complemento === null
      ? 'no row in the complement (quotaholders and net assets null)'
      : `complement ${f.fonte_complemento}`;
  return {
    nota: [
      `Informe mensal da CVM de ${f.competencia} (versão ${f.versao}, entregue em ${f.data_entrega}): geral ${f.fonte_geral}; ${complemento}.`,
      `P/VP: preço de fechamento do primeiro pregão em ou após a entrega de cada informe dividido pelo Valor_Patrimonial_Cotas do informe; pregão a mais de ${DIAS_MAX_ATE_PRECO} dias da entrega: P/VP nulo (preco_distante).`,
      'Proventos: resposta GetListedSupplementFunds da B3 (só o ISIN da cota do fundo); DY 12 meses = soma dos RENDIMENTO com data com nos 12 meses até o último fechamento do fundo, dividida por esse fechamento; sem resposta da B3 para o fundo, DY nulo (sem_fonte_de_rendimentos). O Percentual_Dividend_Yield_Mes do informe não é usado porque a unidade e a base não são confirmadas.',
      'Conteúdo descritivo, não é recomendação de investimento.',
    ].join(' '),
    nota_en: [
      `CVM monthly report of ${f.competencia} (version ${f.versao}, delivered on ${f.data_entrega}): general ${f.fonte_geral}; ${complementoEn}.`,
      `P/B: closing price of the first session on or after the delivery of each report divided by the report's Valor_Patrimonial_Cotas; a session more than ${DIAS_MAX_ATE_PRECO} days after the delivery: P/B null (preco_distante).`,
      "Distributions: B3's GetListedSupplementFunds answer (only the ISIN of the fund's quota); 12-month DY = sum of RENDIMENTO with data com in the 12 months up to the fund's newest close, divided by that close; no B3 answer for the fund, DY null (sem_fonte_de_rendimentos). The report's Percentual_Dividend_Yield_Mes is not used because its unit and base are not confirmed.",
      'Descriptive content, not investment advice.',
    ].join(' '),
  };
}

/** Builds every REIT artefact from the `mart_fii*` tables (exported for the tests). */
export async function montarFiis(ctx: Pick<BuildContext, 'db' | 'versao_do_dado' | 'data_build'>): Promise<{
  lista: FiiLista;
  fundos: FiiRecurso[];
  reapresentacoes: ReapresentacoesFii[];
}> {
  const fundos = await linhas(
    ctx.db,
    `SELECT ticker, cnpj, isin, nome, segmento, mandato, tipo_gestao, publico_alvo, data_funcionamento, competencia,
       versao, data_entrega, cotistas, pl, fonte_geral, fonte_complemento
     FROM mart_fiis WHERE ticker IS NOT NULL AND nome IS NOT NULL ORDER BY ticker`,
    FundoRow,
  );
  const [semCodigo] = await linhas(
    ctx.db,
    'SELECT count(*) AS n FROM mart_fiis WHERE ticker IS NULL OR nome IS NULL',
    ContaRow,
  );
  const pvp = agruparPorTicker(
    await linhas(
      ctx.db,
      'SELECT ticker, competencia, data_entrega, data_preco, preco, vp_cota, pvp, flag FROM mart_fii_pvp ORDER BY ticker, competencia',
      PvpRow,
    ),
  );
  const dys = new Map(
    (
      await linhas(
        ctx.db,
        'SELECT ticker, data_base, preco, rendimento_12m, n_meses, dy_12m, flag FROM mart_fii_dy',
        DyRow,
      )
    ).map((p) => [p.ticker, p]),
  );
  // Recent = data com inside the 12-month window of the yield (mart_fii_proventos_recentes), newest first.
  const proventos = agruparPorTicker(
    await linhas(
      ctx.db,
      'SELECT * FROM mart_fii_proventos_recentes ORDER BY ticker, data_com DESC, tipo',
      ProventoRow,
    ),
  );
  const vacancia = agruparPorTicker(
    await linhas(
      ctx.db,
      'SELECT ticker, competencia, imovel, vacancia, flag FROM mart_fii_vacancia ORDER BY ticker, imovel',
      VacanciaRow,
    ),
  );
  const { versoes, capturas } = await reapresentacoes(ctx);
  const capturado_em = `${ctx.data_build}T00:00:00-03:00`;

  const recursos: FiiRecurso[] = [];
  const reaps: ReapresentacoesFii[] = [];
  for (const f of fundos) {
    const dy = dys.get(f.ticker);
    // The code came from a COTAHIST row of this ISIN, so a fund with a code always has a close.
    if (dy === undefined) throw new Error(`fiis: ${f.ticker} has a code but no close in int_fii_cotacoes`);
    recursos.push({
      cadastro: {
        cnpj: f.cnpj,
        ticker: f.ticker,
        isin: f.isin,
        nome: f.nome,
        segmento: f.segmento,
        mandato: f.mandato,
        tipo_gestao: f.tipo_gestao,
        publico_alvo: f.publico_alvo,
        data_funcionamento: f.data_funcionamento,
      },
      ultimo_informe: { cotistas: f.cotistas, pl: f.pl, competencia: f.competencia },
      pvp: (pvp.get(f.ticker) ?? []).map(({ ticker: _t, ...r }) => r),
      dy_12m: {
        data_base: dy.data_base,
        data_preco: dy.data_base,
        preco: dy.preco,
        rendimento_12m: dy.rendimento_12m,
        n_meses: dy.n_meses,
        dy_12m: dy.dy_12m,
        flag: dy.flag,
      },
      vacancia: (vacancia.get(f.ticker) ?? []).map(({ ticker: _t, ...r }) => r),
      proventos_recentes: (proventos.get(f.ticker) ?? []).map(({ ticker: _t, ...r }) => r),
      ...nota(f),
      versao_do_dado: ctx.versao_do_dado,
    });
    reaps.push({
      fundo: { cnpj: f.cnpj, ticker: f.ticker, nome: f.nome },
      versoes: versoes
        .filter((v) => v.cnpj === f.cnpj)
        .map((v) => ({ competencia: v.competencia, versao: v.versao, data_entrega: v.data_entrega })),
      capturadas: capturas
        .filter((c) => c.cnpj === f.cnpj)
        .map((c) => ({
          competencia: c.competencia,
          campo: c.campo,
          antes: valorCapturado(c.antes, c.numerico),
          depois: valorCapturado(c.depois, c.numerico),
          versao_antes: c.versao_antes,
          versao_depois: c.versao_depois,
          capturado_em,
        })),
      versao_do_dado: ctx.versao_do_dado,
      criterio:
        'Coluna Versao do informe mensal da CVM: um mês reenviado aparece uma vez por versão e vale a maior; versão acima de 1 = reenviado, com a data de entrega da versão atual. O antes/depois campo a campo só existe quando esta publicação leu duas versões do mesmo mês.',
      criterio_en:
        'Versao column of the CVM monthly report: a resubmitted month appears once per version and the highest one counts; a version above 1 = resubmitted, with the delivery date of the current version. The field-by-field before/after exists only when this publication read two versions of the same month.',
      pagina: `/fiis/${f.ticker}#reapresentacoes`,
    });
  }
  return {
    lista: {
      versao_do_dado: ctx.versao_do_dado,
      fundos: fundos.map((f) => ({
        ticker: f.ticker,
        cnpj: f.cnpj,
        nome: f.nome,
        segmento: f.segmento,
        pl: f.pl,
        competencia: f.competencia,
      })),
      sem_codigo: semCodigo?.n ?? 0,
      nota: `Fundos do informe mensal da CVM cujo ISIN do informe mais recente tem código de negociação no COTAHIST (CODBDI ${CODBDI_FII}). ${semCodigo?.n ?? 0} fundos sem código único ficam de fora: ISIN ausente ou malformado, sem negociação nos nossos arquivos de preço, ou o mesmo ISIN declarado por dois fundos.`,
      nota_en: `Funds of the CVM monthly report whose ISIN in the newest report has a trading code in COTAHIST (CODBDI ${CODBDI_FII}). ${semCodigo?.n ?? 0} funds without a single code are left out: ISIN missing or malformed, no trading in our price files, or the same ISIN declared by two funds.`,
    },
    fundos: recursos,
    reapresentacoes: reaps,
  };
}

async function publicarFiis(ctx: BuildContext): Promise<ManifestEntry[]> {
  const { lista, fundos, reapresentacoes: reaps } = await montarFiis(ctx);
  const out: ManifestEntry[] = [
    await ctx.writer.json({
      name: 'fiis',
      ...escrita(ARTEFATOS.fiis),
      data: lista,
    }),
  ];
  for (const f of fundos)
    out.push(
      await ctx.writer.json({
        name: `fii_${f.cadastro.ticker}`,
        ...escrita(ARTEFATOS.fii, { ticker: f.cadastro.ticker }),
        data: f,
      }),
    );
  for (const r of reaps)
    out.push(
      await ctx.writer.json({
        name: `fii_${r.fundo.ticker}_reapresentacoes`,
        ...escrita(ARTEFATOS.fii_reapresentacoes, { ticker: r.fundo.ticker }),
        data: r,
      }),
    );
  ctx.log(`fiis: ${fundos.length} funds with a code, ${lista.sem_codigo} without`);
  return out;
}

/** Stage `publicacao_fiis`: json/fiis.json and each fund's index and restatements. */
export const fiisPublicacaoStage: Stage = {
  name: 'publicacao_fiis',
  le: [
    'mart_fii_capturas',
    'mart_fii_dy',
    'mart_fii_proventos_recentes',
    'mart_fii_pvp',
    'mart_fii_vacancia',
    'mart_fii_versoes',
    'mart_fiis',
  ],
  cria: [],
  run: publicarFiis,
};
