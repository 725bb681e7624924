import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/source.ts';
import { stageDelimited } from '../../readers/delimited.ts';
import { stageJson } from '../../readers/json.ts';
import {
  cdiIdiSpec,
  etfListSpec,
  indexDailySpec,
  indexMembershipSpec,
  theoreticalPortfolioSpec,
} from './indices.ts';
import { freshDb, jsonEmBancoNovo, one, recordingReporter, rows, samplePath } from './test-helpers.ts';

const IBOV = samplePath('raw/b3/indices/GetPortfolioDay_IndexStatistics_IBOV_2022.json');

/** Stages `text` as the IBOV answer (made-here changes); what it rejects with, or its result. */
async function stageIbov(text: string): Promise<unknown> {
  const path = join(mkdtempSync(join(tmpdir(), 'ibov-')), 'GetPortfolioDay_IndexStatistics_IBOV_2022.json');
  writeFileSync(path, text);
  return stageJson(await freshDb(), indexDailySpec, { path, arquivo: 'x.json' }, recordingReporter()).catch(
    (e: unknown) => e,
  );
}

describe('B3 index answers', () => {
  it('turns the IBOV day × month grid of 2022 into one row per trading day', async () => {
    const { db, staged } = await jsonEmBancoNovo(indexDailySpec, {
      path: IBOV,
      arquivo: 'GetPortfolioDay_IndexStatistics_IBOV_2022.json',
    });
    // MANIFEST: 250 non-empty daily values; 03/01/2022 = 103,921.59 and 29/12/2022 = 109,734.60.
    expect(staged.rows).toBe(250);
    const closes = await rows<Record<string, unknown>>(
      db,
      "SELECT indice, data::VARCHAR AS data, valor::VARCHAR AS valor, _caminho FROM stg_b3_indice_diario WHERE data IN ('2022-01-03', '2022-12-29') ORDER BY data",
    );
    expect(closes).toEqual([
      { indice: 'IBOV', data: '2022-01-03', valor: '103921.59', _caminho: '$.results[2].rateValue1' },
      { indice: 'IBOV', data: '2022-12-29', valor: '109734.60', _caminho: '$.results[28].rateValue12' },
    ]);
    // MANIFEST: the per-month min/max blocks agree with the daily values (January min 101,005.64, max 112,611.65).
    const jan = await one<{ lo: string; hi: string }>(
      db,
      'SELECT min(valor)::VARCHAR AS lo, max(valor)::VARCHAR AS hi FROM stg_b3_indice_diario WHERE month(data) = 1',
    );
    expect(jan).toEqual({ lo: '101005.64', hi: '112611.65' });
    const body = JSON.parse(readFileSync(IBOV, 'utf8')) as {
      min: Record<string, string>;
      max: Record<string, string>;
    };
    expect([body.min.rateValue1, body.max.rateValue1]).toEqual(['101,005.64', '112,611.65']);
  });

  it('refuses a grid cell that is not a string and names its path', async () => {
    const body = JSON.parse(readFileSync(IBOV, 'utf8')) as { results: Record<string, unknown>[] };
    const row = body.results[4];
    if (row) row.rateValue3 = 113000.5; // made here: a number where B3 sends text
    const err = await stageIbov(JSON.stringify(body));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).campo).toBe('$.results[4].rateValue3');
    expect((err as InputError).encontrado).toBe('113000.5');
  });

  it('refuses an empty index answer', async () => {
    const err = await stageIbov('');
    expect((err as InputError).encontrado).toBe('empty body');
  });

  it('stages CDI/IDI, index membership and the theoretical portfolio', async () => {
    const db = await freshDb();
    for (const name of ['CDIIDI.json', 'CDIIDI_2019-09-22.json']) {
      await stageJson(
        db,
        cdiIdiSpec,
        { path: samplePath(`raw/b3/indices/${name}`), arquivo: name },
        recordingReporter(),
      );
    }
    // CDIIDI.json: taxa 11,65 (14/04/2022), IDI 34.679,17 (18/04/2022); CDIIDI_2019-09-22.json: 5,40 / 30.989,89.
    const cdi = await rows(
      db,
      'SELECT taxa::VARCHAR AS taxa, datataxa::VARCHAR AS dt, indice::VARCHAR AS idi, dataindice::VARCHAR AS di, _data FROM stg_b3_cdi_idi ORDER BY datataxa',
    );
    expect(cdi).toEqual([
      {
        taxa: '5.4000000000',
        dt: '2019-09-20',
        idi: '30989.8900000000',
        di: '2019-09-23',
        _data: '2019-09-22',
      },
      { taxa: '11.6500000000', dt: '2022-04-14', idi: '34679.1700000000', di: '2022-04-18', _data: null },
    ]);

    const a = await stageJson(
      db,
      indexMembershipSpec,
      { path: samplePath('raw/b3/indices/GetStockIndex.json'), arquivo: 'GetStockIndex.json' },
      recordingReporter(),
    );
    const b = await stageJson(
      db,
      indexMembershipSpec,
      {
        path: samplePath('raw/b3/indices/StockIndexInfo_2021-09-06.json'),
        arquivo: 'StockIndexInfo_2021-09-06.json',
      },
      recordingReporter(),
    );
    // MANIFEST: totalRecords 660 (2022-05-13) and 612 (2021-09-06) equal the results.
    expect([a.rows, b.rows]).toEqual([660, 612]);
    const rrrp = await rows(
      db,
      "SELECT update::VARCHAR AS u, indexes FROM stg_b3_indice_membros WHERE code = 'RRRP3' ORDER BY update",
    );
    expect(rrrp).toEqual([
      { u: '2021-09-06', indexes: 'IBRA,IGCT,IGCX,IGNM,ITAG,SMLL' },
      { u: '2022-05-13', indexes: 'IBOV,IBRA,IBXX,IGCT,IGCX,IGNM,ITAG,IVBX,SMLL' },
    ]);

    const t = await stageJson(
      db,
      theoreticalPortfolioSpec,
      {
        path: samplePath('raw/b3/indices/GetTheoricalPortfolio.json'),
        arquivo: 'GetTheoricalPortfolio.json',
      },
      recordingReporter(),
    );
    expect(t.rows).toBe(92);
    // GetTheoricalPortfolio.json: ABEV3 theoricalQty 4.380.195.841, part 3,157; MANIFEST: parts sum to 100.001.
    const abev = await one(
      db,
      "SELECT theoricalqty, part::VARCHAR AS part FROM stg_b3_carteira_teorica WHERE cod = 'ABEV3'",
    );
    expect(abev).toEqual({ theoricalqty: 4380195841n, part: '3.1570000000' });
    const sum = await one<{ s: string }>(db, 'SELECT sum(part)::VARCHAR AS s FROM stg_b3_carteira_teorica');
    expect(sum.s).toBe('100.0010000000');
  });

  it('stages the 83 ETFs of the real list through the delimited reader', async () => {
    const db = await freshDb();
    await db.run(
      'CREATE TABLE _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
    );
    const path = samplePath('raw/b3/etf/etfs-listados-20231014.csv');
    const s = await stageDelimited(
      db,
      etfListSpec,
      { path, arquivo: 'etfs-listados-20231014.csv' },
      recordingReporter(),
    );
    // MANIFEST: 83 ETFs listed on 2023-10-14 (BOVA, IVVB, SMAL…), 4-letter root codes.
    expect([s.rows, s.quarantined]).toEqual([83, 0]);
    const r = await one<{ n: bigint; bova: bigint; data: string }>(
      db,
      "SELECT count(DISTINCT codigo) AS n, count(*) FILTER (WHERE codigo = 'BOVA') AS bova, any_value(_data) AS data FROM stg_b3_etf_listados WHERE length(codigo) = 4",
    );
    expect(r).toEqual({ n: 83n, bova: 1n, data: '20231014' });
  });

  it('describes the ETF list with the real header of the sample file', () => {
    const header = readFileSync(samplePath('raw/b3/etf/etfs-listados-20231014.csv'), 'latin1')
      .split('\n')[0]
      ?.split(';');
    expect(etfListSpec.columns.map((c) => c.name)).toEqual(header);
    expect(etfListSpec.fileName.test('etfs-listados-20231014.csv')).toBe(true);
  });
});
