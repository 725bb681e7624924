import { Hono } from 'hono';
import { acompanhar, carimbarFormulario } from './contas/acompanhar.ts';
import { agendado } from './contas/agendado.ts';
import { assinar, webhookStripe } from './contas/assinar.ts';
import { portal } from './contas/portal.ts';
import { ErroApi } from './erro-api.ts';
import { criarMcp } from './mcp/rota.ts';
import { acesso } from './middleware/acesso.ts';
import { cache } from './middleware/cache.ts';
import { chave } from './middleware/chave.ts';
import { idRequisicao } from './middleware/id-requisicao.ts';
import { carteira } from './paginas/carteira.ts';
import { comparar } from './paginas/comparar.ts';
import { paginas } from './paginas/estaticas.ts';
import { idioma } from './paginas/idioma.ts';
import { paginaDeErro } from './paginas/layout.ts';
import { procurar } from './paginas/procurar.ts';
import { paginasVigia } from './paginas/vigia.ts';
import { abertas } from './rotas/abertas.ts';
import { auditoria, desafio } from './rotas/auditoria.ts';
import { chaveGratis } from './rotas/chave-gratis.ts';
import { documentacao } from './rotas/documentacao.ts';
import { dump } from './rotas/dump.ts';
import { empresas } from './rotas/empresas.ts';
import { etfs } from './rotas/etfs.ts';
import { fiis } from './rotas/fiis.ts';
import { hoje } from './rotas/hoje.ts';
import { qualidade } from './rotas/qualidade.ts';
import { recibos } from './rotas/recibos.ts';
import { screener } from './rotas/screener.ts';
import { vigia } from './rotas/vigia.ts';
import type { AppEnv } from './tipos.ts';

export { QuotaCounter } from './quota-counter.ts';

// Order: request id → cache headers (wraps everything, errors included) → page language → key →
// declared access and quota (src/middleware/acesso.ts) → per-route validator → handler.
const app = new Hono<AppEnv>();
app.use(idRequisicao, cache, idioma, chave, acesso);

app.route('/', abertas);
app.route('/empresas', empresas);
app.route('/dump', dump);
app.route('/chave-gratis', chaveGratis);
app.route('/recibo', recibos);
// The receipt page's English copy, so the shell's language switch has somewhere to go.
app.route('/en/recibo', recibos);
app.route('/screener', screener);
app.route('/auditoria', auditoria);
app.route('/desafio', desafio);
app.route('/hoje', hoje);
app.route('/en/hoje', hoje);
app.route('/etfs', etfs);
app.route('/fiis', fiis);
app.route('/vigia', vigia);
app.route('/', qualidade);
app.route('/', documentacao);
// Accounts and mail (src/contas/, docs/contas.md): Stripe's webhook, the customer portal, and the subscribe
// and follow pages in both copies; the company pages' follow form gets its signed time stamp on the way out.
app.route('/assinar/webhook', webhookStripe);
app.route('/portal', portal);
for (const prefixo of ['', '/en'])
  app.route(`${prefixo}/assinar`, assinar).route(`${prefixo}/acompanhar`, acompanhar);
app.use('/acoes/*', carimbarFormulario).use('/en/acoes/*', carimbarFormulario);
// Pages rendered per request, in both languages (the `/en` copies get their language from the prefix).
for (const prefixo of ['/', '/en'])
  app.route(prefixo, procurar).route(prefixo, comparar).route(prefixo, carteira).route(prefixo, paginasVigia);
// MCP tools call the routes above through the app itself, so keys and quotas are the API's.
app.route(
  '/mcp',
  criarMcp((req, env, ctx) => app.fetch(req, env, ctx)),
);
// Last: every GET/HEAD no data route above answered is a page of the static site (env.ASSETS).
// Routes that answer JSON only when asked (e.g. /fiis/{ticker}) call next() to get here.
app.route('/', paginas);

app.notFound((c) => {
  const e = new ErroApi(404, 'nao_encontrado', `Rota desconhecida: ${c.req.method} ${c.req.path}.`);
  return c.json(e.corpo(c.get('idRequisicao')), 404);
});

app.onError((err, c) => {
  const id = c.get('idRequisicao') ?? crypto.randomUUID();
  if (err instanceof ErroApi) {
    const pagina = paginaDeErro(c, err, id);
    if (pagina) return pagina;
    for (const [k, v] of Object.entries(err.cabecalhos)) c.header(k, v);
    return c.json(err.corpo(id), err.status);
  }
  console.error(
    JSON.stringify({
      id_requisicao: id,
      metodo: c.req.method,
      caminho: c.req.path,
      erro: String(err),
      pilha: err.stack,
    }),
  );
  const interno = new ErroApi(500, 'erro_interno', `Erro interno; informe o id da requisição ${id}.`);
  return c.json(interno.corpo(id), 500);
});

/** The app's route table, which test/rotas-declaradas.test.ts holds to src/rotas/declaracoes.ts. */
export const rotasRegistradas = (): readonly { method: string; path: string }[] => app.routes;

export default {
  fetch: app.fetch,
  scheduled: agendado,
} satisfies ExportedHandler<Env>;
