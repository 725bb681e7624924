import type { Dicionario } from '@fundamentos/schemas/dicionario';
import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import { ROTULO_CANDIDATO, ROTULO_EXCLUIDO } from './dep-amort.ts';
import { REGRAS } from './indicadores.ts';

export const METODOLOGIA = '/metodologia';
export const DICIONARIO = '/dicionario';

/** Title, formula in words and regulator accounts of each indicator (docs/metodologia.md says the same). */
export const TEXTO_INDICADORES: Record<NomeIndicador, { titulo: string; formula: string; contas: string[] }> =
  {
    cresc_receita_1a: {
      titulo: 'Crescimento da receita em 1 ano',
      formula: 'DRE 3.01 (ÚLTIMO) / DRE 3.01 (PENÚLTIMO do mesmo arquivo, o comparativo reapresentado) − 1',
      contas: ['DRE 3.01'],
    },
    cresc_receita_5a_cagr: {
      titulo: 'Crescimento anual composto da receita em 5 anos',
      formula: '(DRE 3.01 do ano / DRE 3.01 do ano−5, lido no PENÚLTIMO do DFP do ano−4)^(1/5) − 1',
      contas: ['DRE 3.01'],
    },
    divida_liquida: {
      titulo: 'Dívida líquida',
      formula:
        'BPP 2.01.04 + BPP 2.02.01 − BPA 1.01.01 − BPA 1.01.02 (arrendamentos e debêntures já estão dentro de 2.01.04/2.02.01)',
      contas: ['BPP 2.01.04', 'BPP 2.02.01', 'BPA 1.01.01', 'BPA 1.01.02'],
    },
    dl_ebitda: {
      titulo: 'Dívida líquida / EBITDA',
      formula: 'divida_liquida / ebitda; nulo quando o EBITDA é nulo ou não positivo',
      contas: ['BPP 2.01.04', 'BPP 2.02.01', 'BPA 1.01.01', 'BPA 1.01.02', 'DRE 3.05', 'DFC_MI 6.01.*'],
    },
    ebitda: {
      titulo: 'EBITDA',
      formula:
        'DRE 3.05 (EBIT) + soma das linhas livres de depreciação, amortização e exaustão sob DFC_MI 6.01 escolhidas por rótulo (lista em /auditoria/dep_amort)',
      contas: ['DRE 3.05', 'DFC_MI 6.01.*'],
    },
    liquidez_corrente: {
      titulo: 'Liquidez corrente',
      formula: 'BPA 1.01 / BPP 2.01',
      contas: ['BPA 1.01', 'BPP 2.01'],
    },
    margem_bruta: {
      titulo: 'Margem bruta',
      formula: 'DRE 3.03 / DRE 3.01',
      contas: ['DRE 3.03', 'DRE 3.01'],
    },
    margem_ebit: { titulo: 'Margem EBIT', formula: 'DRE 3.05 / DRE 3.01', contas: ['DRE 3.05', 'DRE 3.01'] },
    margem_liquida: {
      titulo: 'Margem líquida',
      formula: 'lucro consolidado do período (DRE 3.11, inclui não controladores) / DRE 3.01',
      contas: ['DRE 3.11', 'DRE 3.01'],
    },
    f_score: {
      titulo: 'F-score (Piotroski)',
      formula:
        'soma de 9 critérios sim/não: lucro > 0, caixa operacional > 0, ROA subiu, caixa operacional > lucro, dívida de longo prazo/ativo caiu, liquidez corrente subiu, capital social não aumentou, margem bruta subiu, giro do ativo subiu; critério sem dado não pontua e marca f_score_parcial',
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
      contas: ['DRE 3.11', 'BPA 1'],
    },
    roe: {
      titulo: 'Retorno sobre o patrimônio dos controladores',
      formula:
        'DRE 3.11.01 / média de (BPP 2.03 − BPP 2.03.09) no início e no fim do ano; em demonstrações individuais 3.11 e 2.03 já são da controladora',
      contas: ['DRE 3.11.01', 'BPP 2.03', 'BPP 2.03.09'],
    },
    roic: {
      titulo: 'Retorno sobre o capital investido',
      formula:
        'NOPAT = DRE 3.05 × (1 − alíquota efetiva −3.08/3.07, limitada a [0, 1]; 34% se 3.07 ≤ 0) / média de (BPP 2.03 + 2.01.04 + 2.02.01)',
      contas: ['DRE 3.05', 'DRE 3.07', 'DRE 3.08', 'BPP 2.03', 'BPP 2.01.04', 'BPP 2.02.01'],
    },
  };

export const FLAGS: Dicionario['flags'] = [
  {
    flag: 'denominador_sem_comparativo',
    significado:
      'o denominador precisa do comparativo (coluna PENÚLTIMO) publicado no mesmo arquivo e ele não existe; o valor fica nulo em vez de usar outro arquivo',
    origem: 'spec',
    onde: 'crescimentos, médias de ROA/ROE/ROIC',
  },
  {
    flag: 'sem_acoes_em_circulacao',
    significado:
      'não há quantidade de ações em circulação para o período; valor de mercado e múltiplos ficam nulos',
    origem: 'spec',
    onde: 'múltiplos',
  },
  {
    flag: 'acoes_do_fre_sem_tesouraria',
    significado: 'a quantidade de ações veio do FRE, que não desconta ações em tesouraria',
    origem: 'spec',
    onde: 'múltiplos',
  },
  {
    flag: 'acoes_defasadas',
    significado: 'a quantidade de ações é de um documento anterior à data do preço',
    origem: 'spec',
    onde: 'múltiplos',
  },
  {
    flag: 'ttm_sem_trimestre_1_2010',
    significado:
      'o acumulado de 12 meses precisaria de um ITR anterior ao primeiro publicado nos dados abertos (2010)',
    origem: 'spec',
    onde: 'múltiplos trimestrais',
  },
  {
    flag: 'lucro_total_sem_minoritarios',
    significado:
      'usou-se o lucro total (3.11) porque a divisão controladores/não controladores não foi publicada',
    origem: 'spec',
    onde: 'múltiplos',
  },
  {
    flag: 'pl_negativo',
    significado: 'P/L com lucro zero ou negativo: não é comparável e nunca passa no filtro',
    origem: 'spec',
    onde: 'múltiplos',
  },
  {
    flag: 'pl_extremo',
    significado: 'P/L acima de 200: nunca passa no filtro',
    origem: 'spec',
    onde: 'múltiplos',
  },
  {
    flag: 'acumulado_sem_mes_anterior',
    significado:
      'um valor acumulado no ano não pôde ser convertido no valor do período porque falta o acumulado anterior',
    origem: 'spec',
    onde: 'séries trimestrais e mensais',
  },
  {
    flag: 'sem_dfc_indireta',
    significado:
      'não há DFC pelo método indireto (DFC_MI) na mesma agregação da DRE; sem ela não se lê a depreciação, e o EBITDA fica nulo',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda',
  },
  {
    flag: 'f_score_parcial',
    significado:
      'algum dos 9 critérios do F-score não pôde ser calculado; o valor é a soma dos critérios disponíveis',
    origem: 'projeto',
    onde: 'f_score',
  },
  {
    flag: 'conta_ausente',
    significado:
      'uma conta da fórmula não foi publicada no arquivo do ano (ou a demonstração não está nos dados)',
    origem: 'projeto',
    onde: 'todos os indicadores',
  },
  {
    flag: 'denominador_nao_positivo',
    significado:
      'o denominador é zero ou negativo (receita, EBITDA, patrimônio, ativo), e a razão não teria sentido',
    origem: 'projeto',
    onde: 'razões e crescimentos',
  },
  {
    flag: 'plano_financeiro_nao_aplicavel',
    significado:
      'banco ou seguradora (lido no rótulo da conta 3.01 do próprio arquivo): o plano de contas não tem a linha da fórmula (EBIT, circulante, dívida, custo)',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda, divida_liquida, liquidez_corrente, margens, roic, f_score',
  },
  {
    flag: 'dep_amort_nao_encontrada',
    significado:
      'a DFC_MI existe, mas nenhuma linha sob 6.01 tem rótulo de depreciação/amortização/exaustão aceito',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda',
  },
  {
    flag: 'dep_amort_sinal_inesperado',
    significado: 'a soma das linhas de depreciação aceitas é negativa (deveria ser somada de volta ao lucro)',
    origem: 'projeto',
    onde: 'ebitda, dl_ebitda',
  },
  {
    flag: 'agregacao_mista',
    significado: 'as contas da fórmula vêm de agregações diferentes (consolidado e individual) naquele ano',
    origem: 'projeto',
    onde: 'todos os indicadores',
  },
  {
    flag: 'score_valor_sem_multiplos',
    significado:
      'o exercício não tem P/L ou P/VP publicado e nenhuma flag do múltiplo explica a ausência: score de valor nulo (metodologia, seção 9.1)',
    origem: 'projeto',
    onde: 'score_valor (scores)',
  },
  {
    flag: 'score_valor_universo_pequeno',
    significado:
      'no exercício só uma empresa tem P/L e P/VP sem flag bloqueante: sem outras não há posição percentual e o score de valor fica nulo',
    origem: 'projeto',
    onde: 'score_valor (scores)',
  },
  {
    flag: 'ttm_sem_trimestre',
    significado:
      'família ttm_sem_trimestre_<trimestre>_<ano>: falta o trimestre nomeado para somar os 12 meses; lucro TTM e P/L ficam nulos',
    origem: 'projeto',
    onde: 'múltiplos trimestrais',
  },
  {
    flag: 'acoes_em_milhares',
    significado:
      'a quantidade de ações foi entregue em milhares (P/VP implícito na faixa dos milhares) e foi multiplicada por 1000',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'escala_acoes_indeterminada',
    significado:
      'a quantidade de ações não cabe nem em unidades nem em milhares (ou falta patrimônio/preço para testar): não é usada, e os múltiplos ficam nulos',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'pn_pela_classe_mais_liquida',
    significado:
      'a empresa tem mais de um código preferencial (PNA, PNB…); todas as preferenciais foram precificadas pelo mais negociado',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'lucro_ausente',
    significado: 'o documento não tem a linha de lucro: P/L nulo',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'preco_distante',
    significado:
      'o primeiro pregão encontrado depois do DT_RECEB está a mais de 7 dias (pregões ausentes dos arquivos): múltiplos nulos',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'acoes_indisponiveis',
    significado:
      'nenhuma quantidade de ações era conhecida na data do preço: valor de mercado e múltiplos nulos',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'classe_sem_preco',
    significado: 'uma classe de ações em circulação não teve pregão na data do preço: valor de mercado nulo',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'sem_pregao_na_data_com',
    significado:
      'nem o nosso COTAHIST nem a B3 têm o fechamento da classe na data com do provento: o preço na data com fica nulo',
    origem: 'projeto',
    onde: 'dividendos',
  },
  {
    flag: 'preco_com_fechamento_b3',
    significado:
      'o nosso COTAHIST não tem o pregão da data com; preco_com é o fechamento que a B3 informa para essa mesma data (closingPricePriorExDate com dateClosingPricePriorExDate igual à data com)',
    origem: 'projeto',
    onde: 'dividendos',
  },
  {
    flag: 'pvp_patrimonio_nao_positivo',
    significado: 'patrimônio líquido zero ou negativo: P/VP nulo',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'ev_ebitda_sem_ebitda_positivo',
    significado: 'EBITDA nulo, zero ou negativo: EV/EBITDA nulo',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'ev_sem_divida_liquida',
    significado: 'sem dívida líquida publicada, o valor da firma (EV) não é calculado: EV/EBITDA nulo',
    origem: 'projeto',
    onde: 'múltiplos',
  },
  {
    flag: 'fcf_nao_calculado',
    significado:
      'fluxo de caixa livre nulo: sem DFC pelo método indireto, nenhuma linha de aquisição de imobilizado ou intangível em 6.02, ou linhas incluídas que somam entrada de caixa (motivo e linhas candidatas no conjunto capex): fcf e fcf_yield nulos',
    origem: 'projeto',
    onde: 'múltiplos',
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
        formula: TEXTO_INDICADORES[nome].formula,
        contas_regulator: TEXTO_INDICADORES[nome].contas,
        base_lucro: def.base_lucro,
        unidade: def.unidade,
        flags_possiveis: [...new Set(flags)],
        metodologia: `${METODOLOGIA}#${nome}`,
      };
    }),
    flags: FLAGS,
    regras: REGRAS_GERAIS,
    metodologia: METODOLOGIA,
    nota: 'Fórmulas recalculadas a partir dos arquivos públicos da CVM; valor duvidoso é publicado nulo com flag, nunca estimado.',
  };
}

function REGRAS_ORDENADAS(): NomeIndicador[] {
  return Object.keys(INDICADORES) as NomeIndicador[];
}
