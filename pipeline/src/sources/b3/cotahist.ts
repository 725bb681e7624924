import type { FixedWidthField } from '../../core/source.ts';
import type { ControlledFixedWidthSourceSpec } from '../../readers/fixed-width.ts';

/** B3 historical quotes server; SSL verification must be relaxed there (docs/sources.md §3.1). */
export const COTAHIST_BASE = 'https://bvmf.bmfbovespa.com.br/InstDados/SerHist';

/** One pattern per partition (annual, monthly, daily), as B3 publishes them. */
export const cotahistUrlPatterns = {
  anual: `${COTAHIST_BASE}/COTAHIST_A{YYYY}.ZIP`,
  mensal: `${COTAHIST_BASE}/COTAHIST_M{MM}{YYYY}.ZIP`,
  diario: `${COTAHIST_BASE}/COTAHIST_D{DD}{MM}{YYYY}.ZIP`,
} as const;

/** URL of the annual (`{ano}`), monthly (`{ano, mes}`) or daily (`{ano, mes, dia}`) COTAHIST zip. */
export function cotahistUrl(p: { ano: number; mes?: number; dia?: number }): string {
  const yyyy = String(p.ano).padStart(4, '0');
  const mm = p.mes === undefined ? undefined : String(p.mes).padStart(2, '0');
  const dd = p.dia === undefined ? undefined : String(p.dia).padStart(2, '0');
  if (dd !== undefined && mm === undefined) throw new Error('cotahistUrl: a day needs a month');
  if (dd !== undefined && mm !== undefined) return `${COTAHIST_BASE}/COTAHIST_D${dd}${mm}${yyyy}.ZIP`;
  if (mm !== undefined) return `${COTAHIST_BASE}/COTAHIST_M${mm}${yyyy}.ZIP`;
  return `${COTAHIST_BASE}/COTAHIST_A${yyyy}.ZIP`;
}

const price = (name: string, start: number, meaning: string): FixedWidthField => ({
  name,
  start,
  width: 13,
  type: 'implied_decimal',
  decimals: 2,
  meaning: `${meaning}, N(11)V99, in the day's currency (MODREF), per FATCOT units`,
});

/** Quote record (type 01), B3 "SeriesHistoricas_Layout" rev. 22/09/05 (docs/sources.md §3.2). */
export const cotahistFields: FixedWidthField[] = [
  {
    name: 'data_pregao',
    start: 3,
    width: 8,
    type: 'date_compact',
    meaning: 'trading session date (DATA DO PREGÃO)',
  },
  {
    name: 'codbdi',
    start: 11,
    width: 2,
    type: 'varchar',
    meaning: 'BDI code: 02 standard lot, 12 FII, 14 certificates/ETF, 96 odd lot…',
  },
  { name: 'codneg', start: 13, width: 12, type: 'varchar', meaning: 'trading code (ticker) of the day' },
  {
    name: 'tpmerc',
    start: 25,
    width: 3,
    type: 'varchar',
    meaning: 'market type: 010 cash, 020 odd lot, 070/080 options…',
  },
  { name: 'nomres', start: 28, width: 12, type: 'varchar', meaning: 'issuer short name' },
  {
    name: 'especi',
    start: 40,
    width: 10,
    type: 'varchar',
    meaning: 'security specification (ON, PN, UNT, CI…)',
  },
  { name: 'prazot', start: 50, width: 3, type: 'integer', meaning: 'forward-market term in days' },
  { name: 'modref', start: 53, width: 4, type: 'varchar', meaning: 'currency of the prices (R$)' },
  price('preabe', 57, 'opening price'),
  price('premax', 70, 'highest price'),
  price('premin', 83, 'lowest price'),
  price('premed', 96, 'average price'),
  price('preult', 109, 'closing (last trade) price'),
  price('preofc', 122, 'best bid'),
  price('preofv', 135, 'best ask'),
  { name: 'totneg', start: 148, width: 5, type: 'integer', meaning: 'number of trades' },
  { name: 'quatot', start: 153, width: 18, type: 'bigint', meaning: 'quantity of securities traded' },
  {
    name: 'voltot',
    start: 171,
    width: 18,
    type: 'implied_decimal',
    decimals: 2,
    meaning: 'financial volume, N(16)V99',
  },
  price('preexe', 189, 'option strike / forward contract value'),
  { name: 'indopc', start: 202, width: 1, type: 'integer', meaning: 'strike correction indicator' },
  {
    name: 'datven',
    start: 203,
    width: 8,
    type: 'date_compact',
    meaning: 'expiry date (9999-12-31 when none)',
  },
  {
    name: 'fatcot',
    start: 211,
    width: 7,
    type: 'integer',
    meaning: 'quotation factor: 1 = price per unit, 1000 = per lot of 1000',
  },
  {
    name: 'ptoexe',
    start: 218,
    width: 13,
    type: 'implied_decimal',
    decimals: 6,
    meaning: 'strike in points, N(07)V06',
  },
  { name: 'codisi', start: 231, width: 12, type: 'varchar', meaning: 'ISIN of the security' },
  {
    name: 'dismes',
    start: 243,
    width: 3,
    type: 'integer',
    meaning: 'distribution number (changes when the state of rights changes)',
  },
];

export const cotahistSpec: ControlledFixedWidthSourceSpec = {
  kind: 'fixed-width',
  id: 'b3_cotahist',
  title: 'B3 COTAHIST historical quotes (annual, monthly or daily file)',
  staged: 'stg_b3_cotahist',
  url: `${COTAHIST_BASE}/COTAHIST_{PERIODO}.ZIP`,
  urlParams: [
    'PERIODO: A{YYYY} (annual), M{MM}{YYYY} (monthly) or D{DD}{MM}{YYYY} (daily); see cotahistUrlPatterns',
  ],
  // The zip's member is recognised (the core opens zips); the layout also names it COTAHIST.AAAA.
  fileName: /^COTAHIST[._](?:A\d{4}|M\d{6}|D\d{8}|\d{4})(?:\.TXT)?$/i,
  encoding: 'latin-1',
  recordLength: 245,
  recordTypes: { header: '00', data: '01', trailer: '99' },
  fields: cotahistFields,
  control: {
    header: [
      { start: 3, width: 13, pattern: /^COTAHIST\.\d{4}$/, meaning: 'file name' },
      { start: 16, width: 8, pattern: /^BOVESPA *$/, meaning: 'origin' },
      {
        start: 24,
        width: 8,
        pattern: /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/,
        meaning: 'generation date',
      },
    ],
    trailer: [
      { start: 3, width: 13, pattern: /^COTAHIST\.\d{4}$/, meaning: 'file name' },
      { start: 16, width: 8, pattern: /^BOVESPA *$/, meaning: 'origin' },
    ],
    trailerCount: { start: 32, width: 11, meaning: 'TOTREG' },
  },
};

/**
 * An excerpt of COTAHIST: real B3 records a third party filtered out of whole files (some codes, some
 * sessions) and saved under one header, keeping the trailer of the whole file. Same layout as
 * `cotahistSpec`; the trailer count may only be larger than the excerpt's line count. Staged apart
 * (`stg_b3_cotahist_recorte`) because an excerpt is not a whole session: mixed into the session
 * calendar it would make every code it left out look untraded that day. Only the REIT marts read it.
 */
const { url: _url, urlParams: _urlParams, ...cotahistSemUrl } = cotahistSpec;
export const cotahistRecorteSpec: ControlledFixedWidthSourceSpec = {
  ...cotahistSemUrl,
  id: 'b3_cotahist_recorte',
  title: 'B3 COTAHIST excerpt: real quote records filtered from whole files (not whole sessions)',
  staged: 'stg_b3_cotahist_recorte',
  fileName: /^COTAHIST_RECORTE_[A-Z0-9_]+\.TXT$/i,
  control: {
    ...cotahistSpec.control,
    trailerCount: { ...cotahistSpec.control.trailerCount, rule: 'at-least' },
  },
};
