import { type Lang, LOCALES } from './i18n/strings.ts';

export type UnidadeExibicao = 'fracao_nominal' | 'fracao' | 'brl' | 'vezes' | 'inteiro_0_9';

const locale = (lang: Lang) => LOCALES[lang];

const porChave = new Map<string, Intl.NumberFormat>();
const porOpcoes = new WeakMap<Intl.NumberFormatOptions, Map<string, Intl.NumberFormat>>();

/**
 * One `Intl.NumberFormat` per locale and options, made once: building one costs far more than formatting
 * a number, and a site build formats hundreds of thousands of cells (docs/site.md, "Build speed"). Options
 * kept in a constant are found by identity; a fresh object by its content.
 */
export function numero(loc: string, opcoes: Intl.NumberFormatOptions): Intl.NumberFormat {
  let porLocale = porOpcoes.get(opcoes);
  if (porLocale === undefined) {
    porLocale = new Map();
    porOpcoes.set(opcoes, porLocale);
  }
  let f = porLocale.get(loc);
  if (f === undefined) {
    const chave = `${loc}|${JSON.stringify(opcoes)}`;
    f = porChave.get(chave) ?? new Intl.NumberFormat(loc, opcoes);
    porChave.set(chave, f);
    porLocale.set(loc, f);
  }
  return f;
}

const FRACAO: Intl.NumberFormatOptions = {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
};
const BRL_COMPACTO: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 2,
};
const VEZES: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const INTEIRO: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
const REAIS: Intl.NumberFormatOptions = { style: 'currency', currency: 'BRL', maximumFractionDigits: 2 };
const PERCENTUAL: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 2 };
const REAIS_POR_ACAO: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
};

/** Display form of a value in its unit. The exact value stays available in the cell's `data-valor`. */
export function formatarValor(valor: number, unidade: UnidadeExibicao, lang: Lang): string {
  const l = locale(lang);
  switch (unidade) {
    case 'fracao':
    case 'fracao_nominal':
      return numero(l, FRACAO).format(valor);
    case 'brl':
      return numero(l, BRL_COMPACTO).format(valor);
    case 'vezes':
      return `${numero(l, VEZES).format(valor)}x`;
    case 'inteiro_0_9':
      return numero(l, INTEIRO).format(valor);
  }
}

/** Money in full (restatement tables compare exact published amounts). */
export function formatarReais(valor: number, lang: Lang): string {
  return numero(locale(lang), REAIS).format(valor);
}

/** Counts (shares in a portfolio): no decimals. */
export function formatarInteiro(valor: number, lang: Lang): string {
  return numero(locale(lang), INTEIRO).format(valor);
}

export function formatarPercentual(valor: number, lang: Lang): string {
  return numero(locale(lang), PERCENTUAL).format(valor);
}

/** Proventos per share are published with up to 8 decimals (e.g. 0.1334); never round them to cents. */
export function formatarReaisPorAcao(valor: number, lang: Lang): string {
  return numero(locale(lang), REAIS_POR_ACAO).format(valor);
}
