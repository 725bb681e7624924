import { PERGUNTA_SLUGS } from '../content/perguntas.ts';
import { TOPICO_SLUGS } from '../content/topicos.ts';
import type { DataBuild } from './build.ts';
import { setoresComparaveis } from './comparacao.ts';
import { empresasPublicadas, temRecurso } from './empresas.ts';
import { TEMAS_LISTA } from './temas.ts';

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
    '/auditoria/historico',
    '/comparar/setor',
    ...setoresComparaveis(b).map((s) => `/comparar/setor/${s.slug}`),
    '/small-caps',
    '/chave-gratis',
    '/metodologia',
    ...empresas.map((e) => `/acoes/${e.indice.ticker}`),
    ...empresas.flatMap((e) => TEMAS_LISTA.map((t) => `/acoes/${e.indice.ticker}/${t}`)),
    ...empresas
      .filter((e) => temRecurso(b, e.indice.cd_regulator, 'reapresentacoes'))
      .map((e) => `/acoes/${e.indice.ticker}/reapresentacoes`),
  ];
}
