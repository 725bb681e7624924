import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { VereditoSchema } from '@fundamentos/schemas/veredito';
import { describe, expect, it } from 'vitest';
import { erro, get } from './ajuda.ts';
import { amostraSemeada, bytesDaAmostra } from './amostra-semeada.ts';

// The real sample build (test/amostra-build.ts): ELETROBRAS (CD_CVM 2437, main code ELET3, live classes
// ELET5/ELET6 in its FCA) has indicators, so the pipeline published its verdict; WEG (5410) has none.
const amostra = amostraSemeada();
const manifesto = ManifestSchema.parse(JSON.parse(atob(amostra.arquivos['manifest.json'] ?? '')));
const CAMINHO = 'json/empresas/2437/veredito.json';
const bytes = bytesDaAmostra(amostra, CAMINHO);
const artefato = VereditoSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));

async function sha256(res: Response): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', await res.arrayBuffer()));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

describe('GET /empresas/{ticker}/veredito (real sample)', () => {
  it('is open: answers without a key the stored bytes, never publicly cached', async () => {
    const res = await get('/empresas/ELET3/veredito');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-versao-do-dado')).toBe(manifesto.versao_do_dado);
    const entrada = manifesto.artefatos.find((a) => a.path === CAMINHO);
    expect(entrada).toBeDefined();
    expect(await sha256(res.clone())).toBe(entrada?.sha256);
    const v = VereditoSchema.parse(await res.json());
    expect(v).toEqual(artefato);
    expect(v.empresa).toMatchObject({ cd_regulator: 2437, ticker: 'ELET3', pedido: 'ELET3' });
    expect(v.versao_do_dado).toBe(manifesto.versao_do_dado);
  });

  it('a lower-case code answers the same verdict', async () => {
    const res = await get('/empresas/elet3/veredito');
    expect(res.status).toBe(200);
    expect(VereditoSchema.parse(await res.json()).empresa.ticker).toBe('ELET3');
  });

  // ELET5 and ELET6 are live classes beside ELET3 (in the company's latest FCA without an end date,
  // json/tickers.json `vigente`): issue 13 — a live class is not an old code, it answers for the company.
  it('another live class answers the same verdict, not a 301', async () => {
    for (const classe of ['ELET5', 'ELET6']) {
      const res = await get(`/empresas/${classe}/veredito`);
      expect(res.status, classe).toBe(200);
      expect(VereditoSchema.parse(await res.json()).empresa.ticker).toBe('ELET3');
    }
  });

  it('a code no longer traded answers 301 to the current one, like the other company routes', async () => {
    const { codigoAntigo, codigoAtual } = amostra;
    const res = await get(`/empresas/${codigoAntigo}/veredito`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/empresas/${codigoAtual}/veredito`);
  });

  it('a company without indicators has no verdict (404 recurso_nao_publicado); an unknown code 404', async () => {
    expect(manifesto.artefatos.some((a) => a.path === 'json/empresas/5410/veredito.json')).toBe(false);
    const e = await erro(await get('/empresas/WEGE3/veredito'), 404);
    expect(e.codigo).toBe('recurso_nao_publicado');
    expect((await erro(await get('/empresas/ZZZZ3/veredito'), 404)).codigo).toBe('nao_encontrado');
  });

  it('the OpenAPI document lists the route as open, answering the verdict schema', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, { get?: Record<string, unknown> }>;
      components: { schemas: Record<string, unknown> };
    };
    const op = doc.paths['/empresas/{ticker}/veredito']?.get;
    expect(op?.['x-acesso']).toBe('aberta');
    expect(op?.security).toEqual([]);
    expect(JSON.stringify(op?.responses)).toContain('#/components/schemas/veredito');
    // generated from schemas/src/veredito.ts: the comparison's percentile is there
    expect(JSON.stringify(doc.components.schemas.veredito)).toContain('percentil');
  });
});
