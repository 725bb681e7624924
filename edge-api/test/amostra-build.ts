import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildSemeavel } from './build-semeavel.ts';

/**
 * The real sample build shared by every suite (`@fundamentos/pipeline/testing/amostra`): the
 * pipeline's `build()` over the whole of data/sample/raw, once per content hash across processes.
 * Returns its `current` directory.
 */
export async function construirAmostra(): Promise<string> {
  // Loaded by name, not typed through the import: the pipeline typechecks under its own tsconfig.
  const modulo = '@fundamentos/pipeline/testing/amostra';
  const { amostraPublicada } = (await import(modulo)) as { amostraPublicada(): Promise<string> };
  return join(await amostraPublicada(), 'current');
}

/** The files the worker tests read, as base64, plus the manifest that lists the whole build. */
export async function semeavelDaAmostra(
  dir: string,
  caminhos: (todos: string[]) => string[],
): Promise<BuildSemeavel> {
  const manifesto = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
    versao_do_dado: string;
    artefatos: { path: string }[];
  };
  const escolhidos = caminhos(manifesto.artefatos.map((a) => a.path));
  const arquivosB64: Record<string, string> = {};
  for (const p of ['manifest.json', ...escolhidos])
    arquivosB64[p] = (await readFile(join(dir, p))).toString('base64');
  return {
    versao_do_dado: manifesto.versao_do_dado,
    dir: manifesto.versao_do_dado.replace('|', '.'),
    arquivos: arquivosB64,
  };
}
