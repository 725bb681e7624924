import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entrada, piso, zips } from './medir.ts';

const base = await mkdtemp(join(tmpdir(), 'bench-medir-'));
afterAll(() => rm(base, { recursive: true, force: true }));

describe('bench input cache and floor', () => {
  it('generates once, reuses while the stamp matches, regenerates when it does not', async () => {
    const a = await entrada(base, 3, 0.003, [2024]);
    expect(a.reutilizada).toBe(false);
    const b = await entrada(base, 3, 0.003, [2024]);
    expect(b).toEqual({ dir: a.dir, reutilizada: true });
    // A stamp from other generator code (or a corrupt one) is not trusted.
    await writeFile(join(a.dir, '.gerado.json'), '{"seed":3}');
    expect((await entrada(base, 3, 0.003, [2024])).reutilizada).toBe(false);
  });

  it('lists every zip of the input and decompresses them all for the floor', async () => {
    const { dir } = await entrada(base, 3, 0.003, [2024]);
    const lista = await zips(dir);
    // DFP, ITR, FCA and COTAHIST for one year; the bare registry CSV is not a zip.
    expect(lista.map((z) => z.slice(dir.length + 1)).sort()).toEqual([
      'b3/cotahist/COTAHIST_A2024.ZIP',
      'cvm/dfp/dfp_cia_aberta_2024.zip',
      'cvm/fca/fca_cia_aberta_2024.zip',
      'cvm/itr/itr_cia_aberta_2024.zip',
    ]);
    expect(await piso(lista)).toBeGreaterThan(0);
    await expect(piso([join(dir, 'GERADO.md')])).rejects.toThrow(/unzip -p/);
  });
});
