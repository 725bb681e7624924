import type { Lang } from '@fundamentos/ui/i18n/strings';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { type DetectorOptions, detectFromCookie, detectFromHeader } from 'hono/language';
import { parametrosInvalidos } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';

/** Cookie that remembers an explicit `?lang=` choice (only an explicit choice writes it). */
export const COOKIE_IDIOMA = 'lang';

// Hono's detector helpers read the cookie and the q-weighted Accept-Language ("pt-BR" → pt, "en-US" →
// en, q=0 skipped). Its middleware is not used: it would write the cookie for a header-detected language
// too and silently ignore an invalid `?lang`, and both go against the rules below.
const DETECTOR: DetectorOptions = {
  order: ['querystring', 'cookie', 'header'],
  lookupQueryString: 'lang',
  lookupCookie: COOKIE_IDIOMA,
  lookupFromHeaderKey: 'accept-language',
  lookupFromPathIndex: 0,
  caches: false,
  ignoreCase: true,
  supportedLanguages: ['pt', 'en'],
  fallbackLanguage: 'pt',
};

export type Origem = 'query' | 'caminho' | 'cookie' | 'cabecalho' | 'padrao';

function ehLang(v: string | undefined): v is Lang {
  return v === 'pt' || v === 'en';
}

/** `/en` and everything under `/en/` is the English copy of the site. */
export function ehCaminhoIngles(caminho: string): boolean {
  return caminho === '/en' || caminho.startsWith('/en/');
}

/** The un-prefixed (Portuguese) form of a path: `/en/acoes/X` → `/acoes/X`, `/en/` → `/`. */
export function semPrefixoIngles(caminho: string): string {
  if (caminho === '/en' || caminho === '/en/') return '/';
  return ehCaminhoIngles(caminho) ? caminho.slice(3) : caminho;
}

/**
 * The language of a request: `?lang=pt|en`, then an `/en/` path, then the cookie of an earlier explicit
 * choice, then `Accept-Language` (q-values honoured), else Portuguese. An invalid `lang` is ignored here;
 * pages refuse it with 422 (`langDaQuery`) and data routes validate their own query.
 */
export function resolverIdioma(c: Context<AppEnv>): { lang: Lang; origem: Origem } {
  const q = c.req.query('lang');
  if (ehLang(q)) return { lang: q, origem: 'query' };
  if (ehCaminhoIngles(c.req.path)) return { lang: 'en', origem: 'caminho' };
  const cookie = detectFromCookie(c, DETECTOR);
  if (ehLang(cookie)) return { lang: cookie, origem: 'cookie' };
  const cabecalho = detectFromHeader(c, DETECTOR);
  if (ehLang(cabecalho)) return { lang: cabecalho, origem: 'cabecalho' };
  return { lang: 'pt', origem: 'padrao' };
}

/** Sets `lang` on every request (data routes included: the receipt and key pages render with it). */
export const idioma = createMiddleware<AppEnv>(async (c, next) => {
  c.set('lang', resolverIdioma(c).lang);
  await next();
});

/** `?lang` of a page request: absent, pt or en; anything else (empty included) is a 422. */
export function langDaQuery(c: Context<AppEnv>): Lang | undefined {
  const valores = c.req.queries('lang');
  if (valores === undefined) return undefined;
  const [v] = valores;
  if (valores.length === 1 && ehLang(v)) return v;
  throw parametrosInvalidos([
    {
      local: 'query',
      nome: 'lang',
      mensagem: valores.length > 1 ? 'informe lang uma única vez' : 'esperado pt ou en',
      tipo: 'invalid_value',
    },
  ]);
}

/** Remembers an explicit choice for a year; `Secure` only over https so the local demo keeps it too. */
export function lembrarIdioma(c: Context<AppEnv>, lang: Lang): void {
  setCookie(c, COOKIE_IDIOMA, lang, {
    path: '/',
    maxAge: 365 * 24 * 3600,
    sameSite: 'Lax',
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

/** The query string of `url` without `lang` (and with `extra` set), `?`-prefixed or empty. */
export function queryCom(url: URL, extra: Record<string, string> = {}, sem: string[] = ['lang']): string {
  const p = new URLSearchParams(url.search);
  for (const k of sem) p.delete(k);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** `Content-Language` value of a copy. */
export function conteudoIdioma(lang: Lang): string {
  return lang === 'en' ? 'en' : 'pt-BR';
}
