import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type EtfLista, EtfListaSchema, type EtfRecurso, EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { type DataBuild, readArtefact } from './build.ts';

/** Artefact paths of the ETF marts (docs/architecture.md). */
export const caminhosEtf = {
  lista: ARTEFATOS.etfs.caminho(),
  recurso: (ticker: string) => ARTEFATOS.etf.caminho({ ticker }),
};

export interface EtfPublicado {
  item: EtfLista[number];
  recurso: EtfRecurso;
}

const cache = new WeakMap<DataBuild, EtfPublicado[]>();

/**
 * ETFs that get a page: in `json/etfs.json` AND with their own resource in the manifest, read through
 * the schemas (a build without the ETF marts gives an empty list, and the index page says so).
 */
export function etfsPublicados(b: DataBuild): EtfPublicado[] {
  const pronto = cache.get(b);
  if (pronto) return pronto;
  const lista = readArtefact(b, caminhosEtf.lista, EtfListaSchema) ?? [];
  const out: EtfPublicado[] = [];
  for (const item of lista) {
    const recurso = readArtefact(b, caminhosEtf.recurso(item.ticker), EtfRecursoSchema);
    if (recurso) out.push({ item, recurso });
  }
  out.sort((x, y) => x.item.ticker.localeCompare(y.item.ticker));
  cache.set(b, out);
  return out;
}

/** Language-neutral paths of the ETF pages, for the sitemap. */
export function paginasEtf(b: DataBuild): string[] {
  const etfs = etfsPublicados(b);
  return etfs.length === 0 ? [] : ['/etfs', ...etfs.map((e) => `/etfs/${e.item.ticker}`)];
}
