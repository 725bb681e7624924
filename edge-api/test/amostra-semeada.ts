import { env } from 'cloudflare:test';
import { beforeAll, inject, type ProvidedContext } from 'vitest';
import type { BuildSemeavel } from './build-semeavel.ts';
import { semearBuild } from './semear.ts';

/**
 * The real sample build (test/amostra-build.ts, built once by the global set-up), uploaded to the test R2
 * before the calling file's tests: what most worker test files start with. Fails at once, with the
 * pipeline's message, when the sample build failed.
 */
export function amostraSemeada(): ProvidedContext['amostra'] {
  const amostra = inject('amostra');
  if (amostra === undefined)
    throw new Error(`the pipeline build of the sample failed:\n${inject('amostraFalhou')}`);
  beforeAll(async () => {
    await semearBuild(env.ARTEFATOS, amostra);
  });
  return amostra;
}

/** A file of the seeded sample build as stored (empty when the build does not hold it). */
export function bytesDaAmostra(amostra: BuildSemeavel, caminho: string): Uint8Array {
  return Uint8Array.from(atob(amostra.arquivos[caminho] ?? ''), (c) => c.charCodeAt(0));
}

/** A JSON file of the seeded sample build, parsed; fails naming it when the build does not hold it. */
export function jsonDaAmostra(amostra: BuildSemeavel, caminho: string): unknown {
  if (amostra.arquivos[caminho] === undefined)
    throw new Error(`${caminho} is not in the seeded sample (test/global-setup.ts)`);
  return JSON.parse(new TextDecoder().decode(bytesDaAmostra(amostra, caminho)));
}
