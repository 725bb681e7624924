import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ClasseEvento, EventoPublicado } from '@fundamentos/schemas/eventos';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { numero } from '@fundamentos/ui/formato';
import { LOCALES } from '@fundamentos/ui/i18n/strings';
import { z } from 'zod';
import { linhas } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { escreverConjuntos } from '../conjuntos/escrever.ts';
import { FAIXAS, formatar } from '../veredito.ts';
import { frase, fraseReapresentacao, TEXTOS_EVENTOS } from './textos.ts';

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
/** Fixed decimals, grouped; one formatter per language and width (ui/src/formato.ts), not one per number. */
const CASAS = {
  1: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  2: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
} as const satisfies Record<number, Intl.NumberFormatOptions>;
const num = (v: number, casas: keyof typeof CASAS, l: Lingua) => numero(LOCALES[l], CASAS[casas]).format(v);
/** Money in millions: "R$ 1.234,5 mi" / "BRL 1,234.5 million". */
const milhoes = (v: number, l: Lingua) => frase(l, (t) => t.valor.milhoes, { valor: num(v / 1e6, 1, l) });
/** A quarter is written 2025T2 in data and Portuguese, 2025Q2 in English. */
const periodo = (p: string, l: Lingua) => (l === 'en' ? p.replace('T', 'Q') : p);
const pct = (v: number, l: Lingua) => `${num(v * 100, 1, l)}%`;

/** The indicators an event names, as ui/src/eventos words them. */
type IndicadorNomeado = keyof (typeof TEXTOS_EVENTOS)['pt']['indicador'];
const nomeIndicador = (ind: string | null, l: Lingua): string | undefined =>
  ind !== null && Object.hasOwn(TEXTOS_EVENTOS[l].indicador, ind)
    ? frase(l, (t) => t.indicador[ind as IndicadorNomeado])
    : undefined;

/** The short factual sentence of an event, in one language; no adjective of judgement. */
export function textoDoEvento(r: Linha, l: Lingua): string {
  const periodos = {
    ticker: r.ticker,
    periodo_anterior: periodo(r.periodo_anterior, l),
    periodo_novo: periodo(r.periodo_novo, l),
  };
  const x = r.antes_num as number;
  const y = r.depois_num as number;
  const fa = l === 'pt' ? r.faixa_antes : r.faixa_antes_en;
  const fd = l === 'pt' ? r.faixa_depois : r.faixa_depois_en;
  const faixa = (valor: string, f: string | null) =>
    frase(l, (t) => t.valor.com_faixa, { valor, faixa: f ?? '' });
  const deFaixaEmFaixa = (nome: string, v: (z: number) => string) =>
    frase(l, (t) => t.texto.faixa, {
      ...periodos,
      indicador: nome,
      antes: faixa(v(x), fa),
      depois: faixa(v(y), fd),
    });
  switch (r.tipo) {
    case 'lucro_prejuizo': {
      const o = (v: number) => (v > 0 ? 'lucro' : 'prejuizo');
      return frase(l, (t) => t.texto.lucro_prejuizo, {
        ...periodos,
        antes: o(x),
        valor_antes: milhoes(x, l),
        depois: o(y),
        valor_depois: milhoes(y, l),
      });
    }
    case 'faixa_margem':
    case 'faixa_divida': {
      const ind = r.indicador as 'margem_liquida' | 'dl_ebitda';
      const u = FAIXAS[ind].unidade;
      return deFaixaEmFaixa(nomeIndicador(ind, l) ?? ind, (z) => formatar(z, u, l));
    }
    case 'reapresentacao': {
      const ultimo = r.motivos.at(-1) ?? '';
      const k = /^\+(\d+) /.exec(ultimo);
      const contas = k ? r.motivos.length - 1 + Number(k[1]) : r.motivos.length;
      return fraseReapresentacao(l, {
        quem: r.ticker,
        ano_filing: periodos.periodo_novo,
        n: contas,
        ano: periodos.periodo_anterior,
      });
    }
    case 'bandeira': {
      const c = (s: string | null) => frase(l, (t) => t.valor.cor, { cor: s ?? '' });
      return frase(l, (t) => t.texto.bandeira, {
        ...periodos,
        antes: c(r.antes_txt),
        depois: c(r.depois_txt),
      });
    }
    case 'faixa_pvp':
    case 'faixa_dy':
    case 'faixa_vacancia':
    case 'faixa_agio':
      return deFaixaEmFaixa(nomeIndicador(r.indicador, l) ?? r.tipo, (z) =>
        r.tipo === 'faixa_pvp' ? num(z, 2, l) : pct(z, l),
      );
    case 'informe_reenviado':
      return frase(l, (t) => t.texto.informe_reenviado, { ...periodos, versao: y, data: r.data });
    case 'sobreposicao_mudou':
      return frase(l, (t) => t.texto.sobreposicao_mudou, {
        ...periodos,
        par: r.motivos[0] ?? '',
        antes: faixa(pct(x, l), fa),
        depois: faixa(pct(y, l), fd),
      });
    case 'taxa_mudou': {
      const taxa = (v: number) => frase(l, (t) => t.valor.taxa_ao_ano, { taxa: num(v, 2, l) });
      return frase(l, (t) => t.texto.taxa_mudou, { ...periodos, antes: taxa(x), depois: taxa(y) });
    }
    case 'indice_mudou':
      return frase(l, (t) => t.texto.indice_mudou, {
        ...periodos,
        antes: r.antes_txt ?? '',
        depois: r.depois_txt ?? '',
      });
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
