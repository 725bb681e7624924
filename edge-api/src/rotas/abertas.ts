import { Hono } from 'hono';
import { buildAtual, cabecalhosDoArtefato, lerArtefato, lerAtual } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import { LIMITES } from '../limites.ts';
import type { AppEnv } from '../tipos.ts';

/** Open routes: no key, no quota. */
export const abertas = new Hono<AppEnv>()
  .get('/saude', async (c) => {
    const atual = await lerAtual(c.env.ARTEFATOS);
    return c.json({
      status: 'ok',
      versao_do_dado: atual.versao_do_dado,
      verificado_em: new Date().toISOString(),
    });
  })
  .get('/info', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    return c.json({
      servico: 'fundamentos-br',
      descricao:
        'Fundamentos de companhias abertas, FIIs e ETFs brasileiros recalculados dos arquivos públicos do regulador. Conteúdo descritivo, não é recomendação de investimento.',
      versao_do_dado: build.atual.versao_do_dado,
      build_criado_em: build.manifesto.criado_em,
      artefatos_publicados: build.manifesto.artefatos.length,
      autenticacao: { cabecalho: 'X-API-Key', chave_gratis: new URL('/chave-gratis', c.req.url).toString() },
      ...LIMITES,
    });
  })
  .get('/dicionario', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await lerArtefato(c.env.ARTEFATOS, build, 'json/dicionario.json');
    if (a === null) throw new ErroApi(404, 'recurso_nao_publicado', 'Dicionário não publicado neste build.');
    return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
  })
  .get('/auditoria/universo', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await lerArtefato(c.env.ARTEFATOS, build, 'auditoria/universo.txt');
    if (a === null)
      throw new ErroApi(404, 'recurso_nao_publicado', 'Universo de auditoria não publicado neste build.');
    return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
  });
