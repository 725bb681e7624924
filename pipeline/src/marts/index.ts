import type { Stage } from '../core/stage.ts';
import { fundamentosStages } from './fundamentos/index.ts';
import { mercadoStages } from './mercado/index.ts';

/** Mart stages in build order: fundamentals first, market marts read them. */
export const martStages: Stage[] = [...fundamentosStages, ...mercadoStages];
