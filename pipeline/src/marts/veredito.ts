/**
 * The deterministic verdict (docs/veredito.md), in parts under veredito/: the rules (regras.ts: bands,
 * groups, thresholds), the mart tables that compute its numbers (mart.ts), their reading (entrada.ts), the
 * words (textos.ts, from the ICU messages of ui/src/veredito) and the publication (montar.ts shapes,
 * publicacao.ts writes). This module is their public face.
 */
import type { Stage } from '../core/stage.ts';
import { martVereditoStage } from './veredito/mart.ts';
import { vereditoStage } from './veredito/publicacao.ts';

export {
  carregarEmpresasNoProprioAno,
  carregarMart,
  type EmpresaNoCorte,
  type EmpresaVeredito,
  EmpresaVereditoRow,
  type ItemVereditoLinha,
  ItemVereditoRow,
  type MartVereditos,
} from './veredito/entrada.ts';
export {
  CHECAGENS_VEREDITO,
  construirMartVeredito,
  martVereditoStage,
  PASSOS_MART,
  PASSOS_POR_CORTE,
  passosEntrada,
} from './veredito/mart.ts';
export { bandeiraDe, montarVereditos } from './veredito/montar.ts';
export { vereditoStage } from './veredito/publicacao.ts';
export {
  ANOS_DEFASAGEM_UNIVERSO,
  ANOS_REAPRESENTACAO_RECENTE,
  FAIXAS,
  FLAG_SEM_DADO,
  ITENS_VEREDITO,
  MINIMO_GRUPO,
  MINIMO_NUMEROS,
  type NomeItem,
  PARECER_RESSALVADO,
  REGRAS_PARECER,
  type TipoParecer,
} from './veredito/regras.ts';
export { contarPalavras, faixaDe, formatar, fraseTopo, PERGUNTAS } from './veredito/textos.ts';

/** The verdict's mart, then its publication (after the market marts and the scores). */
export const vereditoStages: Stage[] = [martVereditoStage, vereditoStage];
