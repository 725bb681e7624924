import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarBordaComChromium } from './borda.ts';
import { leitorDaPublicacao, REPO, SCREENSHOTS } from './site-build.ts';

/**
 * End to end for the pages the edge renders per request (/procurar, /comparar, /carteira): the API CLI
 * (`api serve`, started by ./borda.ts) uploads the shared cached publication of the real sample to local R2
 * and serves the worker on workerd; Debian's Chromium reads the pages. The edge pages need no Astro build:
 * the CLI is given a made-here site directory holding only what the page shell links (the stylesheet and
 * the icon, copied from site/public/), the two files the CLI requires (index.html, 404.html) and a stub at
 * the search test's redirect target.
 */

let base: string;
let browser: Browser;
let parar: () => Promise<void> = async () => {};
let ler: (path: string) => unknown;
const empresas = () => EmpresasListaSchema.parse(ler('json/empresas.json'));

/** The smallest directory `api serve --site` accepts, with the shell's two static files. */
function sitioMinimo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const f of ['estilo.css', 'favicon.svg']) copyFileSync(join(REPO, 'site', 'public', f), join(dir, f));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><title>feito aqui</title></html>\n',
  );
  writeFileSync(join(dir, '404.html'), '<!doctype html><html lang="pt-BR"><title>404</title></html>\n');
  // The target of the search test's 302, so that navigation ends on a page (the real one is Astro's).
  mkdirSync(join(dir, 'acoes', 'ENGI11'), { recursive: true });
  writeFileSync(
    join(dir, 'acoes', 'ENGI11', 'index.html'),
    '<!doctype html><html lang="pt-BR"><title>ENGI11</title><link rel="icon" href="/favicon.svg"></html>\n',
  );
  return dir;
}

beforeAll(async () => {
  // one shared, cached publication of the real sample for every suite (pipeline/src/testing/amostra.ts)
  const pub = await amostraPublicada();
  ler = leitorDaPublicacao(pub);
  const b = await iniciarBordaComChromium({
    prefixo: 'e2e-borda-paginas-',
    pub,
    site: (tmp) => sitioMinimo(join(tmp, 'sitio')),
  });
  ({ browser, parar } = b);
  base = b.borda.url;
  // A changed pipeline rebuilds the shared sample first (minutes); the upload of every artefact follows.
}, 900_000);

afterAll(() => parar());

/** A page with console errors and uncaught exceptions collected. */
async function novaPagina(): Promise<{ page: Page; erros: string[]; respostas: [string, number][] }> {
  // A Brazilian reader: un-prefixed pages negotiate their language from Accept-Language.
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  const erros: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') erros.push(m.text());
  });
  page.on('pageerror', (e) => erros.push(e.message));
  const respostas: [string, number][] = [];
  page.on('response', (r) => {
    const u = new URL(r.url());
    respostas.push([`${u.pathname}${u.search}`, r.status()]);
  });
  return { page, erros, respostas };
}

async function procurar(page: Page, q: string): Promise<void> {
  await page.goto(`${base}/procurar`, { waitUntil: 'load' });
  await page.fill('input[name="q"]', q);
  await Promise.all([
    page.waitForURL((u) => u.pathname !== '/procurar' || u.search !== ''),
    page.click('form[role="search"] button'),
  ]);
}

describe('pages rendered at the edge, in Chromium', () => {
  it('search by exact code answers 302 to the company page address', async () => {
    const { page, erros, respostas } = await novaPagina();
    await procurar(page, 'engi11');
    expect(new URL(page.url()).pathname).toBe('/acoes/ENGI11');
    expect(respostas).toContainEqual(['/procurar?q=engi11', 302]);
    expect(erros, JSON.stringify(respostas)).toEqual([]);
    await page.context().close();
  });

  it('search by name without accents and by CNPJ lists the company', async () => {
    const { page, erros } = await novaPagina();
    const cesp = empresas().find((e) => /ENERGÉTICA DE SÃO PAULO/.test(e.nome));
    expect(cesp).toBeDefined();
    await procurar(page, 'energetica sao paulo');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await page.locator(`tr[data-codigo="${cesp?.ticker}"] a`).getAttribute('href')).toBe(
      `/acoes/${cesp?.ticker}`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-procurar-nome.png'), fullPage: true });
    const engi = empresas().find((e) => e.ticker === 'ENGI11');
    await procurar(page, engi?.cnpj ?? '');
    expect(await page.locator('tr[data-codigo="ENGI11"]').count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-procurar-cnpj.png'), fullPage: true });
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('compares two companies: the values of the latest common year, each linked to its lineage', async () => {
    const { page, erros } = await novaPagina();
    const r = await page.goto(`${base}/comparar/ENGI11/ELET3`, { waitUntil: 'load' });
    expect(r?.status()).toBe(200);
    const [engi, elet] = [15253, 2437].map((cd) =>
      IndicadoresSchema.parse(ler(`json/empresas/${cd}/indicadores.json`)),
    );
    const anosElet = new Set(elet?.indicadores.map((l) => l.ano));
    const ano = Math.max(...(engi?.indicadores ?? []).map((l) => l.ano).filter((a) => anosElet.has(a)));
    expect(await page.locator('table[data-comparacao]').getAttribute('data-ano')).toBe(String(ano));
    const roe = engi?.indicadores.find((l) => l.ano === ano && l.nome === 'roe');
    expect(roe?.valor).not.toBeNull();
    const celula = page.locator('td[data-ticker="ENGI11"][data-indicador="roe"]');
    expect(await celula.getAttribute('data-valor')).toBe(String(roe?.valor));
    expect(await celula.locator('a').getAttribute('href')).toBe(`/empresas/ENGI11/linhagem/${ano}/roe`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${base}/comparar/ELET3/ENGI11`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-comparar.png'), fullPage: true });
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('the portfolio form lands on the canonical address with the table', async () => {
    const { page, erros } = await novaPagina();
    await page.goto(`${base}/en/carteira`, { waitUntil: 'load' });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.fill('textarea[name="lista"]', 'engi11 100\nELET3 200\nENGI11 50');
    await Promise.all([page.waitForURL(/\/en\/carteira\?/), page.click('form.carteira button')]);
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe('/en/carteira?ELET3=200&ENGI11=150');
    const precos = PrecosEmpresaSchema.parse(ler('json/empresas/15253/precos.json'));
    const ultima = precos.tickers.find((t) => t.ticker === 'ENGI11')?.sessoes.at(-1);
    expect(ultima).toBeDefined();
    const linha = page.locator('tr[data-codigo="ENGI11"]');
    expect(await linha.locator('[data-fechamento]').getAttribute('data-fechamento')).toBe(
      String(ultima?.fechamento),
    );
    expect(await linha.locator('[data-posicao]').getAttribute('data-posicao')).toBe(
      String(150 * (ultima?.fechamento ?? 0)),
    );
    expect(await linha.locator('time').getAttribute('datetime')).toBe(ultima?.data);
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-carteira.png'), fullPage: true });
    expect(erros).toEqual([]);

    // A malformed line: the 422 page names it and keeps what was typed.
    await page.fill('textarea[name="lista"]', 'ELET3 10\nPETR4');
    await Promise.all([page.waitForURL(/\/en\/carteira$/), page.click('form.carteira button')]);
    expect(await page.locator('[data-erro-linha]').textContent()).toContain('Line 2');
    expect(await page.inputValue('textarea[name="lista"]')).toBe('ELET3 10\nPETR4');
    await page.context().close();
  });
});
