import { describe, expect, it } from 'vitest';
import { get } from './ajuda.ts';

// Infrastructure fixture (test/fixture-infra.ts, made here): TSTE3 is the main code of company 900001,
// TSTE4 a code no longer traded, TSTE5 a live class of the same company (`vigente: true`).
const marcador = (recurso: string) => ({ fixture: 'feita-aqui-sem-numeros', recurso });

describe('a live share class is not an old code', () => {
  it('its data routes answer for the company, where a code no longer traded answers 301', async () => {
    const viva = await get('/empresas/TSTE5');
    expect(viva.status).toBe(200);
    expect(await viva.json()).toEqual(marcador('index'));
    expect((await get('/empresas/TSTE4')).status).toBe(301);
  });

  it('its company pages are its own (no redirect); a code no longer traded goes to the main code', async () => {
    expect((await get('/acoes/TSTE5')).status).not.toBe(301);
    expect((await get('/acoes/TSTE5/margem')).status).not.toBe(301);
    const sub = await get('/acoes/TSTE4/margem');
    expect(sub.status).toBe(301);
    expect(sub.headers.get('location')).toBe('/acoes/TSTE3/margem?de=TSTE4');
    const minusculas = await get('/acoes/tste5');
    expect(minusculas.status).toBe(301);
    expect(minusculas.headers.get('location')).toBe('/acoes/TSTE5');
    const antigo = await get('/acoes/TSTE4');
    expect(antigo.headers.get('location')).toBe('/acoes/TSTE3?de=TSTE4');
  });
});
