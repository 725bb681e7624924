/** Price chart windows (spec `janela`), counted back from the series' last session, not from today. */
export const JANELAS = ['1m', '3m', '6m', '1a', '2a', '5a', 'max'] as const;
export type Janela = (typeof JANELAS)[number];
const MESES: Record<Janela, number | null> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1a': 12,
  '2a': 24,
  '5a': 60,
  max: null,
};

/**
 * Below this many sessions a line would suggest a trend the data does not show: the page lists the
 * sessions instead of drawing.
 */
export const MIN_SESSOES_LINHA = 10;

export interface Sessao {
  data: string;
  fechamento: number;
}

/** ISO date `meses` calendar months before `d` (day clamped to the month's length). */
export function mesesAntes(d: string, meses: number): string {
  const [a, m, dia] = d.split('-').map(Number) as [number, number, number];
  const total = a * 12 + (m - 1) - meses;
  const ano = Math.floor(total / 12);
  const mes = (total % 12) + 1;
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return `${ano}-${String(mes).padStart(2, '0')}-${String(Math.min(dia, ultimo)).padStart(2, '0')}`;
}

/** Sessions of the window: after (last session − window), up to the last session. */
export function sessoesDaJanela(serie: Sessao[], janela: Janela): Sessao[] {
  const fim = serie.at(-1)?.data;
  const meses = MESES[janela];
  if (fim === undefined || meses === null) return serie;
  const inicio = mesesAntes(fim, meses);
  return serie.filter((s) => s.data > inicio);
}

export interface Linha {
  largura: number;
  altura: number;
  /** SVG polyline points, "x,y x,y …". */
  pontos: string;
  min: number;
  max: number;
}

/** Polyline over the closes: x by session order, y scaled between the window's low and high close. */
export function linha(sessoes: Sessao[], largura = 320, altura = 120, margem = 6): Linha {
  const vs = sessoes.map((s) => s.fechamento);
  const min = Math.min(...vs);
  const max = Math.max(...vs);
  const faixa = max - min || 1;
  const passo = sessoes.length > 1 ? (largura - 2 * margem) / (sessoes.length - 1) : 0;
  const r = (n: number) => Math.round(n * 10) / 10;
  const pontos = vs
    .map(
      (v, i) =>
        `${r(margem + i * passo)},${r(altura - margem - ((v - min) / faixa) * (altura - 2 * margem))}`,
    )
    .join(' ');
  return { largura, altura, pontos, min, max };
}

export interface JanelaDesenhada {
  sessoes: Sessao[];
  /** Null below MIN_SESSOES_LINHA sessions. */
  linha: Linha | null;
}

const desenhadas = new WeakMap<Sessao[], Map<Janela, JanelaDesenhada>>();

/**
 * The window's sessions and line, computed once per series: the same company's pt and en pages (and
 * each live class's page) draw the same series, and a full-scale series has thousands of sessions.
 */
export function janelaDesenhada(serie: Sessao[], janela: Janela): JanelaDesenhada {
  let porJanela = desenhadas.get(serie);
  if (porJanela === undefined) {
    porJanela = new Map();
    desenhadas.set(serie, porJanela);
  }
  let d = porJanela.get(janela);
  if (d === undefined) {
    const ss = sessoesDaJanela(serie, janela);
    d = { sessoes: ss, linha: ss.length >= MIN_SESSOES_LINHA ? linha(ss) : null };
    porJanela.set(janela, d);
  }
  return d;
}
