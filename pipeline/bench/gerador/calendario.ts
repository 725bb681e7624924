/**
 * Synthetic B3 session calendar: weekdays minus the holidays listed here. It follows B3's published
 * rules closely enough for a benchmark (Carnival, Good Friday and Corpus Christi move with Easter;
 * São Paulo city holidays closed the exchange until 2021; 20 November became national in 2024;
 * no session on 24 December nor on the last weekday of the year). It is not an official calendar.
 */
export const FERIADOS_DESCRITOS = [
  '01-01 Confraternização Universal',
  'Carnaval (segunda e terça, Páscoa − 48 e − 47 dias)',
  'Sexta-feira Santa (Páscoa − 2)',
  '04-21 Tiradentes',
  '05-01 Dia do Trabalho',
  'Corpus Christi (Páscoa + 60)',
  '09-07 Independência',
  '10-12 Nossa Senhora Aparecida',
  '11-02 Finados',
  '11-15 Proclamação da República',
  '11-20 Consciência Negra (municipal em São Paulo até 2021; nacional a partir de 2024)',
  '01-25 e 07-09 (feriados de São Paulo, bolsa fechada até 2021)',
  '12-24 (sem pregão)',
  'último dia útil do ano (sem pregão)',
] as const;

const DIA = 86_400_000;

export function isoDe(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function msDe(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

/** Gregorian Easter Sunday (anonymous algorithm), as UTC ms. */
function pascoa(ano: number): number {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(ano, mes - 1, dia);
}

export function feriados(ano: number): Set<string> {
  const p = pascoa(ano);
  const fixos = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-24'];
  if (ano <= 2021) fixos.push('01-25', '07-09', '11-20');
  if (ano >= 2024) fixos.push('11-20');
  const s = new Set(fixos.map((md) => `${ano}-${md}`));
  for (const delta of [-48, -47, -2, 60]) s.add(isoDe(p + delta * DIA));
  // The last weekday of December has no session.
  let fim = Date.UTC(ano, 11, 31);
  while ([0, 6].includes(new Date(fim).getUTCDay())) fim -= DIA;
  s.add(isoDe(fim));
  return s;
}

/** Trading sessions of a year, ISO dates in order. */
export function pregoes(ano: number): string[] {
  const fer = feriados(ano);
  const out: string[] = [];
  for (let t = Date.UTC(ano, 0, 1); t < Date.UTC(ano + 1, 0, 1); t += DIA) {
    const dow = new Date(t).getUTCDay();
    const iso = isoDe(t);
    if (dow !== 0 && dow !== 6 && !fer.has(iso)) out.push(iso);
  }
  return out;
}

export function somarDias(iso: string, dias: number): string {
  return isoDe(msDe(iso) + dias * DIA);
}
