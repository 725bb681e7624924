/**
 * VL_CONTA in BRL units for a statement row aliased `d`: times 1000 when ESCALA_MOEDA is MIL, except
 * the per-share lines (3.99), which CVM prints in reais whatever the scale says.
 */
export const VALOR_EM_REAIS = `CAST(d.vl_conta AS DECIMAL(38,10)) *
  CASE WHEN d.escala_moeda = 'MIL' AND d.cd_conta NOT LIKE '3.99%' THEN 1000 ELSE 1 END`;
