import type { CampoJson } from '../../publish/json-sql.ts';
import { PUBLICADAS } from './recursos.ts';

/**
 * What the annual (`fatos.json`, mart_fatos) and quarterly (`fatos_trimestrais.json`,
 * mart_fatos_trimestrais) facts share, written once: the JSON fields of FatoSchema that both write the same
 * way from their mart's columns (`fonte` is `<file>:<line>`, as the lineage cites it), and the SQL
 * restating FatoSchema's constraints on them (json-sql.ts `exigirDentroDoSchema`).
 */
export const CAMPOS_DO_FATO: Readonly<Record<string, CampoJson>> = {
  ano: { inteiro: 'ano' },
  demo: { texto: 'demo' },
  cd_conta: { texto: 'cd_conta' },
  ds_conta: { texto: 'ds_conta' },
  agreg: { texto: 'agreg' },
  versao: { inteiro: 'versao' },
  dt_receb: { texto: 'CAST(dt_receb AS VARCHAR)' },
  fonte: { texto: "arquivo || ':' || CAST(linha AS VARCHAR)" },
};

/**
 * The published rows of `tabela` that break FatoSchema's shared constraints or `mais` (a stage's own,
 * SQL that must be true), with `colunas` to show in the error. NULL in a constraint counts as broken.
 */
export const fatosForaDoSchema = (tabela: string, colunas: string, mais: string): string =>
  `SELECT ${colunas} FROM ${tabela} WHERE cd_regulator IN (${PUBLICADAS}) AND NOT coalesce(
    ano BETWEEN 1990 AND 2100 AND versao >= 1
    AND regexp_full_match(demo, '[A-Z][A-Z_]*') AND regexp_full_match(cd_conta, '[0-9]+([.][0-9]+)*')
    AND agreg IN ('con', 'ind') AND (dt_receb IS NULL OR year(dt_receb) BETWEEN 1 AND 9999)
    AND arquivo IS NOT NULL AND linha IS NOT NULL AND ds_conta IS NOT NULL AND ${mais}, false)`;
