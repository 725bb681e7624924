import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/source.ts';
import { stageJson } from '../../readers/json.ts';
import { freshDb, jsonEmBancoNovo, one, recordingReporter, samplePath } from '../b3/test-helpers.ts';
import { sgsSpec, sgsUrl } from './sgs.ts';

describe('BCB SGS', () => {
  it('stages the Selic answer as series 11 with typed dates and exact values', async () => {
    const { db, staged } = await jsonEmBancoNovo(sgsSpec, {
      path: samplePath('raw/bcb/selic.json'),
      arquivo: 'selic.json',
    });
    // MANIFEST: 1899 observations, 02/01/2019..23/07/2026, no duplicates; first value "0.024620".
    expect(staged.rows).toBe(1899);
    const r = await one(
      db,
      `SELECT min(data)::VARCHAR AS de, max(data)::VARCHAR AS ate, count(DISTINCT data) AS dias, any_value(serie) AS serie,
              any_value(valor::VARCHAR) FILTER (WHERE data = DATE '2019-01-02') AS primeiro FROM stg_bcb_sgs`,
    );
    expect(r).toEqual({
      de: '2019-01-02',
      ate: '2026-07-23',
      dias: 1899n,
      serie: '11',
      primeiro: '0.0246200000',
    });
  });

  it('names downloads by series number and builds the API URL', () => {
    expect(sgsSpec.fileName.exec('sgs_432.json')?.groups?.serie).toBe('432');
    expect(sgsUrl(11, '2019-01-02', '2026-07-23')).toBe(
      'https://api.bcb.gov.br/dados/serie/bcdata.sgs.11/dados?formato=json&dataInicial=02/01/2019&dataFinal=23/07/2026',
    );
  });

  it('refuses an answer that is not the array of observations', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sgs-')), 'sgs_11.json');
    writeFileSync(path, '{"error":"Value(s) not found"}'); // made here: an error object instead of data
    const err = await stageJson(
      await freshDb(),
      sgsSpec,
      { path, arquivo: 'sgs_11.json' },
      recordingReporter(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).campo).toBe('$');
  });
});
