import type { EventoPublicado } from '@fundamentos/schemas/eventos';
import type { DataBuild } from './build.ts';
import { todosEventos } from './vigia.ts';

export { caminhoDoEvento } from './vigia.ts';

/** The home page's newest `n` events of every watcher; null when the build published none (no section). */
export function ultimosEventos(b: DataBuild, n: number): EventoPublicado[] | null {
  return todosEventos(b)?.slice(0, n) ?? null;
}
