import type { Lang } from '@fundamentos/ui/i18n/strings';

/** A written page: paragraphs may mark code with backticks, rendered as <code> (no HTML in content). */
export interface Texto {
  titulo: string;
  resumo: string;
  secoes: { titulo: string; paragrafos: string[]; codigo?: string }[];
}

export type Bilingue = Record<Lang, Texto>;
