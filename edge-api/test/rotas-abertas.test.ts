import { InfoSchema } from '@fundamentos/schemas/info';
import { SaudeSchema } from '@fundamentos/schemas/saude';
import { describe, expect, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';
import { VERSAO_FIXTURE } from './fixture-infra.ts';

// Infrastructure tests over the hand-made fixture build (test/fixture-infra.ts): no financial numbers.
describe('open routes', () => {
  it('/saude answers the live data version', async () => {
    const res = await get('/saude');
    expect(res.status).toBe(200);
    const corpo = SaudeSchema.parse(await res.json());
    expect(corpo.ok).toBe(true);
    expect(corpo.versao_do_dado).toBe(VERSAO_FIXTURE);
    expect(corpo.construido_em).toBe('2026-11-22T03:00:00-03:00');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('/info lists plans, trial tickers and maxima', async () => {
    const res = await get('/info');
    expect(res.status).toBe(200);
    const corpo = InfoSchema.parse(await res.json());
    expect(corpo.versao_do_dado).toBe(VERSAO_FIXTURE);
    expect(corpo.planos.map((p) => [p.plano, p.chamadas_por_dia])).toEqual([
      ['gratis', 200],
      ['pro', 10000],
    ]);
    expect(corpo.planos[0]?.como_obter).toBe('https://api.test/chave-gratis');
    expect(corpo.degustacao_aberta).toEqual(['BOVA11', 'MXRF11', 'WEGE3']);
    expect(corpo.versao_api).toBe('0.1.0');
    expect(corpo.rotas.find((r) => r.caminho === '/dump/{conjunto}.csv')?.acesso).toBe('pro');
  });

  it('/dicionario streams the published artefact with its sha256 as ETag', async () => {
    const res = await get('/dicionario');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('x-versao-do-dado')).toBe(VERSAO_FIXTURE);
    expect(await res.json()).toEqual({ fixture: 'feita-aqui-sem-numeros', recurso: 'dicionario' });
  });

  it('/auditoria/universo is text/plain', async () => {
    const res = await get('/auditoria/universo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('900001|2023|roe\n');
  });

  it('open routes still answer with a valid key, but never publicly cacheable', async () => {
    const res = await get('/saude', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('an unknown route is a 404 in the error shape', async () => {
    const e = await erro(await get('/nao-existe'), 404);
    expect(e.codigo).toBe('nao_encontrado');
  });
});
