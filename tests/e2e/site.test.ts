import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { DividendosSchema } from '@fundamentos/schemas/dividendos';
import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import { ReapresentacoesEmpresaSchema } from '@fundamentos/schemas/reapresentacoes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteNoChromium } from './site-build.ts';
import { abrirSiteDaAmostra, leitorDaPublicacao, pesoNoOrcamento, SCREENSHOTS } from './site-build.ts';

/**
 * End to end: the pipeline publishes the real sample (data/sample/raw), the site CLI builds from
 * that publication, the site CLI serves it on 127.0.0.1, and Debian's Chromium reads it.
 */

let base: string;
let fechar: () => Promise<void> = async () => {};
let browser: Browser;
/** Opens a page and collects console errors and uncaught exceptions (site-build.ts). */
let abrir: SiteNoChromium['abrir'];
let versao: string;
let ticker: string;
let antigo: { de: string; para: string } | undefined;
let reapresentacoes: number | null = null;
/** The company with the most proventos in the sample (B3 cash dividends answer) and its data_com list. */
let comProventos: { ticker: string; datasCom: string[] } | undefined;
/** Reads a published artefact of the sample build. */
let ler: (path: string) => unknown;
let cdDe: (t: string) => number | undefined;

beforeAll(async () => {
  // one shared, cached publication of the real sample for every suite (pipeline/src/testing/amostra.ts)
  const pub = await amostraPublicada();
  const manifest = ManifestSchema.parse(leitorDaPublicacao(pub)('manifest.json'));
  versao = manifest.versao_do_dado;
  expect(versao).toMatch(/^\d{4}-\d{2}-\d{2}-amostra\|\d+$/);
  ler = leitorDaPublicacao(pub);
  const empresas = EmpresasListaSchema.parse(ler('json/empresas.json'));
  cdDe = (t: string) => empresas.find((e) => e.ticker === t)?.cd_regulator;
  // The company with the most non-null indicator values in the sample build: a page with real numbers.
  let melhor = -1;
  for (const e of empresas) {
    const caminho = `json/empresas/${e.cd_regulator}/indicadores.json`;
    if (!manifest.artefatos.some((a) => a.path === caminho)) continue;
    const n = IndicadoresSchema.parse(ler(caminho)).indicadores.filter((l) => l.valor !== null).length;
    if (n > melhor) [melhor, ticker] = [n, e.ticker];
  }
  if (melhor <= 0) throw new Error('the sample build published no indicator value');
  const cd = empresas.find((e) => e.ticker === ticker)?.cd_regulator;
  const caminhoReap = `json/empresas/${cd}/reapresentacoes.json`;
  if (manifest.artefatos.some((a) => a.path === caminhoReap))
    reapresentacoes = ReapresentacoesEmpresaSchema.parse(ler(caminhoReap)).total;
  for (const e of empresas) {
    const caminho = `json/empresas/${e.cd_regulator}/dividendos.json`;
    if (!manifest.artefatos.some((a) => a.path === caminho)) continue;
    const datasCom = DividendosSchema.parse(ler(caminho)).proventos.map((p) => p.data_com);
    if (datasCom.length > (comProventos?.datasCom.length ?? 0)) comProventos = { ticker: e.ticker, datasCom };
  }
  // An old code whose current code has a page (tickers.json maps every code to the current one).
  const comPagina = new Set(empresas.map((e) => e.ticker));
  antigo = Object.entries(ler('json/tickers.json') as Record<string, unknown>)
    // a code no longer traded: a live class (vigente) has its own page, not a redirect
    .filter(([, v]) => (v as { vigente?: unknown }).vigente !== true)
    .map(([de, v]) => ({ de, para: (v as { ticker_atual?: unknown }).ticker_atual }))
    .filter((x): x is { de: string; para: string } => typeof x.para === 'string')
    .find(
      (x) => x.de !== x.para && /^[A-Z0-9]+$/.test(x.de) && comPagina.has(x.para) && !comPagina.has(x.de),
    );

  ({ base, browser, fechar, abrir } = await abrirSiteDaAmostra(pub));
});

afterAll(async () => {
  await fechar();
});

describe('site built from the sample publication', () => {
  it('home in Portuguese: landmarks, notice, data version, no console error', async () => {
    const { page, erros, status } = await abrir('/');
    expect(status).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('nav').count()).toBeGreaterThan(0);
    expect(await page.locator('footer [data-versao-do-dado]').textContent()).toBe(versao);
    expect(await page.locator('.aviso').first().textContent()).toContain(
      'Não é recomendação de investimento',
    );
    expect(await page.locator(`a[href="/acoes/${ticker}"]`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'home-pt.png'), fullPage: true });
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('home in English under /en/, with the language switch back to Portuguese', async () => {
    const { page, erros } = await abrir('/en/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('.aviso').first().textContent()).toContain('not investment advice');
    expect(await page.locator('.idioma a').getAttribute('href')).toBe('/?lang=pt');
    await page.screenshot({ path: join(SCREENSHOTS, 'home-en.png'), fullPage: true });
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('company page in pt and en: indicators linked to their lineage, canonical URL', async () => {
    for (const [path, lang] of [
      [`/acoes/${ticker}`, 'pt'],
      [`/en/acoes/${ticker}`, 'en'],
    ] as const) {
      const { page, erros, status } = await abrir(path);
      expect(status).toBe(200);
      expect(await page.locator('h1').textContent()).toContain(ticker);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `https://fundamentos.test${path}`,
      );
      const linhagem = page.locator('a[href*="/linhagem/"]');
      expect(await linhagem.count()).toBeGreaterThan(0);
      expect(await linhagem.first().getAttribute('href')).toMatch(/\/linhagem\/\d{4}\/[a-z_0-9]+$/);
      await page.screenshot({ path: join(SCREENSHOTS, `empresa-${lang}.png`), fullPage: true });
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });

  it('restatement page in pt and en shows one row per restated account of the artefact', async () => {
    if (reapresentacoes === null)
      throw new Error('the sample build published no restatements for the company');
    for (const path of [`/acoes/${ticker}/reapresentacoes`, `/en/acoes/${ticker}/reapresentacoes`]) {
      const { page, erros, status } = await abrir(path);
      expect(status).toBe(200);
      expect(await page.locator('table tbody tr').count()).toBe(reapresentacoes);
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });

  it('proventos filter ?ano= shows that year only with JS, every row without JS', async () => {
    if (!comProventos) throw new Error('the sample build published no proventos');
    const ano = comProventos.datasCom[0]?.slice(0, 4) ?? '';
    const doAno = comProventos.datasCom.filter((d) => d.startsWith(ano)).length;
    const path = `/acoes/${comProventos.ticker}?ano=${ano}`;
    const comJs = await abrir(path);
    expect(await comJs.page.locator('[data-proventos] tbody tr:not([hidden])').count()).toBe(doAno);
    await comJs.page.screenshot({ path: join(SCREENSHOTS, 'proventos-ano.png'), fullPage: true });
    expect(comJs.erros).toEqual([]);
    await comJs.page.context().close();
    const semJs = await abrir(path, false);
    expect(await semJs.page.locator('[data-proventos] tbody tr:not([hidden])').count()).toBe(
      comProventos.datasCom.length,
    );
    await semJs.page.context().close();
  });

  it("a live class's page shows its own price and multiples and labels the company's; the main code's has none", async () => {
    // ELETROBRAS: ELET6 (PNB) beside the main code ELET3; COTAHIST_D03022022.TXT line 333: ELET6 close 33.45
    const { page, erros, status } = await abrir('/acoes/ELET6');
    expect(status).toBe(200);
    const tabela = page.locator('[data-classe="ELET6"]');
    expect(await tabela.count()).toBe(1);
    expect(await tabela.locator('caption').textContent()).toContain('ELET6');
    expect(await tabela.locator('td[data-valor="33.45"]').count()).toBe(1);
    expect(await page.locator('h3', { hasText: 'Múltiplos da empresa' }).count()).toBe(1);
    expect(erros).toEqual([]);
    await page.context().close();
    const principal = await abrir('/acoes/ELET3');
    expect(await principal.page.locator('[data-classe]').count()).toBe(0);
    await principal.page.context().close();
  });

  it('an old trading code sends the reader to the current code with ?de=', async () => {
    if (!antigo) throw new Error('the sample build maps no old code');
    const { page } = await abrir(`/acoes/${antigo.de}`);
    await page.waitForURL(`**/acoes/${antigo.para}?de=${antigo.de}`);
    expect(await page.locator('h1').textContent()).toContain(antigo.para);
    await page.context().close();
  });

  it('company page stays within 100 KB of HTML+CSS+JS', async () => {
    const page = await pesoNoOrcamento(browser, `${base}/acoes/${ticker}`, [
      'document',
      'stylesheet',
      'script',
    ]);
    await page.context().close();
  });

  it('reads without JavaScript: the company page and the full search list', async () => {
    const empresa = await abrir(`/acoes/${ticker}`, false);
    expect(await empresa.page.locator('table').count()).toBeGreaterThan(0);
    await empresa.page.screenshot({ path: join(SCREENSHOTS, 'empresa-sem-js.png'), fullPage: true });
    await empresa.page.context().close();

    const busca = await abrir('/buscar', false);
    // /buscar is a sortable table since issue 15: its rows are the list items
    const itens = busca.page.locator('[data-lista] tr');
    expect(await itens.count()).toBeGreaterThan(0);
    expect(await itens.filter({ hasText: ticker }).count()).toBe(1);
    await busca.page.context().close();
  });

  it('search filters the list in place with JavaScript', async () => {
    const { page, erros } = await abrir('/buscar');
    const total = await page.locator('[data-lista] tr').count();
    await page.fill('[data-busca]', ticker.toLowerCase());
    const visiveis = await page.locator('[data-lista] tr:not([hidden])').count();
    expect(visiveis).toBeGreaterThanOrEqual(1);
    expect(visiveis).toBeLessThanOrEqual(total);
    await page.fill('[data-busca]', 'zzzz-nenhuma-empresa');
    expect(await page.locator('[data-nenhum]').isVisible()).toBe(true);
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('keyboard: the first Tab reaches the skip link to the main content', async () => {
    const { page } = await abrir('/qualidade');
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').getAttribute('href')).toBe('#conteudo');
    await page.context().close();
  });

  it('prints without navigation or forms, keeping the notice and the numbers', async () => {
    const { page } = await abrir(`/acoes/${ticker}`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header nav').isVisible()).toBe(false);
    expect(await page.locator('.aviso').first().isVisible()).toBe(true);
    expect(await page.locator('.tabela table').first().isVisible()).toBe(true);
    await page.pdf({ path: join(SCREENSHOTS, 'empresa-impressa.pdf') });
    await page.context().close();
  });

  it('free-key form posts to /chave-gratis and carries the origin label from ?de=', async () => {
    const { page } = await abrir('/chave-gratis?de=e2e');
    const form = page.locator('form[method="post"]');
    expect(await form.getAttribute('action')).toBe('/chave-gratis?lang=pt');
    expect(await page.locator('input[name="de"]').inputValue()).toBe('e2e');
    await page.context().close();
  });

  it('sitemap lists both languages; the 404 page is noindex', async () => {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>https://fundamentos.test/acoes/${ticker}</loc>`);
    expect(xml).toContain(`<loc>https://fundamentos.test/en/acoes/${ticker}</loc>`);
    expect(xml).toContain('<loc>https://fundamentos.test/ler-csv-da-regulator</loc>');
    expect(xml).toContain('<loc>https://fundamentos.test/en/metodologia</loc>');
    const { page, status } = await abrir('/nao-existe');
    expect(status).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.context().close();
  });

  it('price chart: ?janela= shows one window with JS; without JS every window is there and the links are anchors', async () => {
    // AMBEV (ABEV3): real closes 16.95 on 2021-06-25 and 14.46 on 2022-02-03 (COTAHIST_D25062021.TXT
    // line 28, COTAHIST_D03022022.TXT line 33), read back from the published precos.json
    const cd = cdDe('ABEV3');
    const precos = PrecosEmpresaSchema.parse(ler(`json/empresas/${cd}/precos.json`));
    const sessoes = precos.tickers.find((t) => t.ticker === 'ABEV3')?.sessoes ?? [];
    expect(sessoes.map((s) => [s.data, s.fechamento])).toEqual([
      ['2021-06-25', 16.95],
      ['2022-02-03', 14.46],
    ]);

    const comJs = await abrir('/acoes/ABEV3?janela=6m');
    const visiveis = comJs.page.locator('figure.janela:not([hidden])');
    expect(await visiveis.count()).toBe(1);
    expect(await visiveis.getAttribute('id')).toBe('janela-6m');
    // six months back from 2022-02-03 holds one session: listed, not drawn
    expect(await visiveis.locator('tbody tr').count()).toBe(1);
    expect(await visiveis.locator('svg').count()).toBe(0);
    expect(await visiveis.locator('.poucas').textContent()).toContain('Só 1 pregão');
    await comJs.page.click('.janelas a[data-janela="1a"]');
    expect(new URL(comJs.page.url()).searchParams.get('janela')).toBe('1a');
    expect(await comJs.page.locator('figure.janela:not([hidden])').getAttribute('id')).toBe('janela-1a');
    expect(await comJs.page.locator('#janela-1a tbody tr').count()).toBe(sessoes.length);
    expect(await comJs.page.locator('#janela-1a td[data-valor]').first().getAttribute('data-valor')).toBe(
      '16.95',
    );
    await comJs.page.screenshot({ path: join(SCREENSHOTS, 'precos-janela.png'), fullPage: true });
    expect(comJs.erros).toEqual([]);
    await comJs.page.context().close();

    const semJs = await abrir('/acoes/ABEV3?janela=6m', false);
    expect(await semJs.page.locator('figure.janela:not([hidden])').count()).toBe(7);
    expect(await semJs.page.locator('.janelas a[data-janela="1a"]').getAttribute('href')).toBe('#janela-1a');
    await semJs.page.click('.janelas a[data-janela="max"]');
    expect(new URL(semJs.page.url()).hash).toBe('#janela-max');
    await semJs.page.context().close();
  });

  it('theme page /acoes/{ticker}/margem answers from indicadores.json, in pt and en, with a plain-text .md copy', async () => {
    const ind = IndicadoresSchema.parse(ler(`json/empresas/${cdDe(ticker)}/indicadores.json`));
    const ultimo = ind.indicadores
      .filter((l) => l.nome === 'margem_liquida' && l.valor !== null)
      .sort((a, b) => b.ano - a.ano)[0];
    if (!ultimo) throw new Error(`${ticker}: no margem_liquida value published`);
    for (const [path, palavra] of [
      [`/acoes/${ticker}/margem`, 'Em'],
      [`/en/acoes/${ticker}/margem`, 'In'],
    ] as const) {
      const { page, erros, status } = await abrir(path);
      expect(status).toBe(200);
      const resposta = (await page.locator('.resposta').textContent()) ?? '';
      expect(resposta.startsWith(`${palavra} ${ultimo.ano},`)).toBe(true);
      const linha = page.locator('tbody tr', { has: page.locator(`th:text-is("${ultimo.ano}")`) });
      expect(await linha.locator('td').first().getAttribute('data-valor')).toBe(String(ultimo.valor));
      expect(
        await page.locator('h2', { hasText: palavra === 'Em' ? 'Como verificar' : 'How to verify' }).count(),
      ).toBe(1);
      expect(await page.locator('li', { hasText: 'DRE 3.11' }).count()).toBeGreaterThan(0);
      if (palavra === 'Em')
        await page.screenshot({ path: join(SCREENSHOTS, 'tema-margem.png'), fullPage: true });
      expect(erros).toEqual([]);
      await page.context().close();

      const md = await fetch(`${base}${path}.md`);
      expect(md.status).toBe(200);
      expect(md.headers.get('content-type')).toContain('text/markdown');
      const texto = await md.text();
      expect(texto).toContain(resposta.trim());
      expect(texto).toContain(`| ${ultimo.ano} |`);
      expect(texto).not.toContain('<');
    }
  });

  it('sector comparison: the index links sectors; a sector page compares its three most liquid companies in one common year', async () => {
    const indice = await abrir('/comparar/setor');
    const links = indice.page.locator('ul.setores a');
    expect(await links.count()).toBeGreaterThan(0);
    const href = (await links.first().getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/comparar\/setor\/[a-z0-9-]+$/);
    expect(indice.erros).toEqual([]);
    await indice.page.context().close();

    // Emp. Adm. Part. - Energia Elétrica has three companies with prices and indicators in the sample
    const { page, erros, status } = await abrir('/comparar/setor/emp-adm-part-energia-eletrica');
    expect(status).toBe(200);
    const linhas = page.locator('tbody tr');
    expect(await linhas.count()).toBe(3);
    const volumes = await linhas
      .locator('td:nth-of-type(1)')
      .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-valor'))));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    // the liquidity shown is the mean traded value of the company's published sessions
    const primeiro = ((await linhas.first().locator('th a').textContent()) ?? '').trim();
    const p = PrecosEmpresaSchema.parse(ler(`json/empresas/${cdDe(primeiro)}/precos.json`));
    const porDia = new Map<string, number>();
    for (const t of p.tickers)
      for (const s of t.sessoes) porDia.set(s.data, (porDia.get(s.data) ?? 0) + s.volume);
    const media = [...porDia.values()].reduce((a, b) => a + b, 0) / porDia.size;
    expect(volumes[0]).toBeCloseTo(media, 2);
    expect(await page.locator('.lead').textContent()).toMatch(/\d{4}\.$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'comparar-setor.png'), fullPage: true });
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('small caps and the audit history render; the history says no audit run is recorded', async () => {
    const small = await abrir('/small-caps');
    expect(small.status).toBe(200);
    expect(await small.page.locator('h1').textContent()).toBe('Small caps');
    expect(small.erros).toEqual([]);
    await small.page.context().close();
    const hist = await abrir('/en/auditoria/historico');
    expect(hist.status).toBe(200);
    expect(await hist.page.locator('th code', { hasText: 'executor' }).count()).toBe(1);
    expect(await hist.page.locator('th code', { hasText: 'conferidos' }).count()).toBe(1);
    expect(await hist.page.locator('tbody tr').textContent()).toContain('No audit run is recorded');
    expect(hist.erros).toEqual([]);
    await hist.page.context().close();
  });
});
