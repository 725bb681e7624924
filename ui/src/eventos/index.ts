import { type Lang, traducoes } from '../i18n/strings.ts';
import en from './en.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };

/**
 * The words of the watcher's events (vigia/eventos.json) and of "what changed" (hoje.json): band labels,
 * motives, the sentence of each kind of event, as ICU messages the pipeline fills with codes and
 * numbers it formats itself. Portuguese is the source; English has the same keys (checked at load) and
 * placeholders (./i18n/traducoes.test.ts).
 */
export type TextosEventos = typeof pt;

const { textos: TEXTOS } = traducoes(pt, en, 'ui/src/eventos');

export function textosDosEventos(lang: Lang): TextosEventos {
  return TEXTOS[lang];
}
