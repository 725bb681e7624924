import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comLock, publicacaoCompleta } from './amostra.ts';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'amostra-cache-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Made-here publication: a manifest listing one JSON file (not real data, only the layout matters). */
async function publicacao(comArquivo: boolean, comMarca: boolean): Promise<string> {
  const out = join(base, 'out');
  const v = join(out, '2026-01-02-amostra.1');
  await mkdir(join(v, 'json'), { recursive: true });
  const manifesto = {
    versao_do_dado: '2026-01-02-amostra|1',
    criado_em: '2026-01-02T12:00:00.000Z',
    schema_version: 1,
    artefatos: [
      {
        name: 'x',
        path: 'json/x.json',
        rows: 1,
        bytes: 2,
        sha256: '0'.repeat(64),
        schema: 'X',
        format: 'json',
      },
    ],
  };
  await writeFile(join(v, 'manifest.json'), JSON.stringify(manifesto));
  if (comArquivo) await writeFile(join(v, 'json/x.json'), '{}');
  await symlink('2026-01-02-amostra.1', join(out, 'current'));
  if (comMarca) await writeFile(join(out, '.pronta'), '2026-01-02-amostra|1\n');
  return out;
}

describe('sample build cache', () => {
  it('is complete only with the marker and every artefact the manifest lists', async () => {
    expect(await publicacaoCompleta(join(base, 'nada'))).toBe(false);
    expect(await publicacaoCompleta(await publicacao(true, false))).toBe(false);
  });

  it('a listed artefact missing from disk makes it incomplete', async () => {
    expect(await publicacaoCompleta(await publicacao(false, true))).toBe(false);
  });

  it('a publication with the marker and all its files is complete', async () => {
    expect(await publicacaoCompleta(await publicacao(true, true))).toBe(true);
  });

  it('two holders of the lock never run at the same time, and the lock is released', async () => {
    const lock = join(base, 'x.lock');
    let dentro = 0;
    let maximo = 0;
    const tarefa = async (): Promise<number> => {
      dentro += 1;
      maximo = Math.max(maximo, dentro);
      await new Promise((r) => setTimeout(r, 50));
      dentro -= 1;
      return 1;
    };
    const r = await Promise.all([
      comLock(lock, tarefa, async () => false),
      comLock(lock, tarefa, async () => false),
    ]);
    expect(r).toEqual([1, 1]);
    expect(maximo).toBe(1);
    await expect(mkdir(lock)).resolves.toBeUndefined();
  });

  it('a waiter returns without running once the holder made the publication complete', async () => {
    const lock = join(base, 'y.lock');
    await mkdir(lock);
    await writeFile(join(lock, 'dono.json'), JSON.stringify({ pid: process.pid, desde: Date.now() }));
    let rodou = false;
    const r = await comLock(
      lock,
      async () => {
        rodou = true;
      },
      async () => true,
    );
    expect(r).toBeNull();
    expect(rodou).toBe(false);
  });

  it('takes over a lock whose owner process is gone', async () => {
    const lock = join(base, 'z.lock');
    const morto = spawnSync(process.execPath, ['-e', '0']).pid;
    await mkdir(lock);
    await writeFile(join(lock, 'dono.json'), JSON.stringify({ pid: morto, desde: Date.now() }));
    expect(
      await comLock(
        lock,
        async () => 'construiu',
        async () => false,
      ),
    ).toBe('construiu');
  });
});
