import { DumpIndiceSchema } from '@fundamentos/schemas/dump';
import { describe, expect, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';

// Infrastructure tests over the hand-made fixture build (test/fixture-infra.ts): no financial numbers.
describe('/dump', () => {
  it('needs a key', async () => {
    expect((await erro(await get('/dump'), 401)).codigo).toBe('chave_necessaria');
  });

  it('lists the csv/parquet sets of the manifest with sizes', async () => {
    const res = await get('/dump', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    const corpo = DumpIndiceSchema.parse(await res.json());
    expect(corpo.conjuntos.map((c) => c.conjunto)).toEqual(['conjunto_teste']);
    // 'coluna\nfixture\n' is 15 bytes (fixture-infra.ts).
    expect(corpo.conjuntos[0]?.bytes).toBe(15);
    expect(corpo.conjuntos[0]?.colunas).toEqual(['coluna']);
    expect(corpo.conjuntos[0]?.url).toBe('https://api.test/dump/conjunto_teste.csv');
  });

  it('sets are Pro only: a free key gets 403 in the error shape', async () => {
    const e = await erro(
      await get('/dump/conjunto_teste.csv', { 'X-API-Key': await novaChave('free') }),
      403,
    );
    expect(e.codigo).toBe('plano_insuficiente');
  });

  it('a Pro key streams the CSV; unknown set 404; bad name 422', async () => {
    const h = { 'X-API-Key': await novaChave('pro') };
    const res = await get('/dump/conjunto_teste.csv', h);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="conjunto_teste.csv"');
    expect(await res.text()).toBe('coluna\nfixture\n');
    expect((await erro(await get('/dump/nada.csv', h), 404)).codigo).toBe('nao_encontrado');
    expect((await erro(await get('/dump/Nada.json', h), 422)).parametros?.[0]?.nome).toBe('arquivo');
  });
});
