import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import {
  type FiiLista,
  FiiListaSchema,
  type FiiRecurso,
  FiiRecursoSchema,
  type ReapresentacoesFii,
  ReapresentacoesFiiSchema,
} from '@fundamentos/schemas/fiis';
import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';

/** Artefact paths of the REIT marts (docs/architecture.md, docs/fiis.md). */
export const caminhosFii = {
  lista: ARTEFATOS.fiis.caminho(),
  recurso: (ticker: string) => ARTEFATOS.fii.caminho({ ticker }),
  reapresentacoes: (ticker: string) => ARTEFATOS.fii_reapresentacoes.caminho({ ticker }),
};

export interface FiiPublicado {
  item: FiiLista['fundos'][number];
  recurso: FiiRecurso;
  /** null when the build did not publish the fund's restatements. */
  reapresentacoes: ReapresentacoesFii | null;
}

interface FiisDoBuild {
  lista: FiiLista | null;
  fundos: FiiPublicado[];
}

/**
 * Funds that get a page: listed in `json/fiis.json` AND with their own resource in the manifest, read
 * through the schemas. A build without the REIT marts gives no list and no fund; the search page says so.
 */
export const fiisDoBuild = umaVezPorBuild((b): FiisDoBuild => {
  const lista = readArtefact(b, caminhosFii.lista, FiiListaSchema);
  const fundos: FiiPublicado[] = [];
  for (const item of lista?.fundos ?? []) {
    const recurso = readArtefact(b, caminhosFii.recurso(item.ticker), FiiRecursoSchema);
    if (recurso === null) continue;
    const reapresentacoes = readArtefact(
      b,
      caminhosFii.reapresentacoes(item.ticker),
      ReapresentacoesFiiSchema,
    );
    fundos.push({ item, recurso, reapresentacoes });
  }
  fundos.sort((x, y) => x.item.ticker.localeCompare(y.item.ticker));
  return { lista, fundos };
});

export function fiisPublicados(b: DataBuild): FiiPublicado[] {
  return fiisDoBuild(b).fundos;
}

/** Language-neutral paths of the REIT pages, for the sitemap. */
export function paginasFii(b: DataBuild): string[] {
  const { lista, fundos } = fiisDoBuild(b);
  return lista === null ? [] : ['/buscar/fiis', ...fundos.map((f) => `/fiis/${f.item.ticker}`)];
}

/** The source file and line of each half of the newest report, as the pipeline wrote them in `nota`. */
export function fontesDoInforme(nota: string): string[] {
  return [...nota.matchAll(/cvm\/fii\/[A-Za-z0-9_./-]+\.csv:\d+/g)].map((m) => m[0]);
}
