import type { DelimitedSourceSpec } from '../../core/source.ts';
import { arquivoCvm, CVM_BASE, col } from './columns.ts';

/**
 * The management-fee history of the legacy registry: member `cad_fi_hist_taxa_adm.csv` of
 * `FI/CAD/DADOS/cad_fi_hist.zip` (docs/sources.md §5.6 names it; one of 19 members, one per attribute).
 * Header `CNPJ_FUNDO;DT_REG;TAXA_ADM;INF_TAXA_ADM;DT_INI_TAXA_ADM` as two independent readers write it
 * (guilhermegor/filings-cvm contracts `CAD_FI_HIST_TAXA_ADM`, and a psql import of the CVM file); an
 * opening date and no closing date. TAXA_ADM is a percentage per year, as in cad_fi. Only this member is
 * staged: it is the ETF watcher's fee series (`taxa_mudou`, docs/vigia.md).
 */
export const cadFiHistTaxaAdmSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_cad_fi_hist_taxa_adm',
  title: 'CVM legacy fund registry history: management fee (cad_fi_hist_taxa_adm)',
  staged: 'stg_cvm_cad_fi_hist_taxa_adm',
  url: `${CVM_BASE}/FI/CAD/DADOS/cad_fi_hist.zip`,
  fileName: /^cad_fi_hist_taxa_adm\.csv$/,
  columns: [
    col('CNPJ_FUNDO', 'varchar', 'fund CNPJ, masked'),
    col('DT_REG', 'date', 'registration date of the fund row'),
    col('TAXA_ADM', 'decimal', 'management fee, % per year'),
    col('INF_TAXA_ADM', 'varchar', 'management fee, text'),
    col('DT_INI_TAXA_ADM', 'date', 'date the fee took effect'),
  ],
});
