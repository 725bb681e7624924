import { z } from 'zod';

/**
 * Flag values. Their descriptions live in the field dictionary written by the marts; this file
 * only fixes the spelling so producers and consumers cannot drift apart.
 */

/** Every flag value the spec names (section "Resources and their fields"). */
export const FLAGS_DA_SPEC = [
  'denominador_sem_comparativo',
  'sem_acoes_em_circulacao',
  'acoes_do_fre_sem_tesouraria',
  'acoes_defasadas',
  'ttm_sem_trimestre_1_2010',
  'lucro_total_sem_minoritarios',
  'pl_negativo',
  'pl_extremo',
  'acumulado_sem_mes_anterior',
] as const;

/**
 * Flags this project adds for cases the spec describes without naming the value (e.g. EBITDA
 * without an indirect cash-flow statement, a partial F-score). Add new values here, in the same
 * commit as the dictionary entry that describes them.
 */
export const FLAGS_ADICIONAIS = [
  // fundamentals (pipeline/src/marts/fundamentos)
  'sem_dfc_indireta',
  'f_score_parcial',
  'conta_ausente',
  'denominador_nao_positivo',
  'plano_financeiro_nao_aplicavel',
  'dep_amort_nao_encontrada',
  'dep_amort_sinal_inesperado',
  'agregacao_mista',
  'score_valor_sem_multiplos',
  'score_valor_universo_pequeno',
  'roic_sem_aliquota_efetiva',
  'trimestre_anterior_reapresentado',
  // market (pipeline/src/marts/mercado)
  'acoes_em_milhares',
  'escala_acoes_indeterminada',
  'pn_pela_classe_mais_liquida',
  'lucro_ausente',
  'preco_distante',
  'acoes_indisponiveis',
  'classe_sem_preco',
  'classe_sem_pregao',
  'sem_pregao_na_data_com',
  'preco_com_fechamento_b3',
  'pvp_patrimonio_nao_positivo',
  'ev_ebitda_sem_ebitda_positivo',
  'ev_sem_divida_liquida',
  'fcf_nao_calculado',
  'sem_pregao_apos_recebimento',
  // REITs (pipeline/src/marts/fiis)
  'sem_preco_do_fundo',
  'vp_cota_ausente',
  'sem_fonte_de_rendimentos',
  'rendimentos_menos_de_12_meses',
  'proventos_feitos_aqui',
  'sem_data_pagamento',
  'vacancia_nao_informada',
  'sem_preco_no_mes',
  'sem_informe_trimestral',
  'area_nao_informada',
  'vacancia_unidade_nao_confirmada',
  'vacancia_fora_de_0_a_1',
  // ETFs (pipeline/src/marts/etfs)
  'etf_sem_cnpj',
  'etf_cnpj_ambiguo',
  'sem_informe_diario',
  'sem_cota_na_data',
  'sem_pregao',
  'sem_carteira_cda',
  'sem_fonte_de_despesas',
  'sem_fonte_no_pipeline',
  'pregoes_insuficientes',
  'janela_sem_cobertura',
  'sem_indice',
  'indice_semi_curado',
  // quanto rendeu (pipeline/src/marts/mercado/quanto-rendeu.ts)
  'codigo_principal_sem_pregao',
  'pregao_inicial_distante',
  'sem_fonte_de_proventos',
  'proventos_classe_indefinida',
  'indice_sem_cobertura',
  'selic_sem_cobertura',
  'veredito_sem_dado_no_ano', // pipeline/src/marts/veredito.ts
] as const;

export const FLAGS_CONHECIDAS = [...FLAGS_DA_SPEC, ...FLAGS_ADICIONAIS] as const;

/**
 * Flag families whose value names a period (the spec's `ttm_sem_trimestre_1_2010` is one member of
 * `ttm_sem_trimestre_<quarter>_<year>`): the dictionary describes the family once, under its prefix.
 */
export const FAMILIAS_DE_FLAGS = {
  ttm_sem_trimestre: /^ttm_sem_trimestre_[1-4]_\d{4}$/,
} as const satisfies Record<string, RegExp>;

/** The dictionary entry that describes a flag value: itself, or the family it belongs to. */
export function entradaDoDicionario(flag: string): string {
  for (const [familia, re] of Object.entries(FAMILIAS_DE_FLAGS)) if (re.test(flag)) return familia;
  return flag;
}

export const FlagDaSpecSchema = z.enum(FLAGS_DA_SPEC);
export const FlagConhecidaSchema = z.enum(FLAGS_CONHECIDAS).describe('A flag value known to this package.');
export type FlagConhecida = z.infer<typeof FlagConhecidaSchema>;

/** Splits a `flag` field (`a;b`) into its values; null gives an empty list. */
export function separarFlags(flag: string | null): string[] {
  if (flag === null || flag === '') return [];
  return flag.split(';');
}

/** Joins flag values into the `flag` field: deduplicated, in first-seen order, null when empty. */
export function juntarFlags(flags: readonly string[]): string | null {
  const unicas = [...new Set(flags.filter((f) => f !== ''))];
  return unicas.length === 0 ? null : unicas.join(';');
}

/** Values of a joined `flag` that this package does not know (the screener refuses them in `padrao`). */
export function flagsDesconhecidas(flag: string | null): string[] {
  return separarFlags(flag).filter(
    (f) =>
      !FlagConhecidaSchema.safeParse(f).success && !Object.values(FAMILIAS_DE_FLAGS).some((re) => re.test(f)),
  );
}
