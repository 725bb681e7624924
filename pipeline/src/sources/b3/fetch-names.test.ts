import { describe, expect, it } from 'vitest';
import { localFileName } from '../../fetch/plan.ts';
import { sgsSpec, sgsUrl } from '../bcb/sgs.ts';
import { cashDividendsSpec, companyDetailSpec, supplementCompanySpec } from './empresas.ts';
import { cdiIdiSpec, indexDailySpec, indexMembershipSpec, theoreticalPortfolioSpec } from './indices.ts';

/** The name `fetch` gives a B3 answer, for the spec's URL filled with `params`. */
function b3Name(
  spec: { id: string; url?: string; fileName: RegExp },
  params: Record<string, string | number>,
): string | null {
  const json = JSON.stringify(params);
  const url = (spec.url ?? '').replace('{BASE64_JSON_PARAMS}', Buffer.from(json).toString('base64'));
  return localFileName(spec, url, { BASE64_JSON_PARAMS: json });
}

describe('downloads are recognised by the specs that read them', () => {
  it('B3 company and index calls (parameters as in the recorded rb3 requests)', () => {
    const cases: [typeof cashDividendsSpec, Record<string, string | number>][] = [
      [cashDividendsSpec, { tradingName: 'AMBEVSA', language: 'pt-br', pageNumber: 1, pageSize: 9999 }],
      [supplementCompanySpec, { issuingCompany: 'ABEV', language: 'pt-br' }],
      [companyDetailSpec, { codeCVM: '24910', language: 'pt-br' }],
      [indexDailySpec, { language: 'en-us', index: 'IBOV', year: 2022 }],
      [indexMembershipSpec, { pageNumber: 1, pageSize: 9999 }],
      [theoreticalPortfolioSpec, { pageNumber: 1, pageSize: 9999, language: 'en-us', index: 'IBOV' }],
    ];
    const names = cases.map(([spec, params]) => b3Name(spec, params));
    expect(names).toEqual([
      'GetListedCashDividends_AMBEVSA.json',
      'GetListedSupplementCompany_ABEV.json',
      'GetDetail_24910.json',
      'GetPortfolioDay_IBOV_2022.json',
      'GetStockIndex.json',
      'GetTheoricalPortfolio_IBOV.json',
    ]);
    cases.forEach(([spec], i) => {
      expect(spec.fileName.test(names[i] ?? '')).toBe(true);
    });
    expect(indexDailySpec.fileName.exec('GetPortfolioDay_IBOV_2022.json')?.groups).toEqual({
      indice: 'IBOV',
      ano: '2022',
    });
  });

  it('Cetip CDI/IDI and BCB SGS', () => {
    expect(cdiIdiSpec.fileName.test(localFileName(cdiIdiSpec, cdiIdiSpec.url ?? '', {}) ?? '')).toBe(true);
    const sgs = localFileName(sgsSpec, sgsUrl(11, '2019-01-02', '2026-07-23'), { SERIE: '11' });
    expect(sgs).toBe('sgs_11.json');
    expect(sgsSpec.fileName.exec(sgs ?? '')?.groups?.serie).toBe('11');
  });
});
