import type { Desafio } from '@fundamentos/schemas/desafio';

type Caso = Omit<Desafio['casos'][number], 'ticker' | 'nome' | 'valor_servido' | 'flag' | 'linhagem'>;

/** Curated hard cases of the real sample; the build attaches the value it serves today. */
export const CASOS_DESAFIO: Caso[] = [
  {
    id: 'bb-2019-sem-ebit',
    cd_regulator: 1023,
    ano: 2019,
    indicador: 'margem_ebit',
    por_que_e_dificil:
      'No plano de contas de bancos a conta 3.05 é "Resultado Antes dos Tributos sobre o Lucro", não EBIT; quem lê 3.05 às cegas publica uma margem EBIT falsa.',
    o_que_fazemos:
      'O rótulo de 3.01 ("Receitas da Intermediação Financeira") marca o arquivo como banco; o valor sai nulo com plano_financeiro_nao_aplicavel.',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv:3', 'dfp_cia_aberta_DRE_con_2019.csv:57'],
  },
  {
    id: 'bb-2019-lucro-3-09',
    cd_regulator: 1023,
    ano: 2019,
    indicador: 'roa',
    por_que_e_dificil:
      'Até 2019 o lucro dos bancos está em 3.09 (a partir de 2020 em 3.11); um código fixo pegaria a conta errada ou nenhuma.',
    o_que_fazemos:
      'O lucro é a conta de nível 2 cujo rótulo começa por "Lucro" e cita o período: 3.09 "Lucro/Prejuízo Consolidado do Período".',
    fontes: [
      'dfp_cia_aberta_DRE_con_2019.csv:73',
      'dfp_cia_aberta_BPA_con_2019.csv:2',
      'dfp_cia_aberta_BPA_con_2019.csv:3',
    ],
  },
  {
    id: 'b3-2019-sem-dfc-mi',
    cd_regulator: 21610,
    ano: 2019,
    indicador: 'ebitda',
    por_que_e_dificil:
      'Não há DFC pelo método indireto da B3 em 2019 na base; sem ela não se sabe a depreciação.',
    o_que_fazemos: 'EBITDA nulo com sem_dfc_indireta, em vez de usar EBIT ou uma depreciação de outro ano.',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv:845'],
  },
  {
    id: 'neoenergia-2016-parcela-a',
    cd_regulator: 15539,
    ano: 2016,
    indicador: 'ebitda',
    por_que_e_dificil:
      'Sob 6.01 aparece "Amortização dos Valores de compensação da Parcela A": amortização de ativo regulatório do setor elétrico, não desgaste de ativo.',
    o_que_fazemos:
      'A linha é candidata mas excluída pelo rótulo ("parcela a"); a decisão está em /auditoria/dep_amort.',
    fontes: ['dfp_cia_aberta_DFC_MI_con_2016.csv:609'],
  },
  {
    id: 'neoenergia-2018-amortizacao-de-divida',
    cd_regulator: 15539,
    ano: 2018,
    indicador: 'ebitda',
    por_que_e_dificil:
      '"Amortização de principal de empréstimo e financiamento" (6.03.03) e "Amortização de mais-valia" (6.01.01.04) têm a mesma palavra e naturezas opostas.',
    o_que_fazemos:
      'Só entram linhas de 6.01; a mais-valia entra (amortização de intangível), o pagamento de dívida em 6.03 não.',
    fontes: [
      'dfp_cia_aberta_DFC_MI_con_2018.csv:543',
      'dfp_cia_aberta_DFC_MI_con_2018.csv:547',
      'dfp_cia_aberta_DFC_MI_con_2018.csv:671',
    ],
  },
  {
    id: 'cielo-2019-custo-de-emissao',
    cd_regulator: 21733,
    ano: 2019,
    indicador: 'ebitda',
    por_que_e_dificil:
      '"Amortização de custos de emissão de dívidas" fica dentro de 6.01.01, ao lado da depreciação.',
    o_que_fazemos: 'Excluída pelo rótulo ("emissao"): é custo financeiro, não D&A.',
    fontes: ['dfp_cia_aberta_DFC_MI_con_2019.csv:453', 'dfp_cia_aberta_DFC_MI_con_2019.csv:473'],
  },
  {
    id: 'energisa-2016-minoritarios',
    cd_regulator: 15253,
    ano: 2016,
    indicador: 'roe',
    por_que_e_dificil:
      'Lucro consolidado 195.786 mil contra 154.717 mil dos controladores (21% de diferença): ROE sobre o lucro total superestima o retorno do acionista da controladora.',
    o_que_fazemos:
      'ROE = 3.11.01 / média do PL sem a participação dos não controladores (2.03.09); margens usam 3.11.',
    fontes: [
      'dfp_cia_aberta_DRE_con_2016.csv:257',
      'dfp_cia_aberta_DRE_con_2016.csv:259',
      'dfp_cia_aberta_BPP_con_2016.csv:575',
      'dfp_cia_aberta_BPP_con_2016.csv:627',
    ],
  },
  {
    id: 'energisa-2016-sem-comparativo-5a',
    cd_regulator: 15253,
    ano: 2016,
    indicador: 'cresc_receita_5a_cagr',
    por_que_e_dificil: 'A receita de 2011 só existe como comparativo no DFP de 2012, que não está na base.',
    o_que_fazemos: 'Nulo com denominador_sem_comparativo; não usamos um ÚLTIMO antigo nem interpolamos.',
    fontes: ['dfp_cia_aberta_DRE_con_2016.csv:213'],
  },
  {
    id: 'gafisa-2021-subtotal',
    cd_regulator: 16101,
    ano: 2021,
    indicador: 'margem_liquida',
    por_que_e_dificil:
      'A DRE traz 3.11 = 81.050 mil, mas 3.11.01 + 3.11.02 = 81.254 − 205 = 81.049: o subtotal não fecha por 1.',
    o_que_fazemos:
      'Publicamos o 3.11 como a empresa entregou e registramos a diferença como falha branda no relatório.',
    fontes: ['dfp_cia_aberta_DRE_con_2021.csv'],
  },
  {
    id: 'porto-seguro-2019-plano-geral',
    cd_regulator: 16659,
    ano: 2019,
    indicador: 'margem_bruta',
    por_que_e_dificil:
      'Seguradora pelo setor, mas entrega no plano geral com custo 3.02 = 0: a margem bruta sai 100% e não é comparável à de uma indústria.',
    o_que_fazemos:
      'O tipo vem do rótulo de 3.01 ("Receita de Venda de Bens e/ou Serviços"), então o número é publicado como calculado; a caveat está aqui.',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv'],
  },
  {
    id: 'bb-seguridade-2019-plano-seguros',
    cd_regulator: 23159,
    ano: 2019,
    indicador: 'margem_liquida',
    por_que_e_dificil: 'A 3.01 "Receitas das Operações" vale 0 (holding de participações em seguradoras).',
    o_que_fazemos:
      'Plano de seguradora detectado pelo rótulo: margens nulas com plano_financeiro_nao_aplicavel.',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv'],
  },
  {
    id: 'santander-2021-subtotal-banco',
    cd_regulator: 20532,
    ano: 2021,
    indicador: 'roa',
    por_que_e_dificil:
      'Banco no plano de 2020 (lucro passa de 3.09 para 3.11): 3.11 = 15.559.323 mil, mas 3.11.01 + 3.11.02 = 15.559.324 mil.',
    o_que_fazemos: 'ROA usa o 3.11 como publicado; a divergência de 1 fica no relatório de verificações.',
    fontes: ['dfp_cia_aberta_DRE_con_2021.csv'],
  },
];
