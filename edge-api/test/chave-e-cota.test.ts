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

  it('HTML in Portuguese by default and in English with lang=en', async () => {
    const pt = await SELF.fetch(`${BASE}/chave-gratis`, { method: 'POST' });
    expect(pt.headers.get('content-type')).toMatch(/^text\/html/);
    const htmlPt = await pt.text();
    expect(htmlPt).toContain('lang="pt-BR"');
    expect(htmlPt).toContain('Sua chave foi criada');
    expect(htmlPt).toMatch(/<code id="chave">fbr_[0-9a-f]{16}_[0-9a-f]{48}<\/code>/);
    const en = await (await SELF.fetch(`${BASE}/chave-gratis?lang=en`, { method: 'POST' })).text();
    expect(en).toContain('lang="en"');
    expect(en).toContain('Your key was created');
  });

  it('GET shows the form; an invalid lang is a 422', async () => {
    const form = await get('/chave-gratis?de=%3Cscript%3E');
    expect(await form.text()).toContain(
      '<form method="post" action="/chave-gratis?lang=pt&amp;de=%3Cscript%3E">',
    );
    const e = await erro(await get('/chave-gratis?lang=fr'), 422);
    expect(e.parametros?.[0]).toMatchObject({ local: 'query', nome: 'lang' });
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
