import { FEITO_AQUI } from '../feito-aqui.ts';

/**
 * ETF bulk sets (docs/datasets-fundos.md), from the ETF mart tables; `feito_aqui` marks rows that rest on
 * a file made here (the CVM fund fixtures of the sample).
 */
export const CONJUNTOS_ETFS: Record<string, string> = {
  etfs: `SELECT l.ticker, l.sigla, l.nome, l.nome_pregao, l.emissor, l.indice, v.cnpj, v.n_cnpj,
      (SELECT max(p.data) FROM int_etf_precos p WHERE p.ticker = l.ticker) AS ultima_sessao,
      (SELECT arg_max(p.fechamento, p.data) FROM int_etf_precos p WHERE p.ticker = l.ticker) AS ultimo_fechamento,
      q.media AS liquidez_media_60, l.origem,
      ${FEITO_AQUI('l.origem')} OR coalesce(list_bool_or(list_transform(v.origens, o -> ${FEITO_AQUI('o')})), false) AS feito_aqui
    FROM int_etf_lista l JOIN int_etf_vinculo v USING (ticker) LEFT JOIN int_etf_liquidez q USING (ticker) ORDER BY l.ticker`,
  etfs_agio: `SELECT a.ticker, a.data, a.preco, a.cota, a.agio, a.flag, p.origem AS origem_preco, i.origem AS origem_cota,
      ${FEITO_AQUI("coalesce(i.origem, '')")} AS feito_aqui
    FROM int_etf_agio a JOIN int_etf_precos p USING (ticker, data) LEFT JOIN int_etf_informes i USING (ticker, data)
    ORDER BY a.ticker, a.data`,
  etfs_carteira: `SELECT ticker, competencia, ativo, tipo, valor, fracao, arquivo, ${FEITO_AQUI('arquivo')} AS feito_aqui
    FROM int_etf_carteira ORDER BY ticker, competencia, valor DESC`,
};
