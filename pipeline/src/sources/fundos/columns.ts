import type { ColumnSpec, ColumnType, DelimitedSourceSpec } from '../../core/source.ts';

/** CVM open-data base URL (docs/sources.md). */
export const CVM_BASE = 'https://dados.cvm.gov.br/dados';

/** A column as found in a CVM header; `extra` carries aliases, `required: false` or a scale. */
export function col(
  name: string,
  type: ColumnType,
  meaning: string,
  extra: Partial<ColumnSpec> = {},
): ColumnSpec {
  return { name, type, meaning, ...extra };
}

/** Several columns of one type whose meaning is their name (wide CVM reports: one column per balance line). */
export function cols(
  type: ColumnType,
  meaning: string,
  names: string[],
  extra: Partial<ColumnSpec> = {},
): ColumnSpec[] {
  return names.map((n) => col(n, type, `${meaning}: ${n.replaceAll('_', ' ')}`, extra));
}

/** The fund key of the FII reports: CNPJ_Fundo_Classe since RCVM 175, CNPJ_Fundo in the 2020–2021 files. */
export const cnpjFundoClasse = col(
  'CNPJ_Fundo_Classe',
  'varchar',
  'CNPJ of the fund (class), masked 00.000.000/0000-00',
  {
    aliases: ['CNPJ_Fundo'],
  },
);

/** A CVM fund file: `;`-separated latin-1 text, as every fund source is (docs/sources.md §5). */
export function arquivoCvm(
  spec: Omit<DelimitedSourceSpec, 'kind' | 'encoding' | 'delimiter'>,
): DelimitedSourceSpec {
  return { kind: 'delimited', encoding: 'latin-1', delimiter: ';', ...spec };
}

/**
 * The registry columns the `geral` members of the FII monthly and quarterly reports share, in file order
 * after the reference columns; `naoListado` holds what the quarterly report adds after Fundo_Exclusivo.
 */
export function colunasGeraisFii(naoListado: ColumnSpec[] = []): ColumnSpec[] {
  return [
    col('Data_Entrega', 'date', 'date CVM received this version'),
    col('Nome_Fundo_Classe', 'varchar', 'fund (class) name', { aliases: ['Nome_Fundo'] }),
    col('Data_Funcionamento', 'date', 'date the fund started operating'),
    col('Publico_Alvo', 'varchar', 'target investors'),
    col('Codigo_ISIN', 'varchar', 'ISIN of the quotas'),
    col('Quantidade_Cotas_Emitidas', 'decimal', 'quotas issued'),
    col('Fundo_Exclusivo', 'varchar', 'S/N: exclusive fund'),
    ...naoListado,
    col('Cotistas_Vinculo_Familiar', 'varchar', 'S/N: quota holders with family ties'),
    col('Mandato', 'varchar', 'mandate (Renda, Títulos e Valores Mobiliários…)'),
    col('Segmento_Atuacao', 'varchar', 'segment (Shoppings, Logística…)'),
    col('Tipo_Gestao', 'varchar', 'Ativa / Passiva'),
    col('Prazo_Duracao', 'varchar', 'term (Indeterminado / Determinado)'),
    col('Data_Prazo_Duracao', 'date', 'end of term when determined'),
    col('Encerramento_Exercicio_Social', 'varchar', 'fiscal year end as dd/mm'),
    col('Mercado_Negociacao_Bolsa', 'varchar', 'S/N: traded on the exchange'),
    col('Mercado_Negociacao_MBO', 'varchar', 'S/N: traded on the organised OTC market'),
    col('Mercado_Negociacao_MB', 'varchar', 'S/N: traded on the OTC market'),
    col('Entidade_Administradora_BVMF', 'varchar', 'S/N: market administered by B3 (BM&FBovespa)'),
    col('Entidade_Administradora_CETIP', 'varchar', 'S/N: market administered by Cetip'),
    col('Nome_Administrador', 'varchar', 'administrator name'),
    col('CNPJ_Administrador', 'varchar', 'administrator CNPJ, bare digits'),
    ...cols('varchar', 'administrator address', [
      'Logradouro',
      'Numero',
      'Complemento',
      'Bairro',
      'Cidade',
      'Estado',
      'CEP',
    ]),
    ...cols('varchar', 'administrator contact', ['Telefone1', 'Telefone2', 'Telefone3', 'Site', 'Email']),
  ];
}
