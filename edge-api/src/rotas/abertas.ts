import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Info, InfoSchema } from '@fundamentos/schemas/info';
import { SaudeSchema } from '@fundamentos/schemas/saude';
import { Hono } from 'hono';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { LIMITE_DIARIO } from '../chave-formato.ts';
import { DEGUSTACAO, ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { DECLARACOES } from './declaracoes.ts';

/** Routes this worker answers, as /info publishes them: every declaration (src/rotas/declaracoes.ts). */
const ROTAS: Info['rotas'] = DECLARACOES.map((d) => ({
  metodo: d.metodo === 'get' ? 'GET' : 'POST',
  caminho: d.caminho,
  acesso: d.acesso,
  o_que: d.o_que,
}));

/** Open routes: no key, no quota. */
export const abertas = new Hono<AppEnv>()
  .get('/saude', async (c) => {
    // The live version, as read from current.json at most ATUAL_TTL_MS ago (docs/architecture.md, caches).
    const build = await buildAtual(c.env.ARTEFATOS);
    return c.json(
      SaudeSchema.parse({
        ok: true,
        versao_do_dado: build.atual.versao_do_dado,
        construido_em: build.manifesto.criado_em,
        verificado_em: new Date().toISOString(),
      }),
    );
  })
  .get('/info', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const chaveGratis = new URL('/chave-gratis', c.req.url).toString();
    return c.json(
      InfoSchema.parse({
        servico: 'fundamentos-br',
        versao_api: '0.1.0',
        versao_do_dado: build.atual.versao_do_dado,
        rotas: ROTAS,
        planos: [
          { plano: 'gratis', chamadas_por_dia: LIMITE_DIARIO.free, como_obter: chaveGratis },
          {
            plano: 'pro',
            chamadas_por_dia: LIMITE_DIARIO.pro,
            como_obter: new URL('/assinar', c.req.url).toString(),
          },
        ],
        degustacao_aberta: [...DEGUSTACAO],
        nota: 'Chave no cabeçalho X-API-Key. A cota diária recomeça à meia-noite de America/Sao_Paulo. Máximos: limite 1000 (/screener) e 5000 (/vigia/eventos), n 100 (auditoria). Conteúdo descritivo, não é recomendação de investimento.',
      }),
    );
  })
  .get('/dicionario', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await lerArtefato(c.env.ARTEFATOS, build, ARTEFATOS.dicionario.caminho());
    if (a === null) throw new ErroApi(404, 'recurso_nao_publicado', 'Dicionário não publicado neste build.');
    return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
  })
  .get('/auditoria/universo', async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await lerArtefato(c.env.ARTEFATOS, build, ARTEFATOS.universo_auditoria.caminho());
    if (a === null)
      throw new ErroApi(404, 'recurso_nao_publicado', 'Universo de auditoria não publicado neste build.');
    return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
  });
