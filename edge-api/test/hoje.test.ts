import { HojeSchema } from '@fundamentos/schemas/hoje';
import { describe, expect, it } from 'vitest';
import { querJson } from '../src/aceita.ts';
import { erro, get, novaChave } from './ajuda.ts';
import { amostraSemeada, bytesDaAmostra } from './amostra-semeada.ts';

// The real sample build (test/amostra-build.ts): json/hoje.json as the pipeline published it. Its window
// ends at the sample's newest DT_RECEB (2025-09-23), years before today; values are read back from it.
const amostra = amostraSemeada();
const bytes = bytesDaAmostra(amostra, 'json/hoje.json');
const artefato = HojeSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));

/** Text as hono's html template escapes it. */
const escapado = (t: string) =>
  t.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

async function pagina(cabecalhos: Record<string, string>, q = '') {
  const res = await get(`/hoje${q}`, cabecalhos);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return { res, corpo: await res.text() };
}

describe('/hoje', () => {
  it('without Accept, with */* and with text/html: the HTML page, open and not publicly cached', async () => {
    const variantes: Record<string, string>[] = [{}, { Accept: '*/*' }, { Accept: 'text/html' }];
    for (const cab of variantes) {
      const { res, corpo } = await pagina(cab);
      expect(corpo).toMatch(/^<!doctype html>/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-versao-do-dado')).toBe(amostra.versao_do_dado);
    }
  });

  it('Accept: application/json answers the stored artefact byte for byte, valid against HojeSchema', async () => {
    const res = await get('/hoje', { Accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    const corpo = new Uint8Array(await res.arrayBuffer());
    expect(corpo).toEqual(bytes);
    const h = HojeSchema.parse(JSON.parse(new TextDecoder().decode(corpo)));
    expect(h.versao_do_dado).toBe(amostra.versao_do_dado);
    expect([h.de, h.ate]).toEqual([artefato.de, artefato.ate]);
  });

  it('Accept negotiation: JSON only when application/json is explicitly preferred', () => {
    expect(querJson(undefined)).toBe(false);
    expect(querJson('*/*')).toBe(false);
    expect(querJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(querJson('application/json')).toBe(true);
    expect(querJson('application/json, */*;q=0.1')).toBe(true);
    expect(querJson('text/html;q=0.5, application/json')).toBe(true);
    expect(querJson('text/html, application/json')).toBe(false);
    expect(querJson('application/json;q=0')).toBe(false);
  });

  it('the page shows the artefact: window, every change (resubmissions), newest session, version', async () => {
    const { corpo } = await pagina({});
    expect(corpo).toContain('<html lang="pt-BR">');
    expect(corpo).toContain(`De ${artefato.de} a ${artefato.ate}.`);
    expect(artefato.mudancas.length).toBeGreaterThan(0);
    for (const m of artefato.mudancas) expect(corpo).toContain(escapado(m.texto));
    expect(corpo).toContain('<th scope="col">');
    // The shared page shell (ui/src/layout/casca.ts): same header and stylesheet as the static site.
    expect(corpo).toContain('<header class="topo">');
    expect(corpo).toContain('<link rel="stylesheet" href="/estilo.css">');
    // Readable without JavaScript: the only script is the shell's inline search enhancement (issue 15),
    // nothing loaded from a file or another origin.
    expect(corpo).not.toMatch(/<script[^>]*\ssrc=|src="http/);
    expect(corpo.match(/<script/g)?.length ?? 0).toBeLessThanOrEqual(1);
    const s = artefato.ultima_sessao;
    expect(s).toBeTruthy();
    if (s) expect(corpo).toContain(`Última sessão de preços nos dados: ${s.data}`);
    expect(corpo).toContain(amostra.versao_do_dado);
  });

  it('lang and Accept-Language pick English; lang wins over the header', async () => {
    const porHeader = await pagina({ 'Accept-Language': 'en-US,en;q=0.9' });
    expect(porHeader.corpo).toContain('<html lang="en">');
    expect(porHeader.res.headers.get('content-language')).toBe('en');
    for (const m of artefato.mudancas) expect(porHeader.corpo).toContain(escapado(m.texto_en));
    expect(porHeader.corpo).toContain(`From ${artefato.de} to ${artefato.ate}.`);
    const porQuery = await pagina({ 'Accept-Language': 'en' }, '?lang=pt');
    expect(porQuery.corpo).toContain('<html lang="pt-BR">');
    const en = await pagina({}, '?lang=en');
    expect(en.corpo).toContain('What changed');
    const prefixo = await get('/en/hoje');
    expect(prefixo.status).toBe(200);
    expect(await prefixo.text()).toContain('<html lang="en">');
  });

  it('open: a valid key is accepted but nothing is counted or cached publicly; bad lang is a 422', async () => {
    const res = await get('/hoje', { Accept: 'application/json', 'X-API-Key': await novaChave('free') });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const e = await erro(await get('/hoje?lang=fr'), 422);
    expect(e.parametros?.map((p) => p.nome)).toEqual(['lang']);
  });
});
