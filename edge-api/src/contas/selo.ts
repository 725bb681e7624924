/**
 * HMAC-SHA256 with the worker's SEGREDO_CONTAS: the address hash used for lookups, the stateless
 * unsubscribe token, and the time stamp the follow form carries (Web Crypto only).
 */

const encoder = new TextEncoder();

function hex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function chaveHmac(segredo: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(segredo), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

export async function hmacHex(segredo: string, ...partes: string[]): Promise<string> {
  const assinatura = await crypto.subtle.sign(
    'HMAC',
    await chaveHmac(segredo),
    encoder.encode(partes.join('\n')),
  );
  return hex(assinatura);
}

/** Constant-time comparison of two hex strings of the same length. */
export function iguais(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  return x.length === y.length && crypto.subtle.timingSafeEqual(x, y);
}

/** Addresses are compared case-insensitively and without surrounding blanks. */
export function normalizarEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashDoEmail(segredo: string, email: string): Promise<string> {
  return hmacHex(segredo, 'email', normalizarEmail(email));
}

/** Random token (URL-safe hex) for single-use links. */
export function tokenAleatorio(bytes = 24): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** Unsubscribe token of one follow row: derived, never stored, valid as long as the row exists. */
export function tokenCancelar(segredo: string, id: string): Promise<string> {
  return hmacHex(segredo, 'cancelar', id);
}

/**
 * Time stamp of the follow form: `<unix seconds>.<hmac>`. The worker stamps it into the company page as it
 * serves it; a post is accepted only between MIN and MAX seconds after the stamp (a bot that posts at once,
 * or replays a stamp for days, is refused).
 */
export const CARIMBO_MIN_SEGUNDOS = 3;
export const CARIMBO_MAX_SEGUNDOS = 24 * 3600;

/** The last stamp made: every company page served in the same second gets the same one (no HMAC each). */
let ultimoCarimbo: { segredo: string; t: number; valor: Promise<string> } | null = null;

export function carimbar(segredo: string, agora: Date): Promise<string> {
  const t = Math.floor(agora.getTime() / 1000);
  if (ultimoCarimbo?.segredo === segredo && ultimoCarimbo.t === t) return ultimoCarimbo.valor;
  const valor = hmacHex(segredo, 'carimbo', String(t)).then((h) => `${t}.${h}`);
  ultimoCarimbo = { segredo, t, valor };
  return valor;
}

export type Carimbo = 'ok' | 'invalido' | 'cedo_demais' | 'vencido';

export async function conferirCarimbo(segredo: string, carimbo: string, agora: Date): Promise<Carimbo> {
  const m = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(carimbo);
  if (!m?.[1] || !m[2]) return 'invalido';
  if (!iguais(m[2], await hmacHex(segredo, 'carimbo', m[1]))) return 'invalido';
  const idade = agora.getTime() / 1000 - Number(m[1]);
  if (idade < CARIMBO_MIN_SEGUNDOS) return 'cedo_demais';
  if (idade > CARIMBO_MAX_SEGUNDOS) return 'vencido';
  return 'ok';
}
