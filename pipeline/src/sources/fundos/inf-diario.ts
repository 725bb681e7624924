import type { DelimitedSourceSpec } from '../../core/source.ts';
import { arquivoCvm, CVM_BASE, col } from './columns.ts';

/**
 * Fund daily report, both layouts (docs/sources.md §5.3): before RCVM 175 TP_FUNDO/CNPJ_FUNDO, after it
 * TP_FUNDO_CLASSE/CNPJ_FUNDO_CLASSE plus ID_SUBCLASSE. The header decides, through aliases.
 */
export const infDiarioSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_inf_diario',
  title: 'CVM fund daily report (quota value, net assets, flows, holders)',
  staged: 'stg_cvm_inf_diario',
  url: `${CVM_BASE}/FI/DOC/INF_DIARIO/DADOS/inf_diario_fi_{YYYY}{MM}.zip`,
  urlParams: ['--meses: month (from 2021); 2000–2020 are yearly zips under HIST/inf_diario_fi_{YYYY}.zip'],
  fileName: /^inf_diario_fi_(?<competencia>\d{6})\.csv$/,
  columns: [
    col('TP_FUNDO_CLASSE', 'varchar', 'fund/class type (CLASSES - FIF…; FI… before RCVM 175)', {
      aliases: ['TP_FUNDO'],
    }),
    col('CNPJ_FUNDO_CLASSE', 'varchar', 'fund (class) CNPJ, masked', { aliases: ['CNPJ_FUNDO'] }),
    col('ID_SUBCLASSE', 'varchar', 'subclass id (RCVM 175 layout only)', { required: false }),
    col('DT_COMPTC', 'date', 'date of the figures'),
    col('VL_TOTAL', 'decimal', 'portfolio value, BRL'),
    col('VL_QUOTA', 'decimal', 'quota value, BRL (long decimals)', { scale: 14 }),
    col('VL_PATRIM_LIQ', 'decimal', 'net assets, BRL'),
    col('CAPTC_DIA', 'decimal', 'subscriptions of the day, BRL'),
    col('RESG_DIA', 'decimal', 'redemptions of the day, BRL'),
    col('NR_COTST', 'bigint', 'number of quota holders'),
  ],
});
