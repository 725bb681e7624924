import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type EtfLista, EtfListaSchema, type EtfRecurso, EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';

/** Artefact paths of the ETF marts (docs/architecture.md). */
export const caminhosEtf = {
  lista: ARTEFATOS.etfs.caminho(),
  recurso: (ticker: string) => ARTEFATOS.etf.caminho({ ticker }),
};

export interface EtfPublicado {
  item: EtfLista[number];
  recurso: EtfRecurso;
}

/**
 * ETFs that get a page: in `json/etfs.json` AND with their own resource in the manifest, read through
 * the schemas (a build without the ETF marts gives an empty list, and the index page says so).
 */
export const etfsPublicados = umaVezPorBuild((b): EtfPublicado[] => {
  const lista = readArtefact(b, caminhosEtf.lista, EtfListaSchema) ?? [];
  const out: EtfPublicado[] = [];
  for (const item of lista) {
    const recurso = readArtefact(b, caminhosEtf.recurso(item.ticker), EtfRecursoSchema);
    if (recurso) out.push({ item, recurso });
  }
  out.sort((x, y) => x.item.ticker.localeCompare(y.item.ticker));
  return out;
});

/** Language-neutral paths of the ETF pages, for the sitemap. */
export function paginasEtf(b: DataBuild): string[] {
  const etfs = etfsPublicados(b);
  return etfs.length === 0 ? [] : ['/etfs', ...etfs.map((e) => `/etfs/${e.item.ticker}`)];
}
