import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from './cli.ts';
import { cvmSources } from './sources/cvm/index.ts';
import { SAMPLE_RAW } from './test-support/sample.ts';

const root = mkdtempSync(join(tmpdir(), 'cli-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pipeline build: cache and retention options', () => {
  it('caches in <out>/.cache by default; the same raw again keeps current; --sem-cache builds anew', async () => {
    const raw = join(root, 'raw');
    mkdirSync(raw);
    cpSync(
      join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
      join(raw, 'dfp_cia_aberta_2010.csv'),
    );
    const out = join(root, 'out');
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((m: string) => printed.push(m));
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const narrow = { stages: [], sources: cvmSources };
    try {
      expect(await main(['build', '--raw', raw, '--out', out, '--label', 'cli'], narrow)).toBe(0);
      expect(readdirSync(join(out, '.cache', 'staging'))).toHaveLength(1);
      expect(await main(['build', '--raw', raw, '--out', out, '--label', 'cli'], narrow)).toBe(0);
      expect(await main(['build', '--raw', raw, '--out', out, '--label', 'cli', '--sem-cache'], narrow)).toBe(
        0,
      );
      const runs = printed.map((p) => JSON.parse(p) as { versao_do_dado: string; publicada: boolean });
      expect(runs.map((r) => [r.versao_do_dado.slice(-6), r.publicada])).toEqual([
        ['-cli|1', true],
        ['-cli|1', false],
        ['-cli|2', true],
      ]);
      // --manter-versoes 1: only the new version stays.
      expect(
        await main(
          ['build', '--raw', raw, '--out', out, '--label', 'cli', '--sem-cache', '--manter-versoes', '1'],
          narrow,
        ),
      ).toBe(0);
      expect(readdirSync(out).filter((n) => !n.startsWith('.') && n !== 'current')).toEqual([
        expect.stringMatching(/-cli\.3$/),
      ]);
      expect(existsSync(join(out, '.lock'))).toBe(false);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  });

  it('refuses a bad --manter-versoes and --cache with --sem-cache', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main(['build', '--raw', 'x', '--out', 'y', '--manter-versoes', '0'])).toBe(2);
      expect(err).toHaveBeenCalledWith('--manter-versoes: expected a whole number ≥ 1, found "0"');
      expect(await main(['build', '--raw', 'x', '--out', 'y', '--cache', 'c', '--sem-cache'])).toBe(2);
      expect(err).toHaveBeenCalledWith('--cache and --sem-cache: choose one');
    } finally {
      err.mockRestore();
    }
  });
});
