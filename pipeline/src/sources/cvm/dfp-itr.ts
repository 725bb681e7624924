import type { DelimitedSourceSpec } from '../../core/source.ts';
import {
  balanceColumns,
  CNPJ_CIA,
  DENOM_CIA,
  DT_REFER,
  dmplColumns,
  flowColumns,
  indiceDoDocumento,
  VERSAO,
} from './columns.ts';

const BASE = 'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC';
type Doc = 'DFP' | 'ITR';
const docs: Doc[] = ['DFP', 'ITR'];
const lower = (d: Doc) => d.toLowerCase();
const zipUrl = (d: Doc) => `${BASE}/${d}/DADOS/${lower(d)}_cia_aberta_{YYYY}.zip`;

const statementKey = [
  '_doc',
  '_demo',
  '_agreg',
  'CNPJ_CIA',
  'DT_REFER',
  'VERSAO',
  'ORDEM_EXERC',
  'DT_FIM_EXERC',
  'CD_CONTA',
];

function statements(d: Doc): DelimitedSourceSpec[] {
  const common = {
    kind: 'delimited' as const,
    staged: 'stg_cvm_demonstracao',
    url: zipUrl(d),
    urlParams: ['YYYY'],
    encoding: 'latin-1' as const,
    delimiter: ';' as const,
    facts: { doc: d },
  };
  const p = lower(d);
  return [
    {
      ...common,
      id: `cvm_${p}_bp`,
      title: `${d} balance sheet (BPA assets, BPP liabilities and equity), consolidated and individual`,
      fileName: new RegExp(`^${p}_cia_aberta_(?<demo>BPA|BPP)_(?<agreg>con|ind)_\\d{4}\\.csv$`),
      columns: balanceColumns,
      key: statementKey,
    },
    {
      ...common,
      id: `cvm_${p}_fluxo`,
      title: `${d} period statements (DRE, DRA, DFC_MD, DFC_MI, DVA), consolidated and individual`,
      fileName: new RegExp(
        `^${p}_cia_aberta_(?<demo>DRE|DRA|DFC_MD|DFC_MI|DVA)_(?<agreg>con|ind)_\\d{4}\\.csv$`,
      ),
      columns: flowColumns,
      key: [...statementKey, 'DT_INI_EXERC'],
    },
    {
      ...common,
      id: `cvm_${p}_dmpl`,
      title: `${d} statement of changes in equity (DMPL), consolidated and individual`,
      fileName: new RegExp(`^${p}_cia_aberta_(?<demo>DMPL)_(?<agreg>con|ind)_\\d{4}\\.csv$`),
      columns: dmplColumns,
      key: [...statementKey, 'DT_INI_EXERC', 'COLUNA_DF'],
    },
  ];
}

function others(d: Doc): DelimitedSourceSpec[] {
  const p = lower(d);
  const common = {
    kind: 'delimited' as const,
    url: zipUrl(d),
    urlParams: ['YYYY'],
    encoding: 'latin-1' as const,
    delimiter: ';' as const,
    facts: { doc: d },
  };
  return [
    { ...common, ...indiceDoDocumento(d) },
    {
      ...common,
      id: `cvm_${p}_composicao_capital`,
      title: `${d} share counts: paid-in and treasury, ON/PN/total (no CD_CVM, no scale column)`,
      staged: 'stg_cvm_composicao_capital',
      fileName: new RegExp(`^${p}_cia_aberta_composicao_capital_\\d{4}\\.csv$`),
      columns: [
        CNPJ_CIA,
        DT_REFER,
        VERSAO,
        DENOM_CIA,
        {
          name: 'QT_ACAO_ORDIN_CAP_INTEGR',
          type: 'bigint',
          meaning: 'paid-in common shares (units or thousands, company-dependent)',
        },
        { name: 'QT_ACAO_PREF_CAP_INTEGR', type: 'bigint', meaning: 'paid-in preferred shares' },
        { name: 'QT_ACAO_TOTAL_CAP_INTEGR', type: 'bigint', meaning: 'paid-in shares, total' },
        { name: 'QT_ACAO_ORDIN_TESOURO', type: 'bigint', meaning: 'common shares in treasury' },
        { name: 'QT_ACAO_PREF_TESOURO', type: 'bigint', meaning: 'preferred shares in treasury' },
        { name: 'QT_ACAO_TOTAL_TESOURO', type: 'bigint', meaning: 'shares in treasury, total' },
      ],
      key: ['_doc', 'CNPJ_CIA', 'DT_REFER', 'VERSAO'],
    },
    {
      ...common,
      id: `cvm_${p}_parecer`,
      title: `${d} auditor's ${d === 'DFP' ? 'opinion' : 'special review'} text`,
      staged: 'stg_cvm_parecer',
      fileName: new RegExp(`^${p}_cia_aberta_parecer_\\d{4}\\.csv$`),
      columns: [
        CNPJ_CIA,
        DT_REFER,
        VERSAO,
        DENOM_CIA,
        d === 'DFP'
          ? { name: 'TP_RELAT_AUD', type: 'varchar', meaning: 'kind of auditor report (DFP)' }
          : { name: 'TP_RELAT_ESP', type: 'varchar', meaning: 'kind of special review report (ITR)' },
        { name: 'TP_PARECER_DECL', type: 'varchar', meaning: 'kind of opinion or declaration' },
        { name: 'NUM_ITEM_PARECER_DECL', type: 'integer', meaning: 'item number inside the opinion' },
        { name: 'TXT_PARECER_DECL', type: 'varchar', meaning: 'opinion text' },
      ],
      key: ['_doc', 'CNPJ_CIA', 'DT_REFER', 'VERSAO', 'TP_PARECER_DECL', 'NUM_ITEM_PARECER_DECL'],
    },
  ];
}

/** DFP (annual) and ITR (quarterly) members, sources.md §1.3–1.5. ITR shares DFP's layout. */
export const dfpItrSources: DelimitedSourceSpec[] = docs.flatMap((d) => [...others(d), ...statements(d)]);
