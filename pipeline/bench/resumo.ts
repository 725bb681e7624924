/**
 * The side-by-side summary `pnpm bench` prints last (issue #10, item 9): every target of the issue with
 * the value this run measured, the target and PASS/FAIL. Values come only from what the run measured:
 * `data/bench/ultimo.json` (written by pipeline/bench/run.ts), the site build timed by scripts/bench.ts,
 * and the output of the publication and API benches. A figure the run did not produce is "not measured",
 * never a guess.
 */
import { z } from 'zod';

/** The part of `data/bench/ultimo.json` the summary reads. */
export const UltimoBenchSchema = z.object({
  escala: z.number(),
  piso_ms: z.number(),
  build_ms: z.number(),
  razao: z.number(),
  falha: z.string().nullable(),
  max_rss_mib: z.number(),
  incremental: z.array(z.object({ caso: z.string(), razao_build: z.number() })).default([]),
});
export type UltimoBench = z.infer<typeof UltimoBenchSchema>;

export interface MedidasPublicacao {
  objetos: number;
  primeira_s: number;
  delta_s: number;
}

export interface MedidaScreener {
  /** ms, wall clock inside workerd (each call's least of a few passes). */
  p99_ms: number;
  /** ms of CPU time of the same module in Node: what a loaded machine's waiting does not inflate. */
  cpu_p99_ms: number | null;
}

export interface MedidaApi {
  rota: string;
  razao: number;
}

export interface Medidas {
  /** null when the pipeline bench did not write ultimo.json (it failed before the end). */
  pipeline: UltimoBench | null;
  site: { paginas: number; segundos: number } | null;
  publicacao: MedidasPublicacao | null;
  api: MedidaApi[] | null;
  /** The screener's p99 per call over a full-scale universe (edge-api/bench/screener.ts). */
  screener?: MedidaScreener | null;
}

export type Veredito = 'PASS' | 'FAIL' | 'not measured';

export interface LinhaResumo {
  medida: string;
  valor: string;
  alvo: string;
  veredito: Veredito;
}

/** Issue #10's targets. Full scale is escala 1; the issue's smaller-scale targets apply below it. */
export const ALVOS = {
  razaoBuild: (escala: number) => (escala >= 1 ? 5 : 8),
  /** MiB: ≤ 4 GB at full scale with the default settings, ≤ 1 GB at escala 0.1 and below. */
  maxRssMib: (escala: number) => (escala >= 1 ? 4096 : 1024),
  novoDia: 0.1,
  nadaMudou: 0.05,
  paginasPorSegundo: (escala: number) => (escala >= 1 ? 500 : 300),
  /** Objects per full publication; at smaller scales the count is compared as it is (a lower bound). */
  objetos: 25_000,
  /**
   * Seconds: the issue asks for both uploads "well inside" the 60-minute deploy job; half of it is the
   * line drawn here.
   */
  uploadSegundos: 1_800,
  razaoApi: 0.5,
  /** ms per /screener call over the full-scale universe, inside the worker, at p99. */
  screenerP99Ms: 5,
} as const;

const mil = (n: number) => Math.round(n).toLocaleString('en-US');
/** One target: the measured value (null: not measured), how to print it, the bound and its direction. */
interface Alvo {
  medida: string;
  valor: number | null;
  fmt: (v: number) => string;
  /** `max`: the value must be ≤ limite; `min`: ≥ limite. */
  sentido: 'max' | 'min';
  limite: number;
  /** The bound as printed, e.g. `8×`, `4,096 MiB`. */
  alvo: string;
  /** A failed build never passes, whatever its figures. */
  falhou?: boolean;
}

function julgar(a: Alvo): LinhaResumo {
  const alvo = `${a.sentido === 'max' ? '≤' : '≥'} ${a.alvo}`;
  if (a.valor === null || !Number.isFinite(a.valor))
    return { medida: a.medida, valor: '–', alvo, veredito: 'not measured' };
  const ok = a.sentido === 'max' ? a.valor <= a.limite : a.valor >= a.limite;
  return { medida: a.medida, valor: a.fmt(a.valor), alvo, veredito: ok && !a.falhou ? 'PASS' : 'FAIL' };
}

/** One row per target of issue #10, in the issue's order. */
export function linhasResumo(m: Medidas): LinhaResumo[] {
  const p = m.pipeline;
  const escala = p?.escala ?? 1;
  const incremental = (re: RegExp) => p?.incremental.find((x) => re.test(x.caso))?.razao_build ?? null;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const segundos = (v: number) => `${v.toFixed(1)} s`;
  const razaoBuild = ALVOS.razaoBuild(escala);
  const maxRss = ALVOS.maxRssMib(escala);
  const paginas = ALVOS.paginasPorSegundo(escala);
  const alvos: Alvo[] = [
    {
      medida: `build / floor (escala ${escala})`,
      valor: p ? p.razao : null,
      fmt: (v) => `${v.toFixed(1)}× (${(p?.build_ms ?? 0) / 1000} s / ${(p?.piso_ms ?? 0) / 1000} s)`,
      sentido: 'max',
      limite: razaoBuild,
      alvo: `${razaoBuild}×`,
      falhou: p?.falha != null,
    },
    {
      medida: 'maxRSS of the full build',
      valor: p ? p.max_rss_mib : null,
      fmt: (v) => `${mil(v)} MiB`,
      sentido: 'max',
      limite: maxRss,
      alvo: `${mil(maxRss)} MiB`,
    },
    {
      medida: 'nightly build, one new COTAHIST day',
      valor: incremental(/day|dia/i),
      fmt: pct,
      sentido: 'max',
      limite: ALVOS.novoDia,
      alvo: `${pct(ALVOS.novoDia)} of the full build`,
    },
    {
      medida: 'build with nothing changed',
      valor: incremental(/nothing|nada/i),
      fmt: pct,
      sentido: 'max',
      limite: ALVOS.nadaMudou,
      alvo: `${pct(ALVOS.nadaMudou)} of the full build`,
    },
    {
      medida: 'site build',
      valor: m.site ? m.site.paginas / m.site.segundos : null,
      fmt: (v) => `${v.toFixed(1)} pages/s (${mil(m.site?.paginas ?? 0)} pages)`,
      sentido: 'min',
      limite: paginas,
      alvo: `${paginas} pages/s`,
    },
    {
      medida: 'objects in the publication',
      valor: m.publicacao?.objetos ?? null,
      fmt: mil,
      sentido: 'max',
      limite: ALVOS.objetos,
      alvo: `${mil(ALVOS.objetos)} at full scale`,
    },
    ...(['first', 'nightly delta'] as const).map(
      (caso): Alvo => ({
        medida: `upload, ${caso} (local R2)`,
        valor: (caso === 'first' ? m.publicacao?.primeira_s : m.publicacao?.delta_s) ?? null,
        fmt: segundos,
        sentido: 'max',
        limite: ALVOS.uploadSegundos,
        alvo: `${mil(ALVOS.uploadSegundos)} s`,
      }),
    ),
    ...(m.api?.length ? m.api : [{ rota: 'data routes', razao: null }]).map(
      (r): Alvo => ({
        medida: `API ${r.rota}`,
        valor: r.razao,
        fmt: (v) => `${v.toFixed(2)}× hello-world`,
        sentido: 'min',
        limite: ALVOS.razaoApi,
        alvo: `${ALVOS.razaoApi}×`,
      }),
    ),
    {
      medida: 'screener p99 (full-scale universe)',
      valor: m.screener?.p99_ms ?? null,
      fmt: (v) =>
        `${v.toFixed(2)} ms inside workerd${m.screener?.cpu_p99_ms == null ? '' : ` (CPU in Node ${m.screener.cpu_p99_ms.toFixed(2)} ms)`}`,
      sentido: 'max',
      limite: ALVOS.screenerP99Ms,
      alvo: `${ALVOS.screenerP99Ms} ms`,
    },
  ];
  return alvos.map(julgar);
}

/** A plain-text table with aligned columns. */
export function tabelaResumo(rows: LinhaResumo[]): string {
  const cab: LinhaResumo = {
    medida: 'target',
    valor: 'measured',
    alvo: 'issue #10',
    veredito: 'not measured',
  };
  const cols = [
    (r: LinhaResumo) => r.medida,
    (r: LinhaResumo) => r.valor,
    (r: LinhaResumo) => r.alvo,
    (r: LinhaResumo) => (r === cab ? '' : r.veredito),
  ];
  const w = cols.map((c) => Math.max(...[cab, ...rows].map((r) => c(r).length)));
  const fmt = (r: LinhaResumo) =>
    cols
      .map((c, i) => c(r).padEnd(w[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [fmt(cab), w.map((n) => '-'.repeat(n)).join('  '), ...rows.map(fmt)].join('\n');
}

/** Figures printed by edge-api/bench/publicacao.ts (its "objects:" and "upload, …:" lines). */
export function lerPublicacao(saida: string): MedidasPublicacao | null {
  const objetos = /objects: (\d+) artefacts/.exec(saida)?.[1];
  const primeira = /upload, first: ([\d.]+) s/.exec(saida)?.[1];
  const delta = /upload, nightly delta: ([\d.]+) s/.exec(saida)?.[1];
  if (objetos === undefined || primeira === undefined || delta === undefined) return null;
  return { objetos: Number(objetos), primeira_s: Number(primeira), delta_s: Number(delta) };
}

/** The p99s edge-api/bench/screener.ts prints ("screener p99 inside workerd: 1.23 ms", "… CPU time …: p99 1.2 ms"). */
export function lerScreener(saida: string): MedidaScreener | null {
  const p99 = /screener p99 inside workerd: ([\d.]+) ms/.exec(saida)?.[1];
  const cpu = /Node CPU time[^:]*: p50 [\d.]+ ms, p99 ([\d.]+) ms/.exec(saida)?.[1];
  return p99 === undefined
    ? null
    : { p99_ms: Number(p99), cpu_p99_ms: cpu === undefined ? null : Number(cpu) };
}

const ApiSaidaSchema = z.object({
  medidas: z.array(z.object({ rota: z.string(), razao_sobre_ola_mundo: z.number() })),
});

/** The JSON object edge-api/bench/throughput.ts prints last (from its last line that is only `{`). */
export function lerApi(saida: string): MedidaApi[] | null {
  const inicio = saida.lastIndexOf('\n{\n');
  const texto = inicio >= 0 ? saida.slice(inicio + 1) : saida.startsWith('{\n') ? saida : null;
  if (texto === null) return null;
  const fim = texto.lastIndexOf('\n}');
  try {
    const r = ApiSaidaSchema.safeParse(JSON.parse(texto.slice(0, fim + 2)));
    return r.success ? r.data.medidas.map((x) => ({ rota: x.rota, razao: x.razao_sobre_ola_mundo })) : null;
  } catch {
    return null;
  }
}
