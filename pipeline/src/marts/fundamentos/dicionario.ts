import type { Dicionario } from '@fundamentos/schemas/dicionario';
import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import { textosDoDicionario } from '@fundamentos/ui/dicionario';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import { ROTULO_CANDIDATO, ROTULO_EXCLUIDO } from './dep-amort.ts';
import { REGRAS } from './indicadores.ts';

export const METODOLOGIA = '/metodologia';
export const DICIONARIO = '/dicionario';

/** The regulator accounts each indicator reads (docs/metodologia.md says the same). */
const CONTAS_INDICADORES: Record<NomeIndicador, string[]> = {
  cresc_receita_1a: ['DRE 3.01'],
  cresc_receita_5a_cagr: ['DRE 3.01'],
  divida_liquida: ['BPP 2.01.04', 'BPP 2.02.01', 'BPA 1.01.01', 'BPA 1.01.02'],
  dl_ebitda: ['BPP 2.01.04', 'BPP 2.02.01', 'BPA 1.01.01', 'BPA 1.01.02', 'DRE 3.05', 'DFC_MI 6.01.*'],
  ebitda: ['DRE 3.05', 'DFC_MI 6.01.*'],
  liquidez_corrente: ['BPA 1.01', 'BPP 2.01'],
  margem_bruta: ['DRE 3.03', 'DRE 3.01'],
  margem_ebit: ['DRE 3.05', 'DRE 3.01'],
  margem_liquida: ['DRE 3.11', 'DRE 3.01'],
  f_score: [
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
  roa: ['DRE 3.11', 'BPA 1'],
  roe: ['DRE 3.11.01', 'BPP 2.03', 'BPP 2.03.09'],
  roic: ['DRE 3.05', 'DRE 3.07', 'DRE 3.08', 'BPP 2.03', 'BPP 2.01.04', 'BPP 2.02.01'],
};

const TEXTOS = { pt: textosDoDicionario('pt'), en: textosDoDicionario('en') };
const ARQUIVO = 'pipeline/src/marts/fundamentos/dicionario.ts';
const TEXTOS_UI = 'ui/src/dicionario/pt.json';

/** The entry of `chave` in one of the words' tables, or an error naming the table and the key. */
function palavras<T>(tabela: Record<string, T>, chave: string, onde: string): T {
  const t = tabela[chave];
  if (t === undefined)
    throw new Error(`${TEXTOS_UI}: ${onde} "${chave}" has no text: add it (and its English)`);
  return t;
}

type TextoIndicador = {
  titulo: string;
  formula: string;
  titulo_en: string;
  formula_en: string;
  contas: string[];
};

/**
 * Title, formula in words and regulator accounts of each indicator, in Portuguese and English; the words
 * live in ui/src/dicionario/{pt,en}.json.
 */
export const TEXTO_INDICADORES = Object.fromEntries(
  (Object.keys(CONTAS_INDICADORES) as NomeIndicador[]).map((nome) => {
    const pt = palavras<{ titulo: string; formula: string }>(TEXTOS.pt.indicadores, nome, 'indicador');
    const en = palavras<{ titulo: string; formula: string }>(TEXTOS.en.indicadores, nome, 'indicador');
    const contas = CONTAS_INDICADORES[nome];
    return [
      nome,
      { titulo: pt.titulo, formula: pt.formula, titulo_en: en.titulo, formula_en: en.formula, contas },
    ];
  }),
) as Record<NomeIndicador, TextoIndicador>;

/**
 * A flag's entry: its code and origin from here, its words from ui/src/dicionario. The English texts are
 * optional in the type so that an entry without them reaches `flagsBilingues`, which fails naming the flag;
 * the schema requires them in the published file.
 */
export type EntradaFlag = Omit<Dicionario['flags'][number], 'significado_en' | 'onde_en'> &
  Partial<Pick<Dicionario['flags'][number], 'significado_en' | 'onde_en'>>;

/** Every flag the dictionary describes, in the published order, with where its rule comes from. */
const ORIGEM_FLAGS: [string, EntradaFlag['origem']][] = [
  ['denominador_sem_comparativo', 'spec'],
  ['sem_acoes_em_circulacao', 'spec'],
  ['acoes_do_fre_sem_tesouraria', 'spec'],
  ['acoes_defasadas', 'spec'],
  ['ttm_sem_trimestre_1_2010', 'spec'],
  ['lucro_total_sem_minoritarios', 'spec'],
  ['pl_negativo', 'spec'],
  ['pl_extremo', 'spec'],
  ['acumulado_sem_mes_anterior', 'spec'],
  ['sem_dfc_indireta', 'projeto'],
  ['f_score_parcial', 'projeto'],
  ['conta_ausente', 'projeto'],
  ['denominador_nao_positivo', 'projeto'],
  ['plano_financeiro_nao_aplicavel', 'projeto'],
  ['dep_amort_nao_encontrada', 'projeto'],
  ['dep_amort_sinal_inesperado', 'projeto'],
  ['agregacao_mista', 'projeto'],
  ['score_valor_sem_multiplos', 'projeto'],
  ['score_valor_universo_pequeno', 'projeto'],
  ['ttm_sem_trimestre', 'projeto'],
  ['roic_sem_aliquota_efetiva', 'projeto'],
  ['sem_pregao_apos_recebimento', 'projeto'],
  ['trimestre_anterior_reapresentado', 'projeto'],
  ['acoes_em_milhares', 'projeto'],
  ['escala_acoes_indeterminada', 'projeto'],
  ['pn_pela_classe_mais_liquida', 'projeto'],
  ['lucro_ausente', 'projeto'],
  ['preco_distante', 'projeto'],
  ['acoes_indisponiveis', 'projeto'],
  ['classe_sem_preco', 'projeto'],
  ['classe_sem_pregao', 'projeto'],
  ['sem_pregao_na_data_com', 'projeto'],
  ['preco_com_fechamento_b3', 'projeto'],
  ['pvp_patrimonio_nao_positivo', 'projeto'],
  ['ev_ebitda_sem_ebitda_positivo', 'projeto'],
  ['ev_sem_divida_liquida', 'projeto'],
  ['fcf_nao_calculado', 'projeto'],
  ['sem_preco_do_fundo', 'projeto'],
  ['vp_cota_ausente', 'projeto'],
  ['sem_fonte_de_rendimentos', 'projeto'],
  ['rendimentos_menos_de_12_meses', 'projeto'],
  ['proventos_feitos_aqui', 'projeto'],
  ['sem_data_pagamento', 'projeto'],
  ['vacancia_nao_informada', 'projeto'],
  ['sem_preco_no_mes', 'projeto'],
  ['sem_informe_trimestral', 'projeto'],
  ['area_nao_informada', 'projeto'],
  ['vacancia_unidade_nao_confirmada', 'projeto'],
  ['vacancia_fora_de_0_a_1', 'projeto'],
  ['etf_sem_cnpj', 'projeto'],
  ['etf_cnpj_ambiguo', 'projeto'],
  ['sem_informe_diario', 'projeto'],
  ['sem_cota_na_data', 'projeto'],
  ['sem_pregao', 'projeto'],
  ['sem_carteira_cda', 'projeto'],
  ['sem_fonte_de_despesas', 'projeto'],
  ['sem_fonte_no_pipeline', 'projeto'],
  ['pregoes_insuficientes', 'projeto'],
  ['janela_sem_cobertura', 'projeto'],
  ['sem_indice', 'projeto'],
  ['indice_semi_curado', 'projeto'],
  ['codigo_principal_sem_pregao', 'projeto'],
  ['pregao_inicial_distante', 'projeto'],
  ['sem_fonte_de_proventos', 'projeto'],
  ['proventos_classe_indefinida', 'projeto'],
  ['indice_sem_cobertura', 'projeto'],
  ['selic_sem_cobertura', 'projeto'],
  ['veredito_sem_dado_no_ano', 'projeto'],
];

/** Each flag's code and origin with its words (meaning, where it occurs) in both languages. */
export const FLAGS: EntradaFlag[] = ORIGEM_FLAGS.map(([flag, origem]) => {
  const pt = palavras<{ significado: string; onde: string }>(TEXTOS.pt.flags, flag, 'flag');
  const en = (TEXTOS.en.flags as Record<string, { significado: string; onde: string } | undefined>)[flag];
  return {
    flag,
    significado: pt.significado,
    significado_en: en?.significado,
    origem,
    onde: pt.onde,
    onde_en: en?.onde,
  };
});

/** The parameters the rules' words quote, filled into their ICU placeholders. */
const PARAMETROS_REGRAS = { candidato: ROTULO_CANDIDATO, excluido: ROTULO_EXCLUIDO };

function regras(lang: Lang): Record<string, string> {
  return Object.fromEntries(
    Object.entries(TEXTOS[lang].regras).map(([k, v]) => [k, mensagem(lang, v, PARAMETROS_REGRAS)]),
  );
}

export const REGRAS_GERAIS: Record<string, string> = regras('pt');

/** The same rules in English, under the same keys (`dicionario()` fails on a key without English). */
export const REGRAS_GERAIS_EN: Record<string, string> = regras('en');

/** Every entry in both languages, or an error naming each entry that lacks English. */
export function flagsBilingues(flags: readonly EntradaFlag[]): Dicionario['flags'] {
  const faltando = flags.filter((f) => !f.significado_en?.trim() || !f.onde_en?.trim()).map((f) => f.flag);
  if (faltando.length > 0)
    throw new Error(
      `${ARQUIVO}: flag ${faltando.map((f) => `"${f}"`).join(', ')} without English text: add its significado and onde to ui/src/dicionario/en.json`,
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
      `${ARQUIVO}: rule ${faltando.map((k) => `"${k}"`).join(', ')} without English text: add it to the regras of ui/src/dicionario/en.json`,
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
    nota: TEXTOS.pt.nota,
    nota_en: TEXTOS.en.nota,
  };
}

function REGRAS_ORDENADAS(): NomeIndicador[] {
  return Object.keys(INDICADORES) as NomeIndicador[];
}
