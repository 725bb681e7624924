import type { Stage } from '../core/stage.ts';
import { conjuntosStages } from './conjuntos/index.ts';
import { etfsStage } from './etfs/index.ts';
import { eventosStages } from './eventos/index.ts';
import { fiisStages } from './fiis/index.ts';
import { fundamentosStages } from './fundamentos/index.ts';
import { hojeStage } from './hoje.ts';
import { mercadoStages } from './mercado/index.ts';
import { scoreValorStage } from './score-valor.ts';
import { scoresStage } from './scores.ts';
import { comparacaoStage } from './site/comparacao.ts';
import { vereditoStages } from './veredito.ts';

/**
 * Mart stages in build order: fundamentals first, market marts read them; the scores read both (the
 * value score needs the annual P/L and P/VP), so `scores.json` is published once; `hoje.json` reads the
 * indexes, restatements and price sessions, so it comes after all of them. The fund sets and the set
 * dictionary come last: the dictionary describes every set the stages before it wrote.
 */
export const martStages: Stage[] = [
  ...fundamentosStages,
  ...mercadoStages,
  scoreValorStage,
  scoresStage,
  ...vereditoStages,
  hojeStage,
  comparacaoStage,
  ...fiisStages,
  etfsStage,
  ...eventosStages,
  ...conjuntosStages,
];
