import { ARTEFATOS, caminhoDaEmpresa } from '@fundamentos/schemas/catalogo';
import { type Dividendos, DividendosSchema } from '@fundamentos/schemas/dividendos';
import { type EmpresaIndice, EmpresaIndiceSchema, EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { type Indicadores, IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { type Multiplos, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { type PrecosEmpresa, PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import {
  type ReapresentacoesEmpresa,
  ReapresentacoesEmpresaSchema,
} from '@fundamentos/schemas/reapresentacoes';
import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';

/** Artefact paths inside a build (docs/architecture.md). */
export const caminhos = {
  lista: ARTEFATOS.empresas.caminho(),
  indice: (cd: number) => ARTEFATOS.empresa.caminho({ cd }),
  recurso: (cd: number, nome: string) => caminhoDaEmpresa(cd, nome),
  dicionario: ARTEFATOS.dicionario.caminho(),
  tickers: ARTEFATOS.tickers.caminho(),
};

export interface EmpresaPublicada {
  indice: EmpresaIndice;
  indicadores: Indicadores | null;
  reapresentacoes: ReapresentacoesEmpresa | null;
  multiplos: Multiplos | null;
  dividendos: Dividendos | null;
  precos: PrecosEmpresa | null;
}

const SCHEMAS = {
  indicadores: IndicadoresSchema,
  reapresentacoes: ReapresentacoesEmpresaSchema,
  multiplos: MultiplosSchema,
  dividendos: DividendosSchema,
  precos: PrecosEmpresaSchema,
} as const;
/** A company's own artefacts beside its index (`json/empresas/<cd>/<nome>.json`). */
export type Recurso = keyof typeof SCHEMAS;

const recursosLidos = new WeakMap<DataBuild, Map<string, EmpresaPublicada[Recurso]>>();

/** One artefact of a company, read (sha256, schema) on first use and kept for the build. */
function recurso<K extends Recurso>(b: DataBuild, cd: number, nome: K): EmpresaPublicada[K] {
  const caminho = caminhos.recurso(cd, nome);
  const lidos = recursosLidos.get(b) ?? new Map<string, EmpresaPublicada[Recurso]>();
  recursosLidos.set(b, lidos);
  if (!lidos.has(caminho)) lidos.set(caminho, readArtefact(b, caminho, SCHEMAS[nome]) as EmpresaPublicada[K]);
  return lidos.get(caminho) as EmpresaPublicada[K];
}

/** Whether the build published that artefact of the company (what `recurso` returns non-null for). */
export function temRecurso(b: DataBuild, cd: number, nome: Recurso): boolean {
  return b.byPath.has(caminhos.recurso(cd, nome));
}

/**
 * A company's page data under `indice` (its own, or a live class's copy with the class's code). The
 * artefacts beside the index are read when a page first uses them, not when the pages are listed: a site
 * built in parts (scripts/partes.ts) reads in each process only what the pages it renders use.
 */
export function empresaPublicada(b: DataBuild, indice: EmpresaIndice): EmpresaPublicada {
  const cd = indice.cd_regulator;
  return {
    indice,
    get indicadores() {
      return recurso(b, cd, 'indicadores');
    },
    get reapresentacoes() {
      return recurso(b, cd, 'reapresentacoes');
    },
    get multiplos() {
      return recurso(b, cd, 'multiplos');
    },
    get dividendos() {
      return recurso(b, cd, 'dividendos');
    },
    get precos() {
      return recurso(b, cd, 'precos');
    },
  };
}

/**
 * Companies that get a page: listed in `json/empresas.json` AND with their own index in the
 * manifest. A company whose index was not published gets no page rather than an empty one.
 */
export const empresasPublicadas = umaVezPorBuild((b): EmpresaPublicada[] => {
  const lista = readArtefact(b, caminhos.lista, EmpresasListaSchema) ?? [];
  const out: EmpresaPublicada[] = [];
  for (const item of lista) {
    const indice = readArtefact(b, caminhos.indice(item.cd_regulator), EmpresaIndiceSchema);
    if (indice) out.push(empresaPublicada(b, indice));
  }
  out.sort((x, y) => x.indice.ticker.localeCompare(y.indice.ticker));
  return out;
});

/** `linhagem` template of the company index with {ano} and {indicador} filled in. */
export function linkLinhagem(indice: EmpresaIndice, ano: number, indicador: string): string {
  return indice.linhagem.replace('{ano}', String(ano)).replace('{indicador}', encodeURIComponent(indicador));
}
