import { z } from 'zod';
import type { ColumnSpec, JsonSourceSpec } from '../../core/source.ts';
import { type JsonRecord, jsonShape, records } from '../../readers/json.ts';
import { B3_API_BASE, B3_PARAMS_PLACEHOLDER } from './url.ts';

/** B3 fields are text; several are `null` or absent depending on the company. */
const text = z.string().nullable().optional();
const required = z.string();

/** What the specs reading one answer share. */
type SpecBase = Pick<JsonSourceSpec, 'kind' | 'url' | 'urlParams' | 'fileName' | 'encoding'>;

const companyUrl = (call: string) =>
  `${B3_API_BASE}/listedCompaniesProxy/CompanyCall/${call}/${B3_PARAMS_PLACEHOLDER}`;

// ---------------------------------------------------------------- GetListedCashDividends

const cashDividend = z.object({
  typeStock: required,
  dateApproval: text,
  valueCash: required,
  ratio: text,
  corporateAction: required,
  lastDatePriorEx: required,
  dateClosingPricePriorExDate: text,
  closingPricePriorExDate: text,
  quotedPerShares: text,
  corporateActionPrice: text,
  lastDateTimePriorEx: text,
});

const cashDividendsAnswer = z
  .object({
    page: z.object({
      pageNumber: z.number(),
      pageSize: z.number(),
      totalRecords: z.number(),
      totalPages: z.number(),
    }),
    results: z.array(cashDividend),
  })
  .superRefine((a, ctx) => {
    // One page is requested (pageSize 9999); a partial page would silently lose events.
    if (a.page.totalPages > 1 || a.results.length !== a.page.totalRecords) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `one page holding all ${a.page.totalRecords} records (got ${a.results.length} on page ${a.page.pageNumber} of ${a.page.totalPages})`,
      });
    }
  });

export const cashDividendsColumns: ColumnSpec[] = [
  { name: 'typeStock', type: 'varchar', meaning: 'share class the event applies to (ON, PN…)' },
  { name: 'dateApproval', type: 'date_br', meaning: 'date the event was approved' },
  { name: 'valueCash', type: 'decimal', meaning: 'BRL per share (per quotedPerShares shares), gross' },
  { name: 'ratio', type: 'decimal', meaning: 'ratio as B3 reports it' },
  {
    name: 'corporateAction',
    type: 'varchar',
    meaning: 'event type: DIVIDENDO, JRS CAP PROPRIO, RENDIMENTO…',
  },
  {
    name: 'lastDatePriorEx',
    type: 'date_br',
    meaning: 'last day WITH entitlement (data com); ex on the next session',
  },
  { name: 'dateClosingPricePriorExDate', type: 'date_br', meaning: 'date of the last cum price' },
  { name: 'closingPricePriorExDate', type: 'decimal', meaning: 'last cum closing price, BRL' },
  { name: 'quotedPerShares', type: 'decimal', meaning: 'quotation unit of the price (1 in the sample)' },
  { name: 'corporateActionPrice', type: 'decimal', meaning: 'event value as % of the last cum price' },
  { name: 'lastDateTimePriorEx', type: 'date', meaning: 'lastDatePriorEx as an ISO midnight datetime' },
];

export const cashDividendsSpec: JsonSourceSpec = {
  kind: 'json',
  id: 'b3_proventos_dinheiro',
  title: 'B3 GetListedCashDividends: cash events (dividends, interest on capital) of one company',
  staged: 'stg_b3_proventos_dinheiro',
  url: companyUrl('GetListedCashDividends'),
  urlParams: [
    '{"tradingName":"<trading name, letters and digits only>","language":"pt-br","pageNumber":1,"pageSize":9999}',
  ],
  // The body does not name the company: downloads are saved as GetListedCashDividends_<tradingName>.json.
  fileName: /^GetListedCashDividends(?:_(?<tradingname>[A-Za-z0-9]+))?\.json$/,
  encoding: 'utf-8',
  columns: cashDividendsColumns,
  shape: jsonShape(cashDividendsAnswer, (a) => records(a.results, (i) => `$.results[${i}]`), {
    numbers: 'pt-BR',
    empty: 'no-rows',
  }),
};

// ---------------------------------------------------------------- GetListedSupplementCompany

export const supplementCash = z.object({
  assetIssued: text,
  paymentDate: text,
  rate: required,
  relatedTo: text,
  approvedOn: text,
  isinCode: text,
  label: required,
  lastDatePrior: required,
  remarks: text,
});
export const supplementStock = z.object({
  assetIssued: text,
  factor: required,
  approvedOn: text,
  isinCode: text,
  label: required,
  lastDatePrior: required,
  remarks: text,
});
export const supplementSubscription = z.object({
  assetIssued: text,
  percentage: text,
  priceUnit: text,
  tradingPeriod: text,
  subscriptionDate: text,
  approvedOn: text,
  isinCode: text,
  label: text,
  lastDatePrior: text,
  remarks: text,
});
const supplementCompany = z.object({
  stockCapital: text,
  quotedPerSharSince: text,
  commonSharesForm: text,
  preferredSharesForm: text,
  hasCommom: text,
  hasPreferred: text,
  roundLot: text,
  tradingName: text,
  numberCommonShares: text,
  numberPreferredShares: text,
  totalNumberShares: text,
  code: required,
  codeCVM: required,
  segment: text,
  cashDividends: z.array(supplementCash),
  stockDividends: z.array(supplementStock),
  subscriptions: z.array(supplementSubscription).optional(),
});
/** The supplement answer is a JSON array with one object per company, not an object. */
const supplementAnswer = z.array(supplementCompany);

const companyKeys: ColumnSpec[] = [
  { name: 'code', type: 'varchar', meaning: 'issuer root code (4 letters, e.g. ABEV)' },
  { name: 'codeCVM', type: 'varchar', meaning: 'CVM code of the issuer, as B3 writes it (no zero padding)' },
];

const supplementFileName = /^GetListedSupplementCompany(?:_(?<issuingcompany>[A-Za-z0-9]+))?\.json$/;
const supplementBase: SpecBase = {
  kind: 'json',
  url: companyUrl('GetListedSupplementCompany'),
  urlParams: ['{"issuingCompany":"<4-letter root>","language":"pt-br"}'],
  fileName: supplementFileName,
  encoding: 'utf-8',
};

const fromSupplement = (pick: (c: z.output<typeof supplementCompany>, ci: number) => JsonRecord[]) =>
  jsonShape(supplementAnswer, (a) => a.flatMap(pick), { numbers: 'pt-BR', empty: 'no-rows' });

const parentKeys = (c: z.output<typeof supplementCompany>) => ({ code: c.code, codeCVM: c.codeCVM });

export const supplementCompanySpec: JsonSourceSpec = {
  ...supplementBase,
  id: 'b3_complemento_empresa',
  title: 'B3 GetListedSupplementCompany: capital, share counts and trading facts of one company',
  staged: 'stg_b3_complemento_empresa',
  columns: [
    ...companyKeys,
    { name: 'tradingName', type: 'varchar', meaning: 'trading name (B3 pads it with spaces)' },
    { name: 'stockCapital', type: 'decimal', meaning: 'share capital, BRL' },
    { name: 'quotedPerSharSince', type: 'date_br', meaning: 'date since when prices are quoted per share' },
    { name: 'commonSharesForm', type: 'varchar', meaning: 'form of the common shares (Escritural…)' },
    { name: 'preferredSharesForm', type: 'varchar', meaning: 'form of the preferred shares' },
    {
      name: 'hasCommom',
      type: 'varchar',
      meaning: 'bookkeeping institution of the common shares (B3 spelling)',
    },
    { name: 'hasPreferred', type: 'varchar', meaning: 'bookkeeping institution of the preferred shares' },
    { name: 'roundLot', type: 'bigint', meaning: 'standard lot size' },
    { name: 'numberCommonShares', type: 'bigint', meaning: 'common shares, current count' },
    { name: 'numberPreferredShares', type: 'bigint', meaning: 'preferred shares, current count' },
    { name: 'totalNumberShares', type: 'bigint', meaning: 'total shares, current count' },
    { name: 'segment', type: 'varchar', meaning: 'market segment as B3 reports it (BOLSA…)' },
  ],
  shape: fromSupplement((c, ci) => [{ path: `$[${ci}]`, values: c }]),
};

/** Fields of one `cashDividends` element (companies' and funds' supplement answers share them). */
export const supplementCashColumns: ColumnSpec[] = [
  { name: 'assetIssued', type: 'varchar', meaning: 'ISIN of the security the event is paid on' },
  { name: 'paymentDate', type: 'date_br', meaning: 'payment date' },
  { name: 'rate', type: 'decimal', meaning: 'BRL per share, gross' },
  { name: 'relatedTo', type: 'varchar', meaning: 'period the event refers to (Anual/2021…)' },
  { name: 'approvedOn', type: 'date_br', meaning: 'approval date' },
  { name: 'isinCode', type: 'varchar', meaning: 'ISIN entitled to the event' },
  { name: 'label', type: 'varchar', meaning: 'event type: DIVIDENDO, JRS CAP PROPRIO, RENDIMENTO…' },
  { name: 'lastDatePrior', type: 'date_br', meaning: 'last day WITH entitlement (data com)' },
  { name: 'remarks', type: 'varchar', meaning: 'free-text remarks' },
];

export const supplementCashSpec: JsonSourceSpec = {
  ...supplementBase,
  id: 'b3_complemento_proventos',
  title: 'B3 GetListedSupplementCompany.cashDividends: cash events with payment date',
  staged: 'stg_b3_complemento_proventos',
  columns: [...companyKeys, ...supplementCashColumns],
  shape: fromSupplement((c, ci) =>
    records(c.cashDividends, (i) => `$[${ci}].cashDividends[${i}]`, parentKeys(c)),
  ),
};

export const stockEventsSpec: JsonSourceSpec = {
  ...supplementBase,
  id: 'b3_eventos_acoes',
  title: 'B3 GetListedSupplementCompany.stockDividends: splits, reverse splits and bonus shares',
  staged: 'stg_b3_eventos_acoes',
  columns: [
    ...companyKeys,
    { name: 'assetIssued', type: 'varchar', meaning: 'ISIN of the security issued' },
    {
      name: 'factor',
      type: 'decimal',
      meaning: 'percent of new shares (DESDOBRAMENTO, BONIFICACAO) or grouping factor (GRUPAMENTO)',
    },
    { name: 'approvedOn', type: 'date_br', meaning: 'approval date' },
    { name: 'isinCode', type: 'varchar', meaning: 'ISIN affected' },
    { name: 'label', type: 'varchar', meaning: 'event type: DESDOBRAMENTO, GRUPAMENTO, BONIFICACAO…' },
    { name: 'lastDatePrior', type: 'date_br', meaning: 'last day before the event (data com)' },
    { name: 'remarks', type: 'varchar', meaning: 'free-text remarks' },
  ],
  shape: fromSupplement((c, ci) =>
    records(c.stockDividends, (i) => `$[${ci}].stockDividends[${i}]`, parentKeys(c)),
  ),
};

export const subscriptionsSpec: JsonSourceSpec = {
  ...supplementBase,
  id: 'b3_subscricoes',
  title: 'B3 GetListedSupplementCompany.subscriptions: subscription rights',
  staged: 'stg_b3_subscricoes',
  columns: [
    ...companyKeys,
    { name: 'assetIssued', type: 'varchar', meaning: 'ISIN of the security issued' },
    { name: 'percentage', type: 'decimal', meaning: 'subscription percentage' },
    { name: 'priceUnit', type: 'decimal', meaning: 'subscription price per share, BRL' },
    {
      name: 'tradingPeriod',
      type: 'varchar',
      meaning: 'trading period of the rights (dd/mm/yyyy a dd/mm/yyyy)',
    },
    { name: 'subscriptionDate', type: 'date_br', meaning: 'subscription date' },
    { name: 'approvedOn', type: 'date_br', meaning: 'approval date' },
    { name: 'isinCode', type: 'varchar', meaning: 'ISIN entitled' },
    { name: 'label', type: 'varchar', meaning: 'event type (SUBSCRICAO)' },
    { name: 'lastDatePrior', type: 'date_br', meaning: 'last day WITH entitlement' },
    { name: 'remarks', type: 'varchar', meaning: 'free-text remarks' },
  ],
  shape: fromSupplement((c, ci) =>
    records(c.subscriptions ?? [], (i) => `$[${ci}].subscriptions[${i}]`, parentKeys(c)),
  ),
};

// ---------------------------------------------------------------- GetDetail (GetDetailsCompany)

const detailAnswer = z.object({
  issuingCompany: required,
  companyName: text,
  tradingName: text,
  cnpj: text,
  industryClassification: text,
  industryClassificationEng: text,
  activity: text,
  website: text,
  status: text,
  marketIndicator: text,
  market: text,
  institutionCommon: text,
  institutionPreferred: text,
  code: text,
  codeCVM: required,
  lastDate: text,
  hasEmissions: z.boolean().nullable().optional(),
  hasBDR: z.boolean().nullable().optional(),
  typeBDR: text,
  describleCategoryBVMF: text,
  otherCodes: z
    .array(z.object({ code: required, isin: required }))
    .nullable()
    .optional(),
});

const detailBase: SpecBase = {
  kind: 'json',
  url: companyUrl('GetDetail'),
  urlParams: ['{"codeCVM":"<CVM code, no padding>","language":"pt-br"}'],
  // `fetch` names the answer GetDetail_<codeCVM>.json; the rb3 sample is GetDetailsCompany.json.
  fileName: /^(?:GetDetail|GetDetailsCompany)(?:_(?<codecvm>\d+))?\.json$/,
  encoding: 'utf-8',
};

export const companyDetailSpec: JsonSourceSpec = {
  ...detailBase,
  id: 'b3_detalhes_empresa',
  title: 'B3 GetDetail: registry facts of one company (CNPJ, sector, market)',
  staged: 'stg_b3_detalhes_empresa',
  columns: [
    { name: 'issuingCompany', type: 'varchar', meaning: 'issuer root code (ABEV)' },
    { name: 'codeCVM', type: 'varchar', meaning: 'CVM code, no padding' },
    { name: 'companyName', type: 'varchar', meaning: 'legal name' },
    { name: 'tradingName', type: 'varchar', meaning: 'trading name' },
    { name: 'cnpj', type: 'varchar', meaning: 'CNPJ, bare digits' },
    {
      name: 'industryClassification',
      type: 'varchar',
      meaning: 'B3 sector / subsector / segment, separated by " / "',
    },
    { name: 'activity', type: 'varchar', meaning: 'main activity' },
    { name: 'website', type: 'varchar', meaning: 'investor relations site' },
    { name: 'status', type: 'varchar', meaning: 'listing status (A = active)' },
    { name: 'marketIndicator', type: 'varchar', meaning: 'market indicator code' },
    { name: 'market', type: 'varchar', meaning: 'market (BOLSA…)' },
    { name: 'institutionCommon', type: 'varchar', meaning: 'bookkeeping institution, common shares' },
    { name: 'institutionPreferred', type: 'varchar', meaning: 'bookkeeping institution, preferred shares' },
    { name: 'code', type: 'varchar', meaning: 'main trading code (ABEV3)' },
    { name: 'lastDate', type: 'varchar', meaning: 'last update, dd/mm/yyyy hh:mm:ss as B3 writes it' },
    { name: 'hasEmissions', type: 'varchar', meaning: 'true/false: has debt issues' },
    { name: 'hasBDR', type: 'varchar', meaning: 'true/false: has BDRs' },
    { name: 'typeBDR', type: 'varchar', meaning: 'BDR type' },
  ],
  shape: jsonShape(detailAnswer, (a) => [{ path: '$', values: a }], { numbers: 'pt-BR', empty: 'no-rows' }),
};

export const companyCodesSpec: JsonSourceSpec = {
  ...detailBase,
  id: 'b3_detalhes_codigos',
  title: 'B3 GetDetail.otherCodes: every trading code of a company with its ISIN',
  staged: 'stg_b3_detalhes_codigos',
  columns: [
    { name: 'issuingCompany', type: 'varchar', meaning: 'issuer root code' },
    { name: 'codeCVM', type: 'varchar', meaning: 'CVM code, no padding' },
    { name: 'code', type: 'varchar', meaning: 'trading code' },
    { name: 'isin', type: 'varchar', meaning: 'ISIN of that code' },
  ],
  shape: jsonShape(
    detailAnswer,
    (a) =>
      records(a.otherCodes ?? [], (i) => `$.otherCodes[${i}]`, {
        issuingCompany: a.issuingCompany,
        codeCVM: a.codeCVM,
      }),
    { numbers: 'pt-BR', empty: 'no-rows' },
  ),
};

export const b3CompanySources: JsonSourceSpec[] = [
  cashDividendsSpec,
  supplementCompanySpec,
  supplementCashSpec,
  stockEventsSpec,
  subscriptionsSpec,
  companyDetailSpec,
  companyCodesSpec,
];
