import { z } from 'zod';
import type { DelimitedSourceSpec, JsonSourceSpec } from '../../core/source.ts';
import { type JsonRecord, jsonShape, records } from '../../readers/json.ts';
import { B3_API_BASE, B3_PARAMS_PLACEHOLDER } from './url.ts';

const text = z.string().nullable().optional();

// ---------------------------------------------------------------- GetPortfolioDay (index statistics)

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const gridRow = z.object({
  day: z.number().int().min(0).max(31),
  ...Object.fromEntries(MONTHS.map((m) => [`rateValue${m}`, z.string().nullable()])),
});
/** A year of daily closes as a day × month grid (31 rows, rateValue1..12), `null` on non-trading days. */
const dailyGrid = z.object({
  min: gridRow.optional(),
  max: gridRow.optional(),
  results: z.array(gridRow).max(31),
});

/** One record per (day, month) cell holding a value; the index code and year come from the file name. */
function gridRecords(a: z.output<typeof dailyGrid>, facts: Record<string, string | undefined>): JsonRecord[] {
  const out: JsonRecord[] = [];
  a.results.forEach((row, i) => {
    for (const m of MONTHS) {
      const valor = (row as Record<string, unknown>)[`rateValue${m}`];
      if (valor === null || valor === undefined) continue;
      const data = `${facts.ano}-${String(m).padStart(2, '0')}-${String(row.day).padStart(2, '0')}`;
      out.push({ path: `$.results[${i}].rateValue${m}`, values: { indice: facts.indice, data, valor } });
    }
  });
  return out;
}

export const indexDailySpec: JsonSourceSpec = {
  kind: 'json',
  id: 'b3_indice_diario',
  title: 'B3 index statistics (GetPortfolioDay): daily closes of one index for one year',
  staged: 'stg_b3_indice_diario',
  url: `${B3_API_BASE}/indexStatisticsProxy/IndexCall/GetPortfolioDay/${B3_PARAMS_PLACEHOLDER}`,
  urlParams: ['{"language":"en-us","index":"<IBOV…>","year":<YYYY>}: en-us gives 1,234.56 numbers'],
  // The body names neither the index nor the year: downloads are saved with both in the name.
  // `fetch` names the answer GetPortfolioDay_<index>_<year>.json (values of its parameters).
  fileName: /^GetPortfolioDay(?:_IndexStatistics)?_(?<indice>[A-Z0-9]+)_(?<ano>\d{4})\.json$/,
  encoding: 'utf-8',
  columns: [
    { name: 'indice', type: 'varchar', meaning: 'index code (IBOV…), from the file name' },
    { name: 'data', type: 'date', meaning: 'trading day' },
    { name: 'valor', type: 'decimal', scale: 2, meaning: 'closing value of the index, points' },
  ],
  shape: jsonShape(dailyGrid, gridRecords, { numbers: 'en-US', empty: 'error' }),
};

// ---------------------------------------------------------------- CDI rate and IDI index

const cdiIdi = z.object({
  taxa: z.string(),
  dataTaxa: z.string(),
  indice: z.string(),
  dataIndice: z.string(),
});

export const cdiIdiSpec: JsonSourceSpec = {
  kind: 'json',
  id: 'b3_cdi_idi',
  title: 'B3 CDI rate and IDI index (latest values)',
  staged: 'stg_b3_cdi_idi',
  // rb3 template CDIIDI.yaml (ropensci/rb3 inst/extdata/templates): a plain GET, no parameters.
  url: 'https://www2.cetip.com.br/ConsultarTaxaDi/ConsultarTaxaDICetip.aspx',
  // rb3 and brasa saved the answer as CDIIDI[_date].json; `fetch` keeps Cetip's name.
  fileName: /^(?:CDIIDI(?:_(?<data>\d{4}-\d{2}-\d{2}))?\.json|ConsultarTaxaDICetip\.aspx)$/,
  encoding: 'utf-8',
  columns: [
    { name: 'taxa', type: 'decimal', meaning: 'CDI rate, % per year' },
    { name: 'dataTaxa', type: 'date_br', meaning: 'date of the CDI rate' },
    { name: 'indice', type: 'decimal', meaning: 'IDI index value, points' },
    { name: 'dataIndice', type: 'date_br', meaning: 'date of the IDI value' },
  ],
  shape: jsonShape(cdiIdi, (a) => [{ path: '$', values: a }], { numbers: 'pt-BR', empty: 'error' }),
};

// ---------------------------------------------------------------- index membership (GetStockIndex)

const stockIndex = z.object({
  page: z.object({ totalRecords: z.number() }).passthrough(),
  header: z.object({ update: z.string(), startMonth: z.number(), endMonth: z.number(), year: z.number() }),
  results: z.array(z.object({ company: text, spotlight: text, code: z.string(), indexes: z.string() })),
});

export const indexMembershipSpec: JsonSourceSpec = {
  kind: 'json',
  id: 'b3_indice_membros',
  title: 'B3 GetStockIndex: every listed code with the indexes it belongs to',
  staged: 'stg_b3_indice_membros',
  url: `${B3_API_BASE}/indexProxy/indexCall/GetStockIndex/${B3_PARAMS_PLACEHOLDER}`,
  urlParams: ['{"pageNumber":1,"pageSize":9999}'],
  fileName: /^(?:GetStockIndex|StockIndexInfo)(?:_(?<data>\d{4}-\d{2}-\d{2}))?\.json$/,
  encoding: 'utf-8',
  columns: [
    { name: 'update', type: 'date', meaning: 'date of the index portfolios (header.update)' },
    { name: 'company', type: 'varchar', meaning: 'company short name' },
    { name: 'spotlight', type: 'varchar', meaning: 'share type and listing segment (ON NM…)' },
    { name: 'code', type: 'varchar', meaning: 'trading code' },
    { name: 'indexes', type: 'varchar', meaning: 'comma-separated index codes the code belongs to' },
  ],
  shape: jsonShape(
    stockIndex,
    (a) => records(a.results, (i) => `$.results[${i}]`, { update: a.header.update }),
    { numbers: 'pt-BR', empty: 'error' },
  ),
};

// ---------------------------------------------------------------- theoretical portfolio (GetTheoricalPortfolio)

const theoretical = z.object({
  header: z.object({ part: text, theoricalQty: text, reductor: text }),
  results: z.array(
    z.object({ cod: z.string(), asset: text, type: text, theoricalQty: z.string(), part: z.string() }),
  ),
});

export const theoreticalPortfolioSpec: JsonSourceSpec = {
  kind: 'json',
  id: 'b3_carteira_teorica',
  title: 'B3 GetTheoricalPortfolio: theoretical portfolio of one index (pt-br numbers)',
  staged: 'stg_b3_carteira_teorica',
  url: `${B3_API_BASE}/indexProxy/indexCall/GetTheoricalPortfolio/${B3_PARAMS_PLACEHOLDER}`,
  urlParams: ['{"pageNumber":1,"pageSize":9999,"language":"pt-br","index":"<IBOV…>"}'],
  // The body does not name the index; the sample (rb3) is IBOV but its file name does not say so.
  fileName: /^GetTheoricalPortfolio(?:_(?<indice>[A-Z0-9]+))?\.json$/,
  encoding: 'utf-8',
  columns: [
    { name: 'cod', type: 'varchar', meaning: 'trading code' },
    { name: 'asset', type: 'varchar', meaning: 'company short name' },
    { name: 'type', type: 'varchar', meaning: 'share type and segment' },
    { name: 'theoricalQty', type: 'bigint', meaning: 'theoretical quantity in the index' },
    { name: 'part', type: 'decimal', meaning: 'weight in the index, %' },
  ],
  shape: jsonShape(theoretical, (a) => records(a.results, (i) => `$.results[${i}]`), {
    numbers: 'pt-BR',
    empty: 'error',
  }),
};

// ---------------------------------------------------------------- ETF list (CSV)

/** The list of ETFs listed on B3 (data/sample: a 2023-10-14 copy, latin-1, `;`, semi-curated). */
export const etfListSpec: DelimitedSourceSpec = {
  kind: 'delimited',
  id: 'b3_etf_listados',
  title: 'B3 list of listed ETFs',
  staged: 'stg_b3_etf_listados',
  fileName: /^etfs-listados-(?<data>\d{8})\.csv$/,
  encoding: 'latin-1',
  delimiter: ';',
  columns: [
    { name: 'Razão Social', type: 'varchar', meaning: 'legal name of the fund' },
    { name: 'Fundo', type: 'varchar', meaning: 'fund short name' },
    { name: 'Emissor', type: 'varchar', meaning: 'manager / issuer' },
    { name: 'Código', type: 'varchar', meaning: 'B3 root code (4 letters, no 11)' },
    {
      name: 'Índice',
      type: 'varchar',
      meaning: "index or theme, the list author's own classification (sparse)",
      required: false,
    },
    {
      name: 'Geografia',
      type: 'varchar',
      meaning: "geography (BR, US…), the list author's own classification (sparse)",
      required: false,
    },
    {
      name: 'Mercado',
      type: 'varchar',
      meaning: "market (AGRO, CMD, SML…), the list author's own classification (sparse)",
      required: false,
    },
  ],
};

export const b3IndexSources: JsonSourceSpec[] = [
  indexDailySpec,
  cdiIdiSpec,
  indexMembershipSpec,
  theoreticalPortfolioSpec,
];
