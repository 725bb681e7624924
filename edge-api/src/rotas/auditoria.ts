import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Context, Hono } from 'hono';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { amostra, menu, N_PADRAO } from '../auditoria/amostra.ts';
import { ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { PorDepAmort, PorSeed, PorSeedEN, QueryDeAmostra, QueryDeN } from './declaracoes.ts';

async function responderAmostra(c: Context<AppEnv>, s: number, k: number | undefined) {
  const build = await buildAtual(c.env.ARTEFATOS);
  c.header('X-Versao-Do-Dado', build.atual.versao_do_dado);
  return c.json(await amostra(c.env.ARTEFATOS, build, s, k ?? N_PADRAO, c.req.url));
}

async function artefato(c: Context<AppEnv>, caminho: string, oQue: string) {
  const build = await buildAtual(c.env.ARTEFATOS);
  const a = await lerArtefato(c.env.ARTEFATOS, build, caminho);
  if (a === null)
    throw new ErroApi(
      404,
      'recurso_nao_publicado',
      `${oQue} não publicado no build ${build.atual.versao_do_dado}.`,
    );
  return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
}

/** Open audit routes. The sample aliases (query and path forms, `random` and `amostra`) answer the same bytes. */
export const auditoria = new Hono<AppEnv>().get('/random', validar('query', QueryDeAmostra), async (c) => {
  const q = c.req.valid('query');
  if (q.seed === undefined) {
    const build = await buildAtual(c.env.ARTEFATOS);
    c.header('X-Versao-Do-Dado', build.atual.versao_do_dado);
    return c.json(await menu(c.env.ARTEFATOS, build, c.req.url));
  }
  return responderAmostra(c, q.seed, q.n);
});

for (const nome of ['random', 'amostra']) {
  auditoria
    .get(`/${nome}/:seed`, validar('param', PorSeed), validar('query', QueryDeN), (c) =>
      responderAmostra(c, c.req.valid('param').seed, c.req.valid('query').n),
    )
    .get(`/${nome}/:seed/:n`, validar('param', PorSeedEN), (c) => {
      const p = c.req.valid('param');
      return responderAmostra(c, p.seed, p.n);
    });
}

auditoria.get('/dep_amort/:cd_regulator/:ano', validar('param', PorDepAmort), (c) => {
  const { cd_regulator: cd, ano } = c.req.valid('param');
  const p = { cd, ano };
  return artefato(
    c,
    ARTEFATOS.auditoria_dep_amort.caminho({ cd: p.cd, ano: p.ano }),
    `Auditoria de D&A de ${p.cd} em ${p.ano}`,
  );
});

/** `/desafio`: open even for paid tickers (spec). */
export const desafio = new Hono<AppEnv>().get('/', (c) =>
  artefato(c, ARTEFATOS.desafio.caminho(), 'Desafio'),
);
