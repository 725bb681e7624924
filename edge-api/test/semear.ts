import type { BuildSemeavel } from './build-semeavel.ts';

function bytes(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Uploads a build under `builds/<dir>/` and points `current.json` at it, as `pnpm api serve` does. */
export async function semearBuild(bucket: R2Bucket, build: BuildSemeavel): Promise<void> {
  const prefixo = `builds/${build.dir}/`;
  await Promise.all(
    Object.entries(build.arquivos).map(([p, b64]) => bucket.put(`${prefixo}${p}`, bytes(b64))),
  );
  await bucket.put('current.json', JSON.stringify({ versao_do_dado: build.versao_do_dado, prefixo }));
}
