import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { LinhagemSchema } from '@fundamentos/schemas/linhagem';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { TickersSchema } from '@fundamentos/schemas/tickers';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Borda, iniciarBordaComChromium } from './borda.ts';
import { leitorDaPublicacao, SCREENSHOTS } from './site-build.ts';

/**
 * End to end at the edge: the cached publication of the real sample (data/sample/raw), the site built
 * from it, both served by the worker on local workerd from one origin (`pnpm api serve --site`), read by
 * Debian's Chromium.
 */

let borda: Borda | undefined;
let browser: Browser;
let parar: () => Promise<void> = async () => {};
let versao: string;
/** A company page of the sample and an old code that points to it (json/tickers.json). */
let ticker: string;
let antigo: string;
/** A company of the sample with at least one published (non-null) indicator value. */
let comValor: string;

beforeAll(async () => {
  const pub = await amostraPublicada();
  const ler = leitorDaPublicacao(pub);
  versao = ManifestSchema.parse(ler('manifest.json')).versao_do_dado;
  const empresas = EmpresasListaSchema.parse(ler('json/empresas.json'));
  const comPagina = new Set(empresas.map((e) => e.ticker));
  const manifesto = ManifestSchema.parse(ler('manifest.json'));
  const comIndicador = empresas.find((e) => {
    const caminho = `json/empresas/${e.cd_regulator}/indicadores.json`;
    return (
      manifesto.artefatos.some((a) => a.path === caminho) &&
      IndicadoresSchema.parse(ler(caminho)).indicadores.some((l) => l.valor !== null)
    );
  });
  if (!comIndicador) throw new Error('the sample publication has no indicator value');
  comValor = comIndicador.ticker;
  const par = Object.entries(TickersSchema.parse(ler('json/tickers.json')))
    // a code no longer traded (a live class answers as itself, not 301)
    .filter(([de, v]) => de !== v.ticker_atual && v.vigente !== true && comPagina.has(v.ticker_atual))
    .sort(([a], [b]) => a.localeCompare(b))[0];
  if (!par) throw new Error('the sample publication has no old code pointing to a company page');
  [antigo, ticker] = [par[0], par[1].ticker_atual];

  ({ borda, browser, parar } = await iniciarBordaComChromium({ prefixo: 'e2e-borda-', pub }));
}, 900_000);

afterAll(() => parar());

function base(): string {
  if (!borda) throw new Error('the edge did not start');
  return borda.url;
}

async function contexto(locale: string): Promise<BrowserContext> {
  return browser.newContext({ locale });
}

describe('the site through the worker', () => {
  it('an English browser opening /acoes/<ticker> lands on /en/acoes/<ticker>', async () => {
    const ctx = await contexto('en-US');
    const page = await ctx.newPage();
    const r = await page.goto(`${base()}/acoes/${ticker}`);
    expect(r?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/en/acoes/${ticker}`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(r?.headers()['content-language']).toBe('en');
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-empresa-en.png') });
    await ctx.close();
  });

  it('clicking "Português" stays in Portuguese on the next navigation', async () => {
    const ctx = await contexto('en-US');
    const page = await ctx.newPage();
    await page.goto(`${base()}/acoes/${ticker}`);
    await page.locator('.idioma a').click();
    await page.waitForLoadState('load');
    const aqui = new URL(page.url());
    expect(aqui.pathname).toBe(`/acoes/${ticker}`);
    expect(aqui.searchParams.get('lang')).toBe('pt');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    // Next navigation: an un-prefixed link with no lang, from a browser that still prefers English.
    await page.locator('header nav a[href="/perguntas"]').click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/perguntas');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-perguntas-pt-escolhido.png') });
    await ctx.close();
  });

  it('a number on the company page leads to its lineage, served by the same origin, with the same value', async () => {
    const ctx = await contexto('pt-BR');
    const page = await ctx.newPage();
    await page.goto(`${base()}/acoes/${comValor}`);
    // An indicator cell with a value: its number is the link to the lineage of that value.
    const celula = page
      .locator('td[data-valor]:not([data-valor=""])')
      .filter({ has: page.locator('a[href*="/linhagem/"]') })
      .first();
    const valor = Number(await celula.getAttribute('data-valor'));
    const link = celula.locator('a[href*="/linhagem/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/empresas\/[A-Z0-9]+\/linhagem\/\d{4}\/[a-z_0-9]+$/);
    const [resposta] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(href ?? '')),
      link.click(),
    ]);
    expect(resposta.status()).toBe(200);
    const linhagem = LinhagemSchema.parse(await resposta.json());
    expect(linhagem.valor).toBe(valor);
    expect(`/linhagem/${linhagem.ano}/${linhagem.indicador}`).toBe(
      href?.replace(/^\/empresas\/[A-Z0-9]+/, ''),
    );
    await ctx.close();
  });

  it('an old code answers 301 to the current code with ?de=, and the browser follows it', async () => {
    const r = await fetch(`${base()}/acoes/${antigo}`, { redirect: 'manual' });
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(`/acoes/${ticker}?de=${antigo}`);
    const ctx = await contexto('pt-BR');
    const page = await ctx.newPage();
    const res = await page.goto(`${base()}/acoes/${antigo}`);
    expect(res?.status()).toBe(200);
    const aqui = new URL(page.url());
    expect(aqui.pathname).toBe(`/acoes/${ticker}`);
    expect(aqui.searchParams.get('de')).toBe(antigo);
    await ctx.close();
  });

  it('the free-key form posts to the worker; the key page has the shared header and footer', async () => {
    const ctx = await contexto('pt-BR');
    const page = await ctx.newPage();
    await page.goto(`${base()}/chave-gratis`);
    await page.locator('main form button[type="submit"]').click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/chave-gratis');
    expect(await page.locator('#chave').textContent()).toMatch(/^fbr_[0-9a-f]{16}_[0-9a-f]{48}$/);
    expect(await page.locator('header.topo nav a[href="/perguntas"]').count()).toBe(1);
    expect(await page.locator('footer.rodape [data-versao-do-dado]').textContent()).toBe(versao);
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
    // The shell's stylesheet is the site's file, served by the same worker.
    const css = await page.evaluate('getComputedStyle(document.querySelector("header.topo")).display');
    expect(css).not.toBe('');
    await page.screenshot({ path: join(SCREENSHOTS, 'borda-chave-criada.png'), fullPage: true });
    await ctx.close();
  });

  it('an unknown page is the site 404 page for the browser and the JSON 404 for curl', async () => {
    const ctx = await contexto('pt-BR');
    const page = await ctx.newPage();
    const r = await page.goto(`${base()}/nao-existe-aqui`);
    expect(r?.status()).toBe(404);
    expect(await page.locator('header.topo').count()).toBe(1);
    await ctx.close();
    const json = await fetch(`${base()}/nao-existe-aqui`, { headers: { Accept: '*/*' } });
    expect(json.status).toBe(404);
    expect(((await json.json()) as { erro: { codigo: string } }).erro.codigo).toBe('nao_encontrado');
  });
});
