import { ARTEFATOS, caminhoDaEmpresa } from '@fundamentos/schemas/catalogo';
import { respondeComoSi } from '@fundamentos/schemas/tickers';
import { type Context, Hono } from 'hono';
import { type Build, buildAtual, cabecalhosDoArtefato, lerArtefato, tickersDe } from '../artefatos.ts';
import { responderPronto } from '../corpo-pronto.ts';
import { ErroApi, naoEncontrado } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { PorIndicador, PorLinhagem, PorTicker, QueryDeFatos, RECURSOS_DA_EMPRESA } from './declaracoes.ts';

type Resolucao = { cd: number } | { redirecionar: string };

async function resolver(bucket: R2Bucket, build: Build, codigo: string): Promise<Resolucao> {
  const mapa = await tickersDe(bucket, build);
  const achado = mapa?.[codigo];
  if (!achado) throw naoEncontrado(`Código de negociação desconhecido: ${codigo}.`);
  // only a code no longer traded redirects; a live class (ITUB3 beside ITUB4) answers for the company
  if (!respondeComoSi(codigo, achado)) return { redirecionar: achado.ticker_atual };
  return { cd: achado.cd_regulator };
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
  const a = await lerArtefato(bucket, build, caminhoDaEmpresa(r.cd, nomeDoRecurso));
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
