import type { DelimitedSourceSpec } from '../../core/source.ts';
import { arquivoCvm, CVM_BASE, col, cols } from './columns.ts';

const url = `${CVM_BASE}/FI/DOC/CDA/DADOS/cda_fi_{YYYY}{MM}.zip`;
const urlParams = ['--meses: month (from 2023); earlier years under HIST/cda_fi_{YYYY}.zip'];

/** The four columns every CDA member starts with (filings-cvm cda_fif.py, verified on cda_fi_202504). */
const leading = [
  col('TP_FUNDO_CLASSE', 'varchar', 'fund/class type', { aliases: ['TP_FUNDO'] }),
  col('CNPJ_FUNDO_CLASSE', 'varchar', 'fund (class) CNPJ, masked', { aliases: ['CNPJ_FUNDO'] }),
  col('DENOM_SOCIAL', 'varchar', 'fund name'),
  col('DT_COMPTC', 'date', 'portfolio date'),
];

const optional = { required: false } as const;

/**
 * Portfolio blocks 1–8 in one table with `_bloco` (each block a different asset layout). The columns are
 * the union of the confirmed headers, all optional after the leading four: block 4's full header (the
 * same in 2024 and 2026 files), block 1's title columns and block 2's held-fund columns. Headers of
 * blocks 3 and 5–8 were not confirmed here: a real file with another column is refused by name, which
 * is how the gap will show.
 */
export const cdaBlocoSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_cda_blc',
  title: 'CVM fund portfolios (CDA), blocks 1–8',
  staged: 'stg_cvm_cda_blc',
  url,
  urlParams,
  fileName: /^cda_fi_BLC_(?<bloco>[1-8])_(?<competencia>\d{6})\.csv$/,
  columns: [
    ...leading,
    col('TP_APLIC', 'varchar', 'kind of investment', optional),
    col('TP_ATIVO', 'varchar', 'asset type', optional),
    col('EMISSOR_LIGADO', 'varchar', 'S/N: issuer tied to the fund', optional),
    col('TP_NEGOC', 'varchar', 'held for trading or to maturity', optional),
    col('QT_VENDA_NEGOC', 'decimal', 'quantity sold in the month', optional),
    col('VL_VENDA_NEGOC', 'decimal', 'value sold in the month, BRL', optional),
    col('QT_AQUIS_NEGOC', 'decimal', 'quantity bought in the month', optional),
    col('VL_AQUIS_NEGOC', 'decimal', 'value bought in the month, BRL', optional),
    col('QT_POS_FINAL', 'decimal', 'quantity held at the end of the month', optional),
    col('VL_MERC_POS_FINAL', 'decimal', 'market value of the position, BRL', optional),
    col('VL_CUSTO_POS_FINAL', 'decimal', 'cost of the position, BRL', optional),
    col('DT_CONFID_APLIC', 'date', 'end of the confidentiality period', optional),
    col('CD_ATIVO', 'varchar', 'B3 trading code (block 4)', optional),
    col('DS_ATIVO', 'varchar', 'asset description (block 4)', optional),
    col('CD_ISIN', 'varchar', 'ISIN', optional),
    col('DT_INI_VIGENCIA', 'date', 'start of validity (block 4)', optional),
    col('DT_FIM_VIGENCIA', 'date', 'end of validity (block 4)', optional),
    col('TP_TITPUB', 'varchar', 'government bond type (block 1)', optional),
    col('CD_SELIC', 'varchar', 'SELIC code (block 1)', optional),
    ...cols('date', 'bond date (block 1)', ['DT_EMISSAO', 'DT_VENC'], optional),
    col('CNPJ_FUNDO_CLASSE_COTA', 'varchar', 'CNPJ of the fund held (block 2)', {
      ...optional,
      aliases: ['CNPJ_FUNDO_COTA'],
    }),
    col('NM_FUNDO_CLASSE_SUBCLASSE_COTA', 'varchar', 'name of the fund held (block 2)', {
      ...optional,
      aliases: ['NM_FUNDO_COTA'],
    }),
  ],
});

/** Net assets per fund and date; join to the blocks on (TP_FUNDO_CLASSE, CNPJ_FUNDO_CLASSE, DT_COMPTC). */
export const cdaPlSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_cda_pl',
  title: 'CVM fund portfolios (CDA): net assets',
  staged: 'stg_cvm_cda_pl',
  url,
  urlParams,
  fileName: /^cda_fi_PL_(?<competencia>\d{6})\.csv$/,
  columns: [...leading, col('VL_PATRIM_LIQ', 'decimal', 'net assets, BRL')],
});

export const cdaSources: DelimitedSourceSpec[] = [cdaBlocoSpec, cdaPlSpec];
