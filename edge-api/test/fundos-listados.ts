import { expect, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';

/** What a listed fund's JSON route (/etfs, /fiis) answers only when asked for JSON. */
export const JSON_ACCEPT = { Accept: 'application/json' };

/**
 * The two answers every listed-fund route shares (/etfs/{ticker}, /fiis/{ticker}): an unknown code asked
 * as JSON is a 404 naming it (with a key) and a bad code a 422; without Accept: application/json the
 * route steps aside for the page layer and asks no key. `codigo` is a fund of the sample, `artefato` its
 * JSON in the build.
 */
export function respostasDeFundoListado(rota: '/etfs' | '/fiis', codigo: string, artefato: Uint8Array): void {
  it('an unknown code asked as JSON is a 404 naming it (with a key), a bad code a 422', async () => {
    const chave = await novaChave('free');
    const e = await erro(await get(`${rota}/PETR4`, { ...JSON_ACCEPT, 'X-API-Key': chave }), 404);
    expect(e.mensagem).toContain('PETR4');
    await erro(await get(`${rota}/ab`, JSON_ACCEPT), 422);
  });

  it('without Accept: application/json the route steps aside for the page layer (no key asked)', async () => {
    const variantes: Record<string, string>[] = [{}, { Accept: '*/*' }, { Accept: 'text/html' }];
    for (const cab of variantes) {
      const res = await get(`${rota}/${codigo}`, cab);
      expect(res.status).not.toBe(401);
      expect(new Uint8Array(await res.arrayBuffer())).not.toEqual(artefato);
    }
  });
}
