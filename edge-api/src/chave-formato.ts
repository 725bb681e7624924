/**
 * API key format, shared by the worker and the local CLI (Web Crypto only, so it runs in both).
 *
 * A key is `fbr_<id>_<segredo>`: `id` (16 hex) is the public half used to find the row, `segredo`
 * (48 hex = 192 random bits) never leaves the client. D1 stores only SHA-256(whole key), so a
 * database leak reveals no usable key, and the lookup by `id` never depends on the secret.
 */
export const FORMATO_DA_CHAVE = /^fbr_([0-9a-f]{16})_[0-9a-f]{48}$/;

export type Plano = 'free' | 'pro';

export const LIMITE_DIARIO: Record<Plano, number> = { free: 200, pro: 10_000 };

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(texto: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(texto));
  return hex(new Uint8Array(digest));
}

export interface ChaveNova {
  /** Shown once to its owner, never stored. */
  chave: string;
  id: string;
  hash_sha256: string;
}

export async function gerarChave(): Promise<ChaveNova> {
  const id = hex(crypto.getRandomValues(new Uint8Array(8)));
  const segredo = hex(crypto.getRandomValues(new Uint8Array(24)));
  const chave = `fbr_${id}_${segredo}`;
  return { chave, id, hash_sha256: await sha256Hex(chave) };
}

/** The id part of a well-formed key, or null. */
export function idDaChave(chave: string): string | null {
  return FORMATO_DA_CHAVE.exec(chave)?.[1] ?? null;
}

export const SQL_INSERIR_CHAVE =
  'INSERT INTO chaves (id, hash_sha256, plano, nome, origem, criada_em) VALUES (?1, ?2, ?3, ?4, ?5, ?6)';
