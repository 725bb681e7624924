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
import { type DataBuild, readArtefact } from './build.ts';

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

/**
 * Companies that get a page: listed in `json/empresas.json` AND with their own index in the
 * manifest. A company whose index was not published gets no page rather than an empty one.
 */
const cache = new WeakMap<DataBuild, EmpresaPublicada[]>();

export function empresasPublicadas(b: DataBuild): EmpresaPublicada[] {
  const pronto = cache.get(b);
  if (pronto) return pronto;
  const lista = readArtefact(b, caminhos.lista, EmpresasListaSchema) ?? [];
  const out: EmpresaPublicada[] = [];
  for (const item of lista) {
    const indice = readArtefact(b, caminhos.indice(item.cd_regulator), EmpresaIndiceSchema);
    if (!indice) continue;
    out.push({
      indice,
      indicadores: readArtefact(b, caminhos.recurso(item.cd_regulator, 'indicadores'), IndicadoresSchema),
      reapresentacoes: readArtefact(
        b,
        caminhos.recurso(item.cd_regulator, 'reapresentacoes'),
        ReapresentacoesEmpresaSchema,
      ),
      multiplos: readArtefact(b, caminhos.recurso(item.cd_regulator, 'multiplos'), MultiplosSchema),
      dividendos: readArtefact(b, caminhos.recurso(item.cd_regulator, 'dividendos'), DividendosSchema),
      precos: readArtefact(b, caminhos.recurso(item.cd_regulator, 'precos'), PrecosEmpresaSchema),
    });
  }
  out.sort((x, y) => x.indice.ticker.localeCompare(y.indice.ticker));
  cache.set(b, out);
  return out;
}

/** `linhagem` template of the company index with {ano} and {indicador} filled in. */
export function linkLinhagem(indice: EmpresaIndice, ano: number, indicador: string): string {
  return indice.linhagem.replace('{ano}', String(ano)).replace('{indicador}', encodeURIComponent(indicador));
}
