import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { erro, get } from './ajuda.ts';

// Storage is isolated per test file, so breaking current.json here does not touch the other files.
describe('server-side failures', () => {
  it('a malformed current.json is a 500 in the error shape, carrying the request id', async () => {
    await env.ARTEFATOS.put('current.json', JSON.stringify({ versao_do_dado: 'sem-formato', prefixo: 'x' }));
    const res = await get('/saude');
    const e = await erro(res, 500);
    expect(e.codigo).toBe('erro_interno');
    expect(e.mensagem).toContain(e.id_requisicao);
  });

  it('no published build at all is a 503 sem_dados_publicados', async () => {
    await env.ARTEFATOS.delete('current.json');
    expect((await erro(await get('/saude'), 503)).codigo).toBe('sem_dados_publicados');
    expect((await erro(await get('/empresas/TSTE3'), 503)).codigo).toBe('sem_dados_publicados');
  });
});
