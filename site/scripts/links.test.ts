import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksQuebrados } from './links.ts';

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'site-links-'));
  mkdirSync(join(dist, 'acoes', 'X'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<a href="/acoes/X">ok</a><a href="/acoes/Y?de=Z">broken</a><a href="/empresas/X/linhagem/2020/roe">api</a><a href="#top">anchor</a><a href="https://example.org/x">out</a>',
  );
  writeFileSync(
    join(dist, 'acoes', 'X', 'index.html'),
    '<a href="/#x">home</a><a href="/metodologia#roe">broken</a>',
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('linksQuebrados', () => {
  it('reports same-site links without a file, ignoring API paths, anchors and other sites', async () => {
    expect(await linksQuebrados(dist)).toEqual([
      { pagina: '/acoes/X/index.html', href: '/metodologia' },
      { pagina: '/index.html', href: '/acoes/Y?de=Z' },
    ]);
  });
});
