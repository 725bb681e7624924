/** Geometry of a small bar chart drawn as inline SVG at build time (no chart library, no JS). */

export interface Ponto {
  rotulo: string;
  valor: number | null;
}

export interface Barra {
  rotulo: string;
  valor: number | null;
  x: number;
  y: number;
  largura: number;
  altura: number;
}

export interface GraficoBarras {
  largura: number;
  altura: number;
  /** y of the zero line. */
  zero: number;
  barras: Barra[];
}

const MARGEM_TOPO = 8;
const MARGEM_BASE = 18;

/** Bars scaled so the largest absolute value fills the plot; negatives hang below the zero line. A null value gets no bar. */
export function barras(pontos: readonly Ponto[], largura = 480, altura = 160): GraficoBarras {
  const valores = pontos.flatMap((p) => (p.valor === null ? [] : [p.valor]));
  const max = Math.max(0, ...valores);
  const min = Math.min(0, ...valores);
  const faixa = max - min || 1;
  const plot = altura - MARGEM_TOPO - MARGEM_BASE;
  const zero = MARGEM_TOPO + (max / faixa) * plot;
  const passo = pontos.length > 0 ? largura / pontos.length : largura;
  const larguraBarra = Math.max(1, passo * 0.7);
  const out = pontos.map((p, i) => {
    const x = i * passo + (passo - larguraBarra) / 2;
    if (p.valor === null)
      return { rotulo: p.rotulo, valor: null, x, y: zero, largura: larguraBarra, altura: 0 };
    const h = (Math.abs(p.valor) / faixa) * plot;
    return {
      rotulo: p.rotulo,
      valor: p.valor,
      x,
      y: p.valor >= 0 ? zero - h : zero,
      largura: larguraBarra,
      altura: h,
    };
  });
  return { largura, altura, zero, barras: out };
}
