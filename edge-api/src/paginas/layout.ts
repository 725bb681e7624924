import { strings } from '@fundamentos/ui/i18n/strings';
import { documento, type OpcoesCasca } from '@fundamentos/ui/layout/casca';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { html, raw } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { querHtml } from '../aceita.ts';
import { lerAtual } from '../artefatos.ts';
import type { ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';

export type OpcoesPagina = Omit<OpcoesCasca, 'lang' | 'versao' | 'site'>;

/**
 * An HTML page rendered at the edge inside the same shell as the static site (`ui/src/layout/casca.ts`).
 * The language is the one the negotiation middleware settled on; the footer shows the live build's
 * `versao_do_dado` (or says none is published) and canonical URLs use the request's origin; the language
 * switch keeps the request's query (search terms, portfolio).
 */
export async function paginaHtml(
  c: Context<AppEnv>,
  opcoes: OpcoesPagina,
  corpo: string,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const versao = await lerAtual(c.env.ARTEFATOS).then(
    (a) => a.versao_do_dado,
    () => null,
  );
  const pagina = documento(
    {
      consulta: new URL(c.req.url).searchParams,
      ...opcoes,
      lang: c.get('lang'),
      versao,
      site: new URL(c.req.url).origin,
    },
    corpo,
  );
  c.header('Content-Language', c.get('lang') === 'en' ? 'en' : 'pt-BR');
  return c.html(pagina, status);
}

/** Marks a page route, so `app.onError` answers a browser's refused request with a page, not JSON. */
export const marcarPagina = createMiddleware<AppEnv>(async (c, next) => {
  c.set('pagina', true);
  await next();
});

/**
 * The refusal as a page: same status, what to correct in the page's language, and the API's one error shape
 * embedded as JSON (`#erro-api`) so a script or a test reads exactly what an API client would.
 */
export function paginaDeErro(
  c: Context<AppEnv>,
  erro: ErroApi,
  idRequisicao: string,
): Promise<Response> | null {
  if (!c.get('pagina') || !querHtml(c.req.header('accept'))) return null;
  const t = strings(c.get('lang')).erro;
  const corpo = erro.corpo(idRequisicao);
  const parametros = corpo.erro.parametros ?? [];
  const titulo = erro.status === 422 ? t.invalido_titulo : erro.status === 404 ? t.titulo : t.outro_titulo;
  // The API's messages are Portuguese: marked as such on English pages.
  const lang = c.get('lang') === 'en' ? 'pt-BR' : undefined;
  const conteudo = html`<h1>${titulo}</h1>
${erro.status === 422 ? html`<p>${t.invalido_texto}</p>` : ''}
<p lang="${lang}">${erro.message}</p>
${
  parametros.length > 0
    ? html`<ul data-parametros>${parametros.map((p) => html`<li><code>${p.nome}</code>: <span lang="${lang}">${p.mensagem}</span></li>`)}</ul>`
    : ''
}
<p><small>id_requisicao: <code>${idRequisicao}</code></small></p>
<script type="application/json" id="erro-api">${raw(JSON.stringify(corpo).replace(/</g, '\\u003c'))}</script>`;
  for (const [k, v] of Object.entries(erro.cabecalhos)) c.header(k, v);
  c.header('Cache-Control', 'private, no-store');
  return paginaHtml(
    c,
    { caminho: new URL(c.req.url).pathname.replace(/^\/en(?=\/|$)/, '') || '/', titulo, noindex: true },
    String(conteudo),
    erro.status,
  );
}
