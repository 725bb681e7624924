import { TickerSchema } from '@fundamentos/schemas/comum';
import { NOMES_INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import {
  type Filtro,
  ForaDoFiltroSchema,
  MultiploUsadoSchema,
  ReciboResumoSchema,
  type ScreenerConsulta,
  type ScreenerEmpresa,
  ScreenerEmpresaSchema,
  type ScreenerResposta,
  type ScreenerResultado,
  ScreenerResultadoSchema,
} from '@fundamentos/schemas/screener';
import type {
  ScreenerPl12m,
  ScreenerSnapshot,
  ScreenerSnapshotLinha,
} from '@fundamentos/schemas/screener-snapshot';
import type { z } from 'zod';

/** Spec rule 2: a P/L above this never passes a screener (flag `pl_extremo`). */
export const PL_MAXIMO = 200;

const NOMES = new Set<string>(NOMES_INDICADORES);

export const LIMITE_CONHECIDO =
  'Viés de sobrevivência não corrigido: o universo é o das empresas com código de negociação hoje; empresas que deixaram a bolsa não aparecem, nem para anos passados.';

export const NOTA_SCREENER =
  'Só valores sem flag entram num filtro; P/L nulo, com lucro zero ou negativo (pl_negativo) ou acima de 200 (pl_extremo) nunca passa. Conteúdo descritivo, não é recomendação de investimento.';

/**
 * A `YYYY-MM-DD` date (DataSchema) as the number YYYYMMDD: the same order as the strings, compared
 * several times faster, which counts when a screen compares tens of thousands of dates.
 */
const diaNumerico = (data: string) => Number(data.replaceAll('-', ''));

/** Items grouped by company, in their order. */
function agrupar<T extends { cd_regulator: number }>(itens: readonly T[]): Map<number, T[]> {
  const grupos = new Map<number, T[]>();
  for (const x of itens) {
    const g = grupos.get(x.cd_regulator);
    if (g === undefined) grupos.set(x.cd_regulator, [x]);
    else g.push(x);
  }
  return grupos;
}

/**
 * Each company's rows that can answer a screen (a valid trading code: ScreenerEmpresaSchema needs one),
 * companies by `cd_regulator` ascending, each one's rows by `ano` descending (snapshot order kept among
 * equal years). Built once per snapshot object: the isolate keeps one parsed snapshot per content hash
 * (artefatos.ts), so a new build is a new object and a new index, nothing to invalidate. Checking every
 * row's ticker on every call was most of a screen's time over a full-scale universe.
 */
interface LinhaDoUniverso {
  l: ScreenerSnapshotLinha;
  /** `disponivel_em` as diaNumerico. */
  disponivel: number;
}
const universos = new WeakMap<ScreenerSnapshot, LinhaDoUniverso[][]>();

function empresasDoUniverso(snapshot: ScreenerSnapshot): LinhaDoUniverso[][] {
  const pronto = universos.get(snapshot);
  if (pronto !== undefined) return pronto;
  const comTicker = snapshot.linhas.filter(
    (l) => l.ticker !== null && TickerSchema.safeParse(l.ticker).success,
  );
  const empresas = [...agrupar(comTicker).entries()]
    .sort(([a], [b]) => a - b)
    .map(([, linhas]) =>
      linhas.sort((a, b) => b.ano - a.ano).map((l) => ({ l, disponivel: diaNumerico(l.disponivel_em) })),
    );
  universos.set(snapshot, empresas);
  return empresas;
}

/**
 * One company's row chosen for the query, before filtering (spec: `ano`, or the latest year known at
 * `as_of`), by `cd_regulator` ascending: per company the first of its rows (latest year first) that
 * was received by `as_of` and is of year `ano`.
 */
export function linhasDaConsulta(
  snapshot: ScreenerSnapshot,
  consulta: Pick<ScreenerConsulta, 'ano' | 'as_of'>,
): ScreenerSnapshotLinha[] {
  const { ano } = consulta;
  const asOf = consulta.as_of === undefined ? Number.POSITIVE_INFINITY : diaNumerico(consulta.as_of);
  const escolhidas: ScreenerSnapshotLinha[] = [];
  for (const linhas of empresasDoUniverso(snapshot)) {
    const x = linhas.find((y) => y.disponivel <= asOf && (ano === undefined || y.l.ano === ano));
    if (x !== undefined) escolhidas.push(x.l);
  }
  return escolhidas;
}

function dentro(valor: number, filtros: readonly Filtro[]): boolean {
  return filtros.every((f) => (f.operador === 'min' ? valor >= f.valor : valor <= f.valor));
}

type AvaliacaoPl = { ok: true; valor: number; ressalvas: string[] } | { ok: false; motivo: string };

/** The P/L a filter names, read from the snapshot row: the annual one or the 12-month one. */
interface PlDaLinha {
  valor: number | null;
  data_preco: string | null;
  flag: string | null;
  gravidade: ScreenerSnapshotLinha['pl_gravidade'];
  /** The snapshot object the value is read from (the row, or a `pl_12m` statement). */
  fonte: object;
}

export function plAnual(l: ScreenerSnapshotLinha): PlDaLinha {
  return { valor: l.pl, data_preco: l.data_preco, flag: l.flag_pl, gravidade: l.pl_gravidade, fonte: l };
}

interface IndicePorEmpresa {
  /**
   * Per row, the reception date (diaNumerico) of its company's first DFP of a later year (none, the
   * latest year: infinity).
   */
  proximaDfp: Map<ScreenerSnapshotLinha, number>;
  /** Per company, its 12-month P/Ls latest period first (snapshot order kept within a period). */
  pl12m: Map<number, { q: ScreenerPl12m; recebido: number }[]>;
}
const indices = new WeakMap<ScreenerSnapshot, IndicePorEmpresa>();

/**
 * What plTtm reads, once per snapshot object (the same lifetime as `universos`): with the statements
 * sorted latest first, a row's 12-month P/L is the first one received in time, not a scan of all.
 */
function indicePorEmpresa(snapshot: ScreenerSnapshot): IndicePorEmpresa {
  const pronto = indices.get(snapshot);
  if (pronto !== undefined) return pronto;
  const linhas = agrupar(snapshot.linhas);
  const proximaDfp = new Map<ScreenerSnapshotLinha, number>();
  for (const l of snapshot.linhas) {
    let d = Number.POSITIVE_INFINITY;
    for (const o of linhas.get(l.cd_regulator) ?? [])
      if (o.ano > l.ano) d = Math.min(d, diaNumerico(o.dt_receb));
    proximaDfp.set(l, d);
  }
  const pl12m = new Map<number, { q: ScreenerPl12m; recebido: number }[]>();
  for (const [cd, qs] of agrupar(snapshot.pl_12m ?? []))
    pl12m.set(
      cd,
      qs
        .sort((a, b) => b.ano - a.ano || b.trimestre - a.trimestre)
        .map((q) => ({ q, recebido: diaNumerico(q.dt_receb) })),
    );
  const i: IndicePorEmpresa = { proximaDfp, pl12m };
  indices.set(snapshot, i);
  return i;
}

/** The 12-month P/L a filter reads, with the filing it comes from. */
interface PlTtm extends PlDaLinha {
  dt_receb: string;
}

/**
 * The 12-month P/L of a chosen row (spec: from the latest quarterly or annual statement available at
 * `as_of`): among the company's statements in `pl_12m` (ITR quarters and DFPs), the latest by period
 * received by `as_of` and before the company's next DFP after the row, so a year asked with `ano` reads
 * the P/L that was current while that year was the latest. A snapshot without `pl_12m` (older builds)
 * falls back to the row's own `pl_ttm`, which the pipeline chose by the same rule without `as_of`.
 */
export function plTtm(
  snapshot: ScreenerSnapshot,
  l: ScreenerSnapshotLinha,
  asOf: string | undefined,
): PlTtm | null {
  if (snapshot.pl_12m === undefined) {
    if (l.pl_ttm_ano === null || l.pl_ttm_dt_receb === null) return null;
    return {
      valor: l.pl_ttm,
      data_preco: l.pl_ttm_data_preco,
      flag: l.flag_pl_ttm,
      gravidade: l.pl_ttm_gravidade,
      dt_receb: l.pl_ttm_dt_receb,
      fonte: l,
    };
  }
  const indice = indicePorEmpresa(snapshot);
  const proximaDfp = indice.proximaDfp.get(l) ?? Number.POSITIVE_INFINITY;
  const ate = asOf === undefined ? Number.POSITIVE_INFINITY : diaNumerico(asOf);
  // Latest period first: the first statement received by as_of and before the next DFP is the latest.
  const melhor = indice.pl12m
    .get(l.cd_regulator)
    ?.find((x) => x.recebido <= ate && x.recebido < proximaDfp)?.q;
  if (melhor === undefined) return null;
  return {
    valor: melhor.pl,
    data_preco: melhor.data_preco,
    flag: melhor.flag,
    gravidade: melhor.gravidade,
    dt_receb: melhor.dt_receb,
    fonte: melhor,
  };
}

/** A flag's severity; `ttm_sem_trimestre_<q>_<year>` is classified as `ttm_sem_trimestre`. */
function gravidadeDe(gravidade: ReadonlyMap<string, string>, f: string): string | undefined {
  return (
    gravidade.get(f) ?? (f.startsWith('ttm_sem_trimestre') ? gravidade.get('ttm_sem_trimestre') : undefined)
  );
}

/**
 * Whether a P/L may be compared with a filter (spec rules 1–2 and `rigor`). The flags are the P/L's
 * own (`flag_pl` / `flag_pl_ttm`), their severities the market marts' classification published with
 * the snapshot; a flag missing from it counts as blocking.
 */
export function avaliarPl(
  pl: PlDaLinha,
  consulta: Pick<ScreenerConsulta, 'as_of' | 'rigor'>,
  gravidade: ReadonlyMap<string, string>,
): AvaliacaoPl {
  const flags = pl.flag === null ? [] : pl.flag.split(';');
  const bloqueantes = flags.filter((f) => (gravidadeDe(gravidade, f) ?? 'bloqueante') === 'bloqueante');
  if (pl.valor === null || pl.data_preco === null)
    return { ok: false, motivo: bloqueantes[0] ?? flags[0] ?? 'sem_valor' };
  // A price traded after as_of was not known then (docs/datasets-mercado.md).
  if (consulta.as_of !== undefined && pl.data_preco > consulta.as_of)
    return { ok: false, motivo: 'preco_depois_do_as_of' };
  if (pl.valor <= 0) return { ok: false, motivo: 'pl_negativo' };
  if (pl.valor > PL_MAXIMO) return { ok: false, motivo: 'pl_extremo' };
  if (pl.gravidade === 'bloqueante' || bloqueantes.length > 0)
    return { ok: false, motivo: bloqueantes[0] ?? 'flag_bloqueante' };
  if (consulta.rigor === 'estrito' && flags.length > 0) return { ok: false, motivo: 'rigor_estrito' };
  const ressalvas = flags.filter((f) => {
    const g = gravidadeDe(gravidade, f);
    return g === 'ajuste_feito' || g === 'ressalva_leve';
  });
  return { ok: true, valor: pl.valor, ressalvas };
}

const MOTIVO_EM_PORTUGUES: Record<string, string> = {
  sem_valor: 'sem P/L calculado',
  pl_negativo: 'lucro zero ou negativo',
  pl_extremo: 'P/L acima de 200',
  rigor_estrito: 'P/L com ressalva (rigor=estrito aceita só P/L sem flag)',
  preco_depois_do_as_of: 'preço negociado depois do as_of',
  sem_itr: 'nenhum ITR recebido nem DFP com P/L de 12 meses até a data da consulta',
};

function resumo(n: number, porMotivo: Record<string, number>): string {
  if (n === 0) return 'Nenhuma empresa ficou de fora pelas regras do P/L.';
  const partes = Object.entries(porMotivo)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([m, k]) => `${k} por ${MOTIVO_EM_PORTUGUES[m] ?? `flag ${m}`}`);
  return `${n} ${n === 1 ? 'empresa ficou' : 'empresas ficaram'} de fora por causa do P/L: ${partes.join('; ')}.`;
}

function criterio(consulta: ScreenerConsulta): string {
  const ano =
    consulta.ano === undefined
      ? 'o ano mais recente de cada empresa'
      : `o exercício ${consulta.ano} de cada empresa`;
  const asOf =
    consulta.as_of === undefined
      ? ''
      : ` conhecido em ${consulta.as_of} (DFP recebida e preço negociado até essa data)`;
  return `Uma linha por empresa com código de negociação: ${ano}${asOf}. Só valores sem flag entram num filtro; P/L com rigor=${consulta.rigor}. Ordem: cd_regulator crescente.`;
}

type MultiploUsado = z.output<typeof MultiploUsadoSchema>;
const multiplosValidados = {
  pl: new WeakMap<object, MultiploUsado>(),
  pl_ttm: new WeakMap<object, MultiploUsado>(),
};

/**
 * A P/L used by a filter, validated by MultiploUsadoSchema once per value read: everything in it
 * (value, dates, accepted flags) comes from the snapshot object it was read from, whatever the query.
 */
function multiploUsado(nome: 'pl' | 'pl_ttm', pl: PlDaLinha | null, m: MultiploUsado): MultiploUsado {
  if (pl === null) return MultiploUsadoSchema.parse(m);
  const pronto = multiplosValidados[nome].get(pl.fonte);
  if (pronto !== undefined) return pronto;
  const validado = MultiploUsadoSchema.parse(m);
  multiplosValidados[nome].set(pl.fonte, validado);
  return validado;
}

const empresasValidadas = new WeakMap<ScreenerSnapshotLinha, ScreenerEmpresa>();

/**
 * A row's company in an answer without `multiplos` (its unflagged indicator values, in
 * NOMES_INDICADORES order), validated by ScreenerEmpresaSchema once per row: a query only adds the
 * P/Ls it used. Shared between answers, like the remembered answers themselves: read-only.
 */
function empresaDaLinha(l: ScreenerSnapshotLinha, ticker: string): ScreenerEmpresa {
  const pronta = empresasValidadas.get(l);
  if (pronta !== undefined) return pronta;
  const indicadores: Partial<Record<NomeIndicador, number>> = {};
  for (const nome of NOMES_INDICADORES) {
    const v = l.indicadores[nome];
    if (typeof v === 'number' && l.flags_indicadores[nome] == null) indicadores[nome] = v;
  }
  const empresa = ScreenerEmpresaSchema.parse({
    cd_regulator: l.cd_regulator,
    ano: l.ano,
    indicadores,
    disponivel_em: l.disponivel_em,
    nome: l.nome,
    ticker,
  });
  empresasValidadas.set(l, empresa);
  return empresa;
}

export interface Execucao {
  resultado: ScreenerResultado;
  fora_do_filtro?: ScreenerResposta['fora_do_filtro'];
}

/** Runs a parsed `/screener` query over the published snapshot. Never computes a number: it only compares. */
export function executarScreener(snapshot: ScreenerSnapshot, consulta: ScreenerConsulta): Execucao {
  const gravidade = new Map(snapshot.classificacao_flags_pl.map((c) => [c.flag, c.gravidade]));
  const porIndicador = new Map<string, Filtro[]>();
  for (const f of consulta.filtros)
    porIndicador.set(f.indicador, [...(porIndicador.get(f.indicador) ?? []), f]);
  const comPl = porIndicador.has('pl') || porIndicador.has('pl_ttm');
  const porMotivo: Record<string, number> = {};
  let fora = 0;
  const aprovadas: { l: ScreenerSnapshotLinha; ticker: string; multiplos: ScreenerEmpresa['multiplos'] }[] =
    [];

  for (const l of linhasDaConsulta(snapshot, consulta)) {
    let passa = true;
    for (const [nome, filtros] of porIndicador) {
      if (!NOMES.has(nome)) continue;
      const v = l.indicadores[nome];
      if (v === undefined || v === null || l.flags_indicadores[nome] != null || !dentro(v, filtros)) {
        passa = false;
        break;
      }
    }
    let multiplos: ScreenerEmpresa['multiplos'];
    if (passa && comPl) {
      const usados: NonNullable<ScreenerEmpresa['multiplos']> = {};
      for (const nome of ['pl', 'pl_ttm'] as const) {
        const filtros = porIndicador.get(nome);
        if (filtros === undefined) continue;
        const ttm = nome === 'pl_ttm' ? plTtm(snapshot, l, consulta.as_of) : null;
        const alvo = nome === 'pl' ? plAnual(l) : ttm;
        const r: AvaliacaoPl =
          alvo === null ? { ok: false, motivo: 'sem_itr' } : avaliarPl(alvo, consulta, gravidade);
        if (!r.ok) {
          fora++;
          porMotivo[r.motivo] = (porMotivo[r.motivo] ?? 0) + 1;
          passa = false;
          break;
        }
        const dtReceb = nome === 'pl' ? l.dt_receb : (ttm?.dt_receb ?? null);
        const dataPreco = alvo?.data_preco ?? null;
        if (!dentro(r.valor, filtros) || dtReceb === null || dataPreco === null) {
          passa = false;
          break;
        }
        usados[nome] = multiploUsado(nome, alvo, {
          valor: r.valor,
          dt_receb: dtReceb,
          data_preco: dataPreco,
          ressalvas: r.ressalvas,
        });
      }
      if (passa) multiplos = usados;
    }
    if (!passa || l.ticker === null) continue;
    aprovadas.push({ l, ticker: l.ticker, multiplos });
  }

  // Only the page is built and validated: each company's part once per row (empresaDaLinha), the P/Ls
  // used per query, the rest of the answer here; empresas.length <= total holds by the slice.
  const empresas = aprovadas.slice(0, consulta.limite).map(({ l, ticker, multiplos }) => {
    const empresa = empresaDaLinha(l, ticker);
    return multiplos === undefined ? empresa : { ...empresa, multiplos };
  });
  // Parsed with no companies, then given them in place: the keys keep the schema's order.
  const resultado: ScreenerResultado = {
    ...ScreenerResultadoSchema.parse({
      total: aprovadas.length,
      filtros: consulta.filtros,
      empresas: [],
      nota: NOTA_SCREENER,
      ...(consulta.as_of === undefined ? {} : { as_of: consulta.as_of }),
      criterio: criterio(consulta),
      limite_conhecido: LIMITE_CONHECIDO,
    }),
    empresas,
  };
  return comPl
    ? { resultado, fora_do_filtro: { n: fora, por_motivo: porMotivo, resumo: resumo(fora, porMotivo) } }
    : { resultado };
}

/**
 * The `/screener` answer (ScreenerRespostaSchema) of an execution and its receipt summary, if any.
 * `resultado` was validated by ScreenerResultadoSchema when it was computed (and is remembered so):
 * only the parts added here are parsed, and the keys are put in the schema's order (resultado's, then
 * recibo, then fora_do_filtro), the same bytes a parse of the whole gives, without validating a page
 * of up to 1,000 companies again on every call.
 */
export function respostaDoScreener(
  e: Execucao,
  recibo?: z.input<typeof ReciboResumoSchema>,
): ScreenerResposta {
  return {
    ...e.resultado,
    ...(recibo === undefined ? {} : { recibo: ReciboResumoSchema.parse(recibo) }),
    ...(e.fora_do_filtro === undefined ? {} : { fora_do_filtro: ForaDoFiltroSchema.parse(e.fora_do_filtro) }),
  };
}

/** Answers kept per snapshot: a few hundred distinct queries, least recently used out. */
const MAX_CONSULTAS_POR_SNAPSHOT = 256;
const porSnapshot = new WeakMap<ScreenerSnapshot, Map<string, Execucao>>();

/**
 * `executarScreener`, remembered per snapshot and query. An answer depends only on those two (no clock,
 * no key), and the isolate keeps one parsed snapshot per content hash (artefatos.ts), so a new build is
 * a new object with an empty memory: nothing to invalidate. The answer objects are shared: read-only.
 */
export function executarScreenerLembrado(snapshot: ScreenerSnapshot, consulta: ScreenerConsulta): Execucao {
  let memoria = porSnapshot.get(snapshot);
  if (memoria === undefined) {
    memoria = new Map();
    porSnapshot.set(snapshot, memoria);
  }
  const chave = JSON.stringify(consulta);
  const achada = memoria.get(chave);
  if (achada !== undefined) {
    memoria.delete(chave);
    memoria.set(chave, achada);
    return achada;
  }
  const e = executarScreener(snapshot, consulta);
  memoria.set(chave, e);
  if (memoria.size > MAX_CONSULTAS_POR_SNAPSHOT) {
    const maisAntiga = memoria.keys().next().value;
    if (maisAntiga !== undefined) memoria.delete(maisAntiga);
  }
  return e;
}
