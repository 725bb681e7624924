import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/chave-formato.ts';
import { diaEmSaoPaulo, segundosAteMeiaNoite } from '../src/dia-sao-paulo.ts';
import { BASE, erro, get, novaChave } from './ajuda.ts';

describe('POST /chave-gratis', () => {
  it('JSON when asked: a prefixed key shown once, stored only as its SHA-256, usable at once', async () => {
    const res = await SELF.fetch(`${BASE}/chave-gratis?de=teste`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const corpo = (await res.json()) as { chave: string; plano: string; chamadas_por_dia: number };
    expect(corpo.chave).toMatch(/^fbr_[0-9a-f]{16}_[0-9a-f]{48}$/);
    expect(corpo.plano).toBe('free');
    expect(corpo.chamadas_por_dia).toBe(200);
    const id = corpo.chave.slice(4, 20);
    const linha = await env.DB.prepare('SELECT * FROM chaves WHERE id = ?')
      .bind(id)
      .first<Record<string, unknown>>();
    expect(linha?.hash_sha256).toBe(await sha256Hex(corpo.chave));
    expect(JSON.stringify(linha)).not.toContain(corpo.chave.slice(21));
    expect(linha?.origem).toBe('teste');
    const uso = await get('/empresas/TSTE3/indicadores', { 'X-API-Key': corpo.chave });
    expect(uso.status).toBe(200);
  });

  it('HTML in Portuguese by default and in English with lang=en, inside the site shell, noindex', async () => {
    const pt = await SELF.fetch(`${BASE}/chave-gratis`, { method: 'POST' });
    expect(pt.headers.get('content-type')).toMatch(/^text\/html/);
    expect(pt.headers.get('content-language')).toBe('pt-BR');
    expect(pt.headers.get('cache-control')).toBe('private, no-store');
    const htmlPt = await pt.text();
    expect(htmlPt).toContain('lang="pt-BR"');
    expect(htmlPt).toContain('Sua chave foi criada');
    expect(htmlPt).toMatch(/<code id="chave">fbr_[0-9a-f]{16}_[0-9a-f]{48}<\/code>/);
    // The one layout (ui/src/layout/casca.ts): shared header, navigation, footer and stylesheet.
    expect(htmlPt).toContain('<meta name="robots" content="noindex">');
    expect(htmlPt).toContain('<header class="topo">');
    expect(htmlPt).toContain('<footer class="rodape">');
    expect(htmlPt).toContain('<link rel="stylesheet" href="/estilo.css">');
    expect(htmlPt).toContain('href="/en/chave-gratis?lang=en"');
    const en = await SELF.fetch(`${BASE}/chave-gratis?lang=en`, { method: 'POST' });
    expect(en.headers.get('content-language')).toBe('en');
    const htmlEn = await en.text();
    expect(htmlEn).toContain('lang="en"');
    expect(htmlEn).toContain('Your key was created');
    expect(htmlEn).toContain('href="/chave-gratis?lang=pt"');
  });

  it('without lang the page follows the remembered choice, then Accept-Language', async () => {
    const porCookie = await SELF.fetch(`${BASE}/chave-gratis`, {
      method: 'POST',
      headers: { Cookie: 'lang=en', 'Accept-Language': 'pt-BR' },
    });
    expect(await porCookie.text()).toContain('Your key was created');
    const porCabecalho = await SELF.fetch(`${BASE}/chave-gratis`, {
      method: 'POST',
      headers: { 'Accept-Language': 'en-GB;q=0.8, fr' },
    });
    expect(await porCabecalho.text()).toContain('Your key was created');
  });

  it('the static form posts its hidden de field: stored with the key, cut to 64 characters', async () => {
    const res = await SELF.fetch(`${BASE}/chave-gratis?lang=pt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lang: 'pt', de: `form-${'x'.repeat(80)}` }).toString(),
    });
    const chave = /<code id="chave">(fbr_[0-9a-f]{16}_[0-9a-f]{48})<\/code>/.exec(await res.text())?.[1];
    expect(chave).toBeDefined();
    const linha = await env.DB.prepare('SELECT origem FROM chaves WHERE id = ?')
      .bind(chave?.slice(4, 20))
      .first<{ origem: string }>();
    expect(linha?.origem).toBe(`form-${'x'.repeat(59)}`);
  });

  it('GET is the site page (the form); an invalid lang or a too long de is a 422', async () => {
    const form = await get('/chave-gratis?de=%3Cscript%3E');
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<form method="post" action="/chave-gratis?lang=pt">');
    const e = await erro(await get('/chave-gratis?lang=fr'), 422);
    expect(e.parametros?.[0]).toMatchObject({ local: 'query', nome: 'lang' });
    const p = await erro(await SELF.fetch(`${BASE}/chave-gratis?lang=fr`, { method: 'POST' }), 422);
    expect(p.parametros?.[0]).toMatchObject({ local: 'query', nome: 'lang' });
    const longo = await erro(
      await SELF.fetch(`${BASE}/chave-gratis?de=${'x'.repeat(65)}`, { method: 'POST' }),
      422,
    );
    expect(longo.parametros?.[0]).toMatchObject({ local: 'query', nome: 'de' });
  });
});

describe('daily quota', () => {
  it('Sao Paulo day boundary: 02:59:59Z is still the previous day, 03:00:00Z starts a new one', () => {
    expect(diaEmSaoPaulo(new Date('2026-11-22T02:59:59Z'))).toBe('2026-11-21');
    expect(diaEmSaoPaulo(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
    expect(segundosAteMeiaNoite(new Date('2026-11-22T02:59:59Z'))).toBe(1);
    expect(segundosAteMeiaNoite(new Date('2026-11-22T03:00:00Z'))).toBe(86_400);
  });

  it('1,000 simultaneous calls with one free key: exactly 200 succeed and 800 get 429', async () => {
    const h = { 'X-API-Key': await novaChave('free') };
    const respostas = await Promise.all(Array.from({ length: 1000 }, () => get('/dump', h)));
    const porStatus = new Map<number, number>();
    for (const r of respostas) porStatus.set(r.status, (porStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(porStatus)).toEqual({ 200: 200, 429: 800 });
    const recusada = respostas.find((r) => r.status === 429)!;
    const e = await erro(recusada, 429);
    expect(e.codigo).toBe('cota_excedida');
    expect(e.limite_diario).toBe(200);
    const retry = Number(recusada.headers.get('retry-after'));
    expect(retry).toBe(e.tentar_novamente_em_segundos);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86_400);
    expect(recusada.headers.get('cache-control')).toBe('private, no-store');
    await Promise.all(respostas.filter((r) => !r.bodyUsed).map((r) => r.body?.cancel()));
  }, 60_000);

  it('a Pro key has 10,000 calls and its own counter', async () => {
    const res = await get('/dump', { 'X-API-Key': await novaChave('pro') });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('9999');
  });

  it('trial calls without a key cost nothing and carry no quota headers', async () => {
    const res = await get('/empresas/WEGE3/indicadores');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
