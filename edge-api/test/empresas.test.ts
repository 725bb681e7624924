import { describe, expect, it } from 'vitest';
import { erro, get, novaChave, RECURSOS_COM_CHAVE } from './ajuda.ts';
import { VERSAO_FIXTURE } from './fixture-infra.ts';

// Infrastructure tests over the hand-made fixture build (test/fixture-infra.ts): no financial numbers.
const marcador = (recurso: string) => ({ fixture: 'feita-aqui-sem-numeros', recurso });

describe('/empresas', () => {
  it('lists companies from json/empresas.json, never publicly cached', async () => {
    const res = await get('/empresas');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(marcador('empresas'));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('company index is open and resolves the code through json/tickers.json', async () => {
    const res = await get('/empresas/tste3');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(marcador('index'));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-versao-do-dado')).toBe(VERSAO_FIXTURE);
  });

  it('an old trading code answers 301 to the current code, keeping the rest of the path and query', async () => {
    const res = await get('/empresas/TSTE4/fatos?trimestral=true', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/empresas/TSTE3/fatos?trimestral=true');
  });

  it('unknown company → 404 in the error shape', async () => {
    const e = await erro(await get('/empresas/ZZZZ3'), 404);
    expect(e.codigo).toBe('nao_encontrado');
    expect(e.mensagem).toContain('ZZZZ3');
  });

  it('a resource the manifest does not list → 404 recurso_nao_publicado', async () => {
    const e = await erro(await get('/empresas/TSTE3/veredito'), 404);
    expect(e.codigo).toBe('recurso_nao_publicado');
    expect(e.mensagem).toContain(VERSAO_FIXTURE);
  });

  it('key routes without a key → 401 with the link to /chave-gratis', async () => {
    for (const r of RECURSOS_COM_CHAVE) {
      const e = await erro(await get(`/empresas/TSTE3/${r}`), 401);
      expect(e.codigo).toBe('chave_necessaria');
      expect(e.como_obter_chave).toBe('https://api.test/chave-gratis');
      expect(e.degustacao_aberta).toEqual(['BOVA11', 'MXRF11', 'WEGE3']);
    }
  });

  it('trial ticker WEGE3 answers key routes without a key', async () => {
    const res = await get('/empresas/WEGE3/indicadores');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(marcador('indicadores'));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Listed as trial, but this resource is not in the build: the trial passes auth, then 404.
    expect((await erro(await get('/empresas/wege3/multiplos'), 404)).codigo).toBe('recurso_nao_publicado');
  });

  it('with a key: resources, fatos?trimestral, indicator and lineage routes', async () => {
    const h = { 'X-API-Key': await novaChave('free') };
    const casos: [string, string][] = [
      ['/empresas/TSTE3/indicadores', 'indicadores'],
      ['/empresas/TSTE3/fatos', 'fatos'],
      ['/empresas/TSTE3/fatos?trimestral=false', 'fatos'],
      ['/empresas/TSTE3/fatos?trimestral=true', 'fatos_trimestrais'],
      ['/empresas/TSTE3/indicadores/roe', 'indicadores/roe'],
      ['/empresas/TSTE3/linhagem/2023/roe', 'linhagem/2023/roe'],
    ];
    for (const [caminho, recurso] of casos) {
      const res = await get(caminho, h);
      expect(res.status, caminho).toBe(200);
      expect(await res.json()).toEqual(marcador(recurso));
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-ratelimit-limit')).toBe(caminho.includes('linhagem') ? null : '200');
    }
  });

  it('invalid path and query parameters → 422 listing each parameter', async () => {
    const h = { 'X-API-Key': await novaChave('free') };
    const tickerRuim = await erro(await get('/empresas/AB', h), 422);
    expect(tickerRuim.parametros).toEqual([
      { local: 'path', nome: 'ticker', mensagem: expect.any(String), tipo: 'invalid_format' },
    ]);
    const nomeRuim = await erro(await get('/empresas/TSTE3/indicadores/lucro', h), 422);
    expect(nomeRuim.parametros?.map((p) => [p.local, p.nome, p.tipo])).toEqual([
      ['path', 'nome', 'invalid_value'],
    ]);
    const linhagem = await erro(await get('/empresas/TSTE3/linhagem/23/xyz', h), 422);
    expect(linhagem.parametros?.map((p) => p.nome).sort()).toEqual(['ano', 'indicador']);
    const query = await erro(await get('/empresas/TSTE3/fatos?trimestral=sim&extra=1', h), 422);
    expect(query.parametros?.map((p) => [p.local, p.nome]).sort()).toEqual([
      ['query', 'extra'],
      ['query', 'trimestral'],
    ]);
  });

  it('a malformed key header → 422 (header); a well-formed unknown key → 401', async () => {
    const malformada = await erro(await get('/empresas/TSTE3', { 'X-API-Key': 'abc' }), 422);
    expect(malformada.parametros).toEqual([
      { local: 'header', nome: 'x-api-key', mensagem: expect.any(String), tipo: 'invalid_format' },
    ]);
    const desconhecida = `fbr_${'0'.repeat(16)}_${'0'.repeat(48)}`;
    const e = await erro(await get('/empresas/TSTE3', { 'X-API-Key': desconhecida }), 401);
    expect(e.codigo).toBe('chave_invalida');
  });
});
