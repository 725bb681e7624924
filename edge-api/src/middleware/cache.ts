import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../tipos.ts';

/** The spec's list of answers that may be cached publicly, and only when asked without a key. */
const CACHE_PUBLICO = [
  /^\/recibo\/[^/]+\.json$/,
  /^\/vigia\/eventos$/,
  /^\/fiis\/[^/]+\/reapresentacoes$/,
  /^\/fiis\/[^/]+$/,
  /^\/etfs\/[^/]+$/,
];

/**
 * Sets `Cache-Control` last, on every answer: public for 5 minutes only on the listed routes,
 * without a key and with a 2xx; otherwise `private, no-store` (every keyed request, everything
 * under /empresas, every error).
 */
export const cache = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const caminho = c.req.path;
  const semChave = c.req.header('x-api-key') === undefined;
  const publico =
    semChave &&
    c.res.status >= 200 &&
    c.res.status < 300 &&
    !caminho.startsWith('/empresas') &&
    CACHE_PUBLICO.some((r) => r.test(caminho));
  c.res.headers.set('Cache-Control', publico ? 'public, max-age=300' : 'private, no-store');
});
