/**
 * When a series may be drawn, and the geometry of the small line drawn beside it (inline SVG made at build
 * time; no chart library, no JS). A chart that would mislead is not drawn: the page shows the values as
 * text and says why (issue 15), as the price chart does below MIN_SESSOES_LINHA sessions.
 */
export interface PontoSerie {
  rotulo: string;
  valor: number | null;
  /** Published flag of the value; a flagged value is shown as text, never as a firm point. */
  flag?: string | null;
}

export type Motivo = 'poucos' | 'lacuna' | 'flag';

/** Fewer points than this draw no line: two points always look like a trend. */
export const MIN_PONTOS = 3;

export type Avaliacao =
  | { desenhar: true; pontos: { rotulo: string; valor: number }[] }
  | { desenhar: false; motivo: Motivo; n: number };

/**
 * Leading and trailing empty points are trimmed (a series simply starts later); a null inside the series
 * is a gap, a flag on a value is a doubt, and fewer than MIN_PONTOS values are too few.
 */
export function avaliar(serie: readonly PontoSerie[]): Avaliacao {
  const primeiro = serie.findIndex((p) => p.valor !== null);
  const ultimo = serie.findLastIndex((p) => p.valor !== null);
  const miolo = primeiro < 0 ? [] : serie.slice(primeiro, ultimo + 1);
  const n = miolo.filter((p) => p.valor !== null).length;
  // A flag on an empty value only says why it is empty (the emptiness is the gap or the trimmed end).
  if (miolo.some((p) => p.valor !== null && p.flag)) return { desenhar: false, motivo: 'flag', n };
  if (miolo.some((p) => p.valor === null)) return { desenhar: false, motivo: 'lacuna', n };
  if (n < MIN_PONTOS) return { desenhar: false, motivo: 'poucos', n };
  return {
    desenhar: true,
    pontos: miolo.map((p) => ({ rotulo: p.rotulo, valor: p.valor as number })),
  };
}

export interface Traco {
  largura: number;
  altura: number;
  /** SVG polyline points "x,y x,y …". */
  pontos: string;
  /** y of the zero line when zero lies inside the range, else null. */
  zero: number | null;
  min: number;
  max: number;
}

const r = (n: number) => Math.round(n * 10) / 10;

/**
 * A line through the values, x by order, y between the series' low and high (zero marked when inside);
 * `limites` puts two series on one scale (an ETF's NAV and close).
 */
export function traco(
  valores: readonly number[],
  largura = 120,
  altura = 32,
  margem = 3,
  limites?: readonly [number, number],
): Traco {
  const min = limites?.[0] ?? Math.min(...valores);
  const max = limites?.[1] ?? Math.max(...valores);
  const faixa = max - min || 1;
  const y = (v: number) => r(altura - margem - ((v - min) / faixa) * (altura - 2 * margem));
  const passo = valores.length > 1 ? (largura - 2 * margem) / (valores.length - 1) : 0;
  return {
    largura,
    altura,
    pontos: valores.map((v, i) => `${r(margem + i * passo)},${y(v)}`).join(' '),
    zero: min < 0 && max > 0 ? y(0) : null,
    min,
    max,
  };
}
