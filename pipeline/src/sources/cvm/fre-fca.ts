import type { ColumnSpec, DelimitedSourceSpec } from '../../core/source.ts';
import { CNPJ_Companhia, Data_Referencia, ID_Documento, indiceDoDocumento, Versao } from './columns.ts';

const BASE = 'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC';
const common = {
  kind: 'delimited' as const,
  urlParams: ['YYYY'],
  encoding: 'latin-1' as const,
  delimiter: ';' as const,
};
const head = (nome: 'Nome_Companhia' | 'Nome_Empresarial'): ColumnSpec[] => [
  CNPJ_Companhia,
  Data_Referencia,
  Versao,
  ID_Documento,
  { name: nome, type: 'varchar', meaning: 'company name' },
];
const qty = (name: string, meaning: string): ColumnSpec => ({ name, type: 'bigint', meaning });
const pct = (name: string, meaning: string): ColumnSpec => ({ name, type: 'decimal', meaning });
const date = (name: string, meaning: string): ColumnSpec => ({ name, type: 'date', meaning });
const text = (name: string, meaning: string): ColumnSpec => ({ name, type: 'varchar', meaning });

/** FRE (reference form), sources.md §2.3: capital and free-float members. */
export const freSources: DelimitedSourceSpec[] = [
  { ...common, ...indiceDoDocumento('FRE'), url: `${BASE}/FRE/DADOS/fre_cia_aberta_{YYYY}.zip` },
  {
    ...common,
    id: 'cvm_fre_capital_social',
    title: 'FRE capital: authorised, subscribed and paid-in capital with share counts',
    staged: 'stg_cvm_fre_capital_social',
    url: `${BASE}/FRE/DADOS/fre_cia_aberta_{YYYY}.zip`,
    fileName: /^fre_cia_aberta_capital_social_\d{4}\.csv$/,
    columns: [
      ...head('Nome_Companhia'),
      { name: 'ID_Capital_Social', type: 'bigint', meaning: 'id of this capital line inside the form' },
      text('Tipo_Capital', 'kind of capital (e.g. Capital Integralizado, Capital Autorizado)'),
      date('Data_Autorizacao_Aprovacao', 'date the capital was authorised or approved'),
      { name: 'Valor_Capital', type: 'decimal', meaning: 'capital amount in BRL' },
      text('Prazo_Integralizacao', 'deadline to pay in (free text)'),
      qty('Quantidade_Acoes_Ordinarias', 'common shares'),
      qty('Quantidade_Acoes_Preferenciais', 'preferred shares'),
      qty('Quantidade_Total_Acoes', 'total shares'),
    ],
    key: ['CNPJ_Companhia', 'Data_Referencia', 'Versao', 'ID_Capital_Social', 'Tipo_Capital'],
  },
  {
    ...common,
    id: 'cvm_fre_distribuicao_capital',
    title: 'FRE ownership spread: shareholder counts and free float (circulação, not shares outstanding)',
    staged: 'stg_cvm_fre_distribuicao_capital',
    url: `${BASE}/FRE/DADOS/fre_cia_aberta_{YYYY}.zip`,
    fileName: /^fre_cia_aberta_distribuicao_capital_\d{4}\.csv$/,
    columns: [
      ...head('Nome_Companhia'),
      qty('Quantidade_Acionistas_PF', 'number of individual shareholders'),
      qty('Quantidade_Acionistas_PJ', 'number of corporate shareholders'),
      qty('Quantidade_Acionistas_Investidores_Institucionais', 'number of institutional shareholders'),
      qty('Quantidade_Acoes_Ordinarias_Circulacao', 'common shares in free float'),
      pct('Percentual_Acoes_Ordinarias_Circulacao', 'free-float share of common shares, percent'),
      qty('Quantidade_Acoes_Preferenciais_Circulacao', 'preferred shares in free float'),
      pct('Percentual_Acoes_Preferenciais_Circulacao', 'free-float share of preferred shares, percent'),
      qty('Quantidade_Total_Acoes_Circulacao', 'shares in free float, total'),
      pct('Percentual_Total_Acoes_Circulacao', 'free-float share of all shares, percent'),
      date('Data_Ultima_Assembleia', 'date of the last shareholders meeting'),
    ],
    key: ['CNPJ_Companhia', 'Data_Referencia', 'Versao'],
  },
];

/** FCA (registration form), sources.md §2.1: trading codes and general registry data. */
export const fcaSources: DelimitedSourceSpec[] = [
  { ...common, ...indiceDoDocumento('FCA'), url: `${BASE}/FCA/DADOS/fca_cia_aberta_{YYYY}.zip` },
  {
    ...common,
    id: 'cvm_fca_valor_mobiliario',
    title: 'FCA securities: trading codes, market, listing segment and trading dates',
    staged: 'stg_cvm_fca_valor_mobiliario',
    url: `${BASE}/FCA/DADOS/fca_cia_aberta_{YYYY}.zip`,
    fileName: /^fca_cia_aberta_valor_mobiliario_\d{4}\.csv$/,
    columns: [
      ...head('Nome_Empresarial'),
      text(
        'Valor_Mobiliario',
        'kind of security (Ações Ordinárias, Ações Preferenciais, Units, debentures…)',
      ),
      text('Sigla_Classe_Acao_Preferencial', 'preferred class short code (PNA, PNB…)'),
      text('Classe_Acao_Preferencial', 'preferred class name'),
      text('Codigo_Negociacao', 'trading code (ticker); often empty'),
      text('Composicao_BDR_Unit', 'composition of a unit or BDR'),
      text('Mercado', 'market (Bolsa, Balcão Organizado…)'),
      text('Sigla_Entidade_Administradora', 'market operator short name (BM&FBOVESPA until 2018, B3 after)'),
      text('Entidade_Administradora', 'market operator name'),
      date('Data_Inicio_Negociacao', 'first trading date of the code'),
      date('Data_Fim_Negociacao', 'last trading date of the code'),
      text('Segmento', 'listing segment (Novo Mercado, Nível 1…)'),
      date('Data_Inicio_Listagem', 'listing start'),
      date('Data_Fim_Listagem', 'listing end'),
    ],
    // Every column: the real 2019–2024 files repeat some rows byte for byte (24 in the sample); those are the duplicates.
    key: [
      'CNPJ_Companhia',
      'Data_Referencia',
      'Versao',
      'ID_Documento',
      'Valor_Mobiliario',
      'Sigla_Classe_Acao_Preferencial',
      'Classe_Acao_Preferencial',
      'Codigo_Negociacao',
      'Composicao_BDR_Unit',
      'Mercado',
      'Sigla_Entidade_Administradora',
      'Entidade_Administradora',
      'Data_Inicio_Negociacao',
      'Data_Fim_Negociacao',
      'Segmento',
      'Data_Inicio_Listagem',
      'Data_Fim_Listagem',
    ],
  },
  {
    ...common,
    id: 'cvm_fca_geral',
    title: 'FCA general data: CVM code, sector, issuer status, control, fiscal-year end',
    staged: 'stg_cvm_fca_geral',
    url: `${BASE}/FCA/DADOS/fca_cia_aberta_{YYYY}.zip`,
    fileName: /^fca_cia_aberta_geral_\d{4}\.csv$/,
    columns: [
      ...head('Nome_Empresarial'),
      date('Data_Nome_Empresarial', 'date of the current name'),
      text('Nome_Empresarial_Anterior', 'previous name'),
      date('Data_Constituicao', 'incorporation date'),
      {
        name: 'Codigo_CVM',
        type: 'varchar',
        zeroPad: 6,
        meaning: 'CVM company code, zero-padded to 6 digits',
      },
      date('Data_Registro_CVM', 'CVM registration date'),
      text('Categoria_Registro_CVM', 'registration category (A or B)'),
      date('Data_Categoria_Registro_CVM', 'date of the category'),
      text('Situacao_Registro_CVM', 'registration status'),
      date('Data_Situacao_Registro_CVM', 'date of the status'),
      text('Pais_Origem', 'country of origin'),
      text('Pais_Custodia_Valores_Mobiliarios', 'country where securities are held'),
      text('Setor_Atividade', 'sector of activity'),
      text('Descricao_Atividade', 'description of the activity'),
      text('Situacao_Emissor', 'issuer status (e.g. Fase Operacional)'),
      date('Data_Situacao_Emissor', 'date of the issuer status'),
      text('Especie_Controle_Acionario', 'kind of control (Privado, Estatal…)'),
      date('Data_Especie_Controle_Acionario', 'date of the kind of control'),
      { name: 'Dia_Encerramento_Exercicio_Social', type: 'integer', meaning: 'day the fiscal year ends' },
      { name: 'Mes_Encerramento_Exercicio_Social', type: 'integer', meaning: 'month the fiscal year ends' },
      date('Data_Alteracao_Exercicio_Social', 'date the fiscal year end changed'),
      text('Pagina_Web', 'company web site'),
    ],
    key: ['CNPJ_Companhia', 'Data_Referencia', 'Versao'],
  },
];
