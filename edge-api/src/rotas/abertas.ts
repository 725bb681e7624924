import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Info, InfoSchema } from '@fundamentos/schemas/info';
import { SaudeSchema } from '@fundamentos/schemas/saude';
import { Hono } from 'hono';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { LIMITE_DIARIO } from '../chave-formato.ts';
import { DEGUSTACAO, ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';

/** Routes this worker answers today, as /info publishes them. */
const ROTAS: Info['rotas'] = [
  { metodo: 'GET', caminho: '/saude', acesso: 'aberta', o_que: 'saúde do serviço e versão do dado ao vivo' },
  { metodo: 'GET', caminho: '/info', acesso: 'aberta', o_que: 'esta descrição' },
  { metodo: 'GET', caminho: '/empresas', acesso: 'aberta', o_que: 'lista de empresas' },
  { metodo: 'GET', caminho: '/empresas/{ticker}', acesso: 'aberta', o_que: 'índice da empresa' },
  ...[
    'indicadores',
    'indicadores/{nome}',
    'multiplos',
    'dividendos',
    'reapresentacoes',
    'fatos',
    'scores',
    'trimestres',
  ].map((r) => ({
    metodo: 'GET' as const,
    caminho: `/empresas/{ticker}/${r}`,
    acesso: 'chave' as const,
    o_que: `recurso ${r} da empresa (sem chave: só tickers de degustação)`,
  })),
  {
    metodo: 'GET',
    caminho: '/empresas/{ticker}/veredito',
    acesso: 'aberta',
    o_que: 'veredito determinístico',
  },
  {
    metodo: 'GET',
    caminho: '/empresas/{ticker}/linhagem/{ano}/{indicador}',
    acesso: 'aberta',
    o_que: 'linhagem de um valor de indicador',
  },
  { metodo: 'GET', caminho: '/dicionario', acesso: 'aberta', o_que: 'metodologia por indicador e flags' },
  {
    metodo: 'GET',
    caminho: '/auditoria/universo',
    acesso: 'aberta',
    o_que: 'universo sorteável (text/plain)',
  },
  { metodo: 'GET', caminho: '/dump', acesso: 'chave', o_que: 'índice dos conjuntos exportáveis' },
  { metodo: 'GET', caminho: '/dump/{conjunto}.csv', acesso: 'pro', o_que: 'um conjunto inteiro em CSV' },
  {
    metodo: 'GET',
    caminho: '/dump/{conjunto}.parquet',
    acesso: 'pro',
    o_que: 'o mesmo conjunto em Parquet (colunas tipadas)',
  },
  {
    metodo: 'GET',
    caminho: '/qualidade.json',
    acesso: 'aberta',
    o_que: 'relatório de qualidade do build servido: invariantes, contagens, falhas, quarentena',
  },
  { metodo: 'POST', caminho: '/chave-gratis', acesso: 'aberta', o_que: 'cria uma chave grátis' },
  { metodo: 'GET', caminho: '/recibo/{id}.json', acesso: 'aberta', o_que: 'recibo congelado de um screener' },
  {
    metodo: 'GET',
    caminho: '/recibo/{rid}',
    acesso: 'aberta',
    o_que: 'recibo: JSON, ou página com Accept: text/html',
  },
  {
    metodo: 'GET',
    caminho: '/screener',
    acesso: 'chave',
    o_que: 'screener sobre o universo inteiro; recibo=true congela a resposta',
  },
  {
    metodo: 'GET',
    caminho: '/auditoria/random',
    acesso: 'aberta',
    o_que: 'sem seed: menu; com seed: amostra determinística',
  },
  ...[
    '/auditoria/random/{seed}',
    '/auditoria/random/{seed}/{n}',
    '/auditoria/amostra/{seed}',
    '/auditoria/amostra/{seed}/{n}',
  ].map((caminho) => ({
    metodo: 'GET' as const,
    caminho,
    acesso: 'aberta' as const,
    o_que: 'amostra determinística para auditoria',
  })),
  {
    metodo: 'GET',
    caminho: '/auditoria/dep_amort/{cd_regulator}/{ano}',
    acesso: 'aberta',
    o_que: 'linhas candidatas a D&A com a decisão',
  },
  { metodo: 'GET', caminho: '/desafio', acesso: 'aberta', o_que: 'casos difíceis com o valor servido hoje' },
  {
    metodo: 'GET',
    caminho: '/hoje',
    acesso: 'aberta',
    o_que: 'o que mudou nos últimos dias dos dados: HTML; JSON com Accept: application/json',
  },
  {
    metodo: 'GET',
    caminho: '/fiis/{ticker}',
    acesso: 'chave',
    o_que: 'FII: JSON com Accept: application/json; sem ele, a página do fundo',
  },
  {
    metodo: 'GET',
    caminho: '/fiis/{ticker}/reapresentacoes',
    acesso: 'aberta',
    o_que: 'reapresentações do FII: JSON com Accept: application/json',
  },
  {
    metodo: 'GET',
    caminho: '/fiis/{ticker}/dividendos',
    acesso: 'aberta',
    o_que: '301 para a seção de rendimentos da página do fundo',
  },
  {
    metodo: 'GET',
    caminho: '/etfs/{ticker}',
    acesso: 'chave',
    o_que: 'ETF: JSON com Accept: application/json; sem ele, a página do ETF',
  },
  ...[
    ['/procurar', 'busca por código, nome, código CVM ou CNPJ (página; código exato: 302)'],
    ['/comparar/{cod_a}/{cod_b}', 'duas empresas lado a lado (página)'],
    ['/carteira', 'carteira pela URL, nada guardado (página; o formulário responde 303)'],
  ].map(([caminho = '', o_que = '']) => ({
    metodo: 'GET' as const,
    caminho,
    acesso: 'aberta' as const,
    o_que,
  })),
  {
    metodo: 'POST',
    caminho: '/carteira',
    acesso: 'aberta',
    o_que: 'formulário da carteira: 303 ao endereço canônico',
  },
  {
    metodo: 'GET',
    caminho: '/vigia/eventos',
    acesso: 'aberta',
    o_que: 'eventos do vigia (ticker, tipo, desde, limite, classe=fiis|etfs)',
  },
  ...[
    ['/vigia', 'últimos eventos do vigia, com filtros (página)'],
    ['/vigia/{ticker}', 'todos os eventos de uma empresa ou fundo (página; código antigo: 301)'],
    ['/vigia/semana/{semana}', 'eventos de uma semana ISO AAAA-SS, o conteúdo do e-mail semanal (página)'],
  ].map(([caminho = '', o_que = '']) => ({
    metodo: 'GET' as const,
    caminho,
    acesso: 'aberta' as const,
    o_que,
  })),
  {
    metodo: 'GET',
    caminho: '/assinar',
    acesso: 'aberta',
    o_que: 'planos e confirmação de um plano (página); nada é cobrado',
  },
  {
    metodo: 'POST',
    caminho: '/assinar/confirmar',
    acesso: 'aberta',
    o_que: 'confirmação do plano: cria o checkout no Stripe e responde 303 a ele',
  },
  {
    metodo: 'POST',
    caminho: '/assinar/webhook',
    acesso: 'aberta',
    o_que: 'webhook do Stripe (assinatura verificada): emite a chave Pro uma vez e a envia por e-mail',
  },
  {
    metodo: 'POST',
    caminho: '/portal',
    acesso: 'pro',
    o_que: 'portal do cliente no Stripe (JSON com a URL)',
  },
  {
    metodo: 'POST',
    caminho: '/acompanhar',
    acesso: 'aberta',
    o_que: 'acompanhar uma empresa por e-mail: pedido pendente e mensagem de confirmação',
  },
  {
    metodo: 'GET',
    caminho: '/acompanhar/confirmar',
    acesso: 'aberta',
    o_que: 'confirmação de um pedido (link da mensagem)',
  },
  {
    metodo: 'GET',
    caminho: '/acompanhar/cancelar',
    acesso: 'aberta',
    o_que: 'cancelamento sem login (link de toda mensagem)',
  },
  { metodo: 'GET', caminho: '/openapi.json', acesso: 'aberta', o_que: 'documento OpenAPI 3.1' },
  { metodo: 'GET', caminho: '/docs', acesso: 'aberta', o_que: 'documentação interativa' },
  {
    metodo: 'POST',
    caminho: '/mcp',
    acesso: 'aberta',
    o_que: 'conector MCP (JSON-RPC 2.0); ferramentas com as mesmas chaves e cotas',
  },
];

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
