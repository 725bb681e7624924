import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolver, servir } from './serve.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-serve-'));
  mkdirSync(join(dir, 'acoes', 'X'), { recursive: true });
  writeFileSync(join(dir, 'acoes', 'X', 'index.html'), '<p>x</p>');
  writeFileSync(join(dir, '404.html'), '<p>404</p>');
  writeFileSync(join(dir, 'sitemap.xml'), '<urlset/>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('static server', () => {
  it('resolves directory indexes and refuses paths outside the root', async () => {
    expect(await resolver(dir, '/acoes/X')).toBe(join(dir, 'acoes', 'X', 'index.html'));
    expect(await resolver(dir, '/acoes/X/?lang=en')).toBe(join(dir, 'acoes', 'X', 'index.html'));
    expect(await resolver(dir, '/../../etc/passwd')).toBeNull();
    expect(await resolver(dir, '/nada')).toBeNull();
  });

  it('answers 200 with a content type, and 404 with the 404 page', async () => {
    const server = await servir(dir, 0);
    const a = server.address();
    const port = typeof a === 'object' && a ? a.port : 0;
    try {
      const ok = await fetch(`http://127.0.0.1:${port}/sitemap.xml`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('application/xml');
      const nf = await fetch(`http://127.0.0.1:${port}/nao-existe`);
      expect(nf.status).toBe(404);
      expect(await nf.text()).toBe('<p>404</p>');
    } finally {
      server.close();
    }
  });
});
