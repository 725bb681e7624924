import { FEITO_AQUI } from '../feito-aqui.ts';

/**
 * REIT bulk sets (docs/datasets-fundos.md): the rows of the fund artefacts, each with `feito_aqui` so a
 * sample set never mixes rows made here with real ones without saying which is which.
 */
export const CONJUNTOS_FIIS: Record<string, string> = {
  fiis: `SELECT f.ticker, f.cnpj, f.isin, f.nome, f.segmento, f.mandato, f.tipo_gestao, f.publico_alvo, f.data_funcionamento,
      f.competencia, f.versao, f.data_entrega, f.cotistas, f.pl, d.data_base, d.preco, d.rendimento_12m, d.n_meses, d.dy_12m,
      d.flag AS flag_dy, f.fonte_geral, f.fonte_complemento,
      ${FEITO_AQUI('f.fonte_geral')} OR coalesce(list_contains(string_split(d.flag, ';'), 'proventos_feitos_aqui'), false) AS feito_aqui
    FROM mart_fiis f JOIN mart_fii_dy d USING (ticker) WHERE f.ticker IS NOT NULL AND f.nome IS NOT NULL ORDER BY f.ticker`,
  fiis_pvp: `SELECT ticker, competencia, data_entrega, data_preco, preco, vp_cota, pvp, flag, fonte_preco,
      ${FEITO_AQUI("coalesce(fonte_preco, '')")} AS feito_aqui
    FROM mart_fii_pvp ORDER BY ticker, competencia`,
  fiis_mensal: `SELECT ticker, competencia, versao, data_entrega, vp_cota, pvp, flag_pvp, data_preco, preco, rendimento_12m,
      n_meses, dy_12m, flag_dy, vacancia, vacancia_referencia, flag_vacancia, fonte_informe, fonte_preco,
      ${FEITO_AQUI("coalesce(fonte_informe, '')")} OR ${FEITO_AQUI("coalesce(fonte_preco, '')")}
        OR coalesce(list_contains(string_split(flag_dy, ';'), 'proventos_feitos_aqui'), false) AS feito_aqui
    FROM mart_fii_mensal ORDER BY ticker, competencia`,
  fiis_proventos: `SELECT ticker, tipo, valor, data_com, data_pagamento, relativo_a, flag, arquivo, linha, feito_aqui
    FROM mart_fii_proventos ORDER BY ticker, data_com DESC, tipo`,
};
