import { cpSync, mkdirSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from './cli.ts';
import type { Stage } from './core/stage.ts';
import { cvmSources } from './sources/cvm/index.ts';
import { SAMPLE_RAW } from './test-support/sample.ts';

const root = mkdtempSync(join(tmpdir(), 'cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pipeline CLI', () => {
  it('resolves relative --raw/--out against INIT_CWD (where the user typed the command), and exits 0', async () => {
    mkdirSync(join(root, 'raw'));
    // One real file keeps it fast: the DFP 2010 index.
    cpSync(
      join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
      join(root, 'raw', 'dfp_cia_aberta_2010.csv'),
    );
    vi.stubEnv('INIT_CWD', root);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(
        await main(['build', '--raw', 'raw', '--out', 'out', '--label', 'cli'], {
          stages: [],
          sources: cvmSources,
        }),
      ).toBe(0);
      expect(readlinkSync(join(root, 'out', 'current'))).toMatch(/^\d{4}-\d{2}-\d{2}-cli\.1$/);
      expect(await main(['nada'])).toBe(2);
      expect(await main(['build', '--raw', 'raw'])).toBe(2);
    } finally {
      log.mockRestore();
      err.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('--memoria wins over the memory limit derived from the inputs, which applies without it', async () => {
    const raw = join(root, 'raw-memoria');
    mkdirSync(raw);
    cpSync(
      join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
      join(raw, 'dfp_cia_aberta_2010.csv'),
    );
    const seen: string[] = [];
    const probe: Stage = {
      name: 'probe',
      async run(ctx) {
        const r = await ctx.db.runAndReadAll(
          "SELECT current_setting('memory_limit'), current_setting('allocator_flush_threshold')",
        );
        seen.push(r.getRows()[0]?.map(String).join(' · ') ?? '');
        return [];
      },
    };
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const args = ['build', '--raw', raw, '--sem-cache', '--label', 'mem'];
      const opts = { stages: [probe], sources: cvmSources };
      expect(await main([...args, '--out', join(root, 'out-m1'), '--memoria', '3GB'], opts)).toBe(0);
      expect(await main([...args, '--out', join(root, 'out-m2')], opts)).toBe(0);
      // DuckDB reports 3GB (3 * 10^9 bytes) and the derived floor of a one-file input, 256MB, in binary units.
      // Both with the allocator flush threshold of core/memory-budget.ts (16MB), not DuckDB's 128 MiB.
      expect(seen).toEqual(['2.7 GiB · 15.2 MiB', '244.1 MiB · 15.2 MiB']);
      expect(err).toHaveBeenCalledWith('DuckDB memory_limit 3GB');
      expect(err).toHaveBeenCalledWith("DuckDB memory_limit 256MB (derived from the raw inputs' size)");
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  });
});
