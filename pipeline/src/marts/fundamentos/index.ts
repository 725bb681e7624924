import type { Stage } from '../../core/stage.ts';
import { alertaMinoritariosStage } from './alerta-minoritarios.ts';
import { capexStage } from './capex.ts';
import { depAmortStage } from './dep-amort.ts';
import { donosDosTickersStage } from './donos-dos-tickers.ts';
import { empresasStage } from './empresas.ts';
import { extrasFundamentosStage } from './extras.ts';
import { fatosStage } from './fatos.ts';
import { publicacaoFatosTrimestraisStage } from './fatos-trimestrais.ts';
import { indicadoresStage } from './indicadores.ts';
import { publicacaoFundamentosStage } from './publicacao.ts';
import { reapresentacoesStage } from './reapresentacoes.ts';
import { trimestresStage } from './trimestres.ts';

/** Company fundamentals marts (facts, indicators, restatements, scores, lineage, audit), in dependency order. */
export const fundamentosStages: Stage[] = [
  fatosStage,
  reapresentacoesStage,
  empresasStage,
  depAmortStage,
  indicadoresStage,
  capexStage,
  trimestresStage,
  donosDosTickersStage,
  alertaMinoritariosStage,
  publicacaoFundamentosStage,
  publicacaoFatosTrimestraisStage,
  extrasFundamentosStage,
];
