import type { DuckDBValue } from '@duckdb/node-api';
import { textos } from '../../core/sql.ts';
import { FAIXAS, faixaDe, type NomeItem } from '../veredito.ts';
import { frase, PARAMETROS_TEXTOS } from './textos.ts';

/**
 * Bands of the watcher. Company bands are the verdict's (`FAIXAS` of veredito.ts, imported); fund bands
 * are ours (docs/vigia.md says why each edge). Every list of cuts reads like the verdict's: "below the
 * first", "from one cut to under the next" (lower cut included), "the last cut or more".
 */

export interface Rotulo {
  pt: string;
  en: string;
}

/** A band rule: its cuts and the label of the band a value falls in. */
export interface RegraFaixa {
  /** Names the rule's label parameters in SQL (`$faixa_<nome>_pt`). */
  nome: string;
  cortes: readonly number[];
  rotulo(valor: number): Rotulo;
}

/** The verdict's own band of a company indicator (margem_liquida, dl_ebitda). */
export function faixaVeredito(nome: NomeItem): RegraFaixa {
  return {
    nome,
    cortes: FAIXAS[nome].cortes,
    rotulo: (v) => faixaDe(nome, v) as Rotulo,
  };
}

type UnidadeFundo = 'fracao' | 'multiplo';

const corteFundo = (c: number, u: UnidadeFundo, lingua: 'pt' | 'en'): string => {
  if (u === 'multiplo') return lingua === 'pt' ? String(c).replace('.', ',') : String(c);
  const pct = Math.round(c * 1000) / 10;
  return `${lingua === 'pt' ? String(pct).replace('.', ',') : String(pct)}%`;
};

function regraFundo(nome: string, cortes: readonly number[], u: UnidadeFundo): RegraFaixa {
  const rotulo = (l: 'pt' | 'en', v: number): string => {
    const c = (x: number) => corteFundo(x, u, l);
    const primeiro = cortes[0] as number;
    const ultimo = cortes[cortes.length - 1] as number;
    if (v < primeiro) return frase(l, (t) => t.faixa.abaixo, { corte: c(primeiro) });
    if (v >= ultimo) return frase(l, (t) => t.faixa.ou_mais, { corte: c(ultimo) });
    const i = cortes.findIndex((lo, k) => v >= lo && v < (cortes[k + 1] ?? Number.POSITIVE_INFINITY));
    return frase(l, (t) => t.faixa.entre, { de: c(cortes[i] as number), ate: c(cortes[i + 1] as number) });
  };
  return { nome, cortes, rotulo: (v) => ({ pt: rotulo('pt', v), en: rotulo('en', v) }) };
}

/**
 * REIT P/VP: 0.9 and 1.1 mark "clearly below" and "clearly above" book value (a 10% margin around 1,
 * where the monthly NAV's own noise lives); 1 splits discount from premium.
 */
export const FAIXA_PVP_FII = regraFundo('pvp_fii', [0.9, 1, 1.1], 'multiplo');
/**
 * ETF premium over NAV per quota: ±0.5% is the usual market-maker tolerance of a B3 ETF; beyond ±2% the
 * quota and the price tell different stories.
 */
export const FAIXA_AGIO_ETF = regraFundo('agio_etf', [-0.02, -0.005, 0.005, 0.02], 'fracao');
/**
 * ETF portfolio overlap with a same-index peer (Σ of the smaller share over common holdings): two ETFs that
 * replicate the same index overlap 90% or more; under 50% they hold mostly different things.
 */
export const FAIXA_SOBREPOSICAO_ETF = regraFundo('sobreposicao_etf', [0.5, 0.9], 'fracao');
/**
 * REIT 12-month yield at month end: 6% is about what a tax-free fixed-income alternative paid in a low-rate
 * year, 10% the long-run average of listed REITs, 14% or more a price that discounts trouble or a one-off
 * distribution (docs/vigia.md).
 */
export const FAIXA_DY_FII = regraFundo('dy_fii', [0.06, 0.1, 0.14], 'fracao');
/**
 * REIT fund-level vacancy (area-weighted): up to 5% is frictional (units between tenants), 5–10% moderate,
 * 10–20% high, a fifth of the area or more empty cuts income markedly (docs/vigia.md).
 */
export const FAIXA_VACANCIA_FII = regraFundo('vacancia_fii', [0.05, 0.1, 0.2], 'fracao');

/** The company bands the watcher compares (the verdict's own rules). */
export const FAIXA_MARGEM = faixaVeredito('margem_liquida');
export const FAIXA_DIVIDA = faixaVeredito('dl_ebitda');

const REGRAS: readonly RegraFaixa[] = [
  FAIXA_MARGEM,
  FAIXA_DIVIDA,
  FAIXA_PVP_FII,
  FAIXA_AGIO_ETF,
  FAIXA_SOBREPOSICAO_ETF,
  FAIXA_DY_FII,
  FAIXA_VACANCIA_FII,
];

const parametro = (regra: RegraFaixa, lingua: 'pt' | 'en') => `faixa_${regra.nome}_${lingua}`;

/** A rule's labels in band order: below the first cut, then one per cut from the lowest. */
const rotulos = (regra: RegraFaixa, lingua: 'pt' | 'en'): string[] => {
  const primeiro = regra.cortes[0] as number;
  return [primeiro - 1, ...regra.cortes].map((v) => regra.rotulo(v)[lingua]);
};

/**
 * The bound values every `sqlFaixa` fragment names: each rule's labels per language as one `VARCHAR[]`,
 * with the watcher's other bound words (`sqlMensagem` of ./textos.ts): the watcher's script runs through
 * `executar(db, sql, PARAMETROS_FAIXAS)`, so its one set of parameters carries both.
 */
export const PARAMETROS_FAIXAS: Readonly<Record<string, DuckDBValue>> = {
  ...Object.fromEntries(
    REGRAS.flatMap((r) => (['pt', 'en'] as const).map((l) => [parametro(r, l), textos(rotulos(r, l))])),
  ),
  ...PARAMETROS_TEXTOS,
};

/**
 * `CASE` that gives the band label of `expr` in one language, written from the rule itself so SQL and
 * TypeScript can never disagree: each band is labelled by the label of its lower cut (or of a value
 * below the first cut). The labels are bound (`$faixa_<nome>_<lingua>[i]`, see PARAMETROS_FAIXAS), the
 * cuts are numbers written from the rule.
 */
export function sqlFaixa(regra: RegraFaixa, expr: string, lingua: 'pt' | 'en'): string {
  if (!REGRAS.includes(regra))
    throw new Error(`band rule ${regra.nome} is not in REGRAS (its labels would not be bound)`);
  const { cortes } = regra;
  const p = `$${parametro(regra, lingua)}`;
  const partes = [`WHEN ${expr} IS NULL THEN NULL`];
  // from the highest cut down, so the first match is the right band; label 1 is "below the first cut"
  for (let i = cortes.length - 1; i >= 0; i--)
    partes.push(`WHEN ${expr} >= ${cortes[i]} THEN ${p}[${i + 2}]`);
  return `CASE ${partes.join(' ')} ELSE ${p}[1] END`;
}
