import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../tipos.ts';

/** First middleware: every answer, errors included, carries `X-Request-Id`. */
export const idRequisicao = createMiddleware<AppEnv>(async (c, next) => {
  const id = crypto.randomUUID();
  c.set('idRequisicao', id);
  c.set('chave', null);
  c.header('X-Request-Id', id);
  await next();
});
