import { SELF } from 'cloudflare:test';
import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { TickersSchema } from '@fundamentos/schemas/tickers';
import { describe, expect, it } from 'vitest';
import { BASE, erro, get, novaChave } from './ajuda.ts';
import { amostraSemeada } from './amostra-semeada.ts';

// Pages from the fixture site test/sitio (made here, no data) through the real ASSETS binding; the
// redirects read the real sample build's json/tickers.json and json/empresas.json.
const amostra = amostraSemeada();
const lerJson = (p: string): unknown =>
  JSON.parse(new TextDecoder().decode(bytes(amostra.arquivos[p] ?? '')));
function bytes(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}
const tickers = TickersSchema.parse(lerJson('json/tickers.json'));
const empresas = EmpresasListaSchema.parse(lerJson('json/empresas.json'));
// Another code of a company whose main code (json/empresas.json `ticker`) differs, found in the data.
const outraClasse = empresas
  .flatMap((e) => e.tickers.filter((t) => t !== e.ticker).map((t) => ({ de: t, para: e.ticker })))
  .sort((a, b) => a.de.localeCompare(b.de))[0];

describe('static files through the worker', () => {
  it('a page is served from ASSETS with the worker headers (request id, language, cache)', async () => {
    const res = await get('/auditoria');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.text()).toContain('data-fixture="/auditoria"');
  });

  it('content-hashed build files are immutable; ETag revalidation answers 304', async () => {
    const css = await get('/_astro/fixture.Bq3xA1.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = css.headers.get('etag');
    expect(etag).not.toBeNull();
    const de = await get('/_astro/fixture.Bq3xA1.css', { 'If-None-Match': etag ?? '' });
    expect(de.status).toBe(304);
    expect(de.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('a page asked with a key is never publicly cached; an unknown key is refused there too', async () => {
    const res = await get('/auditoria', { 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const invalida = await get('/auditoria', { 'X-API-Key': `fbr_${'0'.repeat(16)}_${'0'.repeat(48)}` });
    expect((await erro(invalida, 401)).codigo).toBe('chave_invalida');
  });

  it('a trailing slash goes to the canonical path; the English home is served at /en/', async () => {
    const res = await get('/perguntas/');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/perguntas');
    const home = await get('/en/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('data-fixture="/en/"');
  });
});

describe('unknown pages', () => {
  it('HTML clients get the site 404 page with status 404, not cached', async () => {
    for (const caminho of ['/nao-existe', '/en/nao-existe', '/auditoria/sementes-que-nao-existem']) {
      const res = await get(caminho, {
        Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // The site has no English 404 page, so the Portuguese one answers for /en/ too.
      expect(res.headers.get('content-language')).toBe('pt-BR');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('vary')).toContain('Accept');
      expect(await res.text()).toContain('data-fixture="/404"');
    }
  });

  it('JSON clients, curl (*/*) and clients without Accept get the API JSON 404', async () => {
    const variantes: Record<string, string>[] = [{ Accept: 'application/json' }, { Accept: '*/*' }, {}];
    for (const h of variantes) {
      const e = await erro(await get('/nao-existe', h), 404);
      expect(e.codigo).toBe('nao_encontrado');
      expect(e.mensagem).toBe('Rota desconhecida: GET /nao-existe.');
    }
    const e = await erro(await get('/nao-existe', { Accept: 'text/html;q=0.5, application/json' }), 404);
    expect(e.codigo).toBe('nao_encontrado');
  });
});

describe('page paths next to data routes', () => {
  it('/auditoria is a page while /auditoria/universo and /auditoria/random stay data routes', async () => {
    const universo = await get('/auditoria/universo', { Accept: 'text/html' });
    expect(universo.status).toBe(200);
    expect(universo.headers.get('content-type')).toMatch(/^text\/plain/);
    const menu = await get('/auditoria/random', { Accept: 'text/html' });
    expect(menu.status).toBe(200);
    expect(menu.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('GET /chave-gratis is the static form posting to the same origin; POST creates the key', async () => {
    const form = await get('/chave-gratis');
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<form method="post" action="/chave-gratis?lang=pt">');
    const post = await SELF.fetch(`${BASE}/chave-gratis?lang=pt`, { method: 'POST' });
    expect(post.status).toBe(200);
    expect(await post.text()).toMatch(/<code id="chave">fbr_[0-9a-f]{16}_[0-9a-f]{48}<\/code>/);
  });

  it('/fiis/{ticker} is the page for a browser and JSON when asked; both vary on Accept', async () => {
    const pagina = await get('/fiis/MXRF11', { Accept: 'text/html', 'Accept-Language': 'pt-BR' });
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain('data-fixture="/fiis/MXRF11"');
    expect(pagina.headers.get('vary')).toMatch(/\bAccept\b(?!-)/);
    const json = await get('/fiis/MXRF11', { Accept: 'application/json' });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('vary')).toMatch(/\bAccept\b(?!-)/);
  });

  it('other methods on a page path are the API 404', async () => {
    const e = await erro(await SELF.fetch(`${BASE}/auditoria`, { method: 'DELETE' }), 404);
    expect(e.codigo).toBe('nao_encontrado');
  });
});

describe('old codes and other classes (real sample build)', () => {
  it('/acoes/{old} → 301 to the current code with ?de=, before any language negotiation', async () => {
    const { codigoAntigo, codigoAtual } = amostra;
    expect(tickers[codigoAntigo]?.ticker_atual).toBe(codigoAtual);
    expect(codigoAntigo).not.toBe(codigoAtual);
    const res = await get(`/acoes/${codigoAntigo}`, { 'Accept-Language': 'en' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/acoes/${codigoAtual}?de=${codigoAntigo}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps the /en prefix, the tail of the path and the query (an old de= is replaced)', async () => {
    const { codigoAntigo, codigoAtual } = amostra;
    const res = await get(`/en/acoes/${codigoAntigo}/margem?janela=1a&de=X`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/en/acoes/${codigoAtual}/margem?janela=1a&de=${codigoAntigo}`);
  });

  it('a current code in lower case → 301 to upper case without de; the current code is not redirected', async () => {
    const { codigoAtual } = amostra;
    const res = await get(`/acoes/${codigoAtual.toLowerCase()}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/acoes/${codigoAtual}`);
    // No page for it in the fixture site: the worker looked the file up instead of redirecting.
    expect((await erro(await get(`/acoes/${codigoAtual}`), 404)).codigo).toBe('nao_encontrado');
    expect((await erro(await get('/acoes/ZZZZ9'), 404)).codigo).toBe('nao_encontrado');
  });

  it('/quanto-rendeu/{another class} → 301 to the main code of json/empresas.json', async () => {
    expect(outraClasse).toBeDefined();
    const { de, para } = outraClasse ?? { de: '', para: '' };
    const res = await get(`/quanto-rendeu/${de}?x=1`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/quanto-rendeu/${para}?x=1`);
    const en = await get(`/en/quanto-rendeu/${de}`);
    expect(en.headers.get('location')).toBe(`/en/quanto-rendeu/${para}`);
    // The main code itself is not redirected (and has no page in the fixture site).
    expect((await erro(await get(`/quanto-rendeu/${para}`), 404)).codigo).toBe('nao_encontrado');
  });
});
