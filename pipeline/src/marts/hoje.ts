import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { DocumentoRecebido, Hoje, Mudanca, ReapresentacaoRevelada } from '@fundamentos/schemas/hoje';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { linhas, num } from '../core/sql.ts';
import type { BuildContext, Stage } from '../core/stage.ts';
import { frase, fraseReapresentacao } from './eventos/textos.ts';

/** Days in the window, counting its last day (the newest reception date in the data). */
export const DIAS_JANELA = 7;

const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ticker = z.string().nullable();

const DocRow = z.object({
  cd_regulator: num,
  empresa: z.string().min(1),
  ticker,
  doc: z.string().min(1),
  versao: num,
  dt_refer: data,
  dt_receb: data,
  fonte: z.string().min(1),
});

const ReapRow = z.object({
  cd_regulator: num,
  empresa: z.string().min(1),
  ticker,
  ano: num,
  ano_filing: num,
  versao: num,
  dt_receb: data,
  n_contas: num,
});

const SessaoRow = z.object({ data, n_codigos: num, arquivos: z.array(z.string().min(1)) });

/**
 * The window ends at the newest DT_RECEB of any index (DFP/ITR/FRE/FCA), not at the build date: the
 * data can be older than the build (the sample's newest reception is in 2025), and a window ending
 * today would then always be empty.
 */
const SQL_JANELA = `SELECT max(dt_receb) AS ate, CAST(max(dt_receb) - INTERVAL ${DIAS_JANELA - 1} DAY AS DATE) AS de FROM stg_cvm_doc_indice`;

/** `texto` and `texto_en` of a line, the same message in both languages. */
const porLingua = (f: (l: 'pt' | 'en') => string) => ({ texto: f('pt'), texto_en: f('en') });

function urlEmpresa(t: string | null, recurso = ''): string | null {
  return t === null ? null : `/empresas/${t}${recurso}`;
}

function mudancaDocumento(r: z.infer<typeof DocRow>): Mudanca {
  const documento: DocumentoRecebido = {
    cd_regulator: r.cd_regulator,
    empresa: r.empresa,
    doc: r.doc,
    versao: r.versao,
    reapresentacao: r.versao > 1,
    dt_refer: r.dt_refer,
    dt_receb: r.dt_receb,
    fonte: r.fonte,
  };
  const quem = r.ticker ?? r.empresa;
  return {
    data: r.dt_receb,
    tipo: 'documento_recebido',
    ...porLingua((l) =>
      r.versao > 1
        ? frase(l, (t) => t.hoje.reapresentado, { quem, doc: r.doc, dt_refer: r.dt_refer, versao: r.versao })
        : frase(l, (t) => t.hoje.recebido, { quem, doc: r.doc, dt_refer: r.dt_refer }),
    ),
    ticker: r.ticker,
    url: urlEmpresa(r.ticker),
    documento,
  };
}

function mudancaReapresentacao(r: z.infer<typeof ReapRow>): Mudanca {
  const reapresentacao: ReapresentacaoRevelada = {
    cd_regulator: r.cd_regulator,
    empresa: r.empresa,
    ano: r.ano,
    ano_filing: r.ano_filing,
    versao: r.versao,
    dt_receb: r.dt_receb,
    n_contas: r.n_contas,
  };
  const quem = r.ticker ?? r.empresa;
  return {
    data: r.dt_receb,
    tipo: 'reapresentacao',
    ...porLingua((l) =>
      fraseReapresentacao(l, { quem, ano_filing: r.ano_filing, n: r.n_contas, ano: r.ano }),
    ),
    ticker: r.ticker,
    url: urlEmpresa(r.ticker, '/reapresentacoes'),
    reapresentacao,
  };
}

/** Builds json/hoje.json from the staged indexes, the restatements mart and the price sessions. */
export async function montarHoje(
  ctx: Pick<BuildContext, 'db' | 'versao_do_dado' | 'data_build'>,
): Promise<Hoje | null> {
  const [janela] = await linhas(ctx.db, SQL_JANELA, z.object({ ate: data.nullable(), de: data.nullable() }));
  if (janela?.ate == null || janela.de == null) return null;
  const ate = janela.ate;
  const de = janela.de;
  const docs = await linhas(
    ctx.db,
    `SELECT CAST(i.cd_cvm AS INTEGER) AS cd_regulator, coalesce(e.nome, i.denom_cia) AS empresa, e.ticker_atual AS ticker,
       i._doc AS doc, CAST(i.versao AS INTEGER) AS versao, i.dt_refer, i.dt_receb, i._arquivo || ':' || i._linha AS fonte
     FROM stg_cvm_doc_indice i LEFT JOIN mart_empresas e ON e.cd_regulator = CAST(i.cd_cvm AS INTEGER)
     WHERE i.dt_receb BETWEEN DATE '${de}' AND DATE '${ate}' AND i.cd_cvm IS NOT NULL
     ORDER BY i.dt_receb DESC, cd_regulator, doc, i.dt_refer DESC, versao DESC`,
    DocRow,
  );
  const reaps = await linhas(
    ctx.db,
    `SELECT r.cd_regulator, e.nome AS empresa, e.ticker_atual AS ticker, r.ano, r.ano_filing_seguinte AS ano_filing,
       CAST(r.versao_seguinte AS INTEGER) AS versao, r.dt_receb_seguinte AS dt_receb, count(*) AS n_contas
     FROM mart_reapresentacoes r JOIN mart_empresas e USING (cd_regulator)
     WHERE r.dt_receb_seguinte BETWEEN DATE '${de}' AND DATE '${ate}'
     GROUP BY ALL ORDER BY dt_receb DESC, cd_regulator, ano DESC`,
    ReapRow,
  );
  const [sessao] = await linhas(
    ctx.db,
    `SELECT data, count(DISTINCT ticker) AS n_codigos, list(DISTINCT arquivo ORDER BY arquivo) AS arquivos
     FROM mart_mercado_precos WHERE data = (SELECT max(data) FROM mart_mercado_precos) GROUP BY data`,
    SessaoRow,
  );
  const mudancas: Mudanca[] = [];
  if (sessao !== undefined && sessao.data >= de && sessao.data <= ate)
    mudancas.push({
      data: sessao.data,
      tipo: 'precos',
      ...porLingua((l) => frase(l, (t) => t.hoje.precos, { data: sessao.data, n: sessao.n_codigos })),
      ticker: null,
      url: null,
    });
  mudancas.push(...docs.map(mudancaDocumento), ...reaps.map(mudancaReapresentacao));
  // Newest first (the schema's rule); within a day, filings before the restatements they revealed.
  const ordem = { precos: 0, documento_recebido: 1, reapresentacao: 2, evento: 3 } as const;
  mudancas.sort((a, b) => (a.data === b.data ? ordem[a.tipo] - ordem[b.tipo] : a.data < b.data ? 1 : -1));
  return {
    versao_do_dado: ctx.versao_do_dado,
    gerado_em: `${ctx.data_build}T00:00:00-03:00`,
    de,
    ate,
    mudancas,
    ultima_sessao: sessao ?? null,
    nota: frase('pt', (t) => t.hoje.nota, {
      dias: DIAS_JANELA,
      ate,
      sessao: sessao?.data ?? frase('pt', (t) => t.hoje.sem_sessao),
    }),
  };
}

async function publicarHoje(ctx: BuildContext): Promise<ManifestEntry[]> {
  const hoje = await montarHoje(ctx);
  if (hoje === null) {
    ctx.log('hoje: no filing index in this build, json/hoje.json not published');
    return [];
  }
  return [
    await ctx.writer.json({
      name: 'hoje',
      ...escrita(ARTEFATOS.hoje),
      data: hoje,
    }),
  ];
}

/** Stage `publicacao_hoje`: after the marts, publishes json/hoje.json (what changed in recent days). */
export const hojeStage: Stage = {
  name: 'publicacao_hoje',
  le: ['mart_empresas', 'mart_mercado_precos', 'mart_reapresentacoes', 'stg_cvm_doc_indice'],
  cria: [],
  run: publicarHoje,
};
