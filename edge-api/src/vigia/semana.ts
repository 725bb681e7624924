import type { EventoPublicado } from '@fundamentos/schemas/eventos';

/** An ISO week as the pages and the weekly e-mail write it: `2024-07` (ISO year, two-digit week). */
export const PADRAO_SEMANA = /^(\d{4})-(\d{2})$/;

const DIA_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Monday of ISO week 1 of `ano`: the week that holds 4 January. */
function segundaDaSemana1(ano: number): number {
  const quatro = Date.UTC(ano, 0, 4);
  const dia = (new Date(quatro).getUTCDay() + 6) % 7; // 0 = Monday
  return quatro - dia * DIA_MS;
}

/** Weeks in an ISO year: 53 when 28 December falls in week 53, else 52. */
export function semanasNoAno(ano: number): number {
  return (segundaDaSemana1(ano + 1) - segundaDaSemana1(ano)) / (7 * DIA_MS);
}

/** The ISO week (`YYYY-WW`) a date `YYYY-MM-DD` falls in. */
export function semanaDe(data: string): string {
  const t = Date.parse(`${data}T00:00:00Z`);
  const ano = new Date(t).getUTCFullYear();
  let a = ano + 1;
  while (t < segundaDaSemana1(a)) a--;
  const n = Math.floor((t - segundaDaSemana1(a)) / (7 * DIA_MS)) + 1;
  return `${a}-${String(n).padStart(2, '0')}`;
}

/** Monday and Sunday of an ISO week, or null when the text is not a week that exists. */
export function diasDaSemana(semana: string): { de: string; ate: string } | null {
  const m = PADRAO_SEMANA.exec(semana);
  if (!m) return null;
  const ano = Number(m[1]);
  const n = Number(m[2]);
  if (ano < 1990 || n < 1 || n > semanasNoAno(ano)) return null;
  const de = segundaDaSemana1(ano) + (n - 1) * 7 * DIA_MS;
  return { de: iso(de), ate: iso(de + 6 * DIA_MS) };
}

/** The week before and after (`null` never: weeks roll over years). */
export function semanaVizinha(semana: string, passo: -1 | 1): string {
  const d = diasDaSemana(semana);
  if (d === null) throw new Error(`not an ISO week: ${semana}`);
  return semanaDe(iso(Date.parse(`${d.de}T00:00:00Z`) + passo * 7 * DIA_MS));
}

/** A week is closed once its Sunday is before `hoje` (a Sao Paulo date). */
export const semanaFechada = (semana: string, hoje: string): boolean => {
  const d = diasDaSemana(semana);
  return d !== null && d.ate < hoje;
};

/** The last ISO week that has ended at `agora` (the week before the current one): the weekly e-mail's. */
export function ultimaSemanaFechada(agora: Date): string {
  return semanaVizinha(semanaDe(iso(agora.getTime())), -1);
}

/**
 * The events of one ISO week, every watcher, in the artefact's order (newest first): what the page
 * `/vigia/semana/{YYYY-WW}` shows and what the weekly e-mail sends.
 */
export function eventosDaSemana<E extends Pick<EventoPublicado, 'data'>>(
  eventos: readonly E[],
  semana: string,
): E[] {
  const d = diasDaSemana(semana);
  if (d === null) throw new Error(`not an ISO week: ${semana}`);
  return eventos.filter((e) => e.data >= d.de && e.data <= d.ate);
}

/**
 * The weeks a page may index: from the week of the oldest event to the last closed week. Outside it
 * (or empty inside it) a week page is `noindex`. `eventos` newest first, as published.
 */
export function dentroDaJanela(
  semana: string,
  eventos: readonly Pick<EventoPublicado, 'data'>[],
  hoje: string,
): boolean {
  const d = diasDaSemana(semana);
  if (d === null || eventos.length === 0 || !semanaFechada(semana, hoje)) return false;
  // the artefact is newest first: its last event is the oldest
  const maisAntigo = eventos.at(-1)?.data ?? d.de;
  return d.ate >= maisAntigo;
}
