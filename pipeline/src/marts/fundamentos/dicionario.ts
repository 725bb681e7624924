import type { Dicionario } from '@fundamentos/schemas/dicionario';
import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import { ROTULO_CANDIDATO, ROTULO_EXCLUIDO } from './dep-amort.ts';
import { REGRAS } from './indicadores.ts';

export const METODOLOGIA = '/metodologia';
export const DICIONARIO = '/dicionario';

/**
 * Title, formula in words and regulator accounts of each indicator (docs/metodologia.md says the same),
 * in Portuguese and English.
 */
export const TEXTO_INDICADORES: Record<
  NomeIndicador,
  { titulo: string; formula: string; titulo_en: string; formula_en: string; contas: string[] }
> = {
  cresc_receita_1a: {
    titulo: 'Crescimento da receita em 1 ano',
    formula: 'DRE 3.01 (ÚLTIMO) / DRE 3.01 (PENÚLTIMO do mesmo arquivo, o comparativo reapresentado) − 1',
    titulo_en: 'Revenue growth over 1 year',
    formula_en:
      'DRE 3.01 (ÚLTIMO column) / DRE 3.01 (PENÚLTIMO column of the same file, the restated comparative) − 1',
    contas: ['DRE 3.01'],
  },
  cresc_receita_5a_cagr: {
    titulo: 'Crescimento anual composto da receita em 5 anos',
    formula: '(DRE 3.01 do ano / DRE 3.01 do ano−5, lido no PENÚLTIMO do DFP do ano−4)^(1/5) − 1',
    titulo_en: 'Compound annual revenue growth over 5 years',
    formula_en:
      '(DRE 3.01 of the year / DRE 3.01 of year−5, read in the PENÚLTIMO column of the DFP of year−4)^(1/5) − 1',
    contas: ['DRE 3.01'],
  },
  divida_liquida: {
    titulo: 'Dívida líquida',
    formula:
      'BPP 2.01.04 + BPP 2.02.01 − BPA 1.01.01 − BPA 1.01.02 (arrendamentos e debêntures já estão dentro de 2.01.04/2.02.01)',
    titulo_en: 'Net debt',
    formula_en:
      'BPP 2.01.04 + BPP 2.02.01 − BPA 1.01.01 − BPA 1.01.02 (leases and debentures are already inside 2.01.04/2.02.01)',
    contas: ['BPP 2.01.04', 'BPP 2.02.01', 'BPA 1.01.01', 'BPA 1.01.02'],
  },
  dl_ebitda: {
    titulo: 'Dívida líquida / EBITDA',
    formula: 'divida_liquida / ebitda; nulo quando o EBITDA é nulo ou não positivo',
    titulo_en: 'Net debt / EBITDA',
    formula_en: 'divida_liquida / ebitda; null when EBITDA is null or not positive',
    contas: ['BPP 2.01.04', 'BPP 2.02.01', 'BPA 1.01.01', 'BPA 1.01.02', 'DRE 3.05', 'DFC_MI 6.01.*'],
  },
  ebitda: {
    titulo: 'EBITDA',
    formula:
      'DRE 3.05 (EBIT) + soma das linhas livres de depreciação, amortização e exaustão sob DFC_MI 6.01 escolhidas por rótulo (lista em /auditoria/dep_amort)',
    titulo_en: 'EBITDA',
    formula_en:
      'DRE 3.05 (EBIT) + sum of the free-form depreciation, amortisation and depletion lines under DFC_MI 6.01 chosen by label (list at /auditoria/dep_amort)',
    contas: ['DRE 3.05', 'DFC_MI 6.01.*'],
  },
  liquidez_corrente: {
    titulo: 'Liquidez corrente',
    formula: 'BPA 1.01 / BPP 2.01',
    titulo_en: 'Current ratio',
    formula_en: 'BPA 1.01 / BPP 2.01',
    contas: ['BPA 1.01', 'BPP 2.01'],
  },
  margem_bruta: {
    titulo: 'Margem bruta',
    formula: 'DRE 3.03 / DRE 3.01',
    titulo_en: 'Gross margin',
    formula_en: 'DRE 3.03 / DRE 3.01',
    contas: ['DRE 3.03', 'DRE 3.01'],
  },
  margem_ebit: {
    titulo: 'Margem EBIT',
    formula: 'DRE 3.05 / DRE 3.01',
    titulo_en: 'EBIT margin',
    formula_en: 'DRE 3.05 / DRE 3.01',
    contas: ['DRE 3.05', 'DRE 3.01'],
  },
  margem_liquida: {
    titulo: 'Margem líquida',
    formula: 'lucro consolidado do período (DRE 3.11, inclui não controladores) / DRE 3.01',
    titulo_en: 'Net margin',
    formula_en:
      'consolidated profit for the period (DRE 3.11, includes non-controlling interests) / DRE 3.01',
    contas: ['DRE 3.11', 'DRE 3.01'],
  },
  f_score: {
    titulo: 'F-score (Piotroski)',
    formula:
      'soma de 9 critérios sim/não: lucro > 0, caixa operacional > 0, ROA subiu, caixa operacional > lucro, dívida de longo prazo/ativo caiu, liquidez corrente subiu, capital social não aumentou, margem bruta subiu, giro do ativo subiu; critério sem dado não pontua e marca f_score_parcial',
    titulo_en: 'F-score (Piotroski)',
    formula_en:
      'sum of 9 yes/no criteria: profit > 0, operating cash flow > 0, ROA rose, operating cash flow > profit, long-term debt/assets fell, current ratio rose, share capital did not increase, gross margin rose, asset turnover rose; a criterion without data scores nothing and sets f_score_parcial',
    contas: [
      'DRE 3.11',
      'DFC_MI 6.01',
      'DFC_MD 6.01',
      'BPA 1',
      'BPA 1.01',
      'BPP 2.01',
      'BPP 2.02.01',
      'BPP 2.03.01',
      'DRE 3.03',
      'DRE 3.01',
    ],
  },
  roa: {
    titulo: 'Retorno sobre o ativo',
    formula: 'DRE 3.11 / média de BPA 1 (ÚLTIMO e PENÚLTIMO do mesmo arquivo)',
    titulo_en: 'Return on assets',
    formula_en: 'DRE 3.11 / average of BPA 1 (ÚLTIMO and PENÚLTIMO columns of the same file)',
    contas: ['DRE 3.11', 'BPA 1'],
  },
  roe: {
    titulo: 'Retorno sobre o patrimônio dos controladores',
    formula:
      'DRE 3.11.01 / média de (BPP 2.03 − BPP 2.03.09) no início e no fim do ano; em demonstrações individuais 3.11 e 2.03 já são da controladora',
    titulo_en: "Return on controlling shareholders' equity",
    formula_en:
      'DRE 3.11.01 / average of (BPP 2.03 − BPP 2.03.09) at the start and at the end of the year; in individual statements 3.11 and 2.03 already belong to the parent company',
    contas: ['DRE 3.11.01', 'BPP 2.03', 'BPP 2.03.09'],
  },
  roic: {
    titulo: 'Retorno sobre o capital investido',
    formula:
      'NOPAT = DRE 3.05 × (1 − alíquota efetiva −3.08/3.07, limitada a [0, 1]; nulo com roic_sem_aliquota_efetiva se 3.07 ≤ 0) / média de (BPP 2.03 + 2.01.04 + 2.02.01)',
    titulo_en: 'Return on invested capital',
    formula_en:
      'NOPAT = DRE 3.05 × (1 − effective tax rate −3.08/3.07, capped to [0, 1]; null with roic_sem_aliquota_efetiva if 3.07 ≤ 0) / average of (BPP 2.03 + 2.01.04 + 2.02.01)',
    contas: ['DRE 3.05', 'DRE 3.07', 'DRE 3.08', 'BPP 2.03', 'BPP 2.01.04', 'BPP 2.02.01'],
  },
};

/**
 * A flag's entry as written here. The English texts are optional in the type only so that an entry
 * added without them still compiles: `dicionario()` then fails naming the flag, and the schema requires
 * them in the published file.
 */
export type EntradaFlag = Omit<Dicionario['flags'][number], 'significado_en' | 'onde_en'> &
  Partial<Pick<Dicionario['flags'][number], 'significado_en' | 'onde_en'>>;

export const FLAGS: EntradaFlag[] = [
  {
    flag: 'denominador_sem_comparativo',
    significado:
      'o denominador precisa do comparativo (coluna PENÚLTIMO) publicado no mesmo arquivo e ele não existe; o valor fica nulo em vez de usar outro arquivo',
    significado_en:
      'the denominator needs the comparative (PENÚLTIMO column) published in the same file and it does not exist; the value stays null instead of using another file',
    origem: 'spec',
    onde: 'crescimentos, médias de ROA/ROE/ROIC',
    onde_en: 'growth rates, ROA/ROE/ROIC averages',
  },
  {
    flag: 'sem_acoes_em_circulacao',
    significado:
      'não há quantidade de ações em circulação para o período; valor de mercado e múltiplos ficam nulos',
    significado_en:
      'there is no number of outstanding shares for the period; market value and multiples stay null',
    origem: 'spec',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'acoes_do_fre_sem_tesouraria',
    significado: 'a quantidade de ações veio do FRE, que não desconta ações em tesouraria',
    significado_en: 'the share count came from the FRE, which does not deduct treasury shares',
    origem: 'spec',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'acoes_defasadas',
    significado: 'a quantidade de ações é de um documento anterior à data do preço',
    significado_en: 'the share count comes from a document older than the price date',
    origem: 'spec',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'ttm_sem_trimestre_1_2010',
    significado:
      'o acumulado de 12 meses precisaria de um ITR anterior ao primeiro publicado nos dados abertos (2010)',
    significado_en:
      'the 12-month total would need an ITR older than the first one published in the open data (2010)',
    origem: 'spec',
    onde: 'múltiplos trimestrais',
    onde_en: 'quarterly multiples',
  },
  {
    flag: 'lucro_total_sem_minoritarios',
    significado:
      'usou-se o lucro total (3.11) porque a divisão controladores/não controladores não foi publicada',
    significado_en:
      'total profit (3.11) was used because the split between controlling and non-controlling shareholders was not published',
    origem: 'spec',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'pl_negativo',
    significado: 'P/L com lucro zero ou negativo: não é comparável e nunca passa no filtro',
    significado_en: 'P/L with zero or negative profit: not comparable, and it never passes the filter',
    origem: 'spec',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'pl_extremo',
    significado: 'P/L acima de 200: nunca passa no filtro',
    significado_en: 'P/L above 200: it never passes the filter',
    origem: 'spec',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'acumulado_sem_mes_anterior',
    significado:
      'um valor acumulado no ano não pôde ser convertido no valor do período porque falta o acumulado anterior',
    significado_en:
      'a year-to-date value could not be turned into the value of the period because the previous year-to-date value is missing',
    origem: 'spec',
    onde: 'séries trimestrais e mensais',
    onde_en: 'quarterly and monthly series',
  },
  {
    flag: 'sem_dfc_indireta',
    significado:
      'não há DFC pelo método indireto (DFC_MI) na mesma agregação da DRE; sem ela não se lê a depreciação, e o EBITDA fica nulo',
    significado_en:
      'there is no cash-flow statement by the indirect method (DFC_MI) in the same aggregation as the DRE; without it depreciation cannot be read, and EBITDA stays null',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda',
    onde_en: 'ebitda, dl_ebitda',
  },
  {
    flag: 'f_score_parcial',
    significado:
      'algum dos 9 critérios do F-score não pôde ser calculado; o valor é a soma dos critérios disponíveis',
    significado_en:
      'one of the 9 F-score criteria could not be computed; the value is the sum of the criteria available',
    origem: 'projeto',
    onde: 'f_score',
    onde_en: 'f_score',
  },
  {
    flag: 'conta_ausente',
    significado:
      'uma conta da fórmula não foi publicada no arquivo do ano (ou a demonstração não está nos dados)',
    significado_en:
      "an account of the formula was not published in the year's file (or the statement is not in the data)",
    origem: 'projeto',
    onde: 'todos os indicadores',
    onde_en: 'every indicator',
  },
  {
    flag: 'denominador_nao_positivo',
    significado:
      'o denominador é zero ou negativo (receita, EBITDA, patrimônio, ativo), e a razão não teria sentido',
    significado_en:
      'the denominator is zero or negative (revenue, EBITDA, equity, assets), and the ratio would be meaningless',
    origem: 'projeto',
    onde: 'razões e crescimentos',
    onde_en: 'ratios and growth rates',
  },
  {
    flag: 'plano_financeiro_nao_aplicavel',
    significado:
      'banco ou seguradora (lido no rótulo da conta 3.01 do próprio arquivo): o plano de contas não tem a linha da fórmula (EBIT, circulante, dívida, custo)',
    significado_en:
      "bank or insurer (read from the label of account 3.01 in the company's own file): its chart of accounts has no line for the formula (EBIT, current items, debt, cost)",
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda, divida_liquida, liquidez_corrente, margens, roic, f_score',
    onde_en: 'ebitda, dl_ebitda, divida_liquida, liquidez_corrente, margins, roic, f_score',
  },
  {
    flag: 'dep_amort_nao_encontrada',
    significado:
      'a DFC_MI existe, mas nenhuma linha sob 6.01 tem rótulo de depreciação/amortização/exaustão aceito',
    significado_en:
      'the DFC_MI exists, but no line under 6.01 has an accepted depreciation/amortisation/depletion label',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda',
    onde_en: 'ebitda, dl_ebitda',
  },
  {
    flag: 'dep_amort_sinal_inesperado',
    significado: 'a soma das linhas de depreciação aceitas é negativa (deveria ser somada de volta ao lucro)',
    significado_en:
      'the sum of the accepted depreciation lines is negative (it should be added back to profit)',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda',
    onde_en: 'ebitda, dl_ebitda',
  },
  {
    flag: 'agregacao_mista',
    significado: 'as contas da fórmula vêm de agregações diferentes (consolidado e individual) naquele ano',
    significado_en:
      'the accounts of the formula come from different aggregations (consolidated and individual) in that year',
    origem: 'projeto',
    onde: 'todos os indicadores',
    onde_en: 'every indicator',
  },
  {
    flag: 'score_valor_sem_multiplos',
    significado:
      'o exercício não tem P/L ou P/VP publicado e nenhuma flag do múltiplo explica a ausência: score de valor nulo (metodologia, seção 9.1)',
    significado_en:
      'the fiscal year has no published P/L or P/VP and no flag of the multiple explains why: value score null (methodology, section 9.1)',
    origem: 'projeto',
    onde: 'score_valor (scores)',
    onde_en: 'score_valor (scores)',
  },
  {
    flag: 'score_valor_universo_pequeno',
    significado:
      'no exercício só uma empresa tem P/L e P/VP sem flag bloqueante: sem outras não há posição percentual e o score de valor fica nulo',
    significado_en:
      'in the fiscal year only one company has P/L and P/VP without a blocking flag: without others there is no percentile position, and the value score stays null',
    origem: 'projeto',
    onde: 'score_valor (scores)',
    onde_en: 'score_valor (scores)',
  },
  {
    flag: 'ttm_sem_trimestre',
    significado:
      'família ttm_sem_trimestre_<trimestre>_<ano>: falta o trimestre nomeado para somar os 12 meses; lucro TTM e P/L ficam nulos',
    significado_en:
      'family ttm_sem_trimestre_<quarter>_<year>: the named quarter is missing to add up 12 months; TTM profit and P/L stay null',
    origem: 'projeto',
    onde: 'múltiplos trimestrais',
    onde_en: 'quarterly multiples',
  },
  {
    flag: 'roic_sem_aliquota_efetiva',
    significado:
      'resultado antes dos tributos (3.07) zero ou negativo: não há alíquota efetiva para o NOPAT e o ROIC fica nulo, em vez de supor a alíquota nominal de 34%',
    significado_en:
      'pre-tax result (3.07) zero or negative: there is no effective tax rate for NOPAT, so ROIC is null instead of assuming the 34% statutory rate',
    origem: 'projeto',
    onde: 'indicadores (roic)',
    onde_en: 'indicators (roic)',
  },
  {
    flag: 'sem_pregao_apos_recebimento',
    significado:
      'nenhum pregão da empresa nos nossos arquivos COTAHIST em ou após o recebimento do ITR: preço e múltiplos nulos (o lucro de 12 meses continua publicado)',
    significado_en:
      "no session of the company in our COTAHIST files on or after the ITR's reception: price and multiples null (the 12-month profit is still published)",
    origem: 'projeto',
    onde: 'múltiplos trimestrais',
    onde_en: 'quarterly multiples',
  },
  {
    flag: 'trimestre_anterior_reapresentado',
    significado:
      'o bloco de 3 meses do ITR difere (mais de uma unidade da escala) do acumulado do ano menos o acumulado do trimestre anterior como este foi entregue: um trimestre anterior foi reapresentado neste ITR; vale o bloco de 3 meses entregue',
    significado_en:
      "the ITR's 3-month block differs (by more than one unit of the scale) from its year-to-date minus the previous quarter's year-to-date as that quarter filed it: an earlier quarter was restated in this ITR; the filed 3-month block is kept",
    origem: 'projeto',
    onde: 'fatos trimestrais',
    onde_en: 'quarterly facts',
  },
  {
    flag: 'acoes_em_milhares',
    significado:
      'a quantidade de ações foi entregue em milhares (P/VP implícito na faixa dos milhares) e foi multiplicada por 1000',
    significado_en:
      'the share count was delivered in thousands (implied P/VP in the thousands) and was multiplied by 1000',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'escala_acoes_indeterminada',
    significado:
      'a quantidade de ações não cabe nem em unidades nem em milhares (ou falta patrimônio/preço para testar): não é usada, e os múltiplos ficam nulos',
    significado_en:
      'the share count fits neither units nor thousands (or equity or price is missing to test it): it is not used, and the multiples stay null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'pn_pela_classe_mais_liquida',
    significado:
      'a empresa tem mais de um código preferencial (PNA, PNB…); todas as preferenciais foram precificadas pelo mais negociado',
    significado_en:
      'the company has more than one preferred-share code (PNA, PNB…); every preferred class was priced by the most traded one',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'lucro_ausente',
    significado: 'o documento não tem a linha de lucro: P/L nulo',
    significado_en: 'the document has no profit line: P/L null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'preco_distante',
    significado:
      'o primeiro pregão encontrado depois do DT_RECEB está a mais de 7 dias (pregões ausentes dos arquivos): múltiplos nulos',
    significado_en:
      'the first session found after DT_RECEB is more than 7 days later (sessions missing from the files): multiples null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'acoes_indisponiveis',
    significado:
      'nenhuma quantidade de ações era conhecida na data do preço: valor de mercado e múltiplos nulos',
    significado_en: 'no share count was known on the price date: market value and multiples null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'classe_sem_preco',
    significado: 'uma classe de ações em circulação não teve pregão na data do preço: valor de mercado nulo',
    significado_en: 'a class of outstanding shares had no session on the price date: market value null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'sem_pregao_na_data_com',
    significado:
      'nem o nosso COTAHIST nem a B3 têm o fechamento da classe na data com do provento: o preço na data com fica nulo',
    significado_en:
      'neither our COTAHIST nor B3 has the close of the class on the cum date of the distribution: the price on the cum date stays null',
    origem: 'projeto',
    onde: 'dividendos',
    onde_en: 'dividends',
  },
  {
    flag: 'preco_com_fechamento_b3',
    significado:
      'o nosso COTAHIST não tem o pregão da data com; preco_com é o fechamento que a B3 informa para essa mesma data (closingPricePriorExDate com dateClosingPricePriorExDate igual à data com)',
    significado_en:
      'our COTAHIST lacks the session of the cum date; preco_com is the close B3 reports for that same date (closingPricePriorExDate with dateClosingPricePriorExDate equal to the cum date)',
    origem: 'projeto',
    onde: 'dividendos',
    onde_en: 'dividends',
  },
  {
    flag: 'pvp_patrimonio_nao_positivo',
    significado: 'patrimônio líquido zero ou negativo: P/VP nulo',
    significado_en: 'zero or negative equity: P/VP null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'ev_ebitda_sem_ebitda_positivo',
    significado: 'EBITDA nulo, zero ou negativo: EV/EBITDA nulo',
    significado_en: 'EBITDA null, zero or negative: EV/EBITDA null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'ev_sem_divida_liquida',
    significado: 'sem dívida líquida publicada, o valor da firma (EV) não é calculado: EV/EBITDA nulo',
    significado_en: 'without published net debt, enterprise value (EV) is not computed: EV/EBITDA null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  {
    flag: 'fcf_nao_calculado',
    significado:
      'fluxo de caixa livre nulo: sem DFC pelo método indireto, nenhuma linha de aquisição de imobilizado ou intangível em 6.02, ou linhas incluídas que somam entrada de caixa (motivo e linhas candidatas no conjunto capex): fcf e fcf_yield nulos',
    significado_en:
      'free cash flow null: no cash-flow statement by the indirect method, no line for acquisition of property, plant and equipment or intangibles under 6.02, or included lines that add up to a cash inflow (reason and candidate lines in the capex set): fcf and fcf_yield null',
    origem: 'projeto',
    onde: 'múltiplos',
    onde_en: 'multiples',
  },
  // REITs (pipeline/src/marts/fiis)
  {
    flag: 'sem_preco_do_fundo',
    significado:
      'o FII não tem fechamento no primeiro pregão em ou após a entrega do informe (o pregão não está nos nossos arquivos ou o fundo não negociou nele): preço e P/VP nulos',
    significado_en:
      'the REIT has no close on the first session on or after the report delivery (the session is missing from our files or the fund did not trade on it): price and P/VP null',
    origem: 'projeto',
    onde: 'P/VP de FII',
    onde_en: 'REIT P/VP',
  },
  {
    flag: 'vp_cota_ausente',
    significado: 'o informe mensal não traz Valor_Patrimonial_Cotas: P/VP nulo',
    significado_en: 'the monthly report has no Valor_Patrimonial_Cotas: P/VP null',
    origem: 'projeto',
    onde: 'P/VP de FII',
    onde_en: 'REIT P/VP',
  },
  {
    flag: 'sem_fonte_de_rendimentos',
    significado:
      'esta publicação não tem resposta GetListedSupplementFunds da B3 com proventos do fundo (o Percentual_Dividend_Yield_Mes do informe tem unidade e base não confirmadas e não é usado): rendimento e DY 12 meses nulos',
    significado_en:
      "this publication has no B3 GetListedSupplementFunds answer with the fund's distributions (the report's Percentual_Dividend_Yield_Mes has an unconfirmed unit and base and is not used): income and 12-month yield null",
    origem: 'projeto',
    onde: 'DY 12 meses de FII',
    onde_en: 'REIT 12-month yield',
  },
  {
    flag: 'rendimentos_menos_de_12_meses',
    significado:
      'a resposta da B3 tem rendimentos com data com em menos de 12 dos últimos 12 meses (fundo novo ou meses sem distribuição): o DY é a soma do que foi distribuído, sem anualizar',
    significado_en:
      "B3's answer has income with a cum date in fewer than 12 of the last 12 months (a young fund or months without a payout): the yield is the sum of what was paid, not annualised",
    origem: 'projeto',
    onde: 'DY 12 meses de FII',
    onde_en: 'REIT 12-month yield',
  },
  {
    flag: 'proventos_feitos_aqui',
    significado:
      'o provento vem de um arquivo feito aqui (pasta feitos-aqui/ da amostra), não de uma resposta real da B3: exercita a regra, não é fato sobre o fundo',
    significado_en:
      "the distribution comes from a file made here (the sample's feitos-aqui/ folder), not from a real B3 answer: it exercises the rule, it is not a fact about the fund",
    origem: 'projeto',
    onde: 'proventos e DY 12 meses de FII',
    onde_en: 'REIT distributions and 12-month yield',
  },
  {
    flag: 'sem_data_pagamento',
    significado: 'a B3 lista o provento sem data de pagamento: data_pagamento nula',
    significado_en: 'B3 lists the distribution without a payment date: data_pagamento null',
    origem: 'projeto',
    onde: 'proventos de FII',
    onde_en: 'REIT distributions',
  },
  {
    flag: 'vacancia_nao_informada',
    significado: 'o informe trimestral lista o imóvel sem Percentual_Vacancia: vacância nula',
    significado_en: 'the quarterly report lists the property without Percentual_Vacancia: vacancy null',
    origem: 'projeto',
    onde: 'vacância de FII',
    onde_en: 'REIT vacancy',
  },
  {
    flag: 'sem_preco_no_mes',
    significado:
      'o fundo não tem fechamento no mês nos nossos arquivos de preço: DY 12 meses do fim do mês nulo',
    significado_en: 'the fund has no close in the month in our price files: month-end 12-month yield null',
    origem: 'projeto',
    onde: 'série mensal de FII',
    onde_en: 'REIT monthly series',
  },
  {
    flag: 'sem_informe_trimestral',
    significado:
      'nenhum informe trimestral do fundo foi entregue até o fim do mês nos arquivos lidos: vacância nula',
    significado_en:
      'no quarterly report of the fund was delivered by the month end in the files read: vacancy null',
    origem: 'projeto',
    onde: 'vacância de FII (série mensal)',
    onde_en: 'REIT vacancy (monthly series)',
  },
  {
    flag: 'area_nao_informada',
    significado:
      'um imóvel do informe trimestral não tem Area positiva: a vacância do fundo (ponderada por área) fica nula',
    significado_en:
      'a property of the quarterly report has no positive Area: the fund vacancy (area-weighted) is null',
    origem: 'projeto',
    onde: 'vacância de FII (série mensal)',
    onde_en: 'REIT vacancy (monthly series)',
  },
  {
    flag: 'vacancia_unidade_nao_confirmada',
    significado:
      'a soma do Percentual_Receitas_FII dos imóveis do informe não é 100 nem 1, então o informe não diz se Percentual_Vacancia está em % ou em fração: vacância do fundo nula',
    significado_en:
      "the properties' Percentual_Receitas_FII in the report add up to neither 100 nor 1, so the report does not state whether Percentual_Vacancia is a percent or a fraction: fund vacancy null",
    origem: 'projeto',
    onde: 'vacância de FII (série mensal)',
    onde_en: 'REIT vacancy (monthly series)',
  },
  {
    flag: 'vacancia_fora_de_0_a_1',
    significado: 'a vacância ponderada, na unidade indicada pelo informe, sai de 0 a 100%: nula',
    significado_en: 'the weighted vacancy, in the unit the report indicates, falls outside 0 to 100%: null',
    origem: 'projeto',
    onde: 'vacância de FII (série mensal)',
    onde_en: 'REIT vacancy (monthly series)',
  },
  // ETFs (pipeline/src/marts/etfs)
  {
    flag: 'etf_sem_cnpj',
    significado:
      'a razão social da lista B3 de ETFs não casa com nenhum fundo do cadastro CVM (cad_fi, registro_fundo_classe): CNPJ e todos os campos dos arquivos CVM (informe, ágio, carteira, retorno pela cota) nulos',
    significado_en:
      'the legal name in the B3 ETF list matches no fund of the CVM registry (cad_fi, registro_fundo_classe): CNPJ and every field from CVM files (report, premium, portfolio, quota return) null',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'etf_cnpj_ambiguo',
    significado:
      'a razão social da lista B3 casa com mais de um CNPJ no cadastro CVM: nenhum é escolhido, campos CVM nulos',
    significado_en:
      'the legal name in the B3 list matches more than one CNPJ in the CVM registry: none is chosen, CVM fields null',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_informe_diario',
    significado:
      'o ETF tem CNPJ, mas nenhum informe diário (inf_diario_fi) dele está no build: cota, PL e retorno pela cota nulos',
    significado_en:
      'the ETF has a CNPJ but no daily report (inf_diario_fi) of it is in the build: quota, net assets and quota return null',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_cota_na_data',
    significado:
      'há fechamento no pregão mas nenhum valor de cota do fundo na mesma data: ágio nulo (nunca a cota de outro dia)',
    significado_en:
      "there is a close for the session but no quota value of the fund on the same date: premium null (never another day's quota)",
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_pregao',
    significado:
      'o código do ETF não negociou em nenhum pregão dos arquivos COTAHIST do build: fechamento, ágio e retorno pelo preço nulos',
    significado_en:
      "the ETF code did not trade in any session of the build's COTAHIST files: close, premium and price return null",
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_carteira_cda',
    significado:
      'o ETF tem CNPJ, mas nenhuma composição de carteira (cda_fi) dele está no build: carteira nula',
    significado_en: 'the ETF has a CNPJ but no portfolio (cda_fi) of it is in the build: portfolio null',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_fonte_de_despesas',
    significado:
      'nenhum arquivo lido pelo pipeline traz as despesas mensais do fundo: taxa efetiva mensal vazia e média de 12 meses nula (a TAXA_ADM do cad_fi é a taxa declarada, não a efetiva)',
    significado_en:
      "no file the pipeline reads carries the fund's monthly expenses: monthly effective fee empty and 12-month average null (cad_fi TAXA_ADM is the stated fee, not the effective one)",
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_fonte_no_pipeline',
    significado:
      'nenhum arquivo lido pelo pipeline traz este campo (escriturador, id no Fundos.NET, cotas emitidas, data de entrega do informe diário): nulo',
    significado_en:
      'no file the pipeline reads carries this field (registrar, Fundos.NET id, quotas issued, daily report delivery date): null',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'pregoes_insuficientes',
    significado:
      'o build tem menos de 60 pregões: liquidez média de 60 pregões nula (não é média de menos sessões)',
    significado_en:
      'the build has fewer than 60 sessions: 60-session average liquidity null (never an average of fewer sessions)',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'janela_sem_cobertura',
    significado:
      'alguma janela de retorno não tem valor até 7 dias antes do seu início: o retorno dessa janela é nulo, nunca esticado',
    significado_en:
      "some return window has no value within 7 days before its start: that window's return is null, never stretched",
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'sem_indice',
    significado:
      'a coluna Índice da lista B3 de ETFs está vazia para este ETF: nome do índice nulo e sem pares',
    significado_en:
      'the Índice column of the B3 ETF list is empty for this ETF: index name null and no peers',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'indice_semi_curado',
    significado:
      'o nome do índice vem da coluna Índice da lista B3, classificação semi-curada pelo autor da cópia (data/sample MANIFEST)',
    significado_en:
      'the index name comes from the Índice column of the B3 list, semi-curated by the author of the copy (data/sample MANIFEST)',
    origem: 'projeto',
    onde: 'ETF',
    onde_en: 'ETF',
  },
  {
    flag: 'codigo_principal_sem_pregao',
    significado:
      'o código principal da empresa não tem nenhum pregão nos nossos arquivos COTAHIST: nada a comparar, todos os valores nulos',
    significado_en:
      "the company's main code has no session in our COTAHIST files: nothing to compare, every value null",
    origem: 'projeto',
    onde: 'quanto rendeu',
    onde_en: 'what it returned',
  },
  {
    flag: 'pregao_inicial_distante',
    significado:
      'o primeiro pregão do código em ou após a data pedida (última sessão menos N anos) está a mais de 7 dias dela (pregões ausentes dos nossos arquivos): rendimento do papel nulo',
    significado_en:
      "the code's first session on or after the asked date (last session minus N years) is more than 7 days after it (sessions missing from our files): the code's return is null",
    origem: 'projeto',
    onde: 'quanto rendeu',
    onde_en: 'what it returned',
  },
  {
    flag: 'sem_fonte_de_proventos',
    significado:
      'não temos resposta da B3 (GetListedCashDividends) para a empresa neste build: o rendimento com proventos não é calculado (ausência de proventos não é afirmada)',
    significado_en:
      'no B3 answer (GetListedCashDividends) for the company in this build: the return with proventos is not computed (absence of proventos is not asserted)',
    origem: 'projeto',
    onde: 'quanto rendeu',
    onde_en: 'what it returned',
  },
  {
    flag: 'proventos_classe_indefinida',
    significado:
      'o código não tem classe ON/PN lida do ISIN (unit, fundo) ou a empresa tem mais de uma classe preferencial: não se sabe quais proventos são do código, rendimento com proventos nulo',
    significado_en:
      'the code has no ON/PN class read from its ISIN (unit, fund) or the company has several preferred classes: which proventos belong to the code is unknown, return with proventos null',
    origem: 'projeto',
    onde: 'quanto rendeu',
    onde_en: 'what it returned',
  },
  {
    flag: 'indice_sem_cobertura',
    significado:
      'a série diária do índice (B3 GetPortfolioDay) não tem fechamento a até 7 dias do início ou do fim da janela: comparação com o índice nula',
    significado_en:
      'the daily index series (B3 GetPortfolioDay) has no close within 7 days of the start or the end of the window: index comparison null',
    origem: 'projeto',
    onde: 'quanto rendeu',
    onde_en: 'what it returned',
  },
  {
    flag: 'selic_sem_cobertura',
    significado:
      'a série Selic (BCB SGS 11) não cobre a janela inteira (começa depois do início, termina antes do fim ou tem buraco de mais de 7 dias): comparação com a Selic nula',
    significado_en:
      'the Selic series (BCB SGS 11) does not cover the whole window (starts after its start, ends before its end or has a gap of more than 7 days): Selic comparison null',
    origem: 'projeto',
    onde: 'quanto rendeu',
    onde_en: 'what it returned',
  },
  {
    flag: 'veredito_sem_dado_no_ano',
    significado:
      'o ano do veredito não tem linha publicada para este número (ex.: nenhum múltiplo anual no ano, sem preço para o DFP): valor nulo',
    significado_en:
      'the verdict year has no published row for this number (e.g. no annual multiple that year, no price for the DFP): value null',
    origem: 'projeto',
    onde: 'veredito',
    onde_en: 'verdict',
  },
];

export const REGRAS_GERAIS: Record<string, string> = {
  versao: 'de cada DFP vale a maior VERSAO publicada; DT_RECEB é a data de recebimento dessa versão',
  agregacao:
    'por arquivo e demonstração: consolidado (con) quando existe, senão individual (ind); a agregação usada acompanha cada valor',
  escala: 'VL_CONTA × ESCALA_MOEDA da própria linha (MIL = 1000); contas 3.99 (por ação) não são escaladas',
  comparativo:
    'crescimentos e médias usam a coluna PENÚLTIMO do mesmo arquivo (valor reapresentado), nunca o arquivo anterior',
  plano_de_contas:
    'banco se o rótulo de 3.01 fala em intermediação financeira, seguradora se é "Receitas das Operações", senão geral',
  lucro_e_patrimonio:
    'o lucro é a conta de nível 2 da DRE cujo rótulo começa por "Lucro" e cita o período; o patrimônio, a conta de nível 2 do BPP que começa por "Patrimônio Líquido"',
  dep_amort: `candidatas: linhas da DFC_MI cujo rótulo sem acentos contém /${ROTULO_CANDIDATO}/; incluídas as de 6.01 fora de 6.01.02 cujo rótulo não contém /${ROTULO_EXCLUIDO}/ e que não são detalhe de outra incluída`,
  reapresentacao:
    'valor do ÚLTIMO no DFP do próprio ano (maior VERSAO) diferente do PENÚLTIMO do DFP seguinte para a mesma demonstração, agregação, conta e data de fim',
};

/** The same rules in English, under the same keys (`dicionario()` fails on a key without English). */
export const REGRAS_GERAIS_EN: Record<string, string> = {
  versao: 'for each DFP the highest published VERSAO counts; DT_RECEB is the reception date of that version',
  agregacao:
    'per file and statement: consolidated (con) when it exists, otherwise individual (ind); the aggregation used goes with each value',
  escala: 'VL_CONTA × ESCALA_MOEDA of the same line (MIL = 1000); accounts 3.99 (per share) are not scaled',
  comparativo:
    'growth rates and averages use the PENÚLTIMO column of the same file (the restated value), never the previous file',
  plano_de_contas:
    'bank if the label of 3.01 mentions financial intermediation ("intermediação financeira"), insurer if it is "Receitas das Operações", otherwise general',
  lucro_e_patrimonio:
    'profit is the level-2 DRE account whose label starts with "Lucro" and names the period; equity, the level-2 BPP account whose label starts with "Patrimônio Líquido"',
  dep_amort: `candidates: DFC_MI lines whose label without accents contains /${ROTULO_CANDIDATO}/; included: those under 6.01 outside 6.01.02 whose label does not contain /${ROTULO_EXCLUIDO}/ and that are not a detail of another included line`,
  reapresentacao:
    "ÚLTIMO value in the year's own DFP (highest VERSAO) different from the PENÚLTIMO value of the next DFP for the same statement, aggregation, account and end date",
};

const ARQUIVO = 'pipeline/src/marts/fundamentos/dicionario.ts';

/** Every entry in both languages, or an error naming each entry that lacks English. */
export function flagsBilingues(flags: readonly EntradaFlag[]): Dicionario['flags'] {
  const faltando = flags.filter((f) => !f.significado_en?.trim() || !f.onde_en?.trim()).map((f) => f.flag);
  if (faltando.length > 0)
    throw new Error(
      `${ARQUIVO}: flag ${faltando.map((f) => `"${f}"`).join(', ')} without English text: add significado_en and onde_en to its entry in FLAGS`,
    );
  return flags.map((f) => ({ ...f, significado_en: f.significado_en ?? '', onde_en: f.onde_en ?? '' }));
}

/** `regras_en` for the given rules, or an error naming each rule without English. */
export function regrasEmIngles(
  regras: Record<string, string>,
  en: Record<string, string>,
): Record<string, string> {
  const faltando = Object.keys(regras).filter((k) => !en[k]?.trim());
  if (faltando.length > 0)
    throw new Error(
      `${ARQUIVO}: rule ${faltando.map((k) => `"${k}"`).join(', ')} without English text: add it to REGRAS_GERAIS_EN`,
    );
  return Object.fromEntries(Object.keys(regras).map((k) => [k, en[k] ?? '']));
}

export function dicionario(versao_do_dado: string): Dicionario {
  return {
    versao_do_dado,
    indicadores: REGRAS_ORDENADAS().map((nome) => {
      const r = REGRAS.find((x) => x.nome === nome);
      const flags = r
        ? [
            ...(r.so_plano_geral ? ['plano_financeiro_nao_aplicavel'] : []),
            ...r.condicoes.map(([, f]) => f),
            'agregacao_mista',
          ]
        : nome === 'f_score'
          ? ['plano_financeiro_nao_aplicavel', 'conta_ausente', 'f_score_parcial']
          : [
              'plano_financeiro_nao_aplicavel',
              'conta_ausente',
              'sem_dfc_indireta',
              'denominador_nao_positivo',
            ];
      const def = INDICADORES[nome];
      return {
        nome,
        titulo: TEXTO_INDICADORES[nome].titulo,
        titulo_en: TEXTO_INDICADORES[nome].titulo_en,
        formula: TEXTO_INDICADORES[nome].formula,
        formula_en: TEXTO_INDICADORES[nome].formula_en,
        contas_regulator: TEXTO_INDICADORES[nome].contas,
        base_lucro: def.base_lucro,
        unidade: def.unidade,
        flags_possiveis: [...new Set(flags)],
        metodologia: `${METODOLOGIA}#${nome}`,
      };
    }),
    flags: flagsBilingues(FLAGS),
    regras: REGRAS_GERAIS,
    regras_en: regrasEmIngles(REGRAS_GERAIS, REGRAS_GERAIS_EN),
    metodologia: METODOLOGIA,
    nota: 'Fórmulas recalculadas a partir dos arquivos públicos da CVM; valor duvidoso é publicado nulo com flag, nunca estimado.',
    nota_en:
      "Formulas recomputed from the regulator's (CVM) public files; a doubtful value is published null with a flag, never estimated.",
  };
}

function REGRAS_ORDENADAS(): NomeIndicador[] {
  return Object.keys(INDICADORES) as NomeIndicador[];
}
