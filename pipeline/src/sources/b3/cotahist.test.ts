import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/source.ts';
import { stageFixedWidth } from '../../readers/fixed-width.ts';
import { cotahistSpec, cotahistUrl, cotahistUrlPatterns } from './cotahist.ts';
import { freshDb, one, recordingReporter, rows, samplePath } from './test-helpers.ts';

const D20220203 = samplePath('raw/b3/cotahist/COTAHIST_D03022022.TXT');
const D20210625 = samplePath('raw/b3/cotahist/COTAHIST_D25062021.TXT');

/** Type-01 records counted in JavaScript, independently of the DuckDB reader. */
function countQuoteRecords(path: string): number {
  return readFileSync(path, 'latin1')
    .split(/\r?\n/)
    .filter((l) => l.startsWith('01')).length;
}

async function stageErr(path: string): Promise<InputError> {
  const db = await freshDb();
  const err = await stageFixedWidth(
    db,
    cotahistSpec,
    { path, arquivo: path.split('/').pop() ?? path },
    recordingReporter(),
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  return err as InputError;
}

/** Writes a variant of the real daily file (made here from its lines) to a temp dir. */
/** Stages a changed copy of the 2022-02-03 daily file under its real name. */
const stageVariant = (db: Awaited<ReturnType<typeof freshDb>>, path: string) =>
  stageFixedWidth(db, cotahistSpec, { path, arquivo: 'COTAHIST_D03022022.TXT' }, recordingReporter());

function variant(name: string, edit: (lines: string[]) => string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cotahist-'));
  const lines = readFileSync(D20220203, 'latin1').split('\r\n');
  const path = join(dir, name);
  writeFileSync(path, edit(lines).join('\r\n'), 'latin1');
  return path;
}

describe('COTAHIST reader on the real daily files', () => {
  it('stages one row per type-01 record with layout names and exact prices', async () => {
    const db = await freshDb();
    const report = recordingReporter();
    const a = await stageFixedWidth(
      db,
      cotahistSpec,
      { path: D20220203, arquivo: 'COTAHIST_D03022022.TXT' },
      report,
    );
    const b = await stageFixedWidth(
      db,
      cotahistSpec,
      { path: D20210625, arquivo: 'COTAHIST_D25062021.TXT' },
      report,
    );
    // MANIFEST: 7261 and 7518 type-01 records.
    expect(a.rows).toBe(countQuoteRecords(D20220203));
    expect(a.rows).toBe(7261);
    expect(b.rows).toBe(countQuoteRecords(D20210625));
    expect(a.quarantined + b.quarantined).toBe(0);
    const { n } = await one<{ n: bigint }>(db, 'SELECT count(*)::BIGINT AS n FROM stg_b3_cotahist');
    expect(Number(n)).toBe(a.rows + b.rows);

    // MANIFEST cross-check: PETR4 closes 32.07 and VALE3 85.75 on 2022-02-03 (standard lot, cash market).
    const closes = await rows<{
      codneg: string;
      preult: string;
      data: string;
      fatcot: number;
      _linha: bigint;
    }>(
      db,
      `SELECT codneg, preult::VARCHAR AS preult, data_pregao::VARCHAR AS data, fatcot, _linha FROM stg_b3_cotahist
       WHERE codneg IN ('PETR4', 'VALE3') AND codbdi = '02' AND tpmerc = '010' AND _arquivo = 'COTAHIST_D03022022.TXT' ORDER BY codneg`,
    );
    expect(closes.map((r) => [r.codneg, r.preult, r.data, r.fatcot])).toEqual([
      ['PETR4', '32.07', '2022-02-03', 1],
      ['VALE3', '85.75', '2022-02-03', 1],
    ]);
    // _linha points back to the very line of the file.
    const petr4Line = readFileSync(D20220203, 'latin1').split('\r\n')[Number(closes[0]?._linha) - 1];
    expect(petr4Line?.substring(12, 24).trim()).toBe('PETR4');

    // COTAHIST_D03022022.TXT, PETR4 line: PREABE 0000000003235, PREMAX 0000000003292, PREMIN 0000000003162,
    // TOTNEG 92360 (148-152), ISIN BRPETRACNPR6, DISMES 201.
    const petr4 = await one<Record<string, string>>(
      db,
      `SELECT preabe::VARCHAR AS preabe, premax::VARCHAR AS premax, premin::VARCHAR AS premin, totneg::VARCHAR AS totneg,
              codisi, dismes::VARCHAR AS dismes, especi, typeof(preult) AS t, datven::VARCHAR AS datven
       FROM stg_b3_cotahist WHERE codneg = 'PETR4' AND _arquivo = 'COTAHIST_D03022022.TXT'`,
    );
    expect(petr4).toEqual({
      preabe: '32.35',
      premax: '32.92',
      premin: '31.62',
      totneg: '92360',
      codisi: 'BRPETRACNPR6',
      dismes: '201',
      especi: 'PN      N2',
      t: 'DECIMAL(18,2)',
      datven: '9999-12-31',
    });
  });

  it('recognises annual, monthly and daily file names and builds their URLs', () => {
    for (const name of [
      'COTAHIST_A2022.TXT',
      'COTAHIST_M012025.TXT',
      'COTAHIST_D03022022.TXT',
      'COTAHIST.2022.TXT',
    ]) {
      expect(cotahistSpec.fileName.test(name)).toBe(true);
    }
    expect(cotahistSpec.fileName.test('COTAHIST_X2022.TXT')).toBe(false);
    expect(cotahistUrl({ ano: 2022 })).toBe(
      'https://bvmf.bmfbovespa.com.br/InstDados/SerHist/COTAHIST_A2022.ZIP',
    );
    expect(cotahistUrl({ ano: 2025, mes: 1 })).toBe(
      'https://bvmf.bmfbovespa.com.br/InstDados/SerHist/COTAHIST_M012025.ZIP',
    );
    expect(cotahistUrl({ ano: 2022, mes: 2, dia: 3 })).toBe(
      'https://bvmf.bmfbovespa.com.br/InstDados/SerHist/COTAHIST_D03022022.ZIP',
    );
    expect(cotahistUrlPatterns.diario).toContain('COTAHIST_D{DD}{MM}{YYYY}.ZIP');
  });
});

describe('COTAHIST reader refuses bad files', () => {
  it('refuses the real truncated annual files (no trailer)', async () => {
    for (const year of [2022, 2023, 2024]) {
      const err = await stageErr(samplePath(`ruins/b3/cotahist-truncados/COTAHIST_A${year}.TXT`));
      expect(err.message).toContain('no trailer: file truncated?');
      // 50 lines, the last is a quote record (MANIFEST).
      expect(err.linha).toBe(50);
      expect(err.encontrado).toBe('01');
    }
  });

  it('refuses the real daily file whose trailer count is wrong', async () => {
    // MANIFEST: COTAHIST_D04012016.TXT keeps its trailer with TOTREG 00000001745 but has 506 lines.
    const err = await stageErr(samplePath('ruins/b3/COTAHIST_D04012016.TXT'));
    expect(err.campo).toContain('TOTREG');
    expect(err.linha).toBe(506);
    expect(err.encontrado).toBe('00000001745');
  });

  it('names the line of a record of the wrong length', async () => {
    const path = variant('COTAHIST_D03022022.TXT', (lines) =>
      lines.map((l, i) => (i === 99 ? l.slice(0, 244) : l)),
    );
    const err = await stageErr(path);
    expect(err.linha).toBe(100);
    expect(err.esperado).toContain('245 characters');
    expect(err.encontrado).toBe('244 characters');
  });

  it('refuses a trailer count that does not match the lines', async () => {
    // Drop one quote record, keep the trailer: 7262 lines for TOTREG 7263.
    const path = variant('COTAHIST_D03022022.TXT', (lines) => lines.filter((_, i) => i !== 5));
    const err = await stageErr(path);
    expect(err.campo).toContain('TOTREG');
    expect(err.encontrado).toBe('00000007263');
    expect(err.esperado).toContain('7262');
  });

  it('refuses an unknown record type and a missing header', async () => {
    const unknown = await stageErr(
      variant('COTAHIST_D03022022.TXT', (lines) => lines.map((l, i) => (i === 10 ? `02${l.slice(2)}` : l))),
    );
    expect(unknown.linha).toBe(11);
    expect(unknown.encontrado).toBe('02');
    const headless = await stageErr(variant('COTAHIST_D03022022.TXT', (lines) => lines.slice(1)));
    expect(headless.linha).toBe(1);
    expect(headless.esperado).toContain('header');
  });

  it("refuses a header that is not B3's (origin and generation date checked)", async () => {
    const origin = await stageErr(
      variant('COTAHIST_D03022022.TXT', (lines) =>
        lines.map((l, i) => (i === 0 ? `${l.slice(0, 15)}NOTB3   ${l.slice(23)}` : l)),
      ),
    );
    expect(origin.linha).toBe(1);
    expect(origin.campo).toContain('origin');
    expect(origin.encontrado).toBe('NOTB3   ');
    const date = await stageErr(
      variant('COTAHIST_D03022022.TXT', (lines) =>
        lines.map((l, i) => (i === 0 ? `${l.slice(0, 23)}20221302${l.slice(31)}` : l)),
      ),
    );
    expect(date.campo).toContain('generation date');
  });

  it('refuses an empty file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cotahist-'));
    const path = join(dir, 'COTAHIST_D03022022.TXT');
    writeFileSync(path, '');
    const err = await stageErr(path);
    expect(err.encontrado).toBe('empty file');
  });

  it('reads latin-1 bytes DuckDB refuses (C1 range) without changing record lengths', async () => {
    // Made here: NOMRES of line 3 holds 'SÃO' and the byte 0x83 (seen in real CVM latin-1 files).
    const nome = 'S\u00c3O\u0083'.padEnd(12, ' ');
    const path = variant('COTAHIST_D03022022.TXT', (lines) =>
      lines.map((l, i) => (i === 2 ? `${l.slice(0, 27)}${nome}${l.slice(39)}` : l)),
    );
    const db = await freshDb();
    const staged = await stageVariant(db, path);
    expect(staged.rows).toBe(7261);
    const r = await one<{ nomres: string }>(db, 'SELECT nomres FROM stg_b3_cotahist WHERE _linha = 3');
    expect(r.nomres).toBe('S\u00c3O\u0083');
  });

  it('quarantines a quote record whose price is not digits and stages the rest', async () => {
    // Made here: PREULT of line 3 replaced by letters.
    const path = variant('COTAHIST_D03022022.TXT', (lines) =>
      lines.map((l, i) => (i === 2 ? `${l.slice(0, 108)}ABCDEFGHIJKLM${l.slice(121)}` : l)),
    );
    const db = await freshDb();
    const staged = await stageVariant(db, path);
    expect(staged.quarantined).toBe(1);
    expect(staged.rows).toBe(7260);
    const q = await rows<Record<string, unknown>>(
      db,
      'SELECT source, arquivo, linha, campo, valor FROM _quarantine',
    );
    expect(q).toEqual([
      {
        source: 'b3_cotahist',
        arquivo: 'COTAHIST_D03022022.TXT',
        linha: 3n,
        campo: 'preult',
        valor: 'ABCDEFGHIJKLM',
      },
    ]);
  });
});
