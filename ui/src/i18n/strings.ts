import { z } from 'zod';
import en from '../translations/en.json' with { type: 'json' };
import pt from '../translations/pt.json' with { type: 'json' };

export const LANGS = ['pt', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * Portuguese is the source language: `pt.json` defines the keys, and every other language must have exactly
 * the same tree of non-empty strings (a missing or extra key fails the build). Placeholders and plural forms
 * are ICU messages, checked against the Portuguese ones by ./strings.test.ts and filled by `mensagem`
 * (./mensagem.ts).
 */
export type Strings = typeof pt;

function esquemaDe(modelo: unknown, onde: string): z.ZodType {
  if (typeof modelo === 'string') return z.string().min(1);
  if (typeof modelo === 'object' && modelo !== null && !Array.isArray(modelo)) {
    const forma = Object.fromEntries(
      Object.entries(modelo).map(([k, v]) => [k, esquemaDe(v, `${onde}.${k}`)]),
    );
    return z.strictObject(forma);
  }
  throw new Error(`ui/src/translations/pt.json: ${onde} is neither a string nor an object of strings`);
}

/** The shape every translation must have, taken from the source language. */
export const StringsSchema = esquemaDe(pt, 'pt') as z.ZodType<Strings>;

function parse(lang: Lang, raw: unknown): Strings {
  const r = StringsSchema.safeParse(raw);
  if (!r.success) {
    const where = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`ui/src/translations/${lang}.json: ${where}`);
  }
  return r.data;
}

const STRINGS: Record<Lang, Strings> = { pt: parse('pt', pt), en: parse('en', en) };

export function strings(lang: Lang): Strings {
  return STRINGS[lang];
}
