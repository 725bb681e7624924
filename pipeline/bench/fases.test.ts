import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesEscritos, cronometroDeFases, linhasDeFases } from './fases.ts';

describe('build phases of the bench', () => {
  it('each phase lasts until the next, stages are named by the grouping once they end, equal names add up', () => {
    const rodaram = new Set<string>();
    const r = cronometroDeFases((e) => (rodaram.has(e) ? 'run' : 'restored'));
    r.fase('staging');
    r.fase({ etapa: 'a' });
    rodaram.add('a'); // the stage's run is called after its phase starts
    r.fase({ etapa: 'b' });
    r.fase({ etapa: 'c' });
    rodaram.add('c');
    r.fase('manifesto');
    r.fase('fim');
    expect(r.fases().map((f) => f.nome)).toEqual(['staging', 'run', 'restored', 'manifesto']);
    for (const f of r.fases()) {
      expect(f.ms).toBeGreaterThanOrEqual(0);
      expect(f.ms_cpu).toBeGreaterThanOrEqual(0);
    }
    // Nothing after `fim` is open: another phase would start a new line.
    expect(linhasDeFases(r.fases(), '  ')).toHaveLength(4);
  });

  it('counts the bytes this process writes to disk (Linux)', async () => {
    const antes = bytesEscritos();
    if (antes === null) {
      expect(process.platform).not.toBe('linux');
      return;
    }
    // On the repository's disk (as the regression's build is), not in a tmpdir that may be RAM.
    const base = join(import.meta.dirname, '../../node_modules/.cache');
    await mkdir(base, { recursive: true });
    const dir = await mkdtemp(join(base, 'fases-'));
    try {
      // Made here: 4 MiB written and fsynced, so the kernel accounts them to this process.
      const f = await open(join(dir, 'x'), 'w');
      await f.write(Buffer.alloc(4 << 20, 1));
      await f.sync();
      await f.close();
      expect((bytesEscritos() ?? 0) - antes).toBeGreaterThanOrEqual(4 << 20);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
