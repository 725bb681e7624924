import { type Lang, traducoes } from '../i18n/strings.ts';
import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

/**
 * The words of the REIT and ETF artefacts (json/fiis, json/etfs): notes, criteria, and where the fields
 * no staged file fills would come from, as ICU messages the pipeline fills with its constants and
 * codes. Portuguese is the source; English has the same keys (checked at load) and placeholders
 * (./i18n/traducoes.test.ts).
 */
export type TextosFundos = typeof pt;

const { textos: TEXTOS } = traducoes(pt, en, 'ui/src/fundos');

export function textosDosFundos(lang: Lang): TextosFundos {
  return TEXTOS[lang];
}
