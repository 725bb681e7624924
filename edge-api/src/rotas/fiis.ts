import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Context, Hono, type Next } from 'hono';
import { querJson } from '../aceita.ts';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { conferir, validar } from '../validacao.ts';
import { PorTicker, QueryDeIdioma } from './declaracoes.ts';

/**
 * The path's code, validated inside the handler rather than by a validator middleware: a request for
 * the page must reach the page layer untouched, even with a code this route would refuse.
 */
const tickerDe = (c: Context<AppEnv>): string =>
  conferir('param', PorTicker, { ticker: c.req.param('ticker') }).ticker;

/** Artefact path of one fund resource; the manifest lists it only for funds with a trading code. */
const caminho = (ticker: string, recurso: 'index' | 'reapresentacoes') =>
  (recurso === 'index' ? ARTEFATOS.fii : ARTEFATOS.fii_reapresentacoes).caminho({ ticker });

function fundoDesconhecido(ticker: string, versao: string): ErroApi {
  return new ErroApi(404, 'nao_encontrado', `Nenhum FII com o código ${ticker} no build ${versao}.`);
}

/**
 * The stored artefact's bytes. The same address also serves the HTML page, so `Vary: Accept` keeps a
 * shared cache from giving the JSON to a browser (or the page to a client that asked for JSON).
 */
async function responder(c: Context<AppEnv>, ticker: string, recurso: 'index' | 'reapresentacoes') {
  const bucket = c.env.ARTEFATOS;
  const build = await buildAtual(bucket);
  const a = await lerArtefato(bucket, build, caminho(ticker, recurso));
  if (a === null) throw fundoDesconhecido(ticker, build.atual.versao_do_dado);
  return c.body(a.corpo.body, 200, { ...cabecalhosDoArtefato(a, build), Vary: 'Accept' });
}

/**
 * Spec: JSON only when Accept asks application/json; anything else goes on to the page layer, which
 * serves the fund page. The key rule applies only to the JSON answer (the page is open).
 */
export const fiis = new Hono<AppEnv>()
  .get('/:ticker', async (c, next: Next) => {
    if (!querJson(c.req.header('accept'))) return next();
    // The key (or the trial ticker MXRF11) was checked by the access middleware, for JSON requests only.
    return responder(c, tickerDe(c), 'index');
  })
  .get('/:ticker/reapresentacoes', async (c, next: Next) => {
    if (!querJson(c.req.header('accept'))) return next();
    return responder(c, tickerDe(c), 'reapresentacoes');
  })
  .get('/:ticker/dividendos', validar('param', PorTicker), validar('query', QueryDeIdioma), async (c) => {
    const { ticker } = c.req.valid('param');
    const build = await buildAtual(c.env.ARTEFATOS);
    if (!build.porCaminho.has(caminho(ticker, 'index')))
      throw fundoDesconhecido(ticker, build.atual.versao_do_dado);
    // `lang` is kept as given; Accept-Language is negotiated again by the page itself, so the 301
    // never carries a negotiated choice and may be cached whatever the header was.
    const lang = c.req.valid('query').lang;
    return c.redirect(`/fiis/${ticker}${lang === undefined ? '' : `?lang=${lang}`}#dy`, 301);
  });
