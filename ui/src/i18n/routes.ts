import type { Lang } from './strings.ts';

/**
 * Language rule of the static build: Portuguese lives at the root, English under `/en/`.
 * The edge maps `?lang=en` (or `Accept-Language` when `lang` is absent) to the `/en/` copy.
 */
export function langFromParam(param: string | undefined): Lang {
  if (param === undefined || param === '') return 'pt';
  if (param === 'en') return 'en';
  throw new Error(`unknown language segment "${param}"`);
}

/** `[...lang]` route parameter for each language: undefined → `/`, `en` → `/en/`. */
export function langParam(lang: Lang): string | undefined {
  return lang === 'pt' ? undefined : 'en';
}

export const LANG_PARAMS: { lang: string | undefined }[] = [{ lang: undefined }, { lang: 'en' }];

/** Site path (always starting with `/`, Portuguese form) → path in `lang`. */
export function href(lang: Lang, path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (lang === 'pt') return p;
  return p === '/' ? '/en/' : `/en${p}`;
}

/** Strips the `/en` prefix: the language-neutral path used for alternates and the language switch. */
export function neutralPath(pathname: string): string {
  if (pathname === '/en' || pathname === '/en/') return '/';
  const p = pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}
