/**
 * VL_CONTA in BRL units for a statement row aliased `d`: times 1000 when ESCALA_MOEDA is MIL, except
 * the per-share lines (3.99), which CVM prints in reais whatever the scale says.
 */
export const VALOR_EM_REAIS = `CAST(d.vl_conta AS DECIMAL(38,10)) *
  CASE WHEN d.escala_moeda = 'MIL' AND d.cd_conta NOT LIKE '3.99%' THEN 1000 ELSE 1 END`;

/**
 * A CTE over the relation `fonte` (the statement rows `d`, or a grouping of them that keeps `_arquivo`):
 * each file name numbered in sort order (0-based), with how many there are, so that `LINHA_E_ARQUIVO` can
 * order (_linha, _arquivo) as one integer.
 */
export const arquivosNumeradosDe = (fonte: string) => `arquivos_numerados AS (
  SELECT _arquivo, row_number() OVER (ORDER BY _arquivo) - 1 AS n_arquivo, count(*) OVER () AS arquivos
  FROM (SELECT DISTINCT _arquivo FROM ${fonte})
)`;

/** `arquivosNumeradosDe` the statement rows `d`. */
export const ARQUIVOS_NUMERADOS = arquivosNumeradosDe('d');

/**
 * (_linha, _arquivo) of a row `d` joined to `arquivos_numerados a` as one BIGINT that sorts like the pair
 * (line first, then file name): _linha × files + the file's number. The first line of each account is the
 * min of it. A min over a struct keeps a heap-allocated state per group that DuckDB cannot spill (one group
 * per row here: measured 63 bytes a group above the memory_limit, growing with the years); over a BIGINT it
 * spills like any other aggregate.
 */
export const LINHA_E_ARQUIVO = 'd._linha * a.arquivos + a.n_arquivo';

/**
 * The decision on the candidate lines `c` of capex and dep/amort (a CTE with `motivo_base`): a line with a
 * reason of its own is excluded; a line under an included one is excluded as contained ($contida), so no
 * value counts twice; the rest are included ($incluida). One rule for both audits.
 */
export const DECISAO_DAS_CANDIDATAS = /* sql */ `SELECT c.* EXCLUDE (motivo_base),
  CASE WHEN motivo_base IS NOT NULL THEN 'excluida'
       WHEN EXISTS (SELECT 1 FROM c a WHERE a.cd_regulator = c.cd_regulator AND a.ano = c.ano AND a.motivo_base IS NULL
                      AND starts_with(c.cd_conta, a.cd_conta || '.')) THEN 'excluida'
       ELSE 'incluida' END AS decisao,
  CASE WHEN motivo_base IS NOT NULL THEN motivo_base
       WHEN EXISTS (SELECT 1 FROM c a WHERE a.cd_regulator = c.cd_regulator AND a.ano = c.ano AND a.motivo_base IS NULL
                      AND starts_with(c.cd_conta, a.cd_conta || '.')) THEN $contida
       ELSE $incluida END AS motivo
FROM c
ORDER BY cd_regulator, ano, cd_conta`;
