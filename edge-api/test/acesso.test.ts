import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITE_DIARIO } from '../src/chave-formato.ts';
import { protegidaDe } from '../src/middleware/acesso.ts';
import { BASE, erro, get, novaChave } from './ajuda.ts';

// The access middleware (src/middleware/acesso.ts) over the infrastructure fixture (test/fixture-infra.ts).
describe('access from the declarations', () => {
  it('finds the declaration of a request by method and template; open routes have none', () => {
    expect(protegidaDe('GET', '/empresas/TSTE3/indicadores/roe')?.parametros).toEqual({
      ticker: 'TSTE3',
      nome: 'roe',
    });
    expect(protegidaDe('HEAD', '/screener')?.declaracao.caminho).toBe('/screener');
    expect(protegidaDe('GET', '/dump/empresas.parquet')?.declaracao.acesso).toBe('pro');
    expect(protegidaDe('POST', '/portal')?.declaracao.sem_cota).toBe(true);
    for (const [m, p] of [
      ['GET', '/empresas'],
      ['GET', '/empresas/TSTE3'],
      ['GET', '/fiis/MXRF11/reapresentacoes'],
      ['POST', '/screener'],
      ['GET', '/en/empresas/TSTE3/indicadores'],
    ] as const)
      expect(protegidaDe(m, p), `${m} ${p}`).toBeNull();
  });

  it('a malformed keyed request is the 422 with or without a key, and costs no quota unit', async () => {
    const semChave = await erro(await get('/empresas/AB/indicadores'), 422);
    expect(semChave.parametros?.map((p) => p.nome)).toEqual(['ticker']);
    const h = { 'X-API-Key': await novaChave('free') };
    const r422 = await get('/empresas/TSTE3/indicadores/lucro', h);
    await erro(r422, 422);
    expect(r422.headers.get('x-ratelimit-remaining')).toBeNull();
    const ok = await get('/empresas/TSTE3/indicadores', h);
    expect(ok.status).toBe(200);
    await ok.body?.cancel();
    expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(LIMITE_DIARIO.free - 1));
  });

  it('without Accept: application/json a keyed address that is also a page is left to the page layer', async () => {
    const json = await erro(await get('/fiis/ZZZZ11', { Accept: 'application/json' }), 401);
    expect(json.codigo).toBe('chave_necessaria');
    const pagina = await get('/fiis/ZZZZ11', { Accept: 'text/html' });
    expect(pagina.status).not.toBe(401);
    await pagina.body?.cancel();
  });

  it('HEAD is held to the GET declaration; /portal is Pro but costs nothing', async () => {
    const head = await SELF.fetch(`${BASE}/screener`, { method: 'HEAD' });
    expect(head.status).toBe(401);
    const gratis = await SELF.fetch(`${BASE}/portal`, {
      method: 'POST',
      headers: { 'X-API-Key': await novaChave('free'), Accept: 'application/json' },
    });
    const e = await erro(gratis, 403);
    expect(e.mensagem).toBe('O portal do cliente é do plano Pro.');
    expect(gratis.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
