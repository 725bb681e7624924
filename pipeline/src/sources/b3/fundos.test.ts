import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/source.ts';
import { localFileName } from '../../fetch/plan.ts';
import { stageFixedWidth } from '../../readers/fixed-width.ts';
import { stageJson } from '../../readers/json.ts';
import { cotahistRecorteSpec, cotahistSpec } from './cotahist.ts';
import { fundDistributionsSpec } from './fundos.ts';
import { freshDb, one, recordingReporter, samplePath, tmpFile } from './test-helpers.ts';

/** Made here (data/sample/raw/feitos-aqui/b3/fundos/): invented values in B3's documented layout. */
const HGLG = samplePath('raw/feitos-aqui/b3/fundos/GetListedSupplementFunds_0_HGLG_7.json');
/** Real B3 records filtered by a third party (data/sample/README.md): trailer of the whole month. */
const RECORTE = samplePath('raw/b3/cotahist-recorte/COTAHIST_RECORTE_M082026_HGLG11_NVHO11.TXT');

describe('b3_fundos_proventos (GetListedSupplementFunds)', () => {
  it('fetch names the answer after its parameters and the spec recognises it', () => {
    const json = JSON.stringify({ cnpj: '0', identifierFund: 'HGLG', typeFund: 7 });
    const url = (fundDistributionsSpec.url ?? '').replace(
      '{BASE64_JSON_PARAMS}',
      Buffer.from(json).toString('base64'),
    );
    const name = localFileName(fundDistributionsSpec, url, { BASE64_JSON_PARAMS: json });
    expect(name).toBe('GetListedSupplementFunds_0_HGLG_7.json');
    expect(fundDistributionsSpec.fileName.exec(name ?? '')?.groups?.identifierfund).toBe('HGLG');
  });

  it('stages every cashDividends entry with its JSON path, pt-BR numbers and dd/mm/yyyy dates', async () => {
    const db = await freshDb();
    const arquivo = 'feitos-aqui/b3/fundos/GetListedSupplementFunds_0_HGLG_7.json';
    const r = await stageJson(db, fundDistributionsSpec, { path: HGLG, arquivo }, recordingReporter());
    expect(r.rows).toBe(16);
    const first = await one<Record<string, unknown>>(
      db,
      `SELECT isincode, CAST(rate AS VARCHAR) AS rate, CAST(lastdateprior AS VARCHAR) AS com,
         CAST(paymentdate AS VARCHAR) AS pag, _identifierfund, _caminho FROM stg_b3_fundos_proventos WHERE _linha = 2`,
    );
    expect(first).toEqual({
      isincode: 'BRHGLGCTF004',
      rate: '1.0000000000',
      com: '2026-08-31',
      pag: '2026-09-15',
      _identifierfund: 'HGLG',
      _caminho: '$.cashDividends[1]',
    });
  });

  it('refuses an answer whose entry lacks its data com, naming file and JSON path', async () => {
    const answer = JSON.parse(readFileSync(HGLG, 'utf8')) as { cashDividends: Record<string, unknown>[] };
    const third = answer.cashDividends[2];
    if (third) delete third.lastDatePrior;
    const arquivo = 'GetListedSupplementFunds_0_HGLG_7.json';
    const err = await stageJson(
      await freshDb(),
      fundDistributionsSpec,
      { path: tmpFile(arquivo, JSON.stringify(answer)), arquivo },
      recordingReporter(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).arquivo).toBe(arquivo);
    expect((err as InputError).campo).toBe('$.cashDividends[2].lastDatePrior');
  });

  it('refuses an answer without cashDividends (a company answer saved under a fund name)', async () => {
    const arquivo = 'GetListedSupplementFunds_0_HGLG_7.json';
    const err = await stageJson(
      await freshDb(),
      fundDistributionsSpec,
      { path: tmpFile(arquivo, '[{"code":"HGLG"}]'), arquivo },
      recordingReporter(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).arquivo).toBe(arquivo);
  });
});

describe('b3_cotahist_recorte (COTAHIST excerpts)', () => {
  it('stages the real excerpt whose trailer counts the whole month (368196 records for 37 lines)', async () => {
    const db = await freshDb();
    const arquivo = 'b3/cotahist-recorte/COTAHIST_RECORTE_M082026_HGLG11_NVHO11.TXT';
    const r = await stageFixedWidth(db, cotahistRecorteSpec, { path: RECORTE, arquivo }, recordingReporter());
    expect(r.rows).toBe(35);
    // Line 16: HGLG11 on 2026-08-31, PREULT 00000000000014834, ESPECI `CI  ES`, DISMES 300.
    const hglg = await one<Record<string, unknown>>(
      db,
      `SELECT CAST(preult AS VARCHAR) AS preult, trim(especi) AS especi, dismes FROM stg_b3_cotahist_recorte WHERE _linha = 16`,
    );
    expect(hglg).toEqual({ preult: '148.34', especi: 'CI  ES', dismes: 300 });
  });

  it('the whole-file spec refuses the same excerpt on its trailer count', async () => {
    const err = await stageFixedWidth(
      await freshDb(),
      cotahistSpec,
      { path: RECORTE, arquivo: 'COTAHIST_M082026.TXT' },
      recordingReporter(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).linha).toBe(37);
    expect((err as InputError).campo).toContain('TOTREG');
  });

  it('an excerpt whose trailer counts fewer lines than it holds is refused', async () => {
    const lines = readFileSync(RECORTE, 'latin1').split('\r\n');
    const last = lines.findLastIndex((l) => l.startsWith('99'));
    const trailer = lines[last] ?? '';
    lines[last] = `${trailer.slice(0, 31)}00000000010${trailer.slice(42)}`; // made here: count 10 < 37 lines
    const arquivo = 'COTAHIST_RECORTE_CURTO.TXT';
    const err = await stageFixedWidth(
      await freshDb(),
      cotahistRecorteSpec,
      { path: tmpFile(arquivo, lines.join('\r\n')), arquivo },
      recordingReporter(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).arquivo).toBe(arquivo);
    expect((err as InputError).linha).toBe(37);
    expect((err as InputError).esperado).toContain('at least 37');
  });
});
