import { type Lang, traducoes } from '../i18n/strings.ts';
import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

/**
 * The words of the published dictionary (json/dicionario.json): each indicator's title and formula in words,
 * each flag's meaning and where it occurs, the general rules and the note. The pipeline keeps the codes
 * (indicator and flag names, accounts, origins, the rules' parameters) and takes the words from here, so the
 * dictionary's texts live in one place beside the other UI texts. Portuguese is the source; English must
 * have the same keys (checked at load, and by ./i18n/traducoes.test.ts for the ICU placeholders).
 */
export type TextosDicionario = typeof pt;

const { textos: TEXTOS } = traducoes(pt, en, 'ui/src/dicionario');

export function textosDoDicionario(lang: Lang): TextosDicionario {
  return TEXTOS[lang];
}
