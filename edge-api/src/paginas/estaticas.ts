import type { Lang } from '@fundamentos/ui/i18n/strings';
import { type Context, Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import type { StatusCode } from 'hono/utils/http-status';
import { ErroApi } from '../erro-api.ts';
import { cacheDePagina } from '../middleware/cache.ts';
import type { AppEnv } from '../tipos.ts';
import {
  conteudoIdioma,
  ehCaminhoIngles,
  langDaQuery,
  lembrarIdioma,
  queryCom,
  semPrefixoIngles,
} from './idioma.ts';
import { marcarPagina } from './layout.ts';
import { redirecionamento } from './redirecionamentos.ts';

/** Astro names these files by content hash: a new build gives new names, so they never change. */
const IMUTAVEL = 'public, max-age=31536000, immutable';
/** The spec's public lifetime; a page shows its `versao_do_dado`, so a stale copy says it is one. */
const PUBLICO = 'public, max-age=300';

/** HTML when the client ranks `text/html` (or `text/*`) above zero and at least as high as JSON. */
export function querHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let html = 0;
  let json = 0;
  for (const { type, q } of parseAccept(accept)) {
    const t = type.toLowerCase();
    if (t === 'text/html' || t === 'text/*') html = Math.max(html, q);
    if (t === 'application/json' || t === 'application/*') json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}

/** Pages (no extension, or the `.md` copies) have a copy per language; files such as CSS do not. */
function negociavel(caminho: string): boolean {
  const ultimo = caminho.slice(caminho.lastIndexOf('/') + 1);
  return !ultimo.includes('.') || ultimo.endsWith('.md');
}

/** Whether the site build holds `caminho` (a redirect of the trailing-slash rule counts as present). */
async function existe(c: Context<AppEnv>, caminho: string): Promise<boolean> {
  const r = await c.env.ASSETS.fetch(new URL(caminho, c.req.url), { method: 'HEAD' });
  return r.status < 400;
}

function redirecionar(c: Context<AppEnv>, destino: string): Response {
  c.header('Location', destino);
  return c.body(null, 302);
}

function cabecalhos(res: Response): Record<string, string> {
  const h: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    h[k] = v;
  });
  return h;
}

function ehHtml(res: Response): boolean {
  return res.headers.get('content-type')?.startsWith('text/html') ?? false;
}

function rotaDesconhecida(c: Context<AppEnv>): ErroApi {
  return new ErroApi(404, 'nao_encontrado', `Rota desconhecida: ${c.req.method} ${c.req.path}.`);
}

/**
 * Unknown page: the site's 404 page (the English one when the site has one and the path is English) with
 * status 404 for HTML clients; the API's JSON 404 for everyone else (curl's `*\/*`, JSON clients).
 */
async function naoEncontrada(c: Context<AppEnv>, ingles: boolean): Promise<Response> {
  c.header('Vary', 'Accept', { append: true });
  if (!querHtml(c.req.header('accept'))) throw rotaDesconhecida(c);
  const candidatas: [string, Lang][] = ingles
    ? [
        ['/en/404', 'en'],
        ['/404', 'pt'],
      ]
    : [['/404', 'pt']];
  for (const [caminho, lang] of candidatas) {
    const r = await c.env.ASSETS.fetch(new URL(caminho, c.req.url));
    if (r.status !== 200) continue;
    return c.newResponse(r.body, 404, {
      'Content-Type': r.headers.get('content-type') ?? 'text/html; charset=utf-8',
      'Content-Language': conteudoIdioma(lang),
    });
  }
  throw rotaDesconhecida(c);
}

/**
 * Every GET/HEAD no data route answered: the static site from `env.ASSETS` (Workers Static Assets).
 * Order: invalid `lang` → 422; old codes → 301 (src/paginas/redirecionamentos.ts); language
 * negotiation → 302 between the two copies; then the file of the copy, or the 404 page.
 */
export const paginas = new Hono<AppEnv>().get('*', marcarPagina, async (c) => {
  const url = new URL(c.req.url);
  const explicito = langDaQuery(c);
  const permanente = await redirecionamento(c);
  if (permanente) return permanente;

  const caminho = url.pathname;
  const ingles = ehCaminhoIngles(caminho);
  if (explicito) lembrarIdioma(c, explicito);
  if (ingles && explicito === 'pt') {
    return redirecionar(c, `${semPrefixoIngles(caminho)}${queryCom(url, { lang: 'pt' })}`);
  }
  if (!ingles && negociavel(caminho)) {
    // The same un-prefixed URL is a page for one reader and a 302 for another.
    c.header('Vary', 'Accept-Language, Cookie');
    if (c.get('lang') === 'en') {
      const copia = caminho === '/' ? '/en/' : `/en${caminho}`;
      if (await existe(c, copia)) return redirecionar(c, `${copia}${queryCom(url)}`);
    }
  }

  // `/en/` is the English home the site links to; the trailing-slash rule would send it to `/en` first.
  const arquivo = caminho === '/en/' ? new Request(new URL('/en', url), c.req.raw) : c.req.raw;
  const res = await c.env.ASSETS.fetch(arquivo);
  if (res.status === 404) return naoEncontrada(c, ingles);
  const h = cabecalhos(res);
  if (ehHtml(res)) h['Content-Language'] = conteudoIdioma(ingles ? 'en' : 'pt');
  // `/fiis/{t}` and `/etfs/{t}` are JSON for `Accept: application/json` and this page otherwise: a cache
  // must keep the two apart.
  if (/^(\/en)?\/(fiis|etfs)\//.test(caminho)) c.header('Vary', 'Accept', { append: true });
  // An answer that sets the language cookie is personal; otherwise the file is the same for everyone.
  cacheDePagina(c, explicito ? 'private, no-store' : caminho.startsWith('/_astro/') ? IMUTAVEL : PUBLICO);
  return c.newResponse(res.body, res.status as StatusCode, h);
});
