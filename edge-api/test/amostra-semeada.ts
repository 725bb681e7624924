import { env } from 'cloudflare:test';
import { beforeAll, inject, type ProvidedContext } from 'vitest';
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
