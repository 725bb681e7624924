import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BASE, erro, get } from './ajuda.ts';

// Pages come from the fixture site test/sitio (made here, no data) through the real ASSETS binding.

/** The `lang` cookie an answer sets, or null. */
function cookieIdioma(res: Response): string | null {
  const c = res.headers.getSetCookie().find((v) => v.startsWith('lang='));
  return c ?? null;
}

async function paginaPt(res: Response, marcador: string): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-language')).toBe('pt-BR');
  expect(await res.text()).toContain(`data-fixture="${marcador}"`);
}

function redirecionaPara(res: Response, destino: string): void {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(destino);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
}

describe('language of un-prefixed pages', () => {
  it('no preference: Portuguese, varying on Accept-Language and Cookie, publicly cacheable', async () => {
    const res = await get('/perguntas');
    await paginaPt(res, '/perguntas');
    expect(res.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(cookieIdioma(res)).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Accept-Language en → 302 to the /en/ copy with Vary; the header alone sets no cookie', async () => {
    const res = await get('/perguntas', { 'Accept-Language': 'en-US,en;q=0.9' });
    redirecionaPara(res, '/en/perguntas');
    expect(res.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(cookieIdioma(res)).toBeNull();
    redirecionaPara(await get('/', { 'Accept-Language': 'en' }), '/en/');
  });

  it('q-values are honoured, unsupported languages skipped, q=0 refused', async () => {
    const casos: [string, 'pt' | 'en'][] = [
      ['en;q=0.3, pt-BR;q=0.8', 'pt'],
      ['pt-BR;q=0.4, en-GB;q=0.9', 'en'],
      ['fr-FR, en;q=0.5', 'en'],
      ['fr-FR, de', 'pt'],
      ['en;q=0, fr', 'pt'],
      ['pt;q=0, en', 'en'],
      ['*', 'pt'],
      ['EN-us', 'en'],
    ];
    for (const [cabecalho, lang] of casos) {
      const res = await get('/perguntas', { 'Accept-Language': cabecalho });
      if (lang === 'en') redirecionaPara(res, '/en/perguntas');
      else await paginaPt(res, '/perguntas');
    }
  });

  it('?lang=en wins over the header: 302 to the copy keeping the rest of the query, cookie set', async () => {
    const res = await get('/perguntas?x=1&lang=en&y=%C3%A9', { 'Accept-Language': 'pt-BR' });
    redirecionaPara(res, '/en/perguntas?x=1&y=%C3%A9');
    expect(cookieIdioma(res)).toMatch(/^lang=en; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it('?lang=pt wins over an English header; the answer remembers it and is not publicly cached', async () => {
    const res = await get('/perguntas?lang=pt', { 'Accept-Language': 'en-US,en;q=0.9' });
    await paginaPt(res, '/perguntas');
    expect(cookieIdioma(res)).toMatch(/^lang=pt;/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('the remembered choice beats Accept-Language; an unknown cookie value is ignored', async () => {
    await paginaPt(await get('/perguntas', { 'Accept-Language': 'en', Cookie: 'lang=pt' }), '/perguntas');
    redirecionaPara(await get('/perguntas', { Cookie: 'outro=1; lang=en' }), '/en/perguntas');
    redirecionaPara(await get('/perguntas', { 'Accept-Language': 'en', Cookie: 'lang=fr' }), '/en/perguntas');
  });

  it('an English reader who clicks "Português" stays in Portuguese on the next page', async () => {
    const ingles = { 'Accept-Language': 'en-US,en;q=0.9' };
    redirecionaPara(await get('/auditoria', ingles), '/en/auditoria');
    // The shell's Portuguese link is `/x?lang=pt`.
    const clique = await get('/auditoria?lang=pt', ingles);
    await paginaPt(clique, '/auditoria');
    const cookie = cookieIdioma(clique)?.split(';')[0] ?? '';
    expect(cookie).toBe('lang=pt');
    await paginaPt(await get('/perguntas', { ...ingles, Cookie: cookie }), '/perguntas');
  });

  it('a page without an English copy, and files that are not pages, are served as they are', async () => {
    await paginaPt(await get('/so-pt', { 'Accept-Language': 'en' }), '/so-pt');
    const css = await get('/estilo.css', { 'Accept-Language': 'en' });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('content-language')).toBeNull();
    expect(css.headers.get('vary')).toBeNull();
  });
});

describe('language of /en/ pages', () => {
  it('English whatever the header or the cookie say', async () => {
    const res = await get('/en/perguntas', { 'Accept-Language': 'pt-BR', Cookie: 'lang=pt' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('en');
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.text()).toContain('data-fixture="/en/perguntas"');
    const home = await get('/en/', { 'Accept-Language': 'pt-BR' });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('data-fixture="/en/"');
  });

  it('?lang=pt → 302 to the un-prefixed path with lang=pt, remembered', async () => {
    const res = await get('/en/perguntas?lang=pt&x=1');
    redirecionaPara(res, '/perguntas?x=1&lang=pt');
    expect(cookieIdioma(res)).toMatch(/^lang=pt;/);
    redirecionaPara(await get('/en/?lang=pt'), '/?lang=pt');
    redirecionaPara(await get('/en?lang=pt'), '/?lang=pt');
  });
});

describe('invalid lang', () => {
  it('an unknown, empty or repeated lang is a 422 in the one error shape, on both copies', async () => {
    for (const caminho of [
      '/perguntas?lang=fr',
      '/perguntas?lang=',
      '/perguntas?lang=pt&lang=en',
      '/en/perguntas?lang=EN',
      '/nao-existe?lang=xx',
    ]) {
      const res = await get(caminho, { Accept: 'text/html' });
      const e = await erro(res, 422);
      expect(e.codigo).toBe('parametros_invalidos');
      expect(e.parametros?.[0]).toMatchObject({ local: 'query', nome: 'lang' });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(cookieIdioma(res)).toBeNull();
    }
  });
});

describe('data routes are never negotiated', () => {
  it('/saude with an English header and cookie answers in place', async () => {
    const res = await get('/saude', { 'Accept-Language': 'en', Cookie: 'lang=en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('HEAD of a page: the same status and headers, no body', async () => {
    const res = await SELF.fetch(`${BASE}/perguntas`, { method: 'HEAD', redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('');
    const en = await SELF.fetch(`${BASE}/perguntas`, {
      method: 'HEAD',
      headers: { 'Accept-Language': 'en' },
      redirect: 'manual',
    });
    expect(en.status).toBe(302);
  });
});
