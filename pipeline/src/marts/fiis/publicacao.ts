import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { FiiLista, FiiRecurso, ReapresentacoesFii } from '@fundamentos/schemas/fiis';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { textosDosFundos } from '@fundamentos/ui/fundos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import type { Lang } from '@fundamentos/ui/i18n/strings';
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

const TEXTOS = { pt: textosDosFundos('pt'), en: textosDosFundos('en') };

/** The fund's note in one language: same facts, the English pages show `nota_en`. */
function notaDoFundo(lang: Lang, f: z.infer<typeof FundoRow>): string {
  const n = TEXTOS[lang].fii.nota;
  const complemento =
    f.fonte_complemento === null
      ? mensagem(lang, n.sem_complemento)
      : mensagem(lang, n.complemento, { fonte: f.fonte_complemento });
  return [
    mensagem(lang, n.informe, {
      competencia: f.competencia,
      versao: f.versao,
      data_entrega: f.data_entrega,
      fonte_geral: f.fonte_geral,
      complemento,
    }),
    mensagem(lang, n.pvp, { dias_max: DIAS_MAX_ATE_PRECO }),
    mensagem(lang, n.proventos),
    mensagem(lang, n.aviso),
  ].join(' ');
}

function nota(f: z.infer<typeof FundoRow>): { nota: string; nota_en: string } {
  return { nota: notaDoFundo('pt', f), nota_en: notaDoFundo('en', f) };
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
      criterio: mensagem('pt', TEXTOS.pt.fii.criterio_reapresentacoes),
      criterio_en: mensagem('en', TEXTOS.en.fii.criterio_reapresentacoes),
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
      nota: mensagem('pt', TEXTOS.pt.fii.nota_lista, { codbdi: CODBDI_FII, n: semCodigo?.n ?? 0 }),
      nota_en: mensagem('en', TEXTOS.en.fii.nota_lista, { codbdi: CODBDI_FII, n: semCodigo?.n ?? 0 }),
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
