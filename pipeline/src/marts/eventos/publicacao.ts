import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ClasseEvento, EventoPublicado } from '@fundamentos/schemas/eventos';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { linhas } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { escreverConjuntos } from '../conjuntos/escrever.ts';
import { FAIXAS, formatar } from '../veredito.ts';

export const SQL_CONJUNTO_EVENTOS = `SELECT classe, tipo, ticker, cd_regulator, nome, setor, periodo_anterior, periodo_novo, data,
  indicador, antes_num AS antes, depois_num AS depois, antes_txt AS antes_texto, depois_txt AS depois_texto,
  faixa_antes, faixa_depois, fonte, documento FROM mart_eventos`;

/** The bulk set `eventos` (Parquet and CSV, docs/datasets.md), newest first like the JSON artefact. */
export const CONJUNTOS_EVENTOS: Record<string, string> = {
  eventos: `${SQL_CONJUNTO_EVENTOS} ORDER BY data DESC, classe, ticker, tipo, indicador NULLS FIRST, periodo_novo DESC`,
};

const texto = z.string().min(1);
const EventoRow = z.object({
  classe: z.enum(['empresas', 'fiis', 'etfs']),
  tipo: texto,
  cd_regulator: z.coerce.number().nullable(),
  ticker: texto,
  nome: texto,
  setor: texto.nullable(),
  periodo_anterior: texto,
  periodo_novo: texto,
  data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  indicador: texto.nullable(),
  antes_num: z.number().nullable(),
  depois_num: z.number().nullable(),
  antes_txt: texto.nullable(),
  depois_txt: texto.nullable(),
  faixa_antes: texto.nullable(),
  faixa_depois: texto.nullable(),
  faixa_antes_en: texto.nullable(),
  faixa_depois_en: texto.nullable(),
  motivos: z.array(texto),
  motivos_en: z.array(texto),
  fonte: texto,
  documento: texto.nullable(),
  linhagem: texto.nullable(),
});
type Linha = z.infer<typeof EventoRow>;

type Lingua = 'pt' | 'en';
const loc = (l: Lingua) => (l === 'pt' ? 'pt-BR' : 'en-US');
const num = (v: number, casas: number, l: Lingua) =>
  v.toLocaleString(loc(l), { minimumFractionDigits: casas, maximumFractionDigits: casas });
/** Money in millions: "R$ 1.234,5 mi" / "BRL 1,234.5 million". */
const milhoes = (v: number, l: Lingua) =>
  l === 'pt' ? `R$ ${num(v / 1e6, 1, 'pt')} mi` : `BRL ${num(v / 1e6, 1, 'en')} million`;
/** A quarter is written 2025T2 in data and Portuguese, 2025Q2 in English. */
const periodo = (p: string, l: Lingua) => (l === 'en' ? p.replace('T', 'Q') : p);
const COR_EN: Record<string, string> = { verde: 'green', amarelo: 'yellow', vermelho: 'red' };
const pct = (v: number, l: Lingua) => `${num(v * 100, 1, l)}%`;

const NOME_INDICADOR: Record<string, Record<Lingua, string>> = {
  margem_liquida: { pt: 'margem líquida', en: 'net margin' },
  dl_ebitda: { pt: 'dívida líquida/EBITDA', en: 'net debt/EBITDA' },
  pvp: { pt: 'P/VP', en: 'P/B' },
  agio: { pt: 'ágio sobre a cota', en: 'premium over NAV' },
  dy_12m: { pt: 'DY 12 meses', en: '12-month yield' },
  vacancia: { pt: 'vacância', en: 'vacancy' },
};

/** The short factual sentence of an event, in one language; no adjective of judgement. */
export function textoDoEvento(r: Linha, l: Lingua): string {
  const a = periodo(r.periodo_anterior, l);
  const n = periodo(r.periodo_novo, l);
  const x = r.antes_num as number;
  const y = r.depois_num as number;
  const fa = l === 'pt' ? r.faixa_antes : r.faixa_antes_en;
  const fd = l === 'pt' ? r.faixa_depois : r.faixa_depois_en;
  const faixa = (v: string, f: string | null) => (l === 'pt' ? `${v} (faixa ${f})` : `${v} (band ${f})`);
  switch (r.tipo) {
    case 'lucro_prejuizo': {
      const o = (v: number) =>
        v > 0 ? (l === 'pt' ? 'lucro' : 'a profit') : l === 'pt' ? 'prejuízo' : 'a loss';
      return l === 'pt'
        ? `${r.ticker}: passou de ${o(x)} (${milhoes(x, l)}) em ${a} para ${o(y)} (${milhoes(y, l)}) em ${n}.`
        : `${r.ticker}: went from ${o(x)} (${milhoes(x, l)}) in ${a} to ${o(y)} (${milhoes(y, l)}) in ${n}.`;
    }
    case 'faixa_margem':
    case 'faixa_divida': {
      const ind = r.indicador as 'margem_liquida' | 'dl_ebitda';
      const u = FAIXAS[ind].unidade;
      const nome = NOME_INDICADOR[ind]?.[l] ?? ind;
      return l === 'pt'
        ? `${r.ticker}: ${nome} passou de ${faixa(formatar(x, u, l), fa)} em ${a} para ${faixa(formatar(y, u, l), fd)} em ${n}.`
        : `${r.ticker}: ${nome} went from ${faixa(formatar(x, u, l), fa)} in ${a} to ${faixa(formatar(y, u, l), fd)} in ${n}.`;
    }
    case 'reapresentacao': {
      const ultimo = r.motivos.at(-1) ?? '';
      const k = /^\+(\d+) /.exec(ultimo);
      const contas = k ? r.motivos.length - 1 + Number(k[1]) : r.motivos.length;
      return l === 'pt'
        ? `${r.ticker}: a DFP ${n} mudou ${contas} ${contas === 1 ? 'conta' : 'contas'} de ${a}.`
        : `${r.ticker}: the ${n} DFP changed ${contas} ${contas === 1 ? 'account' : 'accounts'} of ${a}.`;
    }
    case 'bandeira': {
      const c = (s: string | null) => (l === 'pt' ? (s ?? '') : (COR_EN[s ?? ''] ?? s ?? ''));
      return l === 'pt'
        ? `${r.ticker}: a bandeira de confiança passou de ${c(r.antes_txt)} (${a}) para ${c(r.depois_txt)} (${n}).`
        : `${r.ticker}: the confidence flag went from ${c(r.antes_txt)} (${a}) to ${c(r.depois_txt)} (${n}).`;
    }
    case 'faixa_pvp':
    case 'faixa_dy':
    case 'faixa_vacancia':
    case 'faixa_agio': {
      const nome = NOME_INDICADOR[r.indicador ?? '']?.[l] ?? r.tipo;
      const v = (z: number) => (r.tipo === 'faixa_pvp' ? num(z, 2, l) : pct(z, l));
      return l === 'pt'
        ? `${r.ticker}: ${nome} passou de ${faixa(v(x), fa)} em ${a} para ${faixa(v(y), fd)} em ${n}.`
        : `${r.ticker}: ${nome} went from ${faixa(v(x), fa)} in ${a} to ${faixa(v(y), fd)} in ${n}.`;
    }
    case 'informe_reenviado':
      return l === 'pt'
        ? `${r.ticker}: informe mensal de ${n} reenviado (versão ${y}), entregue em ${r.data}.`
        : `${r.ticker}: monthly report for ${n} resubmitted (version ${y}), delivered on ${r.data}.`;
    case 'sobreposicao_mudou': {
      const par = r.motivos[0] ?? '';
      return l === 'pt'
        ? `${r.ticker}: sobreposição da carteira com ${par} passou de ${faixa(pct(x, l), fa)} em ${a} para ${faixa(pct(y, l), fd)} em ${n}.`
        : `${r.ticker}: portfolio overlap with ${par} went from ${faixa(pct(x, l), fa)} in ${a} to ${faixa(pct(y, l), fd)} in ${n}.`;
    }
    case 'taxa_mudou': {
      const t = (v: number) => (l === 'pt' ? `${num(v, 2, l)}% a.a.` : `${num(v, 2, l)}% a year`);
      return l === 'pt'
        ? `${r.ticker}: taxa de administração declarada no cadastro passou de ${t(x)} (desde ${a}) para ${t(y)} (desde ${n}).`
        : `${r.ticker}: management fee stated in the registry went from ${t(x)} (since ${a}) to ${t(y)} (since ${n}).`;
    }
    case 'indice_mudou':
      return l === 'pt'
        ? `${r.ticker}: índice de referência passou de ${r.antes_txt} (lista de ${a}) para ${r.depois_txt} (lista de ${n}).`
        : `${r.ticker}: reference index went from ${r.antes_txt} (list of ${a}) to ${r.depois_txt} (list of ${n}).`;
    default:
      throw new Error(`vigia: no text for event kind ${r.tipo}`);
  }
}

/** Every event of the build, newest first, as published (exported for the tests). */
export async function montarEventos(
  ctx: Pick<BuildContext, 'db' | 'versao_do_dado'>,
): Promise<EventoPublicado[]> {
  const rows = await linhas(
    ctx.db,
    `SELECT classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, CAST(data AS VARCHAR) AS data,
       indicador, antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en,
       motivos, motivos_en, fonte, documento, linhagem
     FROM mart_eventos ORDER BY data DESC, classe, ticker, tipo, indicador NULLS FIRST, periodo_novo DESC`,
    EventoRow,
  );
  return rows.map((r) => ({
    classe: r.classe as ClasseEvento,
    tipo: r.tipo,
    periodo_anterior: r.periodo_anterior,
    periodo_novo: r.periodo_novo,
    data: r.data,
    indicador: r.indicador,
    antes: (r.antes_num ?? r.antes_txt) as number | string,
    depois: (r.depois_num ?? r.depois_txt) as number | string,
    faixa_antes: r.faixa_antes,
    faixa_depois: r.faixa_depois,
    motivos: r.motivos,
    motivos_en: r.motivos_en,
    fonte: r.fonte,
    texto: textoDoEvento(r, 'pt'),
    texto_en: textoDoEvento(r, 'en'),
    ticker: r.ticker,
    nome: r.nome,
    cd_regulator: r.cd_regulator,
    setor: r.setor,
    versao_do_dado: ctx.versao_do_dado,
    linhagem: r.linhagem,
    documento: r.documento,
  }));
}

export async function publicarEventos(ctx: BuildContext): Promise<ManifestEntry[]> {
  const eventos = await montarEventos(ctx);
  const out: ManifestEntry[] = [
    await ctx.writer.json({
      name: 'vigia_eventos',
      ...escrita(ARTEFATOS.eventos),
      data: { versao_do_dado: ctx.versao_do_dado, eventos },
    }),
  ];
  out.push(...(await escreverConjuntos(ctx, CONJUNTOS_EVENTOS)));
  const porClasse = new Map<string, number>();
  for (const e of eventos) porClasse.set(e.classe, (porClasse.get(e.classe) ?? 0) + 1);
  ctx.report.note(
    'mart_eventos',
    `${eventos.length} eventos: ${[...porClasse].map(([c, n]) => `${c} ${n}`).join(', ') || 'nenhum'}`,
  );
  return out;
}
