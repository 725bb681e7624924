import { documento, type OpcoesCasca } from '@fundamentos/site/layout/casca';
import type { Context } from 'hono';
import { lerAtual } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';

export type OpcoesPagina = Omit<OpcoesCasca, 'lang' | 'versao' | 'site'>;

/**
 * An HTML page rendered at the edge inside the same shell as the static site (`site/src/layout/casca.ts`).
 * The language is the one the negotiation middleware settled on; the footer shows the live build's
 * `versao_do_dado` (or says none is published) and canonical URLs use the request's origin; the language
 * switch keeps the request's query (search terms, portfolio).
 */
export async function paginaHtml(
  c: Context<AppEnv>,
  opcoes: OpcoesPagina,
  corpo: string,
  status: 200 | 201 | 400 | 404 | 422 = 200,
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
