import { cpSync, mkdirSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from './cli.ts';
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
});
