import type { Stage } from '../../core/stage.ts';
import { fiisPublicacaoStage } from './publicacao.ts';
import { fiisMartStage } from './sql.ts';

/** REIT stages: the mart tables first, then the artefacts; both need the market marts' price tables. */
export const fiisStages: Stage[] = [fiisMartStage, fiisPublicacaoStage];
