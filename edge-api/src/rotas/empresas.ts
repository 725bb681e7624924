import { ARTEFATOS, caminhoDaEmpresa } from '@fundamentos/schemas/catalogo';
import { respondeComoSi } from '@fundamentos/schemas/tickers';
import { type Context, Hono } from 'hono';
import { type Build, buildAtual, cabecalhosDoArtefato, lerArtefato, tickersDe } from '../artefatos.ts';
import { responderPronto } from '../corpo-pronto.ts';
import { ErroApi, naoEncontrado } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { PorIndicador, PorLinhagem, PorTicker, QueryDeFatos, RECURSOS_DA_EMPRESA } from './declaracoes.ts';

/** `classe`: the code asked for when it is a live class other than the main code (ITUB3 beside ITUB4). */
type Resolucao = { cd: number; classe: string | null } | { redirecionar: string };

async function resolver(bucket: R2Bucket, build: Build, codigo: string): Promise<Resolucao> {
  const mapa = await tickersDe(bucket, build);
  const achado = mapa?.[codigo];
  if (!achado) throw naoEncontrado(`Código de negociação desconhecido: ${codigo}.`);
  // only a code no longer traded redirects; a live class (ITUB3 beside ITUB4) answers for the company
  if (!respondeComoSi(codigo, achado)) return { redirecionar: achado.ticker_atual };
  return { cd: achado.cd_regulator, classe: codigo === achado.ticker_atual ? null : codigo };
}

/** Answers the company's artefact `recurso` (also for a live class), or 301 from a code no longer traded to the current one. */
async function recurso(c: Context<AppEnv>, codigo: string, nomeDoRecurso: string): Promise<Response> {
  const bucket = c.env.ARTEFATOS;
  const build = await buildAtual(bucket);
  const r = await resolver(bucket, build, codigo);
  if ('redirecionar' in r) {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/^\/empresas\/[^/]+/, `/empresas/${r.redirecionar}`);
    return c.redirect(`${url.pathname}${url.search}`, 301);
  }
  // a live class's multiples carry its own price and per-share multiples; a build made before the
  // per-class artefact existed answers the company's
  const daClasse =
    r.classe !== null && nomeDoRecurso === 'multiplos'
      ? await lerArtefato(bucket, build, ARTEFATOS.multiplos_classe.caminho({ cd: r.cd, ticker: r.classe }))
      : null;
  const a = daClasse ?? (await lerArtefato(bucket, build, caminhoDaEmpresa(r.cd, nomeDoRecurso)));
  if (a === null) {
    throw new ErroApi(
      404,
      'recurso_nao_publicado',
      `O recurso ${nomeDoRecurso} de ${codigo} não foi publicado no build ${build.atual.versao_do_dado}.`,
    );
  }
  return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
}

export const empresas = new Hono<AppEnv>()
  // The open index, asked on every visit: answered from a copy prepared once per version (gzip, 304).
  .get('/', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const r = await responderPronto(c, build, ARTEFATOS.empresas.caminho());
    if (r === null)
      throw new ErroApi(404, 'recurso_nao_publicado', 'Lista de empresas não publicada neste build.');
    return r;
  })
  .get('/:ticker', validar('param', PorTicker), (c) => recurso(c, c.req.valid('param').ticker, 'index'))
  .get('/:ticker/veredito', validar('param', PorTicker), (c) =>
    recurso(c, c.req.valid('param').ticker, 'veredito'),
  )
  .get('/:ticker/linhagem/:ano/:indicador', validar('param', PorLinhagem), (c) => {
    const p = c.req.valid('param');
    return recurso(c, p.ticker, `linhagem/${p.ano}/${p.indicador}`);
  })
  .get('/:ticker/indicadores/:nome', validar('param', PorIndicador), (c) => {
    const p = c.req.valid('param');
    return recurso(c, p.ticker, `indicadores/${p.nome}`);
  })
  .get('/:ticker/fatos', validar('param', PorTicker), validar('query', QueryDeFatos), (c) => {
    const trimestral = c.req.valid('query').trimestral === 'true';
    return recurso(c, c.req.valid('param').ticker, trimestral ? 'fatos_trimestrais' : 'fatos');
  });

for (const nome of RECURSOS_DA_EMPRESA) {
  empresas.get(`/:ticker/${nome}`, validar('param', PorTicker), (c) =>
    recurso(c, c.req.valid('param').ticker, nome),
  );
}
