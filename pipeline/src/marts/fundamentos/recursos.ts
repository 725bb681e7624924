import { textosDosFundamentos } from '@fundamentos/ui/fundamentos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';

/**
 * Which companies get which per-company resource, written once: the stages that publish a resource
 * and the company index that advertises it read the same SQL, so the index never lists a file that
 * was not written (issue 13).
 */

/** Companies that get resources at all: every company with a trading code. */
export const PUBLICADAS = 'SELECT cd_regulator FROM mart_empresas WHERE len(tickers) > 0';

/** scores.json: companies with at least one F-score year (pipeline/src/marts/scores.ts). */
export const EMPRESAS_COM_SCORES = `SELECT DISTINCT cd_regulator FROM mart_indicadores
  WHERE nome = 'f_score' AND cd_regulator IN (${PUBLICADAS})`;

/** fatos_trimestrais.json: companies with at least one quarterly fact (an ITR in the build). */
export const EMPRESAS_COM_FATOS_TRIMESTRAIS = `SELECT DISTINCT cd_regulator FROM mart_fatos_trimestrais
  WHERE cd_regulator IN (${PUBLICADAS})`;

const T = { pt: textosDosFundamentos('pt').ausencias, en: textosDosFundamentos('en').ausencias };
const ausencia = (recurso: keyof typeof T.pt) => ({
  motivo: mensagem('pt', T.pt[recurso]),
  motivo_en: mensagem('en', T.en[recurso]),
});

/** Why a resource is missing from a company, in the index (`recursos.<nome>.ausente`); words in ui/src/fundamentos. */
export const AUSENCIAS = {
  scores: ausencia('scores'),
  fatos_trimestrais: ausencia('fatos_trimestrais'),
} as const;
