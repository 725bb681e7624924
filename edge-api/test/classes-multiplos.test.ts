import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { MultiplosDeClasseSchema, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { describe, expect, it } from 'vitest';
import { get, novaChave, sha256DoCorpo } from './ajuda.ts';
import { amostraSemeada } from './amostra-semeada.ts';

// The real sample build (test/amostra-build.ts). ELETROBRAS (cd 2437): ELET3 is the main code, ELET5 and
// ELET6 live classes; COTAHIST_D03022022.TXT line 333: ELET6 close 33.45; ELET5 has no standard-lot session.
const amostra = amostraSemeada();
const manifesto = ManifestSchema.parse(JSON.parse(atob(amostra.arquivos['manifest.json'] ?? '')));
const porCaminho = new Map(manifesto.artefatos.map((a) => [a.path, a]));

describe('/empresas/{classe}/multiplos for a live class', () => {
  it("ELET6 answers the company's multiples plus its own classe block, as published", async () => {
    const res = await get('/empresas/ELET6/multiplos', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    const caminho = ARTEFATOS.multiplos_classe.caminho({ cd: 2437, ticker: 'ELET6' });
    expect(await sha256DoCorpo(res.clone())).toBe(porCaminho.get(caminho)?.sha256);
    const corpo = MultiplosDeClasseSchema.parse(await res.json());
    expect(corpo.classe.ticker).toBe('ELET6');
    expect(corpo.classe.valuation?.preco).toBe(33.45);
  });

  it('ELET5 (no session of its own): null price with classe_sem_pregao', async () => {
    const res = await get('/empresas/ELET5/multiplos', { 'X-API-Key': await novaChave('free') });
    const corpo = MultiplosDeClasseSchema.parse(await res.json());
    expect(corpo.classe.valuation?.preco).toBeNull();
    expect(corpo.classe.valuation?.flag?.split(';')).toContain('classe_sem_pregao');
  });

  it('the main code ELET3 answers the company file byte for byte, without classe', async () => {
    const res = await get('/empresas/ELET3/multiplos', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    expect(await sha256DoCorpo(res.clone())).toBe(
      porCaminho.get('json/empresas/2437/multiplos.json')?.sha256,
    );
    expect('classe' in MultiplosSchema.parse(await res.json())).toBe(false);
  });

  it('other resources of a live class are the company’s (indicadores)', async () => {
    const res = await get('/empresas/ELET6/indicadores', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    expect(await sha256DoCorpo(res)).toBe(porCaminho.get('json/empresas/2437/indicadores.json')?.sha256);
  });
});
