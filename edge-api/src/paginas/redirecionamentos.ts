import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { respondeComoSi } from '@fundamentos/schemas/tickers';
import type { Context } from 'hono';
import { type Build, buildAtual, jsonDoCatalogo, tickersDe } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { queryCom } from './idioma.ts';

// `/acoes/{code}` and `/quanto-rendeu/{code}`, optionally under `/en` and with a tail (`/margem`, ...).
const PAGINA_DE_CODIGO = /^(\/en)?\/(acoes|quanto-rendeu)\/([^/]+)(\/.*)?$/;

/** The live build, or null when none is published (the static page then answers on its own). */
async function buildOuNada(bucket: R2Bucket): Promise<Build | null> {
  try {
    return await buildAtual(bucket);
  } catch (e) {
    if (e instanceof ErroApi) return null;
    throw e;
  }
}

function decodificar(segmento: string): string | null {
  try {
    return decodeURIComponent(segmento);
  } catch {
    return null;
  }
}

/**
 * Permanent redirects of page paths, decided from the live build before any static file is looked up
 * (the site's meta-refresh pages for old codes stay for the static preview server only):
 *
 * - `/acoes/{old}[/...]` → 301 `/acoes/{current}[/...]?de={old}` from `json/tickers.json` when `old` is
 *   no longer traded; a live class (ITUB3 beside ITUB4) has its own company pages; a current or live
 *   code written in lower case → 301 to its upper-case form without `de`;
 * - `/quanto-rendeu/{code}[/...]` → 301 to the company's main code (`ticker` in `json/empresas.json`)
 *   when `code` is an old code or another class of the same company.
 *
 * The `/en` prefix and the rest of the query are kept. The answer does not depend on the language,
 * so a 301 never carries a negotiated choice.
 */
export async function redirecionamento(c: Context<AppEnv>): Promise<Response | null> {
  const m = PAGINA_DE_CODIGO.exec(c.req.path);
  if (!m) return null;
  const [, en = '', tipo, bruto = '', resto = ''] = m;
  const codigo = decodificar(bruto);
  if (codigo === null) return null;
  const build = await buildOuNada(c.env.ARTEFATOS);
  if (build === null) return null;
  const tickers = await tickersDe(c.env.ARTEFATOS, build);
  const entrada = tickers?.[codigo.toUpperCase()];
  if (!entrada) return null;
  const url = new URL(c.req.url);
  let alvo: string;
  let query: string;
  if (tipo === 'acoes') {
    // a live class has its own company pages (site: paginasDeEmpresa); only a code no longer traded goes
    // to the main code
    alvo = respondeComoSi(codigo.toUpperCase(), entrada) ? codigo.toUpperCase() : entrada.ticker_atual;
    const antigo = codigo.toUpperCase() !== alvo;
    query = queryCom(url, antigo ? { de: codigo.toUpperCase() } : {}, antigo ? ['de'] : []);
  } else {
    const empresas = await jsonDoCatalogo(c.env.ARTEFATOS, build, ARTEFATOS.empresas);
    const principal = empresas?.find((e) => e.cd_regulator === entrada.cd_regulator)?.ticker;
    if (principal === undefined) return null;
    alvo = principal;
    query = queryCom(url, {}, []);
  }
  if (alvo === codigo) return null;
  c.header('Location', `${en}/${tipo}/${encodeURIComponent(alvo)}${resto}${query}`);
  return c.body(null, 301);
}
