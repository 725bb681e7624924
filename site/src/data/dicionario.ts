import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { entradaDoDicionario } from '@fundamentos/schemas/flags';
import type { NomeIndicador } from '@fundamentos/schemas/indicadores';
import type { Lang } from '../i18n/strings.ts';
import { type DataBuild, readArtefact } from './build.ts';
import { caminhos } from './empresas.ts';

const cache = new WeakMap<DataBuild, Dicionario | null>();

/** The build's field dictionary (`json/dicionario.json`), or null when the build did not publish it. */
export function dicionario(b: DataBuild): Dicionario | null {
  if (!cache.has(b)) {
    cache.set(b, readDicionario(b));
  }
  return cache.get(b) ?? null;
}

function readDicionario(b: DataBuild): Dicionario | null {
  return readArtefact(b, caminhos.dicionario, DicionarioSchema);
}

/** The dictionary's texts in one language: the pipeline publishes each text as `<field>` and `<field>_en`. */
export interface TextosDicionario {
  nota: string;
  indicadores: Map<string, { titulo: string; formula: string }>;
  flags: Map<string, { significado: string; onde: string }>;
  regras: [string, string][];
}

export function textosDicionario(d: Dicionario | null, lang: Lang): TextosDicionario {
  const en = lang === 'en';
  return {
    nota: d === null ? '' : en ? d.nota_en : d.nota,
    indicadores: new Map(
      (d?.indicadores ?? []).map((i) => [
        i.nome,
        en ? { titulo: i.titulo_en, formula: i.formula_en } : { titulo: i.titulo, formula: i.formula },
      ]),
    ),
    flags: new Map(
      (d?.flags ?? []).map((f) => [
        f.flag,
        en
          ? { significado: f.significado_en, onde: f.onde_en }
          : { significado: f.significado, onde: f.onde },
      ]),
    ),
    regras: Object.entries(d === null ? {} : en ? d.regras_en : d.regras),
  };
}

/**
 * Flag value → meaning in the page's language. A value of a family (`ttm_sem_trimestre_3_2015`) gets
 * the family's meaning, the way the dictionary files it.
 */
export function significadoFlags(b: DataBuild, lang: Lang = 'pt'): { get(flag: string): string | undefined } {
  const flags = textosDicionario(dicionario(b), lang).flags;
  return { get: (flag) => flags.get(entradaDoDicionario(flag))?.significado };
}

/** Indicator name → title from the dictionary, in the page's language. */
export function titulosIndicadores(b: DataBuild, lang: Lang = 'pt'): Map<string, string> {
  return new Map([...textosDicionario(dicionario(b), lang).indicadores].map(([n, t]) => [n, t.titulo]));
}

/**
 * Title of an indicator for a page. Portuguese pages keep the artefact's own `proveniencia` title (the
 * dictionary's is the same text); English pages take the dictionary's English, and without a
 * dictionary they show the indicator's code rather than Portuguese prose.
 */
export function tituloIndicador(
  nome: NomeIndicador,
  lang: Lang,
  textos: TextosDicionario,
  proveniencia?: { titulo: string },
): string {
  const doDicionario = textos.indicadores.get(nome)?.titulo;
  return (lang === 'pt' ? (proveniencia?.titulo ?? doDicionario) : doDicionario) ?? nome;
}

/** Formula in words, chosen the same way as the title (null: nothing to show). */
export function formulaIndicador(
  nome: NomeIndicador,
  lang: Lang,
  textos: TextosDicionario,
  proveniencia?: { formula: string },
): string | null {
  const doDicionario = textos.indicadores.get(nome)?.formula;
  return (lang === 'pt' ? (proveniencia?.formula ?? doDicionario) : doDicionario) ?? null;
}

/** A text and, when it stayed Portuguese on an English page, the `lang` to mark it with. */
export interface TextoNaLingua {
  texto: string;
  lang: 'pt-BR' | undefined;
}

/**
 * English of the fixed Portuguese texts other artefacts publish without an `_en` field (notes, the
 * resources' `o_que`), keyed by the exact Portuguese text: when a mart changes its text, English pages
 * show the new Portuguese marked `lang="pt-BR"` instead of a translation of the old one.
 */
const TEXTOS_PIPELINE_EN: Record<string, string> = {
  // indicadores.json `nota` (pipeline/src/marts/fundamentos/publicacao.ts)
  'Valores anuais do DFP (maior versão). Comparativos e médias usam a coluna PENÚLTIMO do mesmo arquivo. Valor nulo sempre traz flag; o significado de cada flag está no dicionário.':
    "Annual values from the DFP (highest version). Comparisons and averages use the PENÚLTIMO column of the same file. A null value always carries a flag; each flag's meaning is in the dictionary.",
  // multiplos.json `nota` (pipeline/src/marts/mercado)
  'Ponto no tempo: preço do primeiro pregão em ou após o DT_RECEB da versão usada; mais de 7 dias depois, múltiplos nulos (preco_distante).':
    'Point in time: price of the first session on or after the DT_RECEB of the version used; more than 7 days later, multiples are null (preco_distante).',
  // dividendos.json `nota` (pipeline/src/marts/mercado)
  'Valores brutos por ação (antes do IR sobre JCP). data_com é o último dia com direito; preco_com é o fechamento do nosso COTAHIST nesse dia; sem esse pregão nos nossos arquivos, o fechamento que a B3 informa para a própria data com (flag preco_com_fechamento_b3); nulo quando nenhum dos dois existe.':
    'Gross amounts per share (before income tax on interest on equity, JCP). data_com is the last day with the right to the distribution; preco_com is the close in our COTAHIST on that day; without that session in our files, the close B3 reports for the cum date itself (flag preco_com_fechamento_b3); null when neither exists.',
  // index.json `recursos.*.o_que` (pipeline/src/marts/fundamentos)
  'os 13 indicadores por ano, com flag, fórmula e contas da CVM usadas':
    'the 13 indicators per year, with flag, formula and the CVM accounts used',
  'P/L, P/VP, EV/EBITDA e FCF yield com o preço do primeiro pregão após a entrega':
    'P/L, P/VP, EV/EBITDA and FCF yield at the price of the first session after the filing',
  'contas padronizadas de cada DFP em reais, com arquivo e linha de origem':
    'standardised accounts of each DFP in reais, with the file and line they came from',
  'proventos por ação, data com e dividend yield de 12 meses':
    'cash distributions per share, cum date and 12-month dividend yield',
  'F-score com os nove critérios abertos': 'F-score with its nine criteria shown',
  'valores que mudaram entre a primeira publicação e o DFP seguinte':
    'values that changed between the first publication and the next DFP',
  'série trimestral (ITR) com preço e lucro de 12 meses':
    'quarterly series (ITR) with price and 12-month profit',
};

/** A Portuguese text published by a mart, in the page's language when its English is known. */
export function textoDoPipeline(pt: string, lang: Lang): TextoNaLingua {
  if (lang === 'pt') return { texto: pt, lang: undefined };
  const en = TEXTOS_PIPELINE_EN[pt];
  return en === undefined ? { texto: pt, lang: 'pt-BR' } : { texto: en, lang: undefined };
}

/** An account of `contas_usadas` (`BPA 1.01 (con, exercício 2014)`) with its one Portuguese word translated. */
export function contaUsada(v: string, lang: Lang): TextoNaLingua {
  if (lang === 'pt') return { texto: v, lang: undefined };
  const m = /^(.+) \((con|ind), exercício (\d{4})\)$/.exec(v);
  return m
    ? { texto: `${m[1]} (${m[2]}, fiscal year ${m[3]})`, lang: undefined }
    : { texto: v, lang: 'pt-BR' };
}
