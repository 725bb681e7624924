/**
 * The deterministic verdict (`json/empresas/<cd>/veredito.json`, docs/veredito.md): five published
 * numbers of the latest year with indicators, each placed in a fixed numeric band and compared with its
 * sector, its own past and the universe, plus a confidence flag from restatements, the auditor's opinion
 * and staleness. Every rule is a constant here; the mart (mart.ts) computes the groups, medians and
 * positions from them; nothing is estimated and no text judges.
 */

export const ITENS_VEREDITO = ['margem_liquida', 'roic', 'dl_ebitda', 'pl', 'pvp'] as const;
export type NomeItem = (typeof ITENS_VEREDITO)[number];
export type NomeIndicadorItem = Exclude<NomeItem, 'pl' | 'pvp'>;
export const INDICADORES_ITEM: readonly NomeIndicadorItem[] = ['margem_liquida', 'roic', 'dl_ebitda'];

export type Unidade = 'fracao' | 'vezes' | 'multiplo';

/**
 * The bands: each list of cuts splits the line into "below the first", "from one cut to the next"
 * (lower cut included) and "the last cut or more". Round numbers a reader can check by eye, not
 * targets: a band says where the value is, never whether that is good.
 */
export const FAIXAS: Record<NomeItem, { unidade: Unidade; cortes: readonly number[] }> = {
  margem_liquida: { unidade: 'fracao', cortes: [0, 0.05, 0.15] },
  roic: { unidade: 'fracao', cortes: [0, 0.08, 0.15] },
  dl_ebitda: { unidade: 'vezes', cortes: [0, 1, 3] },
  pl: { unidade: 'multiplo', cortes: [10, 20] },
  pvp: { unidade: 'multiplo', cortes: [1, 3] },
};

/** Fewer values than this in a group: no median and no position (a median of two says little). */
export const MINIMO_GRUPO = 3;
/** Restatements of the verdict year or of the two before it make the flag yellow. */
export const ANOS_REAPRESENTACAO_RECENTE = 3;
/** A company whose latest DFP is this many years behind the newest DFP of the universe is stale. */
export const ANOS_DEFASAGEM_UNIVERSO = 2;
/** Fewer numbers with a value than this (or than the applicable ones, when fewer) makes the flag yellow. */
export const MINIMO_NUMEROS = 3;

/** Flag of an item whose year has no published row (no annual multiple for the verdict year). */
export const FLAG_SEM_DADO = 'veredito_sem_dado_no_ano';

export type TipoParecer = 'sem_ressalva' | 'com_ressalva' | 'adverso' | 'abstencao' | 'outro';

/**
 * The auditor's opinion kind from TP_RELAT_AUD, read without case or accents: the first kind with a
 * fragment the text contains; none → `outro`.
 */
export const REGRAS_PARECER: readonly (readonly [Exclude<TipoParecer, 'outro'>, readonly string[]])[] = [
  ['sem_ressalva', ['sem ressalva']],
  ['com_ressalva', ['com ressalva']],
  ['adverso', ['advers']],
  ['abstencao', ['abstencao', 'absten']],
];
/** The kinds that make an opinion "qualified" for the flag. */
export const PARECER_RESSALVADO: readonly TipoParecer[] = ['com_ressalva', 'adverso', 'abstencao'];

/** The sector the company index gives a company without one: no sector group. */
export const SETOR_SEM_NOME = 'Não informado';
