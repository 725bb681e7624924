/**
 * The screener's work inside one `/screener` call, without its I/O (issue #10 item 8): the query read
 * from the URL, the screen run over the parsed snapshot, the answer validated and serialised, exactly
 * as edge-api/src/rotas/screener.ts does them. The isolate's memory of answers (executarScreenerLembrado)
 * is left out on purpose: a query seen for the first time pays all of this, so that is what is timed.
 * The same module runs in Node and inside workerd (bench/screener/worker.ts).
 */
import { lerParametrosScreener, type ScreenerConsulta } from '@fundamentos/schemas/screener';
import type { ScreenerSnapshot } from '@fundamentos/schemas/screener-snapshot';
import { executarScreener, respostaDoScreener } from '../src/screener/executar.ts';

/** One screen's answer body, as the route writes it (no receipt). */
export function respostaDaTela(snapshot: ScreenerSnapshot, consulta: ScreenerConsulta): string {
  return JSON.stringify(respostaDoScreener(executarScreener(snapshot, consulta)));
}

export interface TemposDasTelas {
  /** Milliseconds of every call, `rodadas` rounds over every screen in order. */
  ms: number[];
  /** Companies each screen returned (`total`), to check both runtimes answered the same. */
  totais: number[];
}

/**
 * Times `rodadas` rounds of every screen with `agora` (performance.now where it advances), `vezes`
 * times over, keeping each call's least time: on a shared machine a call that waited for a core is slow
 * for a reason that is not the screener's, and passes apart in time seldom all wait at the same call.
 */
export function medirTelas(
  snapshot: ScreenerSnapshot,
  telas: readonly string[],
  rodadas: number,
  agora: () => number,
  vezes = 1,
): TemposDasTelas {
  const ms: number[] = [];
  const totais: number[] = [];
  for (let v = 0; v < vezes; v++) {
    let i = 0;
    for (let r = 0; r < rodadas; r++)
      for (const tela of telas) {
        const t0 = agora();
        const consulta = lerParametrosScreener(new URLSearchParams(tela));
        if (!consulta.success) throw new Error(`bench screen "${tela}" is not a valid query`);
        const corpo = respostaDaTela(snapshot, consulta.data);
        const t = agora() - t0;
        ms[i] = Math.min(ms[i] ?? Number.POSITIVE_INFINITY, t);
        i++;
        if (v === 0 && r === 0) totais.push((JSON.parse(corpo) as { total: number }).total);
      }
  }
  return { ms, totais };
}

/** The p-th percentile of each screen's times (ms lists rounds of every screen in order). */
export function percentilPorTela(t: TemposDasTelas, telas: readonly string[], p: number): number[] {
  return telas.map((_, k) =>
    percentil(
      t.ms.filter((_, j) => j % telas.length === k),
      p,
    ),
  );
}

/** The p-th percentile (0–100) of a list, nearest rank. */
export function percentil(valores: readonly number[], p: number): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  const i = Math.min(ordenados.length - 1, Math.max(0, Math.ceil((p / 100) * ordenados.length) - 1));
  return ordenados[i] ?? Number.NaN;
}
