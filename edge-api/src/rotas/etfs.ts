import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { Hono, type Next } from 'hono';
import { querJson } from '../aceita.ts';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { conferir } from '../validacao.ts';
import { PorTicker } from './declaracoes.ts';

/**
 * `/etfs/{ticker}`: the stored `json/etfs/<ticker>/index.json` bytes when Accept asks
 * application/json; anything else goes on to the page layer (the ETF page is open). `Vary: Accept`
 * keeps a shared cache from giving the JSON to a browser; Cache-Control comes from the cache
 * middleware (public for 5 minutes without a key, as the spec lists /etfs/{ticker}).
 */
export const etfs = new Hono<AppEnv>().get('/:ticker', async (c, next: Next) => {
  if (!querJson(c.req.header('accept'))) return next();
  // Checked here, not by a validator middleware: a request for the page reaches the page layer untouched.
  // The key (or the trial ticker BOVA11) was checked by the access middleware, for JSON requests only.
  const { ticker } = conferir('param', PorTicker, { ticker: c.req.param('ticker') });
  const bucket = c.env.ARTEFATOS;
  const build = await buildAtual(bucket);
  const a = await lerArtefato(bucket, build, ARTEFATOS.etf.caminho({ ticker }));
  if (a === null)
    throw new ErroApi(
      404,
      'nao_encontrado',
      `Nenhum ETF com o código ${ticker} no build ${build.atual.versao_do_dado}.`,
    );
  return c.body(a.corpo.body, 200, { ...cabecalhosDoArtefato(a, build), Vary: 'Accept' });
});
