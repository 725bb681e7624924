/** ISO 8601 weeks as `YYYY-WW` (Monday to Sunday, week 1 holds the year's first Thursday), in UTC. */

const DIA = 86_400_000;

function inicioDoDia(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Monday 00:00 UTC of the ISO week holding `d`. */
function segunda(d: Date): number {
  const dia = (new Date(inicioDoDia(d)).getUTCDay() + 6) % 7; // Monday = 0
  return inicioDoDia(d) - dia * DIA;
}

export function semanaIso(d: Date): string {
  const quinta = new Date(segunda(d) + 3 * DIA);
  const ano = quinta.getUTCFullYear();
  const semana = Math.floor((quinta.getTime() - Date.UTC(ano, 0, 1)) / (7 * DIA)) + 1;
  return `${ano}-${String(semana).padStart(2, '0')}`;
}

/** First and last day (`YYYY-MM-DD`) of an ISO week, or null when `semana` is not one. */
export function diasDaSemana(semana: string): { de: string; ate: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(semana);
  if (!m) return null;
  const ano = Number(m[1]);
  const n = Number(m[2]);
  // The week holding 4 January is week 1.
  const inicio = segunda(new Date(Date.UTC(ano, 0, 4))) + (n - 1) * 7 * DIA;
  if (n < 1 || semanaIso(new Date(inicio)) !== semana) return null;
  const dia = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { de: dia(inicio), ate: dia(inicio + 6 * DIA) };
}

/** The last ISO week that has ended at `agora` (the one before the current week). */
export function semanaFechada(agora: Date): string {
  return semanaIso(new Date(segunda(agora) - DIA));
}
