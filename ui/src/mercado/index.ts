import { type Lang, traducoes } from '../i18n/strings.ts';
import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

/**
 * The words of the market artefacts (dividends, multiples, quarterly facts): citations, notes, coverage and
 * where a price comes from, as ICU messages the pipeline fills (the numbers come from the marts). Portuguese
 * is the source; English has the same keys (checked at load) and placeholders (./i18n/traducoes.test.ts).
 */
export type TextosMercado = typeof pt;

const { textos: TEXTOS } = traducoes(pt, en, 'ui/src/mercado');

export function textosDoMercado(lang: Lang): TextosMercado {
  return TEXTOS[lang];
}
