import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/source.ts';
import { stageJson } from '../../readers/json.ts';
import {
  b3CompanySources,
  cashDividendsSpec,
  companyCodesSpec,
  companyDetailSpec,
  stockEventsSpec,
  subscriptionsSpec,
  supplementCashSpec,
  supplementCompanySpec,
} from './empresas.ts';
import {
  freshDb,
  jsonEmBancoNovo,
  one,
  recordingReporter,
  rows,
  samplePath,
  tmpFile,
} from './test-helpers.ts';
import { b3Url, b3UrlParams } from './url.ts';

const CASH = samplePath('raw/b3/empresas/GetListedCashDividends_AMBEVSA.json');
const SUPPLEMENT = samplePath('raw/b3/empresas/GetListedSupplementCompany.json');
const DETAILS = samplePath('raw/b3/empresas/GetDetailsCompany.json');

/** Stages a (changed) cash-dividends answer; what it rejects with, or its result. */
const stageCash = async (answer: unknown) =>
  stageJson(
    await freshDb(),
    cashDividendsSpec,
    {
      path: tmpFile('GetListedCashDividends.json', JSON.stringify(answer)),
      arquivo: 'GetListedCashDividends.json',
    },
    recordingReporter(),
  ).catch((e: unknown) => e);

describe('B3 URL helper', () => {
  it('encodes the parameter object as the recorded requests did (rb3 cassettes)', () => {
    // data/sample/ruins/b3/GetListedSupplementCompanyEmpty.yml, request uri.
    expect(
      b3Url('listedCompaniesProxy/CompanyCall/GetListedSupplementCompany', {
        issuingCompany: 'WWWW',
        language: 'pt-br',
      }),
    ).toBe(
      'https://sistemaswebb3-listados.b3.com.br/listedCompaniesProxy/CompanyCall/GetListedSupplementCompany/eyJpc3N1aW5nQ29tcGFueSI6IldXV1ciLCJsYW5ndWFnZSI6InB0LWJyIn0=',
    );
    // MANIFEST, rb3 GetListedCashDividends.yml request (tradingName AMBEVSA).
    expect(
      b3Url('listedCompaniesProxy/CompanyCall/GetListedCashDividends', {
        tradingName: 'AMBEVSA',
        language: 'pt-br',
        pageNumber: 1,
        pageSize: 9999,
      }),
    ).toBe(
      'https://sistemaswebb3-listados.b3.com.br/listedCompaniesProxy/CompanyCall/GetListedCashDividends/eyJ0cmFkaW5nTmFtZSI6IkFNQkVWU0EiLCJsYW5ndWFnZSI6InB0LWJyIiwicGFnZU51bWJlciI6MSwicGFnZVNpemUiOjk5OTl9',
    );
    expect(
      b3UrlParams(
        b3Url('indexStatisticsProxy/IndexCall/GetPortfolioDay', {
          language: 'en-us',
          index: 'IBOV',
          year: 2022,
        }),
      ),
    ).toEqual({
      language: 'en-us',
      index: 'IBOV',
      year: 2022,
    });
  });
});

describe('GetListedCashDividends', () => {
  it('stages the 29 AMBEV events with pt-BR numbers and dd/mm/yyyy dates typed', async () => {
    const { db, staged } = await jsonEmBancoNovo(cashDividendsSpec, {
      path: CASH,
      arquivo: 'GetListedCashDividends.json',
    });
    expect(staged).toEqual({
      arquivo: 'GetListedCashDividends.json',
      staged: 'stg_b3_proventos_dinheiro',
      rows: 29,
      quarantined: 0,
    });
    // First result: DIVIDENDO 0,1334 approved 09/12/2021, last cum 17/12/2021 at 16,07, 0,830118 %.
    const first = await one<Record<string, unknown>>(
      db,
      `SELECT typestock, dateapproval::VARCHAR AS aprov, valuecash::VARCHAR AS v, corporateaction, lastdatepriorex::VARCHAR AS com,
              closingpricepriorexdate::VARCHAR AS preco, corporateactionprice::VARCHAR AS pct, lastdatetimepriorex::VARCHAR AS iso,
              _linha, _caminho, _tradingname
       FROM stg_b3_proventos_dinheiro WHERE _linha = 1`,
    );
    expect(first).toEqual({
      typestock: 'ON',
      aprov: '2021-12-09',
      v: '0.1334000000',
      corporateaction: 'DIVIDENDO',
      com: '2021-12-17',
      preco: '16.0700000000',
      pct: '0.8301180000',
      iso: '2021-12-17',
      _linha: 1n,
      _caminho: '$.results[0]',
      _tradingname: null,
    });
    // Last result: JRS CAP PROPRIO 0,154, last cum 14/01/2014.
    const last = await one<Record<string, unknown>>(
      db,
      'SELECT valuecash::VARCHAR AS v, corporateaction, lastdatepriorex::VARCHAR AS com FROM stg_b3_proventos_dinheiro WHERE _linha = 29',
    );
    expect(last).toEqual({ v: '0.1540000000', corporateaction: 'JRS CAP PROPRIO', com: '2014-01-14' });
    // MANIFEST cross-check: corporateActionPrice = valueCash / quotedPerShares / closingPricePriorExDate × 100 for all rows.
    const mismatches = await one<{ n: bigint }>(
      db,
      'SELECT count(*) AS n FROM stg_b3_proventos_dinheiro WHERE abs(valuecash / quotedpershares / closingpricepriorexdate * 100 - corporateactionprice) > 0.000001',
    );
    expect(mismatches.n).toBe(0n);
  });

  it('takes the trading name from the download file name', async () => {
    const db = await freshDb();
    const path = tmpFile('GetListedCashDividends_AMBEVSA.json', readFileSync(CASH, 'utf8'));
    await stageJson(
      db,
      cashDividendsSpec,
      { path, arquivo: 'GetListedCashDividends_AMBEVSA.json' },
      recordingReporter(),
    );
    const r = await one<{ n: bigint; t: string }>(
      db,
      'SELECT count(*) AS n, any_value(_tradingname) AS t FROM stg_b3_proventos_dinheiro',
    );
    expect(r).toEqual({ n: 29n, t: 'AMBEVSA' });
  });

  it('refuses a malformed answer naming the JSON path', async () => {
    const answer = JSON.parse(readFileSync(CASH, 'utf8')) as { results: Record<string, unknown>[] };
    const third = answer.results[2];
    if (third) delete third.valueCash;
    const err = await stageCash(answer);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).arquivo).toBe('GetListedCashDividends.json');
    expect((err as InputError).campo).toBe('$.results[2].valueCash');
  });

  it('refuses a partial page (fewer results than totalRecords)', async () => {
    const answer = JSON.parse(readFileSync(CASH, 'utf8')) as { results: unknown[] };
    answer.results.pop();
    const err = await stageCash(answer);
    expect((err as InputError).campo).toBe('$.page');
    expect((err as InputError).esperado).toContain('29 records (got 28');
  });

  it('refuses text that is not JSON, with the line', async () => {
    const err = await stageJson(
      await freshDb(),
      cashDividendsSpec,
      {
        path: tmpFile('GetListedCashDividends.json', '{"page":\n{oops}'),
        arquivo: 'GetListedCashDividends.json',
      },
      recordingReporter(),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).esperado).toBe('valid JSON');
    expect((err as InputError).linha).toBe(2);
  });

  it('quarantines an event whose value is not a pt-BR number and stages the others', async () => {
    const answer = JSON.parse(readFileSync(CASH, 'utf8')) as { results: Record<string, unknown>[] };
    const second = answer.results[1];
    if (second) second.valueCash = '0.47.02'; // made here: not a pt-BR number
    const db = await freshDb();
    const staged = await stageJson(
      db,
      cashDividendsSpec,
      {
        path: tmpFile('GetListedCashDividends.json', JSON.stringify(answer)),
        arquivo: 'GetListedCashDividends.json',
      },
      recordingReporter(),
    );
    expect(staged.rows).toBe(28);
    expect(staged.quarantined).toBe(1);
    const q = await one<Record<string, unknown>>(db, 'SELECT source, linha, campo, valor FROM _quarantine');
    expect(q).toEqual({
      source: 'b3_proventos_dinheiro',
      linha: 2n,
      campo: '$.results[1].valueCash',
      valor: '0.47.02',
    });
  });
});

describe('GetListedSupplementCompany and GetDetail', () => {
  it('stages the company, its cash events and subscriptions from one answer', async () => {
    const db = await freshDb();
    const file = { path: SUPPLEMENT, arquivo: 'GetListedSupplementCompany.json' };
    const counts = [];
    for (const spec of [supplementCompanySpec, supplementCashSpec, stockEventsSpec, subscriptionsSpec]) {
      counts.push((await stageJson(db, spec, file, recordingReporter())).rows);
    }
    // MANIFEST: 1 company; 2 cashDividends, 0 stockDividends, 1 subscriptions.
    expect(counts).toEqual([1, 2, 0, 1]);
    const company = await one<Record<string, unknown>>(
      db,
      `SELECT code, codecvm, stockcapital::VARCHAR AS capital, totalnumbershares AS total, numbercommonshares AS ordinarias,
              numberpreferredshares AS preferenciais, quotedpersharsince::VARCHAR AS desde, roundlot FROM stg_b3_complemento_empresa`,
    );
    expect(company).toEqual({
      code: 'ABEV',
      codecvm: '23264',
      capital: '58130517165.2200000000',
      total: 15750216851n,
      ordinarias: 15750216851n,
      preferenciais: 0n,
      desde: '2013-11-01',
      roundlot: 100n,
    });
    // The two 2021 events (DIVIDENDO 0,1334 and JCP 0,4702, lastDatePrior 17/12/2021, paid 30/12/2021).
    const cash = await rows<Record<string, unknown>>(
      db,
      'SELECT code, label, rate::VARCHAR AS rate, lastdateprior::VARCHAR AS com, paymentdate::VARCHAR AS pagamento, _caminho FROM stg_b3_complemento_proventos ORDER BY _linha',
    );
    expect(cash).toEqual([
      {
        code: 'ABEV',
        label: 'DIVIDENDO',
        rate: '0.1334000000',
        com: '2021-12-17',
        pagamento: '2021-12-30',
        _caminho: '$[0].cashDividends[0]',
      },
      {
        code: 'ABEV',
        label: 'JRS CAP PROPRIO',
        rate: '0.4702000000',
        com: '2021-12-17',
        pagamento: '2021-12-30',
        _caminho: '$[0].cashDividends[1]',
      },
    ]);
    const sub = await one<Record<string, unknown>>(
      db,
      'SELECT priceunit::VARCHAR AS preco, subscriptiondate::VARCHAR AS data FROM stg_b3_subscricoes',
    );
    expect(sub).toEqual({ preco: '16.0900000000', data: '2014-05-29' });
  });

  it('stages stockDividends (made-here event: the sample company has none)', async () => {
    const answer = JSON.parse(readFileSync(SUPPLEMENT, 'utf8')) as Record<string, unknown>[];
    const company = answer[0];
    if (company) {
      // Made here, not a real event: shape from docs/sources.md §4.2 (factor "100,00000000000" = +100 %).
      company.stockDividends = [
        {
          assetIssued: 'BRABEVACNOR1',
          factor: '100,00000000000',
          approvedOn: '01/02/2030',
          isinCode: 'BRABEVACNOR1',
          label: 'DESDOBRAMENTO',
          lastDatePrior: '15/02/2030',
          remarks: '',
        },
      ];
    }
    const db = await freshDb();
    const path = tmpFile('GetListedSupplementCompany_ABEV.json', JSON.stringify(answer));
    const staged = await stageJson(
      db,
      stockEventsSpec,
      { path, arquivo: 'GetListedSupplementCompany_ABEV.json' },
      recordingReporter(),
    );
    expect(staged.rows).toBe(1);
    const ev = await one<Record<string, unknown>>(
      db,
      'SELECT code, codecvm, label, factor::VARCHAR AS fator, lastdateprior::VARCHAR AS com, remarks, _issuingcompany FROM stg_b3_eventos_acoes',
    );
    expect(ev).toEqual({
      code: 'ABEV',
      codecvm: '23264',
      label: 'DESDOBRAMENTO',
      fator: '100.0000000000',
      com: '2030-02-15',
      remarks: null,
      _issuingcompany: 'ABEV',
    });
  });

  it('stages an empty body (unknown company) as no rows, with a build note', async () => {
    // data/sample/ruins/b3/GetListedSupplementCompanyEmpty.yml records a 200 answer whose body is the empty string.
    const cassette = readFileSync(samplePath('ruins/b3/GetListedSupplementCompanyEmpty.yml'), 'utf8');
    expect(cassette).toMatch(/body:\n\s+encoding: ''\n\s+file: no\n\s+string: ''\n\s+recorded_at/);
    const db = await freshDb();
    const report = recordingReporter();
    const path = samplePath('ruins/b3/GetListedSupplementCompany_WWWW.json');
    expect(readFileSync(path, 'utf8')).toBe('');
    const staged = await stageJson(
      db,
      supplementCompanySpec,
      { path, arquivo: 'GetListedSupplementCompany_WWWW.json' },
      report,
    );
    expect(staged.rows).toBe(0);
    expect(report.notes.join('\n')).toContain('GetListedSupplementCompany_WWWW.json: empty body');
    const n = await one<{ n: bigint }>(db, 'SELECT count(*) AS n FROM stg_b3_complemento_empresa');
    expect(n.n).toBe(0n);
  });

  it('stages GetDetail and its other codes', async () => {
    const db = await freshDb();
    const file = { path: DETAILS, arquivo: 'GetDetailsCompany.json' };
    await stageJson(db, companyDetailSpec, file, recordingReporter());
    await stageJson(db, companyCodesSpec, file, recordingReporter());
    const d = await one<Record<string, unknown>>(
      db,
      'SELECT issuingcompany, codecvm, cnpj, code, status, hasbdr FROM stg_b3_detalhes_empresa',
    );
    expect(d).toEqual({
      issuingcompany: 'ABEV',
      codecvm: '23264',
      cnpj: '07526557000100',
      code: 'ABEV3',
      status: 'A',
      hasbdr: 'false',
    });
    const codes = await rows(db, 'SELECT issuingcompany, codecvm, code, isin FROM stg_b3_detalhes_codigos');
    expect(codes).toEqual([
      { issuingcompany: 'ABEV', codecvm: '23264', code: 'ABEV3', isin: 'BRABEVACNOR1' },
    ]);
  });

  it('every company spec recognises its sample file and has a B3 URL pattern', () => {
    const names = [
      'GetListedCashDividends_AMBEVSA.json',
      'GetListedSupplementCompany.json',
      'GetDetailsCompany.json',
    ];
    for (const spec of b3CompanySources) {
      expect(names.some((n) => spec.fileName.test(n))).toBe(true);
      expect(spec.url).toMatch(
        /^https:\/\/sistemaswebb3-listados\.b3\.com\.br\/listedCompaniesProxy\/CompanyCall\//,
      );
    }
  });
});
