import type { EmpresaPublicada } from './empresas.ts';

/**
 * Liquidity we can compute from the artefacts: mean traded value (COTAHIST VOLTOT, all the company's
 * trading codes added) per published session. Null when no price series is published.
 */
export function volumeMedio(e: EmpresaPublicada): number | null {
  const sessoes = new Map<string, number>();
  for (const t of e.precos?.tickers ?? [])
    for (const s of t.sessoes) sessoes.set(s.data, (sessoes.get(s.data) ?? 0) + s.volume);
  if (sessoes.size === 0) return null;
  return [...sessoes.values()].reduce((a, b) => a + b, 0) / sessoes.size;
}

/** URL segment of a sector name: lowercase ASCII words joined by hyphens. */
export function slugSetor(setor: string): string {
  return setor
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const MIN_EMPRESAS_SETOR = 3;

export interface Setor {
  setor: string;
  slug: string;
  /** Companies of the sector with a liquidity figure, most liquid first. */
  empresas: { empresa: EmpresaPublicada; volume: number }[];
}

/**
 * Sectors with at least three companies that have both a liquidity figure and published indicator
 * rows (a company without indicators has nothing to compare), by name.
 */
export function setoresComparaveis(es: EmpresaPublicada[]): Setor[] {
  const porSetor = new Map<string, { empresa: EmpresaPublicada; volume: number }[]>();
  for (const e of es) {
    const v = volumeMedio(e);
    if (v === null || !e.indicadores?.indicadores.length) continue;
    porSetor.set(e.indice.setor, [...(porSetor.get(e.indice.setor) ?? []), { empresa: e, volume: v }]);
  }
  return [...porSetor.entries()]
    .filter(([, l]) => l.length >= MIN_EMPRESAS_SETOR)
    .map(([setor, l]) => ({
      setor,
      slug: slugSetor(setor),
      empresas: [...l].sort(
        (a, b) => b.volume - a.volume || a.empresa.indice.ticker.localeCompare(b.empresa.indice.ticker),
      ),
    }))
    .sort((a, b) => a.setor.localeCompare(b.setor));
}

export const INDICADORES_COMPARACAO = ['margem_liquida', 'roic', 'dl_ebitda'] as const;

export interface Valor {
  valor: number | null;
  flag: string | null;
}

/** Latest year for which every company given has at least one published indicator row, or null. */
export function anoComum(es: EmpresaPublicada[]): number | null {
  const anos = es.map((e) => new Set((e.indicadores?.indicadores ?? []).map((l) => l.ano)));
  const [primeiro, ...resto] = anos;
  const comuns = [...(primeiro ?? [])].filter((a) => resto.every((s) => s.has(a)));
  return comuns.length ? Math.max(...comuns) : null;
}

/** Indicator value of one year (null with no flag when the row was not published). */
export function valorIndicador(e: EmpresaPublicada, nome: string, ano: number): Valor {
  const l = e.indicadores?.indicadores.find((x) => x.nome === nome && x.ano === ano);
  return l ? { valor: l.valor, flag: l.flag } : { valor: null, flag: null };
}

/** Annual P/L of the fiscal year (point-in-time price at the filing's reception). */
export function plDoAno(e: EmpresaPublicada, ano: number): Valor {
  const m = e.multiplos?.anuais.find((x) => x.ano === ano);
  return m ? { valor: m.pl, flag: m.flag } : { valor: null, flag: null };
}

/** Small-caps window (docs/site.md): market cap up to R$ 5 billion and mean traded value at least R$ 500 thousand. */
export const SMALL_CAPS = { market_cap_max: 5e9, volume_medio_min: 5e5 } as const;

export function smallCaps(
  es: EmpresaPublicada[],
): { empresa: EmpresaPublicada; market_cap: number; volume: number }[] {
  return es
    .flatMap((e) => {
      const mc = e.multiplos?.valuation?.market_cap ?? null;
      const v = volumeMedio(e);
      return mc !== null &&
        v !== null &&
        mc > 0 &&
        mc <= SMALL_CAPS.market_cap_max &&
        v >= SMALL_CAPS.volume_medio_min
        ? [{ empresa: e, market_cap: mc, volume: v }]
        : [];
    })
    .sort((a, b) => b.volume - a.volume);
}
