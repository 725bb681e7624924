import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import { METODOLOGIA, TEXTO_INDICADORES } from './dicionario.ts';

/**
 * How an indicator is computed, as both the company's indicators (`proveniencia`) and the indicator
 * artefact (`metodologia`) publish it: title, formula, regulator accounts, profit base, unit, and the
 * methodology section.
 */
export function provenienciaDoIndicador(nome: NomeIndicador) {
  return {
    titulo: TEXTO_INDICADORES[nome].titulo,
    formula: TEXTO_INDICADORES[nome].formula,
    contas_regulator: TEXTO_INDICADORES[nome].contas,
    base_lucro: INDICADORES[nome].base_lucro,
    unidade: INDICADORES[nome].unidade,
    metodologia: `${METODOLOGIA}#${nome}`,
  };
}
