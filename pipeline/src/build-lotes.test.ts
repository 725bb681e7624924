import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './build.ts';
import { InputError } from './core/source.ts';
import { cvmSources } from './sources/cvm/index.ts';
import { differences } from './test-support/builds.ts';
import { SAMPLE_RAW } from './test-support/sample.ts';

/**
 * The build opens the next batch of inputs (zips extracted, text checked) while DuckDB stages the current
 * one (`abrirLote` in build.ts). Whatever the batches, the staged rows and the order they land in must be
 * the same, and a bad input must still stop the build naming it, after the inputs before it.
 */
const root = mkdtempSync(join(tmpdir(), 'build-lotes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const now = new Date('2026-11-25T12:00:00Z');
const opts = { label: 'lotes', sources: cvmSources, now, stages: [] };
// Real CVM files (data/sample/raw, see its MANIFEST), among them members with rows to quarantine, and the
// made-here ITR zip, whose members are extracted into the work dir.
const raw = join(root, 'raw');
const ITR_ZIP = join(SAMPLE_RAW, 'feitos-aqui/cvm/itr_cia_aberta_2024.zip');

beforeAll(() => {
  cpSync(join(SAMPLE_RAW, 'cvm/dfp/ano-completo'), join(raw, 'dfp'), { recursive: true });
  cpSync(join(SAMPLE_RAW, 'cvm/itr'), join(raw, 'itr'), { recursive: true });
  cpSync(ITR_ZIP, join(raw, 'itr', 'itr_cia_aberta_2024.zip'));
});

describe('staging in batches opened ahead', () => {
  it('one input per batch stages exactly what one batch of every input stages', async () => {
    const juntos = await build({ ...opts, raw, out: join(root, 'juntos') });
    const umAUm = await build({ ...opts, raw, out: join(root, 'um-a-um'), loteBytes: 1 });
    // The staged tables' parts are published: the comparison covers rows, order and quarantine.
    expect(juntos.manifest.artefatos.filter((e) => e.format === 'parquet').length).toBeGreaterThan(40);
    expect(differences(umAUm, juntos)).toEqual([]);
    expect(umAUm.report.tabelas).toEqual(juntos.report.tabelas);
    expect(umAUm.report.quarentena.total).toBeGreaterThan(0);
    expect(umAUm.report.quarentena).toEqual(juntos.report.quarentena);
  });

  it('a corrupt zip opened while the input before it is staged fails the build naming it; nothing is left', async () => {
    const bad = join(root, 'raw-ruim');
    mkdirSync(bad, { recursive: true });
    cpSync(
      join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
      join(bad, 'dfp_cia_aberta_2010.csv'),
    );
    // Made here: the ITR zip with bytes of its compressed data overwritten (its directory reads, a member
    // does not inflate), between two good inputs, each in its own batch.
    const zip = Buffer.from(readFileSync(ITR_ZIP));
    zip.fill(0xff, 200, 600);
    writeFileSync(join(bad, 'itr_cia_aberta_2023.zip'), zip);
    cpSync(ITR_ZIP, join(bad, 'itr_cia_aberta_2024.zip'));
    const out = join(root, 'ruim');
    const err = await build({ ...opts, raw: bad, out, loteBytes: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).arquivo).toBe('itr_cia_aberta_2023.zip');
    expect(readdirSync(out)).toEqual([]);
  });
});
