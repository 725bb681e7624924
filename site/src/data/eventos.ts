import { z } from 'zod';
import { type DataBuild, readArtefact } from './build.ts';

/** The watcher's events of a build (another mart, `json/vigia/eventos.json`); absent in older builds. */
export const CAMINHO_EVENTOS = 'json/vigia/eventos.json';

/**
 * Only the fields the home page shows, read through zod at the boundary (the full shape is the watcher's
 * `EventoSchema` plus `classe`); unknown fields are ignored so the page keeps working as the mart grows.
 */
const EventoLidoSchema = z.object({
  tipo: z.string().min(1),
  data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ticker: z.string().min(1),
  nome: z.string().min(1),
  texto: z.string().min(1),
  texto_en: z.string().min(1),
  classe: z.string().min(1).optional(),
});
const EventosLidosSchema = z.object({ versao_do_dado: z.string(), eventos: z.array(EventoLidoSchema) });
export type EventoLido = z.infer<typeof EventoLidoSchema>;

/** Newest first; null when the build published no events artefact (the home page then has no section). */
export function eventosRecentes(b: DataBuild, n: number): EventoLido[] | null {
  if (!b.byPath.has(CAMINHO_EVENTOS)) return null;
  const e = readArtefact(b, CAMINHO_EVENTOS, EventosLidosSchema);
  if (e === null) return null;
  return [...e.eventos]
    .sort((x, y) => y.data.localeCompare(x.data) || x.ticker.localeCompare(y.ticker))
    .slice(0, n);
}

/** Page of the asset an event is about: funds and ETFs have their own routes. */
export function caminhoDoEvento(e: EventoLido): string {
  const c = (e.classe ?? '').toLowerCase();
  if (c.includes('fii')) return `/fiis/${e.ticker}`;
  if (c.includes('etf')) return `/etfs/${e.ticker}`;
  return `/acoes/${e.ticker}`;
}
