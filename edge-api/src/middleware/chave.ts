import { createMiddleware } from 'hono/factory';
import { idDaChave, sha256Hex } from '../chave-formato.ts';
import { ErroApi, parametrosInvalidos } from '../erro-api.ts';
import type { AppEnv, ChaveValida } from '../tipos.ts';

const encoder = new TextEncoder();

interface LinhaDaChave {
  hash_sha256: string;
  plano: 'free' | 'pro';
  revogada_em: string | null;
}

/**
 * Keys D1 accepted, by the key's sha256, for CHAVE_TTL_MS (docs/architecture.md, "Caches in the worker"):
 * a revoked key still passes in an isolate that saw it valid for at most that long. Unknown and revoked
 * keys are not kept, so a new key works at once. Quotas are not cached: each call still costs one unit
 * in the key's Durable Object.
 */
const CHAVE_TTL_MS = 60_000;
const validas = new Map<string, { valida: ChaveValida; ate: number }>();
const MAX_VALIDAS = 10_000;

/** Drops keys revoked by this worker (a cancelled subscription) from this isolate's cache at once. */
export function esquecerChaves(ids: readonly string[]): void {
  if (ids.length === 0) return;
  for (const [hash, { valida }] of validas) if (ids.includes(valida.id)) validas.delete(hash);
}

async function verificar(db: D1Database, chave: string): Promise<ChaveValida | null> {
  const id = idDaChave(chave);
  if (id === null) return null;
  const hashDaChave = await sha256Hex(chave);
  const guardada = validas.get(hashDaChave);
  if (guardada && Date.now() < guardada.ate) return guardada.valida;
  validas.delete(hashDaChave);
  const valida = await verificarNoD1(db, id, hashDaChave);
  if (valida !== null) {
    if (validas.size >= MAX_VALIDAS) validas.clear();
    validas.set(hashDaChave, { valida, ate: Date.now() + CHAVE_TTL_MS });
  }
  return valida;
}

async function verificarNoD1(db: D1Database, id: string, hash: string): Promise<ChaveValida | null> {
  const linha = await db
    .prepare('SELECT hash_sha256, plano, revogada_em FROM chaves WHERE id = ?1')
    .bind(id)
    .first<LinhaDaChave>();
  // The key was hashed before the lookup, so unknown and known ids cost the same.
  const guardado = linha?.hash_sha256 ?? '0'.repeat(64);
  const iguais = crypto.subtle.timingSafeEqual(encoder.encode(hash), encoder.encode(guardado));
  if (!linha || !iguais || linha.revogada_em !== null) return null;
  return { id, plano: linha.plano };
}

/**
 * Reads `X-API-Key` on every route. Absent: anonymous. Malformed: 422 (header parameter).
 * Well-formed but unknown or revoked: 401, even on open routes, so a typo is never silently ignored.
 */
export const chave = createMiddleware<AppEnv>(async (c, next) => {
  const valor = c.req.header('x-api-key');
  if (valor === undefined) return next();
  if (idDaChave(valor) === null) {
    throw parametrosInvalidos([
      {
        local: 'header',
        nome: 'x-api-key',
        mensagem: 'formato esperado: fbr_<16 hex>_<48 hex>',
        tipo: 'invalid_format',
      },
    ]);
  }
  const valida = await verificar(c.env.DB, valor);
  if (valida === null) {
    throw new ErroApi(401, 'chave_invalida', 'Chave desconhecida ou revogada.', {
      como_obter_chave: new URL('/chave-gratis', c.req.url).toString(),
    });
  }
  c.set('chave', valida);
  return next();
});
