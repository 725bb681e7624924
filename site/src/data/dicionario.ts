import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { type DataBuild, readArtefact } from './build.ts';
import { caminhos } from './empresas.ts';

const cache = new WeakMap<DataBuild, Dicionario | null>();

/** The build's field dictionary (`json/dicionario.json`), or null when the build did not publish it. */
export function dicionario(b: DataBuild): Dicionario | null {
  if (!cache.has(b)) {
    cache.set(b, readDicionario(b));
  }
  return cache.get(b) ?? null;
}

function readDicionario(b: DataBuild): Dicionario | null {
  return readArtefact(b, caminhos.dicionario, DicionarioSchema);
}

/**
 * Flag → meaning, as the dictionary publishes it (Portuguese only: English pages show it marked
 * `lang="pt-BR"` rather than a translation the pipeline did not publish).
 */
export function significadoFlags(b: DataBuild): Map<string, string> {
  return new Map((dicionario(b)?.flags ?? []).map((f) => [f.flag, f.significado]));
}

/** Indicator name → title from the dictionary. */
export function titulosIndicadores(b: DataBuild): Map<string, string> {
  return new Map((dicionario(b)?.indicadores ?? []).map((i) => [i.nome, i.titulo]));
}
