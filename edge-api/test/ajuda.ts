import { env, SELF } from 'cloudflare:test';
import { ErroSchema } from '@fundamentos/schemas/erros';
import { expect } from 'vitest';
import { gerarChave, type Plano, SQL_INSERIR_CHAVE } from '../src/chave-formato.ts';

export const BASE = 'https://api.test';

export function get(caminho: string, cabecalhos: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${caminho}`, { headers: cabecalhos, redirect: 'manual' });
}

/** A fresh key inserted straight into D1 (the POST route has its own test). */
export async function novaChave(plano: Plano): Promise<string> {
  const n = await gerarChave();
  await env.DB.prepare(SQL_INSERIR_CHAVE)
    .bind(n.id, n.hash_sha256, plano, 'teste', null, new Date().toISOString())
    .run();
  return n.chave;
}

/** Asserts the one error shape and returns its body. */
export async function erro(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const corpo = ErroSchema.parse(await res.json());
  expect(corpo.erro.status).toBe(status);
  expect(corpo.erro.id_requisicao).toBe(res.headers.get('x-request-id'));
  return corpo.erro;
}
