import { z } from 'zod';
import type { JsonSourceSpec } from '../../core/source.ts';
import { jsonShape, records } from '../../readers/json.ts';
import {
  supplementCash,
  supplementCashColumns,
  supplementStock,
  supplementSubscription,
} from './empresas.ts';
import { B3_API_BASE, B3_PARAMS_PLACEHOLDER } from './url.ts';

const text = z.string().nullable().optional();

/**
 * `GetListedSupplementFunds` answers one object per fund (not an array, unlike the company call), with
 * the same `cashDividends` / `stockDividends` / `subscriptions` elements (docs/sources.md §4.3). Only
 * `cashDividends` is staged: it is where REIT distributions (RENDIMENTO, AMORTIZACAO) are.
 */
const supplementFundAnswer = z.object({
  code: text,
  fund: text,
  cashDividends: z.array(supplementCash),
  stockDividends: z.array(supplementStock).nullable().optional(),
  subscriptions: z.array(supplementSubscription).nullable().optional(),
});

/**
 * Cash distributions of one listed fund (REIT: typeFund 7). `fetch` names the answer after its parameters
 * (`GetListedSupplementFunds_0_HGLG_7.json` for `{"cnpj":"0","identifierFund":"HGLG","typeFund":7}`), and
 * the 4-letter identifier becomes `_identifierfund`. Entries whose ISIN is not the fund's quota (e.g.
 * subscription receipts) are staged as they are; the REIT mart keeps only the quota's ISIN.
 */
export const fundDistributionsSpec: JsonSourceSpec = {
  kind: 'json',
  id: 'b3_fundos_proventos',
  title: 'B3 GetListedSupplementFunds.cashDividends: distributions of one listed fund (REIT income)',
  staged: 'stg_b3_fundos_proventos',
  url: `${B3_API_BASE}/fundsProxy/fundsCall/GetListedSupplementFunds/${B3_PARAMS_PLACEHOLDER}`,
  urlParams: ['{"cnpj":"0","identifierFund":"<4-letter root, e.g. HGLG>","typeFund":7}'],
  fileName: /^GetListedSupplementFunds(?:_[0-9]+)?_(?<identifierfund>[A-Za-z]{4})(?:_[0-9]+)?\.json$/,
  encoding: 'utf-8',
  columns: supplementCashColumns,
  shape: jsonShape(supplementFundAnswer, (a) => records(a.cashDividends, (i) => `$.cashDividends[${i}]`), {
    numbers: 'pt-BR',
    empty: 'no-rows',
  }),
};
