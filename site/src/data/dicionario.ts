import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { entradaDoDicionario } from '@fundamentos/schemas/flags';
import type { NomeIndicador } from '@fundamentos/schemas/indicadores';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';
import { caminhos } from './empresas.ts';

/** The build's field dictionary (`json/dicionario.json`), or null when the build did not publish it. */
export const dicionario = umaVezPorBuild((b): Dicionario | null =>
  readArtefact(b, caminhos.dicionario, DicionarioSchema),
);

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

const textosDoBuildLidos = new WeakMap<DataBuild, Partial<Record<Lang, TextosDicionario>>>();

/** The build's dictionary words in one language, shaped once per build: every theme page uses them. */
export function textosDoBuild(b: DataBuild, lang: Lang): TextosDicionario {
  const porLang = textosDoBuildLidos.get(b) ?? {};
  textosDoBuildLidos.set(b, porLang);
  porLang[lang] ??= textosDicionario(dicionario(b), lang);
  return porLang[lang];
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

/** An account of `contas_usadas` (`BPA 1.01 (con, exercício 2014)`) with its one Portuguese word translated. */
export function contaUsada(v: string, lang: Lang): TextoNaLingua {
  if (lang === 'pt') return { texto: v, lang: undefined };
  const m = /^(.+) \((con|ind), exercício (\d{4})\)$/.exec(v);
  return m
    ? { texto: `${m[1]} (${m[2]}, fiscal year ${m[3]})`, lang: undefined }
    : { texto: v, lang: 'pt-BR' };
}
