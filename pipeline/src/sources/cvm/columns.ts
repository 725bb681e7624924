import type { ColumnSpec, DelimitedSourceSpec } from '../../core/source.ts';

/** Column building blocks shared by the CIA_ABERTA files (sources.md §1.4). */
export const CNPJ_CIA: ColumnSpec = {
  name: 'CNPJ_CIA',
  type: 'varchar',
  meaning: 'company tax id, masked 00.000.000/0000-00',
};
export const DT_REFER: ColumnSpec = {
  name: 'DT_REFER',
  type: 'date',
  meaning: 'reference date of the filing',
};
export const VERSAO: ColumnSpec = {
  name: 'VERSAO',
  type: 'integer',
  meaning: 'filing version (1, 2, … on resubmission); every version is kept',
};
export const DENOM_CIA: ColumnSpec = {
  name: 'DENOM_CIA',
  type: 'varchar',
  meaning: 'company name (CVM rewrites it to the current name in old files)',
};
export const CD_CVM: ColumnSpec = {
  name: 'CD_CVM',
  type: 'varchar',
  zeroPad: 6,
  meaning: 'CVM company code, zero-padded text of 6 digits',
};

export const ORDEM_EXERC_VALUES = ['ÚLTIMO', 'PENÚLTIMO'];
export const ESCALA_MOEDA_VALUES = ['MIL', 'UNIDADE'];

/** Index file of DFP, ITR, FCA and FRE: one row per delivered version (9 columns). */
export const indexColumns: ColumnSpec[] = [
  CNPJ_CIA,
  DT_REFER,
  VERSAO,
  DENOM_CIA,
  CD_CVM,
  { name: 'CATEG_DOC', type: 'varchar', meaning: 'document category (DFP, ITR, FCA, FRE)' },
  { name: 'ID_DOC', type: 'bigint', meaning: 'document id of this version' },
  { name: 'DT_RECEB', type: 'date', meaning: 'date CVM received this version (point-in-time anchor)' },
  { name: 'LINK_DOC', type: 'varchar', meaning: 'download link of the filing' },
];

/**
 * The index member of a filing zip (`dfp_cia_aberta_2024.csv`), staged with every other document's index
 * in `stg_cvm_doc_indice` and told apart by `_doc`. The same (CNPJ, DT_REFER, VERSAO) can appear twice with
 * different ID_DOC (DFP 2024, CNPJ 43.335.774/0001-86), so the key is the document id.
 */
export function indiceDoDocumento(
  doc: 'DFP' | 'ITR' | 'FRE' | 'FCA',
): Pick<DelimitedSourceSpec, 'id' | 'title' | 'staged' | 'fileName' | 'facts' | 'columns' | 'key'> {
  const p = doc.toLowerCase();
  return {
    id: `cvm_${p}_indice`,
    title: `${doc} index: one row per delivered version, with DT_RECEB`,
    staged: 'stg_cvm_doc_indice',
    fileName: new RegExp(`^${p}_cia_aberta_\\d{4}\\.csv$`),
    facts: { doc },
    columns: indexColumns,
    key: ['_doc', 'ID_DOC'],
  };
}

const statementHead: ColumnSpec[] = [
  CNPJ_CIA,
  DT_REFER,
  VERSAO,
  DENOM_CIA,
  CD_CVM,
  {
    name: 'GRUPO_DFP',
    type: 'varchar',
    meaning: 'statement group, e.g. "DF Consolidado - Balanço Patrimonial Ativo"',
  },
  { name: 'MOEDA', type: 'varchar', meaning: 'currency (REAL)' },
  {
    name: 'ESCALA_MOEDA',
    type: 'varchar',
    allowed: ESCALA_MOEDA_VALUES,
    meaning: 'scale of VL_CONTA on this row: MIL (×1000) or UNIDADE (×1); mixed inside one file',
  },
  {
    name: 'ORDEM_EXERC',
    type: 'varchar',
    allowed: ORDEM_EXERC_VALUES,
    meaning: 'ÚLTIMO = period of the filing, PENÚLTIMO = comparative (possibly restated) prior period',
  },
];
const DT_INI_EXERC: ColumnSpec = {
  name: 'DT_INI_EXERC',
  type: 'date',
  meaning: 'start of the period the value covers',
};
const DT_FIM_EXERC: ColumnSpec = {
  name: 'DT_FIM_EXERC',
  type: 'date',
  meaning: 'end of the period (balance-sheet date for BPA/BPP)',
};
const COLUNA_DF: ColumnSpec = {
  name: 'COLUNA_DF',
  type: 'varchar',
  meaning: 'DMPL equity column (e.g. Capital Social Integralizado); may be empty',
};
const statementTail: ColumnSpec[] = [
  { name: 'CD_CONTA', type: 'varchar', meaning: 'account code in CVM chart, e.g. 3.11.01' },
  { name: 'DS_CONTA', type: 'varchar', meaning: 'account label as published' },
  {
    name: 'VL_CONTA',
    type: 'decimal',
    scale: 10,
    meaning: 'value, exact decimal, in ESCALA_MOEDA units of MOEDA',
  },
  {
    name: 'ST_CONTA_FIXA',
    type: 'varchar',
    allowed: ['S', 'N'],
    meaning: 'S = fixed account of the CVM chart, N = free account',
  },
];

/** BPA, BPP (14 columns: no DT_INI_EXERC). */
export const balanceColumns: ColumnSpec[] = [...statementHead, DT_FIM_EXERC, ...statementTail];
/** DRE, DRA, DFC_MD, DFC_MI, DVA (15 columns). */
export const flowColumns: ColumnSpec[] = [...statementHead, DT_INI_EXERC, DT_FIM_EXERC, ...statementTail];
/** DMPL (16 columns: COLUNA_DF). */
export const dmplColumns: ColumnSpec[] = [
  ...statementHead,
  DT_INI_EXERC,
  DT_FIM_EXERC,
  COLUNA_DF,
  ...statementTail,
];

/** Satellite files of FCA and FRE spell the first columns in CamelCase (sources.md §2.1). */
export const CNPJ_Companhia: ColumnSpec = {
  name: 'CNPJ_Companhia',
  type: 'varchar',
  meaning: 'company tax id, masked',
};
export const Data_Referencia: ColumnSpec = {
  name: 'Data_Referencia',
  type: 'date',
  meaning: 'reference date of the form',
};
export const Versao: ColumnSpec = {
  name: 'Versao',
  type: 'integer',
  meaning: 'form version; every version is kept',
};
export const ID_Documento: ColumnSpec = {
  name: 'ID_Documento',
  type: 'bigint',
  meaning: 'document id (joins the index ID_DOC)',
};
