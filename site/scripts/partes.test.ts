import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paginasDaParte, pesosDaPublicacao } from './partes.ts';

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

  it('keeps the summary routes (at most two paths) in part 0 and every page of one company in one part', () => {
    // Without weights a group costs its pages: A (4 pages) and B (3) both go to part 1, whose 7 pages of
    // work stay below part 0's 6 (3 summary pages, each counted as two) plus the group.
    const [a, b] = [0, 1].map((i) => paginasDaParte(lista, { i, n: 2 }).map((p) => p.pathname));
    expect(a).toEqual(['/', '/en/', '/sitemap.xml']);
    expect(b).toEqual([
      '/acoes/A/',
      '/acoes/B',
      '/en/acoes/A',
      '/en/acoes/B',
      '/acoes/A/margem',
      '/acoes/B/margem',
      '/en/acoes/A/margem',
    ]);
  });

  it("weighs each company's artefacts, which part 0 has read already for the summary pages", () => {
    // Made-up weights: A is company 1 and its live class A3 goes with it; B (company 2) reads 1 MB.
    const comClasse = [...lista, { pathname: '/acoes/A3', ordem: 11, route: { component: 'acoes' } }];
    const pesos = {
      empresaDoCodigo: new Map([
        ['A', 1],
        ['A3', 1],
        ['B', 2],
      ]),
      bytesDaEmpresa: new Map([
        [1, 0],
        [2, 1_000_000],
      ]),
    };
    // Part 0 starts at 6 (summaries) + 5 (reading B's MB). B costs 3 pages + 5 of reading in part 1 (8)
    // and 3 in part 0 (14): part 1. Then A with its class, 5 pages: 13 in part 1 against 16 → part 1.
    const [a, b] = [0, 1].map((i) => paginasDaParte(comClasse, { i, n: 2 }, pesos).map((p) => p.pathname));
    expect(a).toEqual(['/', '/en/', '/sitemap.xml']);
    expect(b?.filter((p) => p.includes('A'))).toEqual([
      '/acoes/A/',
      '/en/acoes/A',
      '/acoes/A/margem',
      '/en/acoes/A/margem',
      '/acoes/A3',
    ]);
    // three parts: B alone in part 1 (8), A and its class in part 2 (5)
    const tres = [0, 1, 2].map((i) => paginasDaParte(comClasse, { i, n: 3 }, pesos).map((p) => p.pathname));
    expect(tres[1]).toEqual(['/acoes/B', '/en/acoes/B', '/acoes/B/margem']);
    expect(tres[2]).toHaveLength(5);
  });
});

describe('pesosDaPublicacao', () => {
  it("sums the bytes of what a company's pages read and maps every code to its company", async () => {
    const pub = mkdtempSync(join(tmpdir(), 'site-pesos-'));
    const b = join(pub, 'b1');
    const a = (path: string, bytes: number) => ({ path, bytes });
    escreverArquivo(
      join(b, 'manifest.json'),
      JSON.stringify({
        artefatos: [
          a('json/empresas/9512/precos.json', 1000),
          a('json/empresas/9512/index.json', 10),
          a('json/empresas/9512/classes/PETR3/multiplos.json', 5),
          a('json/empresas/9512/fatos.json', 99999),
          a('json/tickers.json', 1),
        ],
      }),
    );
    escreverArquivo(join(b, 'json', 'tickers.json'), JSON.stringify({ PETR3: { cd_regulator: 9512 } }));
    symlinkSync('b1', join(pub, 'current'));
    const pesos = await pesosDaPublicacao(pub);
    rmSync(pub, { recursive: true, force: true });
    // fatos.json is no page's input: left out
    expect(pesos.bytesDaEmpresa).toEqual(new Map([[9512, 1015]]));
    expect(pesos.empresaDoCodigo).toEqual(new Map([['PETR3', 9512]]));
  });
});

function escreverArquivo(arquivo: string, texto: string): void {
  mkdirSync(join(arquivo, '..'), { recursive: true });
  writeFileSync(arquivo, texto);
}
