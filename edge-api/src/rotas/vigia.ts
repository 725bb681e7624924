import { Hono } from 'hono';
import { buildAtual } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { responderEventos } from '../vigia/selecao.ts';
import { ConsultaEventosSchema } from './declaracoes.ts';

/**
 * `GET /vigia/eventos` (open, no quota): the watcher's events from `json/vigia/eventos.json`. The cache
 * middleware makes an answer without a key `public, max-age=300`.
 */
export const vigia = new Hono<AppEnv>().get(
  '/eventos',
  validar('query', ConsultaEventosSchema),
  async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    c.header('X-Versao-Do-Dado', build.atual.versao_do_dado);
    return c.json(await responderEventos(c.env.ARTEFATOS, build, c.req.valid('query')));
  },
);
