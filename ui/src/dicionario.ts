import en from './dicionario/en.json' with { type: 'json' };
import pt from './dicionario/pt.json' with { type: 'json' };
import { esquemaDaFonte, type Lang, lerTraducoes } from './i18n/strings.ts';

/**
 * The words of the published dictionary (json/dicionario.json): each indicator's title and formula in words,
 * each flag's meaning and where it occurs, the general rules and the note. The pipeline keeps the codes
 * (indicator and flag names, accounts, origins, the rules' parameters) and takes the words from here, so the
 * dictionary's texts live in one place beside the other UI texts. Portuguese is the source; English must
 * have the same keys (checked at load, and by ./i18n/traducoes.test.ts for the ICU placeholders).
 */
export type TextosDicionario = typeof pt;

export const TextosDicionarioSchema = esquemaDaFonte(pt, 'ui/src/dicionario/pt.json');

const TEXTOS = lerTraducoes(TextosDicionarioSchema, {
  pt: { caminho: 'ui/src/dicionario/pt.json', conteudo: pt },
  en: { caminho: 'ui/src/dicionario/en.json', conteudo: en },
});

export function textosDoDicionario(lang: Lang): TextosDicionario {
  return TEXTOS[lang];
}
