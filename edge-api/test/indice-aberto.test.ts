import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { get } from './ajuda.ts';
import { VERSAO_FIXTURE } from './fixture-infra.ts';
import { semearBuild, textoPublicado } from './semear.ts';

// The open company index answered from the isolate's prepared copy (src/corpo-pronto.ts).
const fixture = inject('fixtureInfra');
const amostra = inject('amostra');

/**
 * The text of a gzip answer: workerd's fetch decodes `Content-Encoding: gzip` itself, so reading the body
 * checks the stored bytes were valid gzip; the header's length is the compressed size sent.
 */
async function gunzip(res: Response): Promise<string> {
  expect(res.headers.get('content-encoding')).toBe('gzip');
  return res.text();
}

describe('/empresas, the open index: one prepared copy per publication version', () => {
  it('identity: the stored bytes with their sha256 as ETag; If-None-Match → 304 without a body', async () => {
    const res = await get('/empresas');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(textoPublicado(fixture, 'json/empresas.json'));
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');

    const nao = await get('/empresas', { 'If-None-Match': `"outra", W/${etag}` });
    expect(nao.status).toBe(304);
    expect(await nao.text()).toBe('');
    expect(nao.headers.get('etag')).toBe(etag);
    expect(nao.headers.get('x-versao-do-dado')).toBe(VERSAO_FIXTURE);
    // Another validator is no match.
    expect((await get('/empresas', { 'If-None-Match': '"outra"' })).status).toBe(200);
  });

  it('gzip when accepted: the same bytes compressed, with their own ETag; q=0 refuses it', async () => {
    const res = await get('/empresas', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}-gzip"$/);
    const texto = textoPublicado(fixture, 'json/empresas.json');
    expect(await gunzip(res)).toBe(texto);
    // gzip's 18 bytes of header and trailer around a deflate stream: not the identity bytes.
    expect(Number(res.headers.get('content-length'))).not.toBe(new TextEncoder().encode(texto).length);
    const nao = await get('/empresas', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag ?? '' });
    expect(nao.status).toBe(304);
    await nao.body?.cancel();
    const semGzip = await get('/empresas', { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(semGzip.headers.get('content-encoding')).toBeNull();
    await semGzip.body?.cancel();
  });

  it('a new version in current.json replaces the copy: new body, new ETag, the old ETag no longer 304', async () => {
    const antes = await get('/empresas');
    const etagAntes = antes.headers.get('etag') ?? '';
    await antes.body?.cancel();
    await semearBuild(env.ARTEFATOS, amostra);
    try {
      const depois = await get('/empresas', { 'If-None-Match': etagAntes });
      expect(depois.status).toBe(200);
      expect(depois.headers.get('x-versao-do-dado')).toBe(amostra.versao_do_dado);
      expect(depois.headers.get('etag')).not.toBe(etagAntes);
      expect(await depois.text()).toBe(textoPublicado(amostra, 'json/empresas.json'));
      const gz = await get('/empresas', { 'Accept-Encoding': 'gzip' });
      expect(await gunzip(gz)).toBe(textoPublicado(amostra, 'json/empresas.json'));
    } finally {
      await semearBuild(env.ARTEFATOS, fixture);
    }
    const devolta = await get('/empresas');
    expect(await devolta.text()).toBe(textoPublicado(fixture, 'json/empresas.json'));
  });
});
