import { describe, expect, it } from 'vitest';
import { CacheLimitado, ComValidade } from '../src/publicacao/cache.ts';

describe('isolate caches (docs/architecture.md, "Caches in the worker")', () => {
  it('current.json is reused for the TTL only, and not at all with TTL 0', async () => {
    const c = new ComValidade<string>();
    let leituras = 0;
    const ler = async () => `v${++leituras}`;
    expect(await c.obter(5000, ler, 1000)).toBe('v1');
    expect(await c.obter(5000, ler, 5999)).toBe('v1');
    expect(await c.obter(5000, ler, 6000)).toBe('v2');
    expect(await c.obter(0, ler, 6001)).toBe('v3');
    expect(await c.obter(0, ler, 6002)).toBe('v4');
  });

  it('a failed read of current.json is not kept', async () => {
    const c = new ComValidade<string>();
    await expect(c.obter(5000, () => Promise.reject(new Error('r2')), 0)).rejects.toThrow('r2');
    expect(await c.obter(5000, async () => 'ok', 1)).toBe('ok');
  });

  it('keeps at most its budget, dropping the least recently used first', async () => {
    const c = new CacheLimitado<string>(10);
    const cargas: string[] = [];
    const obter = (k: string, n: number) =>
      c.obter(k, n, async () => {
        cargas.push(k);
        return k;
      });
    await obter('a', 4);
    await obter('b', 4);
    await obter('a', 4); // a is now the most recent
    await obter('c', 4); // over budget: b goes
    expect(c.tamanho).toBe(8);
    await obter('a', 4);
    await obter('b', 4);
    expect(cargas).toEqual(['a', 'b', 'c', 'b']);
    await obter('grande', 11); // larger than the budget: answered, not kept
    expect(c.tamanho).toBeLessThanOrEqual(10);
    await obter('grande', 11);
    expect(cargas.filter((k) => k === 'grande')).toHaveLength(2);
  });

  it('a failed load is not kept', async () => {
    const c = new CacheLimitado<string>(10);
    await expect(c.obter('x', 1, () => Promise.reject(new Error('r2')))).rejects.toThrow('r2');
    expect(c.tamanho).toBe(0);
    expect(await c.obter('x', 1, async () => 'ok')).toBe('ok');
  });
});
