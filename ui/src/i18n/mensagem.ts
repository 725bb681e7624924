import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { type Lang, LOCALES } from './strings.ts';

/** Values of a message's placeholders. */
export type Valores = Record<string, string | number>;

// Tags stay literal text: the strings are not rich text, and pages escape them where they are written.
const OPCOES = { ignoreTag: true } as const;

const compiladas = new Map<string, IntlMessageFormat>();

/**
 * Fills a UI string, an ICU message (`{ticker}`, `{n, plural, =0 {{n} anos} one {{n} ano} other {{n} anos}}`),
 * in `lang`. A placeholder without a value is an error naming it: a page never shows a raw `{x}`. The
 * translations write `{n}` rather than `#` inside plural branches: `#` formats the number for the locale
 * (1.603 in pt), `{n}` writes it as given, like every other placeholder, and pages format numbers themselves.
 */
export function mensagem(lang: Lang, modelo: string, valores: Valores = {}): string {
  const chave = `${lang}\u0000${modelo}`;
  let f = compiladas.get(chave);
  if (f === undefined) {
    f = new IntlMessageFormat(modelo, LOCALES[lang], undefined, OPCOES);
    compiladas.set(chave, f);
  }
  const texto = f.format(valores);
  if (typeof texto !== 'string') throw new Error(`UI message "${modelo}" did not format to text`);
  return texto;
}

/** Names of the placeholders of an ICU message, inside plural and select branches too (sorted, unique). */
export function argumentos(modelo: string): string[] {
  const nomes = new Set<string>();
  const visitar = (els: MessageFormatElement[]) => {
    for (const el of els) {
      switch (el.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          nomes.add(el.value);
          break;
        case TYPE.plural:
        case TYPE.select:
          nomes.add(el.value);
          for (const o of Object.values(el.options)) visitar(o.value);
          break;
        case TYPE.tag:
          visitar(el.children);
          break;
        default:
          break;
      }
    }
  };
  visitar(parse(modelo, OPCOES));
  return [...nomes].sort();
}
