import type { Stage } from '../../core/stage.ts';
import { acoesStage } from './acoes.ts';
import { classesStage } from './classes.ts';
import { dividendosStage } from './dividendos.ts';
import { multiplosStage } from './multiplos.ts';
import { precosStage } from './precos.ts';
import { publicacaoMercadoStage } from './publicacao.ts';
import { quantoRendeuStage } from './quanto-rendeu.ts';
import { lucroTrimestralStage, trimestraisStage } from './trimestrais.ts';
import { valuationStage } from './valuation.ts';

/** Market marts (prices, share counts, multiples, dividends) in dependency order; they read the fundamentals marts. */
export const mercadoStages: Stage[] = [
  precosStage,
  acoesStage,
  multiplosStage,
  lucroTrimestralStage,
  trimestraisStage,
  dividendosStage,
  valuationStage,
  classesStage,
  quantoRendeuStage,
  publicacaoMercadoStage,
];
