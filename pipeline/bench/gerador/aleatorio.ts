import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * One independent random stream per (seed, purpose, ids…). Streams are derived by hashing, so the
 * numbers of company 17 in 2014 do not depend on how many companies or years were generated before:
 * a smaller `--escala` yields a prefix of the same universe, and generation order never matters.
 */
export class Fluxo {
  private readonly rng: RandomGenerator;

  constructor(seed: number, ...partes: (string | number)[]) {
    this.rng = xoroshiro128plus(misturar(seed, partes));
  }

  /** Uniform in [0, 1). */
  u(): number {
    return uniformFloat64(this.rng);
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }

  entre(min: number, max: number): number {
    return min + (max - min) * this.u();
  }

  chance(p: number): boolean {
    return this.u() < p;
  }

  escolher<T>(itens: readonly T[]): T {
    const item = itens[this.int(0, itens.length - 1)];
    if (item === undefined) throw new Error('escolher: empty list');
    return item;
  }

  /** Standard normal (Box-Muller); enough for price paths and noise. */
  normal(): number {
    const u1 = Math.max(this.u(), Number.EPSILON);
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * this.u());
  }

  /** Log-normal multiplier around 1 with the given spread. */
  lognormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }
}

/** FNV-1a over the parts, then a 32-bit avalanche; a stable seed for xoroshiro. */
function misturar(seed: number, partes: (string | number)[]): number {
  let h = 0x811c9dc5 ^ (seed | 0);
  const texto = partes.join('\u0001');
  for (let i = 0; i < texto.length; i++) {
    h ^= texto.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
