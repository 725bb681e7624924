import { type Lang, traducoes } from '../i18n/strings.ts';
import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

/**
 * The words the company artefacts share (the citation of CVM open data, why a per-company resource is
 * missing from the index) and the bulk-set dictionary's fallback, as ICU messages the pipeline fills.
 * Portuguese is the source; English has the same keys (checked at load) and placeholders
 * (./i18n/traducoes.test.ts).
 */
export type TextosFundamentos = typeof pt;

const { textos: TEXTOS } = traducoes(pt, en, 'ui/src/fundamentos');

export function textosDosFundamentos(lang: Lang): TextosFundamentos {
  return TEXTOS[lang];
}
