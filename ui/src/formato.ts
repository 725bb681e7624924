import { type Lang, LOCALES } from './i18n/strings.ts';

export type UnidadeExibicao = 'fracao_nominal' | 'fracao' | 'brl' | 'vezes' | 'inteiro_0_9';

const locale = (lang: Lang) => LOCALES[lang];

/** Display form of a value in its unit. The exact value stays available in the cell's `data-valor`. */
export function formatarValor(valor: number, unidade: UnidadeExibicao, lang: Lang): string {
  const l = locale(lang);
  switch (unidade) {
    case 'fracao':
    case 'fracao_nominal':
      return new Intl.NumberFormat(l, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(valor);
    case 'brl':
      return new Intl.NumberFormat(l, {
        style: 'currency',
        currency: 'BRL',
        notation: 'compact',
        maximumFractionDigits: 2,
      }).format(valor);
    case 'vezes':
      return `${new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(valor)}x`;
    case 'inteiro_0_9':
      return new Intl.NumberFormat(l, { maximumFractionDigits: 0 }).format(valor);
  }
}

/** Money in full (restatement tables compare exact published amounts). */
export function formatarReais(valor: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: 'BRL',
    maximumFractionDigits: 2,
  }).format(valor);
}

/** Counts (shares in a portfolio): no decimals. */
export function formatarInteiro(valor: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 0 }).format(valor);
}

export function formatarPercentual(valor: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(valor);
}

/** Proventos per share are published with up to 8 decimals (e.g. 0.1334); never round them to cents. */
export function formatarReaisPorAcao(valor: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 8,
  }).format(valor);
}
