import type { Stage } from '../../core/stage.ts';

/** Company fundamentals marts (facts, indicators, restatements, scores, lineage, audit). */
export const fundamentosStages: Stage[] = [];
