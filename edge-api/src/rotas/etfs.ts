import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Context, Hono, type Next } from 'hono';
import { querJson } from '../aceita.ts';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { ErroApi, parametrosInvalidos } from '../erro-api.ts';
import { exigeChave } from '../middleware/cota.ts';
import type { AppEnv } from '../tipos.ts';
import { PorTicker } from './declaracoes.ts';

/** Same rule as the other data routes: a key, or a trial ticker (BOVA11) without one. */
const comChave = exigeChave({ degustacao: true });

/**
 * Validated inside the handler, not by a validator middleware: a request for the page must reach the
 * page layer untouched, even with a code this route would refuse.
 */
function tickerDe(c: Context<AppEnv>): string {
  const r = PorTicker.safeParse({ ticker: c.req.param('ticker') });
  if (r.success) return r.data.ticker;
  throw parametrosInvalidos(
    r.error.issues.map((i) => ({ local: 'path', nome: 'ticker', mensagem: i.message, tipo: i.code })),
  );
}

/**
 * `/etfs/{ticker}`: the stored `json/etfs/<ticker>/index.json` bytes when Accept asks
 * application/json; anything else goes on to the page layer (the ETF page is open). `Vary: Accept`
 * keeps a shared cache from giving the JSON to a browser; Cache-Control comes from the cache
 * middleware (public for 5 minutes without a key, as the spec lists /etfs/{ticker}).
 */
export const etfs = new Hono<AppEnv>().get('/:ticker', async (c, next: Next) => {
  if (!querJson(c.req.header('accept'))) return next();
  const ticker = tickerDe(c);
  await comChave(c, async () => {});
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
