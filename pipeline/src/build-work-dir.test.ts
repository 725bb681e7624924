import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build, DEFAULT_MEMORY_LIMIT } from './build.ts';
import { main } from './cli.ts';
import type { Stage } from './core/stage.ts';
import { cvmSources } from './sources/cvm/index.ts';
import { SAMPLE_RAW } from './test-support/sample.ts';

const root = mkdtempSync(join(tmpdir(), 'build-work-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A stage that records DuckDB's settings and what the work dir holds while the build runs. */
function probe(seen: Record<string, string>[]): Stage {
  return {
    name: 'probe',
    async run(ctx) {
      const [row] = (
        await ctx.db.runAndReadAll(
          "SELECT current_setting('memory_limit') AS memory_limit, current_setting('temp_directory') AS temp_directory",
        )
      ).getRowObjectsJson() as Record<string, string>[];
      seen.push(row ?? {});
      return [];
    },
  };
}

function rawWithIndex(name: string): string {
  const raw = join(root, name, 'raw');
  mkdirSync(raw, { recursive: true });
  copyFileSync(
    join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
    join(raw, 'dfp_cia_aberta_2010.csv'),
  );
  // The made-here ITR zip: its members are extracted into the work dir while staged.
  copyFileSync(
    join(SAMPLE_RAW, 'feitos-aqui/cvm/itr_cia_aberta_2024.zip'),
    join(raw, 'itr_cia_aberta_2024.zip'),
  );
  return raw;
}

describe('build working dir and DuckDB memory', () => {
  it('DuckDB gets the memory limit and spills under <out>/.work-<id>/duckdb; the work dir is gone afterwards', async () => {
    const out = join(root, 'limite', 'out');
    const seen: Record<string, string>[] = [];
    const r = await build({
      raw: rawWithIndex('limite'),
      out,
      label: 'mem',
      sources: cvmSources,
      stages: [probe(seen)],
      memoryLimit: '256MB',
    });
    // DuckDB reports 256MB (256 * 10^6 bytes) in its own binary units.
    expect(seen[0]?.memory_limit).toBe('244.1 MiB');
    expect(seen[0]?.temp_directory).toMatch(new RegExp(`^${out}/\\.work-[0-9a-f]{12}/duckdb$`));
    expect(r.report.tabelas.find((t) => t.tabela === 'stg_cvm_doc_indice')?.arquivos.length).toBe(2);
    expect(readdirSync(out).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('without a limit the default applies; a failed build removes its work dir too', async () => {
    const out = join(root, 'padrao', 'out');
    const seen: Record<string, string>[] = [];
    const failing: Stage = {
      name: 'falha',
      async run() {
        throw new Error('made-here failure');
      },
    };
    await expect(
      build({
        raw: rawWithIndex('padrao'),
        out,
        label: 'mem',
        sources: cvmSources,
        stages: [probe(seen), failing],
      }),
    ).rejects.toThrow('made-here failure');
    // 2GB since issue 10 (was 4GB): the whole process must stay within 4 GB at full scale. Since then
    // it is the ceiling of the default derived from the inputs' size, and these two small files get the
    // floor, 256MB (core/memory-budget.ts).
    expect(DEFAULT_MEMORY_LIMIT).toBe('2GB');
    expect(seen[0]?.memory_limit).toBe('244.1 MiB');
    expect(readdirSync(out).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(existsSync(join(out, 'current'))).toBe(false);
  });

  it('CLI: --memoria must be a size', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main(['build', '--raw', 'x', '--out', 'y', '--memoria', 'muito'])).toBe(2);
      expect(err).toHaveBeenCalledWith('--memoria: expected a size such as 512MB or 4GB, found "muito"');
    } finally {
      err.mockRestore();
    }
  });
});
