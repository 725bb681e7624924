import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { guardarBrutos, type LeituraR2, restaurarBrutos } from '@fundamentos/edge-api/brutos';
import { r2Local } from '@fundamentos/edge-api/publicar';
import { AMOSTRA_RAW } from '@fundamentos/pipeline/testing/amostra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The raw downloads' durable store (edge-api/scripts/brutos.ts) against workerd's local R2: a save, a
 * restore into an empty folder gives the same bytes, a second save uploads only what changed.
 */
let tmp: string;

async function hashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const p = join(e.parentPath, e.name);
    const rel = relative(dir, p);
    if (e.isFile() && !rel.startsWith('.'))
      out[rel] = createHash('sha256')
        .update(await readFile(p))
        .digest('hex');
  }
  return out;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'e2e-brutos-'));
  // Real files from the sample: B3's COTAHIST days and JSON answers, BCB's Selic.
  await cp(join(AMOSTRA_RAW, 'b3'), join(tmp, 'raw', 'b3'), { recursive: true });
  await cp(join(AMOSTRA_RAW, 'bcb'), join(tmp, 'raw', 'bcb'), { recursive: true });
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('raw downloads store', () => {
  it('restores into an empty folder the bytes saved, and a second save uploads only the changed file', async () => {
    const raw = join(tmp, 'raw');
    const antes = await hashes(raw);
    const n = Object.keys(antes).length;
    expect(n).toBeGreaterThan(3);
    const r2 = await r2Local(join(tmp, 'estado'), 'BRUTOS');
    try {
      const primeira = await guardarBrutos(raw, r2.destino, '2026-11-23-brutos|1');
      expect(primeira).toMatchObject({ objetos: n, enviados: n });
      const vazio = join(tmp, 'restaurado');
      expect(await restaurarBrutos(vazio, r2.destino as unknown as LeituraR2)).toEqual({
        restaurados: n,
        presentes: 0,
      });
      expect(await hashes(vazio)).toEqual(antes);
      // The nightly run: one new file downloaded, the rest as restored.
      await writeFile(join(vazio, 'b3', 'novo.json'), '{"feito":"aqui"}\n');
      const segunda = await guardarBrutos(vazio, r2.destino, '2026-11-24-brutos|2');
      expect(segunda).toMatchObject({ objetos: n + 1, enviados: 1 });
      expect(await restaurarBrutos(raw, r2.destino as unknown as LeituraR2)).toEqual({
        restaurados: 1,
        presentes: n,
      });
    } finally {
      await r2.fechar();
    }
  }, 300_000);
});
