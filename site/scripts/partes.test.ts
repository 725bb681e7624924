import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { juntarPartes, paginasDaParte, parteDoAmbiente } from './partes.ts';

// Page lists and directories here are made for this test (not from a publication).
const lista = [
  ['/', 'index'],
  ['/en/', 'index'],
  ['/sitemap.xml', 'sitemap'],
  ['/acoes/A/', 'acoes'],
  ['/acoes/B', 'acoes'],
  ['/acoes/B/', 'outra'],
  ['/en/acoes/A', 'acoes'],
  ['/en/acoes/B', 'acoes'],
  ['/acoes/A/margem', 'tema'],
  ['/acoes/B/margem', 'tema'],
  ['/en/acoes/A/margem', 'tema'],
].map(([pathname = '', component = ''], ordem) => ({ pathname, ordem, route: { component } }));

describe('paginasDaParte', () => {
  it('splits the list so every page is rendered by exactly one part, the first route winning a path', () => {
    const partes = [0, 1, 2].map((i) => paginasDaParte(lista, { i, n: 3 }));
    const todas = partes.flat().map((p) => p.pathname);
    // '/acoes/B/' is the same page as '/acoes/B' (Astro drops the trailing slash): only the first route renders it.
    expect(todas.length).toBe(10);
    expect(new Set(todas).size).toBe(10);
    expect(partes.flat().find((p) => p.pathname.startsWith('/acoes/B'))?.ordem).toBe(4);
    expect(paginasDaParte(lista, { i: 0, n: 1 }).length).toBe(10);
  });

  it('keeps the summary routes (at most two paths) in part 0 and deals every other route out in turn', () => {
    const [a, b] = [0, 1].map((i) => paginasDaParte(lista, { i, n: 2 }).map((p) => p.pathname));
    expect(a).toEqual([
      '/',
      '/en/',
      '/sitemap.xml',
      '/acoes/A/',
      '/en/acoes/A',
      '/acoes/A/margem',
      '/en/acoes/A/margem',
    ]);
    expect(b).toEqual(['/acoes/B', '/en/acoes/B', '/acoes/B/margem']);
  });

  it('reads the part from the environment and refuses a bad value', () => {
    expect(parteDoAmbiente(undefined)).toBeNull();
    expect(parteDoAmbiente('1/2')).toEqual({ i: 1, n: 2 });
    expect(() => parteDoAmbiente('2/2')).toThrow(/FUNDAMENTOS_SITE_PARTE=2\/2/);
    expect(() => parteDoAmbiente('x')).toThrow(/expected <i>\/<n>/);
  });
});

describe('juntarPartes', () => {
  const raiz = mkdtempSync(join(tmpdir(), 'site-partes-'));
  afterAll(() => rmSync(raiz, { recursive: true, force: true }));
  const escrever = (dir: string, rel: string, texto: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), texto);
  };

  it('moves every part into the output and keeps a file the parts share once', async () => {
    const destino = join(raiz, 'dist');
    const parte = join(raiz, 'dist.parte-1');
    escrever(destino, 'index.html', 'a');
    escrever(destino, '_astro/estilo.css', 'css');
    escrever(parte, 'acoes/B/index.html', 'b');
    escrever(parte, '_astro/estilo.css', 'css');
    await juntarPartes(destino, [parte]);
    expect(readFileSync(join(destino, 'acoes/B/index.html'), 'utf8')).toBe('b');
    expect(readFileSync(join(destino, '_astro/estilo.css'), 'utf8')).toBe('css');
    expect(readdirSync(raiz)).toEqual(['dist']);
  });

  it('fails naming the file when two parts wrote it differently', async () => {
    const destino = join(raiz, 'dist2');
    const parte = join(raiz, 'dist2.parte-1');
    escrever(destino, '404.html', 'um');
    escrever(parte, '404.html', 'outro');
    await expect(juntarPartes(destino, [parte])).rejects.toThrow(/404\.html differs/);
  });
});
