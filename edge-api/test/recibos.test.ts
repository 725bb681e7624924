import { env } from 'cloudflare:test';
import { ReciboSchema, sha256DoResultado } from '@fundamentos/schemas/recibo';
import type { ScreenerResultado } from '@fundamentos/schemas/screener';
import { beforeAll, describe, expect, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';
import { VERSAO_FIXTURE } from './fixture-infra.ts';

// RECEIPT MADE HERE for the infrastructure: an empty screener answer (no filter, no company, no number).
const resultado: ScreenerResultado = {
  total: 0,
  filtros: [],
  empresas: [],
  nota: 'fixture feita aqui',
  criterio: 'fixture feita aqui',
  limite_conhecido: 'fixture feita aqui',
};
const ID = 'fixture-vazio';

beforeAll(async () => {
  const guardado = {
    id: ID,
    criado_em: '2026-11-20T10:00:00-03:00',
    versao_do_dado: '2026-11-20-fixture-infra|1',
    consulta: { ano: null, as_of: null, filtros: [], limite: 100 },
    resultado,
    sha256: await sha256DoResultado(resultado),
    como_conferir: 'fixture feita aqui',
    versao_legivel: `/recibo/${ID}`,
    nota: 'fixture feita aqui',
  };
  await env.RECIBOS.put(`recibos/${ID}.json`, JSON.stringify(guardado));
});

describe('/recibo', () => {
  it('/recibo/{id}.json: frozen receipt plus the live version, publicly cacheable without a key', async () => {
    const res = await get(`/recibo/${ID}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const r = ReciboSchema.parse(await res.json());
    expect(r.versao_do_dado).toBe('2026-11-20-fixture-infra|1');
    expect(r.versao_do_dado_hoje).toBe(VERSAO_FIXTURE);
    expect(r.sha256).toBe(await sha256DoResultado(resultado));
  });

  it('the same answer with a key is never publicly cacheable', async () => {
    const res = await get(`/recibo/${ID}.json`, { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('/recibo/{rid}: JSON by default, a noindex page when Accept asks text/html', async () => {
    const json = await get(`/recibo/${ID}`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('x-robots-tag')).toBe('noindex');
    expect(json.headers.get('cache-control')).toBe('private, no-store');
    const pagina = await get(`/recibo/${ID}`, { Accept: 'text/html' });
    expect(pagina.headers.get('content-type')).toMatch(/^text\/html/);
    expect(pagina.headers.get('x-robots-tag')).toBe('noindex');
    const html = await pagina.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain(`<h1>Recibo ${ID}</h1>`);
    expect(html).toContain(`<code>${await sha256DoResultado(resultado)}</code>`);
    expect(html).toContain(`<a href="/recibo/${ID}.json" type="application/json">JSON</a>`);
    // The one layout: the site header and footer, the footer showing the live data version.
    expect(html).toContain('<header class="topo">');
    expect(html).toContain(`<code data-versao-do-dado>${VERSAO_FIXTURE}</code>`);
  });

  it('/recibo/{rid} page in English: with lang=en, Accept-Language, or at /en/recibo/{rid}', async () => {
    const variantes: [string, Record<string, string>][] = [
      [`/recibo/${ID}?lang=en`, { Accept: 'text/html' }],
      [`/recibo/${ID}`, { Accept: 'text/html', 'Accept-Language': 'en-US,en;q=0.9' }],
      [`/en/recibo/${ID}`, { Accept: 'text/html' }],
    ];
    for (const [caminho, h] of variantes) {
      const res = await get(caminho, h);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-language')).toBe('en');
      const html = await res.text();
      expect(html).toContain(`<h1>Receipt ${ID}</h1>`);
      expect(html).toContain(`href="/recibo/${ID}?lang=pt"`);
    }
  });

  it('unknown receipt → 404 (not cached); malformed id → 422', async () => {
    const res = await get('/recibo/nao-existe.json');
    expect((await erro(res, 404)).codigo).toBe('nao_encontrado');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const e = await erro(await get('/recibo/a.b.json'), 422);
    expect(e.parametros?.[0]).toMatchObject({ local: 'path', nome: 'arquivo' });
  });
});
