import type { Stage } from '../../core/stage.ts';

/** Market marts (prices, share counts, multiples, dividends). */
export const mercadoStages: Stage[] = [];
