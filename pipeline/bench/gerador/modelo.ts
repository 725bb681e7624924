import { Fluxo } from './aleatorio.ts';
import { type Agreg, type Demo, ehLpa, FILHOS, PLANO } from './plano.ts';
import { ANO_INICIAL, type Empresa } from './universo.ts';

/** Leaf values of one period, in the company's unit (thousands for MIL, reais for UNIDADE), integers. */
export type Folhas = Record<string, number>;

/** Values from outside the statement that its formulas need (other statements, the balance sheet, shares). */
export interface Contexto {
  lucroControladorCon: number;
  caixaInicial: number;
  caixaFinal: number;
  /** Shares outstanding (issued minus treasury), for earnings per share. */
  acoes: number;
  unidade: number;
  temPn: boolean;
}

type Get = (cd: string) => number;
type Formula = (get: Get, ctx: Contexto, agreg: Agreg) => number;

const soma = (get: Get, cds: string[]): number => cds.reduce((acc, cd) => acc + get(cd), 0);

/**
 * Accounts that are not the sum of their children. With these the published statements satisfy
 * the identities a reader checks: 1 = 2, 3.03 = 3.01 + 3.02 … 3.11 = 3.11.01 + 3.11.02,
 * 6.05.02 = 6.05.01 + 6.05 (closing cash equals BPA 1.01.01), 7.07 = 7.08.
 */
const FORMULAS: Record<string, Formula> = {
  '2.03.04.05': (g) => Math.max(residuoPl(g), 0),
  '2.03.05': (g) => Math.min(residuoPl(g), 0),
  '3.03': (g) => g('3.01') + g('3.02'),
  '3.04.06': (g, ctx, agreg) =>
    agreg === 'con'
      ? g('3.04.06*')
      : ctx.lucroControladorCon -
        (g('3.03') +
          soma(g, ['3.04.01', '3.04.02', '3.04.03', '3.04.04', '3.04.05']) +
          g('3.06') +
          g('3.08') +
          g('3.10')),
  '3.05': (g) => g('3.03') + g('3.04'),
  '3.07': (g) => g('3.05') + g('3.06'),
  '3.09': (g) => g('3.07') + g('3.08'),
  '3.11': (g) => g('3.09') + g('3.10'),
  '3.11.01': (g) => g('3.11') - g('3.11.02'),
  '3.99': () => 0,
  '3.99.01': () => 0,
  '3.99.02': () => 0,
  '3.99.01.01': (g, ctx) => lpa(g, ctx),
  '3.99.01.02': (g, ctx) => lpa(g, ctx),
  '3.99.02.01': (g, ctx) => lpa(g, ctx),
  '3.99.02.02': (g, ctx) => lpa(g, ctx),
  '4.01': (g) => g('3.11'),
  '4.03': (g) => g('4.01') + g('4.02'),
  '4.03.02': (g) => g('3.11.02'),
  '4.03.01': (g) => g('4.03') - g('4.03.02'),
  '6.01.01.01': (g) => g('3.07'),
  '6.01.01.04': (g) => -g('3.04.06'),
  '6.05.01': (_g, ctx) => ctx.caixaInicial,
  '6.05.02': (_g, ctx) => ctx.caixaFinal,
  '6.05': (g) => g('6.05.02') - g('6.05.01'),
  '6.03.01': (g) =>
    g('6.05') - g('6.01') - g('6.02') - g('6.04') - soma(g, ['6.03.02', '6.03.03', '6.03.04']),
  '7.04.01': (g) => -g('6.01.01.02'),
  '7.06.01': (g) => g('3.04.06'),
  '7.06.02': (g) => g('3.06.01'),
  '7.08.03.01': (g) => -g('3.06.02'),
  '7.08.04.04': (g) => g('3.11.02'),
  '7.08.04.03': (g) => g('3.11') - soma(g, ['7.08.04.01', '7.08.04.02', '7.08.04.04']),
  '7.07': (g) => g('7.08'),
  '7.05': (g) => g('7.07') - g('7.06'),
  '7.03': (g) => g('7.05') - g('7.04'),
  '7.02': (g) => g('7.03') - g('7.01'),
  '7.02.04': (g) => g('7.02') - soma(g, ['7.02.01', '7.02.02', '7.02.03']),
};

/** Equity not explained by the other equity lines: retained earnings if positive, accumulated losses if not. */
function residuoPl(g: Get): number {
  const outros = [
    '2.03.01',
    '2.03.02',
    '2.03.03',
    '2.03.04.01',
    '2.03.04.09',
    '2.03.06',
    '2.03.07',
    '2.03.08',
    '2.03.09',
  ];
  return g('1') - g('2.01') - g('2.02') - soma(g, outros);
}

function lpa(g: Get, ctx: Contexto): number {
  const lucro = g('3.11.01*') * ctx.unidade;
  return ctx.acoes > 0 ? Math.round((lucro / ctx.acoes) * 1e5) / 1e5 : 0;
}

const CONTAS_AGREG: Record<Agreg, Set<string>> = {
  con: new Set(Object.values(PLANO).flatMap((cs) => cs.map((c) => c.cd))),
  ind: new Set(Object.values(PLANO).flatMap((cs) => cs.filter((c) => !c.soCon).map((c) => c.cd))),
};

/**
 * Lazily evaluates every account of a period from its leaves: formulas first, then sums of
 * children, then the leaf itself (0 when absent). `3.04.06*` and `3.11.01*` are the consolidated
 * equity-method result and controlling profit, readable from both aggregations.
 */
export function avaliar(folhas: Folhas, ctx: Contexto, agreg: Agreg): Get {
  const memo = new Map<string, number>();
  const contas = CONTAS_AGREG[agreg];
  const get: Get = (cd) => {
    const m = memo.get(cd);
    if (m !== undefined) return m;
    let v: number;
    if (cd === '3.04.06*') v = folhas['3.04.06'] ?? 0;
    else if (cd === '3.11.01*') v = agreg === 'con' ? get('3.11.01') : ctx.lucroControladorCon;
    else if (!contas.has(cd)) v = 0;
    else {
      const f = FORMULAS[cd];
      const filhos = FILHOS.get(cd)?.filter((c) => contas.has(c));
      if (f) v = f(get, ctx, agreg);
      else if (filhos && filhos.length > 0 && !ehLpa(cd)) v = soma(get, filhos);
      else v = folhas[cd] ?? 0;
    }
    memo.set(cd, v);
    return v;
  };
  return get;
}

/** Accounts of one statement as published by this company and aggregation. */
export function contasDe(demo: Demo, agreg: Agreg, temPn: boolean) {
  return PLANO[demo].filter(
    (c) => (agreg === 'con' || !c.soCon) && (temPn || !(c.cd === '3.99.01.02' || c.cd === '3.99.02.02')),
  );
}

// ---------------------------------------------------------------------------------------------
// Synthetic economics, in reais, then rounded into the company's unit.

/** Revenue path: a per-company drift plus yearly noise, so a company's history is smooth but not flat. */
function receita(e: Empresa, seed: number, ano: number): number {
  return memo(`r:${seed}:${e.i}:${ano}`, () => {
    const anterior = ano > ANO_INICIAL - 2 ? receita(e, seed, ano - 1) : e.receitaBase;
    const r = anterior * (1 + e.crescimento + 0.1 * new Fluxo(seed, 'cresc', e.i, ano).normal());
    return Math.max(r, e.receitaBase * 0.05);
  });
}

const CACHE = new Map<string, unknown>();

function memo<T>(chave: string, f: () => T): T {
  if (CACHE.has(chave)) return CACHE.get(chave) as T;
  const v = f();
  CACHE.set(chave, v);
  return v;
}

/** The model memoises per company-year; the writer clears it between output years to bound memory. */
export function limparCache(): void {
  CACHE.clear();
}

export function fatorPreco(e: Empresa, seed: number, ano: number): number {
  return receita(e, seed, ano) / receita(e, seed, ANO_INICIAL);
}

function emUnidades(reais: Record<string, number>, unidade: number): Folhas {
  const out: Folhas = {};
  for (const [k, v] of Object.entries(reais)) out[k] = Math.round(v / unidade);
  return out;
}

/** Which years a company restates in the next year's annual filing (PENÚLTIMO differs from ÚLTIMO). */
export function reapresenta(e: Empresa, seed: number, ano: number): boolean {
  return new Fluxo(seed, 'reapresenta', e.i, ano).chance(0.08);
}

/** Version of year `ano`'s figures as seen by the filing of `anoFiling`. */
export function varianteVista(e: Empresa, seed: number, ano: number, anoFiling: number): 0 | 1 {
  return anoFiling > ano && reapresenta(e, seed, ano) ? 1 : 0;
}

function perturbar(f: Fluxo, reais: Record<string, number>, candidatas: string[]): void {
  const n = f.int(1, 3);
  for (let k = 0; k < n; k++) {
    const cd = f.escolher(candidatas);
    reais[cd] = (reais[cd] ?? 0) * (1 + (f.chance(0.5) ? 1 : -1) * f.entre(0.02, 0.15));
  }
}

/** Annual consolidated flow leaves (DRE, DRA, DFC_MI, DVA), units. */
export function fluxoAnual(e: Empresa, seed: number, ano: number, variante: 0 | 1): Folhas {
  return memo(`f:${seed}:${e.i}:${ano}:${variante}`, () => fluxoAnualNovo(e, seed, ano, variante));
}

function fluxoAnualNovo(e: Empresa, seed: number, ano: number, variante: 0 | 1): Folhas {
  const f = new Fluxo(seed, 'fluxo', e.i, ano);
  const R = receita(e, seed, ano);
  const x: Record<string, number> = {};
  x['3.01'] = R;
  x['3.02'] = -R * Math.min(0.98, e.margemCusto * f.lognormal(0.12));
  x['3.04.01'] = -R * e.despVendas * f.lognormal(0.1);
  x['3.04.02'] = -R * e.despGa * f.lognormal(0.1);
  x['3.04.03'] = f.chance(0.1) ? -R * f.entre(0, 0.03) : 0;
  x['3.04.04'] = R * f.entre(0, 0.02);
  x['3.04.05'] = -R * f.entre(0, 0.02);
  x['3.04.06'] = R * e.equivalencia * f.lognormal(0.3);
  x['3.06.01'] = R * f.entre(0.01, 0.04);
  x['3.06.02'] = -R * e.juros * f.lognormal(0.2);
  // Only DRE lines so far, so their sum is the pre-tax result.
  const lair = Object.values(x).reduce((a, b) => a + b, 0);
  x['3.08.01'] = -Math.max(0, lair) * f.entre(0.15, 0.34);
  x['3.08.02'] = lair * f.entre(-0.05, 0.05);
  x['3.10.01'] = f.chance(0.04) ? R * f.entre(-0.05, 0.02) : 0;
  const lucro = lair + x['3.08.01'] + x['3.08.02'] + x['3.10.01'];
  x['3.11.02'] = lucro * e.naoControladores;
  x['4.02.01'] = R * f.entre(-0.01, 0.01);
  x['4.02.02'] = R * f.entre(-0.005, 0.005);
  x['6.01.01.02'] = R * e.depreciacao * f.lognormal(0.1);
  x['6.01.01.03'] = -x['3.06.02'] * f.entre(0.3, 0.9);
  x['6.01.02.01'] = R * f.entre(-0.05, 0.03);
  x['6.01.02.02'] = R * f.entre(-0.04, 0.03);
  x['6.01.02.03'] = R * f.entre(-0.03, 0.04);
  x['6.01.02.04'] = x['3.08.01'] * f.entre(0.7, 1.1);
  x['6.02.01'] = -R * e.capex * f.lognormal(0.2);
  x['6.02.02'] = R * f.entre(-0.03, 0.03);
  x['6.02.03'] = R * f.entre(0, 0.005);
  x['6.03.02'] = -R * f.entre(0.02, 0.08);
  x['6.03.03'] = -R * f.entre(0, 0.01);
  x['6.03.04'] = -Math.max(0, lucro) * f.entre(0.25, 0.6);
  x['6.04'] = R * f.entre(-0.003, 0.003);
  x['7.01.01'] = R * f.entre(1.1, 1.25);
  x['7.01.02'] = R * f.entre(0, 0.01);
  x['7.01.04'] = R * f.entre(-0.005, 0.002);
  x['7.02.01'] = x['3.02'] * f.entre(0.6, 0.9);
  x['7.02.02'] = -R * f.entre(0.05, 0.15);
  x['7.02.03'] = x['3.04.03'];
  x['7.08.01.01'] = R * f.entre(0.06, 0.15);
  x['7.08.01.02'] = R * f.entre(0.01, 0.03);
  x['7.08.01.03'] = R * f.entre(0.005, 0.01);
  x['7.08.02.01'] = R * f.entre(0.08, 0.15);
  x['7.08.02.02'] = R * f.entre(0, 0.08);
  x['7.08.02.03'] = R * f.entre(0, 0.01);
  x['7.08.03.02'] = R * f.entre(0, 0.01);
  x['7.08.03.03'] = R * f.entre(0, 0.005);
  x['7.08.04.01'] = Math.max(0, lucro) * f.entre(0, 0.15);
  x['7.08.04.02'] = Math.max(0, lucro) * f.entre(0.2, 0.35);
  if (variante === 1) {
    perturbar(new Fluxo(seed, 'reapr-fluxo', e.i, ano), x, [
      '3.02',
      '3.04.02',
      '3.04.05',
      '3.06.02',
      '6.01.02.01',
      '6.02.01',
      '7.02.02',
    ]);
  }
  return emUnidades(x, e.unidade);
}

/** Consolidated balance-sheet leaves at 31 December (plugs are formulas), units. */
export function balancoAnual(e: Empresa, seed: number, ano: number, variante: 0 | 1): Folhas {
  return memo(`b:${seed}:${e.i}:${ano}:${variante}`, () => balancoAnualNovo(e, seed, ano, variante));
}

function balancoAnualNovo(e: Empresa, seed: number, ano: number, variante: 0 | 1): Folhas {
  const f = new Fluxo(seed, 'balanco', e.i, ano);
  const A = receita(e, seed, ano) * e.giro * f.lognormal(0.05);
  const ativo: Record<string, number> = {
    '1.01.01': f.entre(0.03, 0.15),
    '1.01.02': f.entre(0, 0.08),
    '1.01.03.01': f.entre(0.04, 0.12),
    '1.01.03.02': f.entre(0, 0.03),
    '1.01.04': f.entre(0, 0.12),
    '1.01.05': f.chance(0.1) ? f.entre(0, 0.05) : 0,
    '1.01.06.01': f.entre(0.005, 0.03),
    '1.01.07': f.entre(0, 0.005),
    '1.01.08.01': f.chance(0.05) ? f.entre(0, 0.03) : 0,
    '1.01.08.03': f.entre(0, 0.02),
    '1.02.01.01': f.entre(0, 0.03),
    '1.02.01.04': f.entre(0, 0.04),
    '1.02.01.07': f.entre(0, 0.03),
    '1.02.01.10': f.entre(0, 0.02),
    '1.02.02.01': e.equivalencia > 0 ? f.entre(0.02, 0.12) : 0,
    '1.02.02.02': f.chance(0.15) ? f.entre(0, 0.05) : 0,
    '1.02.03.01': f.entre(0.15, 0.45),
    '1.02.03.02': f.entre(0, 0.05),
    '1.02.03.03': f.entre(0, 0.08),
    '1.02.04.01': f.entre(0.01, 0.12),
    '1.02.04.02': f.chance(0.4) ? f.entre(0, 0.1) : 0,
  };
  normalizar(ativo, A);
  const passivo: Record<string, number> = {
    '2.01.01.01': f.entre(0, 0.01),
    '2.01.01.02': f.entre(0.005, 0.03),
    '2.01.02.01': f.entre(0.02, 0.1),
    '2.01.02.02': f.entre(0, 0.02),
    '2.01.03.01': f.entre(0.005, 0.02),
    '2.01.03.02': f.entre(0, 0.01),
    '2.01.03.03': f.entre(0, 0.003),
    '2.01.04.01.01': f.entre(0.01, 0.06),
    '2.01.04.01.02': f.chance(0.4) ? f.entre(0, 0.03) : 0,
    '2.01.04.02': f.chance(0.5) ? f.entre(0, 0.04) : 0,
    '2.01.04.03': f.entre(0, 0.015),
    '2.01.05.02.01': f.entre(0, 0.01),
    '2.01.05.02.02': f.entre(0, 0.015),
    '2.01.05.02.04': f.entre(0, 0.03),
    '2.01.06': f.entre(0, 0.01),
    '2.02.01.01.01': f.entre(0.03, 0.2),
    '2.02.01.01.02': f.chance(0.4) ? f.entre(0, 0.1) : 0,
    '2.02.01.02': f.chance(0.5) ? f.entre(0, 0.12) : 0,
    '2.02.01.03': f.entre(0, 0.05),
    '2.02.02': f.entre(0, 0.05),
    '2.02.03.01': f.entre(0, 0.04),
    '2.02.04.01': f.entre(0.003, 0.03),
  };
  normalizar(passivo, A * e.alavancagem * f.lognormal(0.05));
  const capital = e.receitaBase * e.giro * 0.2;
  const pl = A - Object.values(passivo).reduce((a, b) => a + b, 0);
  const x: Record<string, number> = {
    ...ativo,
    ...passivo,
    '2.03.01': capital,
    '2.03.02': capital * 0.05,
    '2.03.04.01': capital * Math.min(0.2, 0.02 * (ano - ANO_INICIAL + 1)),
    '2.03.04.09': -capital * e.tesouraria,
    '2.03.06': A * f.entre(-0.01, 0.02),
    '2.03.07': A * f.entre(-0.01, 0.01),
    '2.03.09': Math.max(0, pl) * e.naoControladores,
  };
  if (variante === 1) {
    perturbar(new Fluxo(seed, 'reapr-balanco', e.i, ano), x, [
      '1.01.03.01',
      '1.02.03.01',
      '2.01.05.02.04',
      '1.01.04',
    ]);
  }
  return emUnidades(x, e.unidade);
}

function normalizar(x: Record<string, number>, total: number): void {
  const s = Object.values(x).reduce((a, b) => a + b, 0);
  for (const k of Object.keys(x)) x[k] = ((x[k] ?? 0) / s) * total;
}

/** Quarter-end balance: between the two year-ends, with noise; the plugs keep it balanced. */
export function balancoTrimestral(e: Empresa, seed: number, ano: number, tri: 1 | 2 | 3): Folhas {
  return memo(`t:${seed}:${e.i}:${ano}:${tri}`, () => balancoTrimestralNovo(e, seed, ano, tri));
}

function balancoTrimestralNovo(e: Empresa, seed: number, ano: number, tri: 1 | 2 | 3): Folhas {
  const ini = balancoAnual(e, seed, ano - 1, 0);
  const fim = balancoAnual(e, seed, ano, 0);
  const f = new Fluxo(seed, 'balanco-tri', e.i, ano, tri);
  const out: Folhas = {};
  for (const k of Object.keys(fim)) {
    const a = ini[k] ?? 0;
    const b = fim[k] ?? 0;
    out[k] = Math.round((a + ((b - a) * tri) / 4) * (k === '2.03.01' ? 1 : f.lognormal(0.03)));
  }
  return out;
}

/** Seasonal weights of a company-year's four quarters. */
function pesos(e: Empresa, seed: number, ano: number): number[] {
  const f = new Fluxo(seed, 'sazonal', e.i, ano);
  const w = [0, 1, 2, 3].map(() => Math.max(0.05, 0.25 * (1 + 0.12 * f.normal())));
  const s = w.reduce((a, b) => a + b, 0);
  return w.map((v) => v / s);
}

/** Flows of quarters `de`..`ate` (1-based, inclusive). Quarter 4 takes the rounding rest, so Q1..Q4 add up to the year. */
export function fluxoTrimestres(
  anual: Folhas,
  e: Empresa,
  seed: number,
  ano: number,
  de: number,
  ate: number,
): Folhas {
  if (de === 1 && ate === 4) return anual;
  const w = pesos(e, seed, ano);
  const acum = [0, w[0] ?? 0, (w[0] ?? 0) + (w[1] ?? 0), (w[0] ?? 0) + (w[1] ?? 0) + (w[2] ?? 0), 1];
  const out: Folhas = {};
  for (const [k, v] of Object.entries(anual)) {
    const ate_ = ate === 4 ? v : Math.round(v * (acum[ate] ?? 1));
    const de_ = de === 1 ? 0 : Math.round(v * (acum[de - 1] ?? 0));
    out[k] = ate_ - de_;
  }
  return out;
}

/** Individual (parent-only) leaves: the parent's share of the group; investments absorb the rest of equity. */
export function balancoInd(e: Empresa, con: Folhas, plControlador: number): Folhas {
  const out: Folhas = {};
  for (const [k, v] of Object.entries(con)) {
    if (k.startsWith('1.') || k.startsWith('2.01') || k.startsWith('2.02'))
      out[k] = Math.round(v * e.fracaoInd);
    else if (k !== '2.03.09') out[k] = v;
  }
  out['1.02.02.01'] = 0;
  const ativo = Object.entries(out).reduce((a, [k, v]) => a + (k.startsWith('1.') ? v : 0), 0);
  const passivo = Object.entries(out).reduce(
    (a, [k, v]) => a + (k.startsWith('2.01') || k.startsWith('2.02') ? v : 0),
    0,
  );
  const investimentos = plControlador + passivo - ativo;
  out['1.02.02.01'] = Math.max(investimentos, 0);
  out['2.02.04.02.04'] = Math.max(-investimentos, 0);
  return out;
}

export function fluxoInd(e: Empresa, con: Folhas): Folhas {
  const out: Folhas = {};
  for (const [k, v] of Object.entries(con)) {
    if (k !== '3.04.06' && k !== '3.11.02') out[k] = Math.round(v * e.fracaoInd);
  }
  return out;
}
