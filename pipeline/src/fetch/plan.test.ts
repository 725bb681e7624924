import { describe, expect, it } from 'vitest';
import { applyMirror, type DownloadableSource, planDownloads, remoteFileName } from './plan.ts';

// URL patterns as documented in docs/sources.md (CVM and B3 COTAHIST); `b3_api` and `colide` are made here.
const SOURCES: DownloadableSource[] = [
  { id: 'cvm_dfp', url: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC/DFP/DADOS/dfp_cia_aberta_{YYYY}.zip' },
  { id: 'cvm_cad', url: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv' },
  { id: 'cotahist_m', url: 'https://bvmf.bmfbovespa.com.br/InstDados/SerHist/COTAHIST_M{MM}{YYYY}.ZIP' },
  { id: 'cotahist_d', url: 'https://bvmf.bmfbovespa.com.br/InstDados/SerHist/COTAHIST_D{DD}{MM}{YYYY}.ZIP' },
  { id: 'b3_api', url: 'https://example.invalid/api/{call}_{YYYY}.json' },
  { id: 'colide', url: 'https://example.invalid/{call}/f.json' },
  { id: 'sem_url' },
  // As in the registry's b3_cotahist, bcb_sgs and b3_proventos_dinheiro specs.
  { id: 'cotahist', url: 'https://bvmf.bmfbovespa.com.br/InstDados/SerHist/COTAHIST_{PERIODO}.ZIP' },
  {
    id: 'sgs',
    url: 'https://api.bcb.gov.br/dados/serie/bcdata.sgs.{SERIE}/dados?formato=json&dataInicial={DD/MM/YYYY}',
  },
  {
    id: 'b3_proventos',
    url: 'https://sistemaswebb3-listados.b3.com.br/listedCompaniesProxy/CompanyCall/GetListedCashDividends/{BASE64_JSON_PARAMS}',
    fileName: /^GetListedCashDividends(?:_(?<_tradingname>[A-Za-z0-9]+))?\.json$/,
  },
  {
    id: 'b3_detalhe',
    url: 'https://sistemaswebb3-listados.b3.com.br/listedCompaniesProxy/CompanyCall/GetDetail/{BASE64_JSON_PARAMS}',
    fileName: /^GetDetails?Company(?:_(?<_codecvm>\d+))?\.json$/,
  },
  // Made here: a spec with a localName template, as proposed to the source owners.
  {
    id: 'sgs_nomeado',
    url: 'https://api.bcb.gov.br/dados/serie/bcdata.sgs.{SERIE}/dados?ano={YYYY}',
    localName: 'sgs_{SERIE}_{YYYY}.json',
  },
  { id: 'cvm_x_sem_url' },
  { id: 'cvm_x_cad', url: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv' },
];
const none = { anos: [], meses: [], dias: [] };

describe('planDownloads', () => {
  it('expands a yearly pattern once per --anos value', () => {
    const plan = planDownloads(SOURCES, ['cvm_dfp'], { ...none, anos: ['2023', '2024'] }, {}, null);
    expect(plan.problems).toEqual([]);
    expect(plan.downloads).toEqual([
      {
        source: 'cvm_dfp',
        url_origem: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC/DFP/DADOS/dfp_cia_aberta_2023.zip',
        url: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC/DFP/DADOS/dfp_cia_aberta_2023.zip',
        fileName: 'dfp_cia_aberta_2023.zip',
        relPath: 'cvm_dfp/dfp_cia_aberta_2023.zip',
      },
      expect.objectContaining({ fileName: 'dfp_cia_aberta_2024.zip' }),
    ]);
  });

  it('downloads an unpartitioned file once, whatever the periods', () => {
    const plan = planDownloads(SOURCES, ['cvm_cad'], { ...none, anos: ['2023', '2024'] }, {}, null);
    expect(plan.downloads.map((d) => d.fileName)).toEqual(['cad_cia_aberta.csv']);
  });

  it('fills {MM}{YYYY} from --meses, or every month of --anos', () => {
    const months = planDownloads(
      SOURCES,
      ['cotahist_m'],
      { ...none, meses: ['2024-01', '2024-02'] },
      {},
      null,
    );
    expect(months.downloads.map((d) => d.fileName)).toEqual(['COTAHIST_M012024.ZIP', 'COTAHIST_M022024.ZIP']);
    const year = planDownloads(SOURCES, ['cotahist_m'], { ...none, anos: ['2023'] }, {}, null);
    expect(year.downloads).toHaveLength(12);
    expect(year.downloads.at(-1)!.fileName).toBe('COTAHIST_M122023.ZIP');
  });

  it('fills {DD}{MM}{YYYY} only from --dias', () => {
    const plan = planDownloads(SOURCES, ['cotahist_d'], { ...none, dias: ['2024-01-02'] }, {}, null);
    expect(plan.downloads.map((d) => d.fileName)).toEqual(['COTAHIST_D02012024.ZIP']);
    const missing = planDownloads(SOURCES, ['cotahist_d'], { ...none, anos: ['2024'] }, {}, null);
    expect(missing.problems).toEqual(['source "cotahist_d" needs --dias (its URL has {DD})']);
  });

  it('takes other placeholders from --param and asks for them when missing', () => {
    const periods = { ...none, anos: ['2024'] };
    const plan = planDownloads(
      SOURCES,
      ['b3_api'],
      { anos: ['2023', '2024'], meses: [], dias: [] },
      { call: ['A', 'B'] },
      null,
    );
    expect(plan.downloads.map((d) => d.fileName)).toEqual([
      'A_2023.json',
      'B_2023.json',
      'A_2024.json',
      'B_2024.json',
    ]);
    expect(planDownloads(SOURCES, ['b3_api'], periods, {}, null).problems).toEqual([
      'source "b3_api" needs --param call=…',
    ]);
  });

  it('refuses two URLs that would land on the same local file', () => {
    const plan = planDownloads(SOURCES, ['colide'], none, { call: ['A', 'B'] }, null);
    expect(plan.downloads.map((d) => d.url_origem)).toEqual(['https://example.invalid/A/f.json']);
    expect(plan.problems).toEqual([
      'source "colide": two URLs end in the same file name f.json (https://example.invalid/B/f.json)',
    ]);
  });

  it('names unknown sources and sources without a URL', () => {
    const plan = planDownloads(SOURCES, ['nope', 'sem_url'], none, {}, null);
    expect(plan.problems[0]).toMatch(
      /^source "nope" is unknown; known sources: b3_api, b3_detalhe, b3_proventos, colide, cotahist, cotahist_d/,
    );
    expect(plan.problems[1]).toBe('source "sem_url" has no download URL in its spec');
  });

  it('replaces the origin with the mirror and keeps the provenance URL', () => {
    const plan = planDownloads(SOURCES, ['cvm_cad'], none, {}, 'http://127.0.0.1:8080/espelho/');
    expect(plan.downloads[0]!.url).toBe(
      'http://127.0.0.1:8080/espelho/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv',
    );
    expect(plan.downloads[0]!.url_origem).toBe(
      'https://dados.cvm.gov.br/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv',
    );
    expect(applyMirror('https://a.b/x/y.zip?q=1', 'http://m:1')).toBe('http://m:1/x/y.zip?q=1');
  });
});

describe('planDownloads for the registry shapes', () => {
  it('fills COTAHIST {PERIODO} from years, months and days together', () => {
    const periods = { anos: ['2024'], meses: ['2024-02'], dias: ['2024-01-02'] };
    const plan = planDownloads(SOURCES, ['cotahist'], periods, {}, null);
    expect(plan.downloads.map((d) => d.fileName)).toEqual([
      'COTAHIST_A2024.ZIP',
      'COTAHIST_M022024.ZIP',
      'COTAHIST_D02012024.ZIP',
    ]);
    expect(planDownloads(SOURCES, ['cotahist'], none, {}, null).problems).toEqual([
      'source "cotahist" needs --anos, --meses or --dias (its URL has {PERIODO})',
    ]);
  });

  it('reports placeholders it cannot fill instead of requesting them literally', () => {
    const plan = planDownloads(SOURCES, ['sgs'], none, { SERIE: ['11'] }, null);
    expect(plan.downloads).toEqual([]);
    expect(plan.problems).toEqual(['source "sgs" has placeholders the downloader cannot fill: {DD/MM/YYYY}']);
  });

  it('base64-encodes a JSON --param for B3 APIs and names the file after the call and its values', () => {
    const json = '{"tradingName":"AMBEVSA","language":"pt-br","pageNumber":1,"pageSize":9999}';
    const plan = planDownloads(SOURCES, ['b3_proventos'], none, { BASE64_JSON_PARAMS: [json] }, null);
    const segment = plan.downloads[0]!.url.split('/').pop()!;
    expect(JSON.parse(Buffer.from(segment, 'base64').toString('utf8'))).toEqual(JSON.parse(json));
    expect(plan.downloads[0]!.relPath).toBe('b3_proventos/GetListedCashDividends_AMBEVSA.json');
    expect(plan.warnings).toEqual([]);
    expect(
      planDownloads(SOURCES, ['b3_proventos'], none, { BASE64_JSON_PARAMS: ['AMBEV'] }, null).problems,
    ).toEqual(['source "b3_proventos": --param BASE64_JSON_PARAMS must be a JSON object, got "AMBEV"']);
  });

  it('warns when no B3 name is recognised by the spec', () => {
    const plan = planDownloads(
      SOURCES,
      ['b3_detalhe'],
      none,
      { BASE64_JSON_PARAMS: ['{"codeCVM":"1023"}'] },
      null,
    );
    expect(plan.downloads[0]!.fileName).toBe('GetDetail_1023.json');
    expect(plan.warnings).toEqual([
      'b3_detalhe/GetDetail_1023.json will not be recognised by the build (source "b3_detalhe" expects /^GetDetails?Company(?:_(?<_codecvm>\\d+))?\\.json$/)',
    ]);
  });

  it('names the file from a localName template when the spec has one', () => {
    const plan = planDownloads(
      SOURCES,
      ['sgs_nomeado'],
      { ...none, anos: ['2024'] },
      { SERIE: ['11', '12'] },
      null,
    );
    expect(plan.downloads.map((d) => [d.fileName, d.url_origem])).toEqual([
      ['sgs_11_2024.json', 'https://api.bcb.gov.br/dados/serie/bcdata.sgs.11/dados?ano=2024'],
      ['sgs_12_2024.json', 'https://api.bcb.gov.br/dados/serie/bcdata.sgs.12/dados?ano=2024'],
    ]);
  });

  it('selects ids by prefix and skips specs without a URL only when selected by prefix', () => {
    const plan = planDownloads(SOURCES, ['cvm_x_*'], none, {}, null);
    expect(plan.downloads.map((d) => d.relPath)).toEqual(['cvm_x_cad/cad_cia_aberta.csv']);
    expect(plan.warnings).toEqual(['source "cvm_x_sem_url" skipped: no download URL in its spec']);
    expect(plan.problems).toEqual([]);
    expect(planDownloads(SOURCES, ['nada_*'], none, {}, null).problems[0]).toMatch(
      /^source "nada_\*" is unknown/,
    );
  });
});

describe('remoteFileName', () => {
  it('keeps the last path segment and refuses names that could leave the source folder', () => {
    expect(remoteFileName('https://a.b/dir/COTAHIST_A2024.ZIP')).toBe('COTAHIST_A2024.ZIP');
    expect(remoteFileName('https://a.b/dir/a%20b.csv')).toBe('a b.csv');
    expect(remoteFileName('https://a.b/dir/..%2Fescape.csv')).toBeNull();
    expect(remoteFileName('https://a.b/dir/')).toBeNull();
  });
});
