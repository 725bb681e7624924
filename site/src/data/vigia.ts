import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import type { EventoPublicado } from '@fundamentos/schemas/eventos';
import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';

/** Events per trading code, newest first; null when the build has no watcher artefact. */
const porCodigo = umaVezPorBuild((b): Map<string, EventoPublicado[]> | null => {
  const a = readArtefact(b, ARTEFATOS.eventos.caminho(), ARTEFATOS.eventos.schema);
  let m: Map<string, EventoPublicado[]> | null = null;
  if (a !== null) {
    m = new Map();
    for (const e of a.eventos) {
      const l = m.get(e.ticker) ?? [];
      l.push(e);
      m.set(e.ticker, l);
    }
  }
  return m;
});

/** The newest `n` events of one code (company, REIT or ETF); null when the build has no watcher. */
export function eventosRecentes(b: DataBuild, ticker: string, n: number): EventoPublicado[] | null {
  const m = porCodigo(b);
  return m === null ? null : (m.get(ticker) ?? []).slice(0, n);
}

/** Every event of the build, newest first as published; null when the build has no watcher artefact. */
export function todosEventos(b: DataBuild): EventoPublicado[] | null {
  const m = porCodigo(b);
  return m === null
    ? null
    : [...m.values()].flat().sort((x, y) => y.data.localeCompare(x.data) || x.ticker.localeCompare(y.ticker));
}

/** The watcher's page of the asset an event is about, by its class. */
export function caminhoDoEvento(e: Pick<EventoPublicado, 'classe' | 'ticker'>): string {
  return `/${e.classe === 'empresas' ? 'acoes' : e.classe}/${e.ticker}`;
}
