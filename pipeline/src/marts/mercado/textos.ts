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
  nota_classe: {
    pt: 'Este bloco é da classe: preço e volume do próprio código no pregão usado; P/L = preço da classe / LPA; P/VP = preço da classe / VPA; DY = proventos da própria classe em 12 meses / preço da classe. LPA e VPA são da empresa (lucro ou patrimônio / total de ações em circulação, sem tesouraria), iguais em todas as classes. Sem pregão da classe na data, preço e múltiplos nulos (classe_sem_pregao), nunca o preço de outro código. Tudo fora deste bloco é da empresa (da_empresa): o valor de mercado soma as classes.',
    en: "This block is the class's: price and volume of the code itself on the session used; P/L = class price / EPS; P/B = class price / book value per share; DY = the class's own 12-month distributions / class price. EPS and book value per share are company figures (profit or equity / every share outstanding, ex-treasury), the same for every class. Without a session of the class on that date, price and multiples are null (classe_sem_pregao), never another code's price. Everything outside this block is company-wide (da_empresa): the market cap sums every class.",
  },
  nota_trimestres: `Lucro dos 4 trimestres até o ITR (4º trimestre = DFP − ITR do 3º); trimestre ausente → lucro_ttm nulo com ttm_sem_trimestre_<q>_<ano>. Preço: primeiro pregão em ou após o DT_RECEB do ITR; mais de ${DIAS_MAX_ATE_PRECO} dias depois, nulo (preco_distante).`,
} as const;
