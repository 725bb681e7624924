import type { DelimitedSourceSpec } from '../../core/source.ts';
import { arquivoCvm, CVM_BASE, cnpjFundoClasse, col, cols, colunasGeraisFii } from './columns.ts';

// Members and column lists: guilhermegor/filings-cvm contracts/inf_trimestral_fii.py, "verified against
// the real archive (2025)" (docs/sources.md [S1]). No real file is in data/sample: the fixtures in
// data/sample/raw/feitos-aqui/fundos/ are made here in this layout.
const url = `${CVM_BASE}/FII/DOC/INF_TRIMESTRAL/DADOS/inf_trimestral_fii_{YYYY}.zip`;
const urlParams = ['YYYY: year; one zip per year with the four quarters (Data_Referencia = quarter end)'];

const refCols = [
  cnpjFundoClasse,
  col('Data_Referencia', 'date', 'quarter end of the report'),
  col('Versao', 'integer', 'version of the report'),
];

/** `geral` member of the FII quarterly report. */
export const fiiTrimestralGeralSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_fii_trimestral_geral',
  title: 'CVM FII quarterly report: general',
  staged: 'stg_cvm_fii_trimestral_geral',
  url,
  urlParams,
  fileName: /^inf_trimestral_fii_geral_(?<ano>\d{4})\.csv$/,
  columns: [
    col('Tipo_Fundo_Classe', 'varchar', 'fund/class type', { required: false }),
    ...refCols,
    ...colunasGeraisFii([
      col('Fundo_Nao_Listado_Exclusivo', 'varchar', 'S/N: unlisted exclusive fund', { required: false }),
    ]),
    col('Data_Encerramento_Trimestre', 'date', 'quarter end', { required: false }),
  ],
});

/** `imovel` member: one row per property, with vacancy and default rates. */
export const fiiTrimestralImovelSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_fii_trimestral_imovel',
  title: 'CVM FII quarterly report: properties (area, vacancy, default, share of revenue)',
  staged: 'stg_cvm_fii_trimestral_imovel',
  url,
  urlParams,
  fileName: /^inf_trimestral_fii_imovel_(?<ano>\d{4})\.csv$/,
  columns: [
    ...refCols,
    col('Classe', 'varchar', 'property class (Imóveis para renda acabados…)'),
    col('Nome_Imovel', 'varchar', 'property name'),
    col('Endereco', 'varchar', 'address'),
    col('Area', 'decimal', 'area, m²'),
    col('Numero_Unidades', 'decimal', 'number of units'),
    col('Outras_Caracteristicas_Relevantes', 'varchar', 'other relevant features'),
    // Unit (percent or fraction) UNCONFIRMED, as for the monthly report; DOUBLE reads exponent forms.
    ...cols('double', 'percentage (unit UNCONFIRMED)', [
      'Percentual_Vacancia',
      'Percentual_Inadimplencia',
      'Percentual_Receitas_FII',
      'Percentual_Locado',
      'Percentual_Vendido',
      'Percentual_Conclusao_Obras_Realizado',
      'Percentual_Conclusao_Obras_Previsto',
    ]),
    col('Custo_Construcao_Realizado', 'decimal', 'construction cost incurred, BRL'),
    col('Custo_Construcao_Previsto', 'decimal', 'construction cost planned, BRL'),
    col(
      'Percentual_Imovel_Total_Investido',
      'double',
      'share of the property in total invested (unit UNCONFIRMED)',
    ),
  ],
});

export const fiiTrimestralSources: DelimitedSourceSpec[] = [fiiTrimestralGeralSpec, fiiTrimestralImovelSpec];
