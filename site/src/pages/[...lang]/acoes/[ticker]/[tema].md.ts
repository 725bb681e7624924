import { langFromParam } from '@fundamentos/ui/i18n/routes';
import type { APIRoute, GetStaticPaths } from 'astro';
import { currentBuild } from '../../../../data/build.ts';
import type { EmpresaPublicada } from '../../../../data/empresas.ts';
import { paginaTemaDoBuild, rotasDeTema, type Tema, temaMarkdown } from '../../../../data/temas.ts';
import { paginasDeEmpresa } from '../../../../data/tickers.ts';

/** `/acoes/{ticker}/{tema}.md`: the theme page as plain text for AI readers. */
export const getStaticPaths: GetStaticPaths = () => rotasDeTema(paginasDeEmpresa(currentBuild()));

export const GET: APIRoute = ({ params, props }) => {
  const { empresa, tema } = props as { empresa: EmpresaPublicada; tema: Tema };
  const lang = langFromParam(params.lang);
  const md = temaMarkdown(paginaTemaDoBuild(currentBuild(), empresa, tema, lang));
  return new Response(md, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
