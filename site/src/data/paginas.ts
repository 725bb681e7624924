import { PERGUNTA_SLUGS } from '../content/perguntas.ts';
import { TOPICO_SLUGS } from '../content/topicos.ts';
import type { DataBuild } from './build.ts';
import { empresasPublicadas } from './empresas.ts';

/** Every indexable page of the build (language-neutral paths), for the sitemap. 404 is noindex and left out. */
export function paginasIndexaveis(b: DataBuild): string[] {
  const empresas = empresasPublicadas(b);
  return [
    '/',
    '/buscar',
    '/perguntas',
    ...PERGUNTA_SLUGS.map((s) => `/perguntas/${s}`),
    ...TOPICO_SLUGS.map((s) => `/${s}`),
    '/auditoria',
    '/auditoria/sementes',
    '/chave-gratis',
    '/metodologia',
    ...empresas.map((e) => `/acoes/${e.indice.ticker}`),
    ...empresas
      .filter((e) => e.reapresentacoes !== null)
      .map((e) => `/acoes/${e.indice.ticker}/reapresentacoes`),
  ];
}
