/**
 * The daily quota window is the America/Sao_Paulo calendar day (the users' day, and the day the
 * data is published in). Brazil has had no daylight saving since 2019, but the offset is still
 * read from the time-zone database rather than hard-coded.
 */
const formato = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partes(agora: Date): Record<string, string> {
  const r: Record<string, string> = {};
  for (const p of formato.formatToParts(agora)) r[p.type] = p.value;
  return r;
}

/** `YYYY-MM-DD` of `agora` in Sao Paulo. */
export function diaEmSaoPaulo(agora: Date): string {
  const p = partes(agora);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Whole seconds from `agora` to the next Sao Paulo midnight, at least 1. */
export function segundosAteMeiaNoite(agora: Date): number {
  const p = partes(agora);
  const decorridos = Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second);
  return Math.max(1, 86_400 - decorridos);
}
