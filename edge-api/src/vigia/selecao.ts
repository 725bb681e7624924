import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import {
  type ClasseEvento,
  type Evento,
  type EventoPublicado,
  ROTULOS_TIPO,
  TIPOS_POR_CLASSE,
  type VigiaEventos,
  type VigiaEventosArtefato,
  VigiaEventosSchema,
} from '@fundamentos/schemas/eventos';
import { strings } from '@fundamentos/ui/i18n/strings';
import type { z } from 'zod';
import { type Build, jsonDoCatalogo, tickersDe } from '../artefatos.ts';
import { ErroApi, naoEncontrado, parametrosInvalidos } from '../erro-api.ts';
import type { ConsultaEventosSchema } from '../rotas/declaracoes.ts';

/** The query of `GET /vigia/eventos` once validated (declared with the route, src/rotas/declaracoes.ts). */
export type ConsultaEventos = z.output<typeof ConsultaEventosSchema>;

/** The build's events, parsed once per isolate; a build without them has no watcher (404). */
export async function eventosDoBuild(bucket: R2Bucket, build: Build): Promise<VigiaEventosArtefato> {
  const a = await jsonDoCatalogo(bucket, build, ARTEFATOS.eventos);
  if (a === null)
    throw new ErroApi(
      404,
      'recurso_nao_publicado',
      `Eventos do vigia não publicados no build ${build.atual.versao_do_dado}.`,
    );
  return a;
}

/** A code as the watcher knows it: its current form (old company codes resolve) and its watcher. */
export interface CodigoResolvido {
  ticker: string;
  classe: ClasseEvento;
  nome: string | null;
}

/**
 * Resolves a trading code against the build's company codes (old ones too), REITs and ETFs; null when
 * the build knows none of them.
 */
export async function resolverCodigo(
  bucket: R2Bucket,
  build: Build,
  codigo: string,
): Promise<CodigoResolvido | null> {
  const c = codigo.toUpperCase();
  const [tickers, fiis, etfs] = await Promise.all([
    tickersDe(bucket, build),
    jsonDoCatalogo(bucket, build, ARTEFATOS.fiis),
    jsonDoCatalogo(bucket, build, ARTEFATOS.etfs),
  ]);
  const acao = tickers?.[c];
  if (acao) return { ticker: acao.ticker_atual, classe: 'empresas', nome: null };
  const fii = fiis?.fundos.find((f) => f.ticker === c);
  if (fii) return { ticker: c, classe: 'fiis', nome: fii.nome };
  const etf = etfs?.find((e) => e.ticker === c);
  if (etf) return { ticker: c, classe: 'etfs', nome: etf.nome };
  return null;
}

/** Kind → label for one watcher, in one language. */
export function rotulos(classe: ClasseEvento, lang: 'pt' | 'en'): Record<string, string> {
  return Object.fromEntries(TIPOS_POR_CLASSE[classe].map((t) => [t, ROTULOS_TIPO[t]?.[lang] ?? t]));
}

/** Counts per month (newest first) and kind, over every matching event. */
export function contadorMensal(
  eventos: readonly Pick<Evento, 'data' | 'tipo'>[],
): VigiaEventos['contador_mensal'] {
  const m = new Map<string, Record<string, number>>();
  for (const e of eventos) {
    const mes = e.data.slice(0, 7);
    const p = m.get(mes) ?? {};
    p[e.tipo] = (p[e.tipo] ?? 0) + 1;
    m.set(mes, p);
  }
  return [...m.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([mes, por_tipo]) => ({ mes, n: Object.values(por_tipo).reduce((s, n) => s + n, 0), por_tipo }));
}

/** Filters without paging: every event of a watcher that matches the query, newest first. */
export function filtrar(
  a: VigiaEventosArtefato,
  classe: ClasseEvento,
  f: { ticker?: string; tipo?: string; desde?: string },
): EventoPublicado[] {
  return a.eventos.filter(
    (e) =>
      e.classe === classe &&
      (f.ticker === undefined || e.ticker === f.ticker) &&
      (f.tipo === undefined || e.tipo === f.tipo) &&
      (f.desde === undefined || e.data >= f.desde),
  );
}

/** The answer's event: the published one without its watcher (the query names it). */
export function semClasse({ classe: _c, ...e }: EventoPublicado): Evento {
  return e;
}

/**
 * `GET /vigia/eventos`: the watcher of `classe` (absent = companies), filtered, newest first; `total`
 * counts every match, `mostrados` what `limite` lets through. An unknown code is 404; a code of another
 * watcher (a REIT asked without `classe=fiis`) is 422 on `classe`, since the answer would always be empty.
 */
export async function responderEventos(
  bucket: R2Bucket,
  build: Build,
  q: ConsultaEventos,
): Promise<VigiaEventos> {
  const a = await eventosDoBuild(bucket, build);
  const classe: ClasseEvento = q.classe ?? 'empresas';
  const lang = q.lang ?? 'pt';
  let ticker: string | undefined;
  if (q.ticker !== undefined) {
    const r = await resolverCodigo(bucket, build, q.ticker);
    if (r === null) throw naoEncontrado(`Código desconhecido neste build: ${q.ticker}.`);
    if (r.classe !== classe)
      throw parametrosInvalidos([
        {
          local: 'query',
          nome: 'classe',
          mensagem: `${q.ticker} é do vigia ${r.classe}: use ${r.classe === 'empresas' ? 'classe ausente' : `classe=${r.classe}`}`,
          tipo: 'custom',
        },
      ]);
    ticker = r.ticker;
  }
  const todos = filtrar(a, classe, { ticker, tipo: q.tipo, desde: q.desde });
  const eventos = todos.slice(0, q.limite).map(semClasse);
  return VigiaEventosSchema.parse({
    versao_do_dado: a.versao_do_dado,
    total: todos.length,
    mostrados: eventos.length,
    eventos,
    contador_mensal: contadorMensal(todos),
    tipos: rotulos(classe, lang),
    criterio: strings(lang).vigia.criterio,
    pagina: ticker === undefined ? '/vigia' : `/vigia/${ticker}`,
    metodologia: '/metodologia',
  });
}
