import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DECLARACOES, regexDoCaminho } from '../rotas/declaracoes.ts';
import type { AppEnv } from '../tipos.ts';

/**
 * Answers that may be cached publicly, and only when asked without a key: the routes declared
 * `cache: 'publico'` (the spec's list), by their path template.
 */
const CACHE_PUBLICO = DECLARACOES.filter((d) => d.cache === 'publico').map((d) => regexDoCaminho(d.caminho));

// Policy chosen by the static-page layer for the answer it built (see `cacheDePagina`), per request.
const politicasDePagina = new WeakMap<Context<AppEnv>, string>();

/**
 * Lets the static-page layer (src/paginas/estaticas.ts) choose the `Cache-Control` of a file of the site
 * build: the rule below still wins for a request with a key and for an answer outside 2xx/304.
 */
export function cacheDePagina(c: Context<AppEnv>, politica: string): void {
  politicasDePagina.set(c, politica);
}

/**
 * Sets `Cache-Control` last, on every answer: public for 5 minutes only on the routes declared so,
 * without a key and with a 2xx; files of the site build as the page layer chose; otherwise
 * `private, no-store` (every keyed request, everything under /empresas, every error and redirect).
 */
export const cache = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const caminho = c.req.path;
  const semChave = c.req.header('x-api-key') === undefined;
  const sucesso = c.res.status >= 200 && c.res.status < 300;
  const pagina = politicasDePagina.get(c);
  if (pagina !== undefined && semChave && (sucesso || c.res.status === 304)) {
    c.res.headers.set('Cache-Control', pagina);
    return;
  }
  const publico =
    semChave && sucesso && !caminho.startsWith('/empresas') && CACHE_PUBLICO.some((r) => r.test(caminho));
  c.res.headers.set('Cache-Control', publico ? 'public, max-age=300' : 'private, no-store');
});
