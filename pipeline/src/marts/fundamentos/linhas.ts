import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import { z } from 'zod';
import { num, numOuNulo } from '../../core/sql.ts';

/**
 * The rows the fundamentals publication stages (publicacao.ts, extras.ts) read back from the marts, each
 * declared once. The publication builds its own objects from them, field by field, so the order of the
 * keys here never reaches an artefact.
 */

const NOMES = Object.keys(INDICADORES) as [NomeIndicador, ...NomeIndicador[]];

/** One indicator of one company-year (mart_indicadores). */
export const IndicadorRow = z.object({
  cd_regulator: num,
  ano: num,
  nome: z.enum(NOMES),
  valor: numOuNulo,
  flag: z.string().nullable(),
});

/** Which account plays a role in one company-year filing (int_fundamentos_papeis). */
export const PapelRow = z.object({
  cd_regulator: num,
  ano: num,
  papel: z.string(),
  demo: z.string(),
  cd_conta: z.string(),
  agreg: z.enum(['con', 'ind']),
});

/** A value as a filing's line gave it: the filing's version and date, the file and the line. */
const DA_LINHA = {
  valor: num,
  versao: num,
  dt_receb: z.string().nullable(),
  arquivo: z.string(),
  linha: num,
};

/** The same role with the value it read and the file line it came from, for the lineage. */
export const PapelComValorRow = PapelRow.extend({
  ds_conta: z.string(),
  ordem: z.enum(['ultimo', 'penultimo']),
  ...DA_LINHA,
});

/** One standardized account of one company-year filing (mart_fatos). */
export const FatoRow = z.object({
  cd_regulator: num,
  ano: num,
  demo: z.string(),
  cd_conta: z.string(),
  ds_conta: z.string(),
  agreg: z.enum(['con', 'ind']),
  ...DA_LINHA,
});
