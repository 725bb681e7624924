import { LANG_PARAMS, langFromParam } from '@fundamentos/ui/i18n/routes';
import type { APIRoute, GetStaticPaths } from 'astro';
import { currentBuild } from '../../../../data/build.ts';
import type { EmpresaPublicada } from '../../../../data/empresas.ts';
import { paginaTemaDoBuild, TEMAS_LISTA, type Tema, temaMarkdown } from '../../../../data/temas.ts';
import { paginasDeEmpresa } from '../../../../data/tickers.ts';

/** `/acoes/{ticker}/{tema}.md`: the theme page as plain text for AI readers. */
export const getStaticPaths: GetStaticPaths = () => {
  const empresas = paginasDeEmpresa(currentBuild());
  return LANG_PARAMS.flatMap((p) =>
    empresas.flatMap((e) =>
      TEMAS_LISTA.map((tema) => ({
        params: { ...p, ticker: e.indice.ticker, tema },
        props: { empresa: e, tema },
      })),
    ),
  );
};

export const GET: APIRoute = ({ params, props }) => {
  const { empresa, tema } = props as { empresa: EmpresaPublicada; tema: Tema };
  const lang = langFromParam(params.lang);
  const md = temaMarkdown(paginaTemaDoBuild(currentBuild(), empresa, tema, lang));
  return new Response(md, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
