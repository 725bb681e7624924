import { env, SELF } from 'cloudflare:test';
import { ErroSchema } from '@fundamentos/schemas/erros';
import { expect } from 'vitest';
import { gerarChave, type Plano, SQL_INSERIR_CHAVE } from '../src/chave-formato.ts';

export const BASE = 'https://api.test';

/**
 * The company resources behind a key (open for trial tickers), as the tests expect them: written here, not
 * taken from the routes' declarations, so a route dropped from the worker fails the tests.
 */
export const RECURSOS_COM_CHAVE = [
  'indicadores',
  'multiplos',
  'dividendos',
  'reapresentacoes',
  'fatos',
  'scores',
  'trimestres',
] as const;

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

/** The one error shape carried by a refusal: the JSON body, or the page's embedded copy for a browser. */
export function corpoDoErro(contentType: string | null, texto: string): unknown {
  if (contentType?.startsWith('text/html')) {
    const m = /<script type="application\/json" id="erro-api">([^<]*)<\/script>/.exec(texto);
    if (!m?.[1]) throw new Error(`an error page without the embedded error shape:\n${texto.slice(0, 500)}`);
    return JSON.parse(m[1]);
  }
  return JSON.parse(texto);
}

/**
 * Asserts the one error shape and returns its body: JSON for API clients, and for a browser on a page
 * route a page in the shell that embeds the same shape (`#erro-api`).
 */
export async function erro(res: Response, status: number) {
  expect(res.status).toBe(status);
  const tipo = res.headers.get('content-type');
  expect(tipo).toMatch(/^(application\/json|text\/html)/);
  const corpo = ErroSchema.parse(corpoDoErro(tipo, await res.text()));
  expect(corpo.erro.status).toBe(status);
  expect(corpo.erro.id_requisicao).toBe(res.headers.get('x-request-id'));
  return corpo.erro;
}

/** Hex sha256 of an answer's body (to compare with the manifest's sha256 of the artefact served). */
export async function sha256DoCorpo(res: Response): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', await res.arrayBuffer()));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}
