import { DIAS_MAX_ATE_PRECO } from './multiplos.ts';

/** The words of the market artefacts (citations, notes, coverage); the numbers come from the marts. */

export const citacaoMercado = (versao: string, arquivos: string): string =>
  `Fonte: CVM (dados.cvm.gov.br) e B3, ${arquivos}; recalculado por fundamentos, versão do dado ${versao}.`;
/** `citacaoMercado` in English (`citacao_en`); `arquivos` is the English wording of the same files. */
export const citacaoMercadoEn = (versao: string, arquivos: string): string =>
  `Source: CVM (dados.cvm.gov.br) and B3, ${arquivos}; recomputed by fundamentos, data version ${versao}.`;

/** preco_de in words, saying which session and how far it is from the reception. */
export function precoDe(r: {
  data_preco: string;
  dt_receb: string;
  ticker_preco: string;
  dias_ate_preco: number;
}) {
  const base = `preço de fechamento de ${r.ticker_preco} em ${r.data_preco}, primeiro pregão em ou após o recebimento em ${r.dt_receb}`;
  return r.dias_ate_preco > DIAS_MAX_ATE_PRECO
    ? `${base} (${r.dias_ate_preco} dias depois: pregões intermediários ausentes dos nossos arquivos, múltiplos nulos)`
    : base;
}

export const TEXTO_MERCADO = {
  cobertura: {
    com_proventos: 'a bolsa respondeu e há proventos em dinheiro para a empresa',
    sem_dados_da_bolsa:
      'não temos resposta da bolsa (GetListedCashDividends) para esta empresa neste build: ausência de proventos não é afirmada',
  },
  nota_dividendos: {
    pt: 'Valores brutos por ação (antes do IR sobre JCP). data_com é o último dia com direito; preco_com é o fechamento do nosso COTAHIST nesse dia; sem esse pregão nos nossos arquivos, o fechamento que a B3 informa para a própria data com (flag preco_com_fechamento_b3); nulo quando nenhum dos dois existe.',
    en: 'Gross amounts per share (before income tax on interest on equity, JCP). data_com is the last day with the right to the distribution; preco_com is the close in our COTAHIST on that day; without that session in our files, the close B3 reports for the cum date itself (flag preco_com_fechamento_b3); null when neither exists.',
  },
  nota_multiplos: {
    pt: `Ponto no tempo: preço do primeiro pregão em ou após o DT_RECEB da versão usada; mais de ${DIAS_MAX_ATE_PRECO} dias depois, múltiplos nulos (preco_distante).`,
    en: `Point in time: price of the first session on or after the DT_RECEB of the version used; more than ${DIAS_MAX_ATE_PRECO} days later, multiples are null (preco_distante).`,
  },
  nota_trimestres: `Lucro dos 4 trimestres até o ITR (4º trimestre = DFP − ITR do 3º); trimestre ausente → lucro_ttm nulo com ttm_sem_trimestre_<q>_<ano>. Preço: primeiro pregão em ou após o DT_RECEB do ITR; mais de ${DIAS_MAX_ATE_PRECO} dias depois, nulo (preco_distante).`,
} as const;
