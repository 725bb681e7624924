import type { ItemVeredito } from '@fundamentos/schemas/veredito';
import { posicoes } from '../scores.ts';

/**
 * The deterministic verdict (`json/empresas/<cd>/veredito.json`, docs/veredito.md): five published
 * numbers of the latest year with indicators, each placed in a fixed numeric band and compared with its
 * sector, its own past and the universe, plus a confidence flag from restatements, the auditor's opinion
 * and staleness. Every rule is a constant here; nothing is estimated and no text judges.
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

export function mediana(valores: readonly number[]): number | null {
  if (valores.length === 0) return null;
  const s = [...valores].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export type Referencia = NonNullable<ItemVeredito['comparacao']['setor']>;

/**
 * One reference group: its median and size, and where `valor` stands. `contem` says whether the group
 * includes the value itself (sector, universe), which is what makes a position inside it meaningful.
 */
export function referencia(valor: number | null, grupo: readonly number[], contem: boolean): Referencia {
  const n = grupo.length;
  if (n < MINIMO_GRUPO) return { mediana: null, n, posicao: null, percentil: null };
  const med = mediana(grupo) as number;
  let percentil: number | null = null;
  if (valor !== null && contem) {
    const i = grupo.indexOf(valor);
    percentil = i < 0 ? null : (posicoes([...grupo])[i] as number);
  }
  return {
    mediana: med,
    n,
    posicao: valor === null ? null : valor < med ? 'abaixo' : valor > med ? 'acima' : 'igual',
    percentil,
  };
}

export type TipoParecer = 'sem_ressalva' | 'com_ressalva' | 'adverso' | 'abstencao' | 'outro';

/** The auditor's opinion kind from TP_RELAT_AUD, read without case or accents. */
export function classificarParecer(tipo: string): TipoParecer {
  const t = tipo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (t.includes('sem ressalva')) return 'sem_ressalva';
  if (t.includes('com ressalva')) return 'com_ressalva';
  if (t.includes('advers')) return 'adverso';
  if (t.includes('abstencao') || t.includes('absten')) return 'abstencao';
  return 'outro';
}
export const ressalvado = (t: TipoParecer) => t === 'com_ressalva' || t === 'adverso' || t === 'abstencao';

/** The sector the company index gives a company without one: no sector group. */
export const SETOR_SEM_NOME = 'Não informado';

/** `2024T3` for an ITR reference date. */
export function trimestre(ref: string): string {
  const mes = Number(ref.slice(5, 7));
  return `${ref.slice(0, 4)}T${Math.min(3, Math.max(1, Math.ceil(mes / 3)))}`;
}
