import { type Lang, traducoes } from '../i18n/strings.ts';
import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

/**
 * The words of the deterministic verdict (json/empresas/<cd>/veredito.json): labels, bands, the top
 * sentence, the short texts, the flag's colours and reasons, as ICU messages. The pipeline's mart computes
 * the numbers and codes; its publication fills these messages in both languages (the verdict's JSON carries
 * pt and `_en` fields). Portuguese is the source; English must have the same keys (checked at load) and the
 * same placeholders (./i18n/traducoes.test.ts).
 */
export type TextosVeredito = typeof pt;

const { textos: TEXTOS } = traducoes(pt, en, 'ui/src/veredito');

export function textosDoVeredito(lang: Lang): TextosVeredito {
  return TEXTOS[lang];
}
