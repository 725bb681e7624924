/**
 * The deterministic verdict (docs/veredito.md), in four parts under veredito/: the rules (regras.ts:
 * bands, groups, thresholds), the words (textos.ts), the input read from the marts (entrada.ts), and the
 * publication (montar.ts builds, publicacao.ts writes). This module is their public face.
 */
export {
  carregarEntrada,
  DocumentoRow,
  EmpresaRow,
  type EntradaVereditos,
  IndicadorRow,
  MultiploRow,
  ParecerRow,
  ReapresentacaoRow,
} from './veredito/entrada.ts';
export { montarVereditos } from './veredito/montar.ts';
export { vereditoStage } from './veredito/publicacao.ts';
export {
  ANOS_DEFASAGEM_UNIVERSO,
  ANOS_REAPRESENTACAO_RECENTE,
  classificarParecer,
  FAIXAS,
  FLAG_SEM_DADO,
  ITENS_VEREDITO,
  MINIMO_GRUPO,
  MINIMO_NUMEROS,
  mediana,
  type NomeItem,
  referencia,
  type TipoParecer,
} from './veredito/regras.ts';
export { contarPalavras, faixaDe, formatar, fraseTopo, PERGUNTAS } from './veredito/textos.ts';
