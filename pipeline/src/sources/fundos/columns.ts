import type { ColumnSpec, ColumnType } from '../../core/source.ts';

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
