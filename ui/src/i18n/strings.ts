import { z } from 'zod';
import en from '../translations/en.json' with { type: 'json' };
import pt from '../translations/pt.json' with { type: 'json' };

export const LANGS = ['pt', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** The locale of each language: number and date formats, plural rules. */
export const LOCALES: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US' };

/**
 * Portuguese is the source language: `pt.json` defines the keys, and every other language must have exactly
 * the same tree of non-empty strings (a missing or extra key fails the build). Placeholders and plural forms
 * are ICU messages, checked against the Portuguese ones by ./strings.test.ts and filled by `mensagem`
 * (./mensagem.ts).
 */
export type Strings = typeof pt;

/**
 * The shape every translation of `fonte` must have: the same tree of keys, each leaf a non-empty string.
 * `arquivo` names the source file in the error when the source itself is not such a tree.
 */
export function esquemaDaFonte<T>(fonte: T, arquivo: string): z.ZodType<T> {
  const esquema = (modelo: unknown, onde: string): z.ZodType => {
    if (typeof modelo === 'string') return z.string().min(1);
    if (typeof modelo === 'object' && modelo !== null && !Array.isArray(modelo))
      return z.strictObject(
        Object.fromEntries(Object.entries(modelo).map(([k, v]) => [k, esquema(v, `${onde}.${k}`)])),
      );
    throw new Error(`${arquivo}: ${onde} is neither a string nor an object of strings`);
  };
  return esquema(fonte, 'raiz') as z.ZodType<T>;
}

/**
 * A translated set of texts in `dir` (`pt.json`, the source, and `en.json`): the shape taken from pt and
 * each language's file checked against it at load; the error names the file and every key.
 */
export function traducoes<T>(
  pt: T,
  en: unknown,
  dir: string,
): { esquema: z.ZodType<T>; textos: Record<Lang, T> } {
  const esquema = esquemaDaFonte(pt, `${dir}/pt.json`);
  const ler = (lang: Lang, conteudo: unknown): T => {
    const r = esquema.safeParse(conteudo);
    if (!r.success) {
      const where = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`${dir}/${lang}.json: ${where}`);
    }
    return r.data;
  };
  return { esquema, textos: { pt: ler('pt', pt), en: ler('en', en) } };
}

const UI = traducoes(pt, en, 'ui/src/translations');

/** The shape every translation must have, taken from the source language. */
export const StringsSchema = UI.esquema;
const STRINGS = UI.textos;

export function strings(lang: Lang): Strings {
  return STRINGS[lang];
}

/** One value per language, e.g. a page's texts with their message functions. */
export function porLingua<T>(f: (lang: Lang) => T): Record<Lang, T> {
  return { pt: f('pt'), en: f('en') };
}
