/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { DividendosSchema } from '@fundamentos/schemas/dividendos';
import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { EtfListaSchema } from '@fundamentos/schemas/etfs';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { type Vitrine, vitrineDaPublicacao } from '@fundamentos/site/data/vitrine';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteNoChromium } from './site-build.ts';
import { abrirSiteDaAmostra, leitorDaPublicacao, pesoNoOrcamento, SCREENSHOTS } from './site-build.ts';

/**
 * The reading layer of issue 15, in Debian's Chromium on the site built from the real sample: screenshots
 * of the showcase pages at 375 and 1440 px in both languages, axe-core on each, the search box driven by
 * the keyboard, the sortable tables, the charts' rule, and the company page's weight budget.
 */

const LARGURAS = [375, 1440] as const;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let base: string;
let fechar: () => Promise<void> = async () => {};
let browser: Browser;
/** Opens a page of the site, collecting console errors and uncaught exceptions (site-build.ts). */
let abrirNoSite: SiteNoChromium['abrir'];
let v: Vitrine;
let ler: (path: string) => unknown;
let temEventos: boolean;

beforeAll(async () => {
  const pub = await amostraPublicada();
  v = vitrineDaPublicacao(pub);
  ler = leitorDaPublicacao(pub);
  const manifest = ManifestSchema.parse(ler('manifest.json'));
  temEventos = manifest.artefatos.some((a) => a.path === ARTEFATOS.eventos.caminho());
  ({ base, browser, fechar, abrir: abrirNoSite } = await abrirSiteDaAmostra(pub));
});

afterAll(async () => {
  await fechar();
});

/** Opens a page at `largura` px wide (the shared helper collects console errors), expecting 200. */
async function abrir(path: string, largura = 1440, js = true): Promise<{ page: Page; erros: string[] }> {
  const { page, erros, status } = await abrirNoSite(path, js);
  expect(status).toBe(200);
  await page.setViewportSize({ width: largura, height: 900 });
  await page.waitForLoadState('networkidle');
  return { page, erros };
}

interface Violacao {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function axe(page: Page): Promise<Violacao[]> {
  await page.addScriptTag({ content: AXE });
  const r = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (c: Document, o: object) => Promise<{ violations: Violacao[] }> };
    };
    return w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
  });
  return r.violations.map((x) => ({ id: x.id, impact: x.impact, nodes: x.nodes.slice(0, 3) }));
}

function paginas(): [string, string][] {
  if (!v.empresa || !v.fii || !v.etf)
    throw new Error(`the sample lacks a showcase page: ${JSON.stringify(v)}`);
  return [
    ['inicio', '/'],
    ['empresa', `/acoes/${v.empresa}`],
    ['fii', `/fiis/${v.fii}`],
    ['etf', `/etfs/${v.etf}`],
  ];
}

describe('reading layer in Chromium (issue 15)', () => {
  it('home, company, REIT and ETF at 375 and 1440 px in pt and en: screenshots, no overflow, no serious axe violation', async () => {
    for (const [nome, caminho] of paginas()) {
      for (const lang of ['pt', 'en'] as const) {
        const path = lang === 'en' ? `/en${caminho === '/' ? '/' : caminho}` : caminho;
        for (const largura of LARGURAS) {
          const { page, erros } = await abrir(path, largura);
          // Nothing but the scroll boxes of wide tables may be wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            largura,
          );
          await page.screenshot({
            path: join(SCREENSHOTS, `leitura-${nome}-${lang}-${largura}.png`),
            fullPage: true,
          });
          const graves = (await axe(page)).filter((x) => x.impact === 'serious' || x.impact === 'critical');
          expect(graves, `${path} at ${largura} px: ${JSON.stringify(graves)}`).toEqual([]);
          expect(erros).toEqual([]);
          await page.context().close();
        }
      }
    }
  });

  it('dark theme follows the system setting', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${base}/acoes/${v.empresa}`, { waitUntil: 'networkidle' });
    const fundo = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(fundo).toBe('rgb(18, 20, 22)');
    await page.screenshot({ path: join(SCREENSHOTS, 'leitura-empresa-escuro.png') });
    const graves = (await axe(page)).filter((x) => x.impact === 'serious' || x.impact === 'critical');
    expect(graves).toEqual([]);
    await context.close();
  });

  it('search box: typed code, accent-free name and CNPJ digits suggest pages; arrows, Enter and Escape work', async () => {
    const empresas = EmpresasListaSchema.parse(ler('json/empresas.json'));
    const alvo = empresas.find((e) => e.ticker === v.empresa);
    if (!alvo) throw new Error('showcase company missing from empresas.json');
    const { page, erros } = await abrir('/etfs');
    const campo = page.locator('#busca-q');
    expect(await campo.getAttribute('role')).toBe('combobox');
    // Keyboard only: the skip link, the brand, then the search field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('busca-q');

    await page.keyboard.type(alvo.ticker.slice(0, 4).toLowerCase());
    const opcoes = page.locator('#busca-opcoes [role="option"]');
    await opcoes.first().waitFor();
    expect(await campo.getAttribute('aria-expanded')).toBe('true');
    const codigos = await opcoes.locator('strong').allTextContents();
    expect(codigos).toContain(alvo.ticker);
    // at most eight suggestions; a company may match by another of its codes, so the main codes may differ
    expect(codigos.length).toBeLessThanOrEqual(8);

    await page.keyboard.press('ArrowDown');
    const primeiro = await opcoes.nth(0).getAttribute('id');
    expect(await campo.getAttribute('aria-activedescendant')).toBe(primeiro);
    expect(await opcoes.nth(0).getAttribute('aria-selected')).toBe('true');
    if ((await opcoes.count()) > 1) {
      await page.keyboard.press('ArrowDown');
      expect(await campo.getAttribute('aria-activedescendant')).toBe(await opcoes.nth(1).getAttribute('id'));
      await page.keyboard.press('ArrowUp');
    }
    await page.keyboard.press('Escape');
    expect(await page.locator('#busca-opcoes').isHidden()).toBe(true);
    expect(await campo.getAttribute('aria-activedescendant')).toBeNull();

    // CNPJ digits find the company first.
    await campo.fill(alvo.cnpj.replace(/\D/g, ''));
    await opcoes.first().waitFor();
    expect(await opcoes.first().locator('strong').textContent()).toBe(alvo.ticker);

    // A name word typed without its accent finds the names that carry it (real names of the sample).
    const comAcento = empresas
      .flatMap((e) => e.nome.split(/\s+/).map((p) => ({ e, p })))
      .find(({ p }) => /^\p{L}{6,}$/u.test(p) && p.normalize('NFD') !== p);
    if (!comAcento) throw new Error('the sample has no accented company name');
    const semAcento = comAcento.p.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    await campo.fill(semAcento);
    await opcoes.first().waitFor();
    expect(await page.locator('#busca-opcoes').textContent()).toContain(comAcento.p);

    // Enter on the chosen suggestion opens its page.
    await campo.fill(alvo.ticker);
    await opcoes.first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/acoes/${alvo.ticker}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'leitura-busca.png') });
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript the search box is a plain GET form to /procurar, in each language', async () => {
    for (const [path, acao] of [
      ['/acoes/ABEV3', '/procurar'],
      ['/en/acoes/ABEV3', '/en/procurar'],
    ] as const) {
      const { page } = await abrir(path, 1440, false);
      const form = page.locator('form[data-busca-topo]');
      expect(await form.getAttribute('action')).toBe(acao);
      expect(await form.getAttribute('method')).toBe('get');
      expect(await form.locator('input[name="q"]').getAttribute('role')).toBeNull();
      await page.context().close();
    }
  });

  it('the ETF list sorts by close and filters as you type; without JS it is the plain full table', async () => {
    const lista = EtfListaSchema.parse(ler('json/etfs.json'));
    const { page, erros } = await abrir('/etfs');
    const linhas = page.locator('#etfs tbody tr');
    expect(await linhas.count()).toBe(lista.length);
    await page
      .locator('#etfs thead th', { hasText: /fechamento/i })
      .locator('button')
      .click();
    const valores = await page
      .locator('#etfs tbody tr td:nth-of-type(4)')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-valor') ?? ''));
    const numeros = valores.filter((x) => x !== '').map(Number);
    expect(numeros).toEqual([...numeros].sort((a, b) => a - b));
    expect(valores.slice(numeros.length).every((x) => x === '')).toBe(true);
    await page
      .locator('#etfs thead th', { hasText: /fechamento/i })
      .locator('button')
      .click();
    const desc = (
      await page
        .locator('#etfs tbody tr td:nth-of-type(4)')
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-valor') ?? ''))
    )
      .filter((x) => x !== '')
      .map(Number);
    expect(desc).toEqual([...numeros].sort((a, b) => b - a));
    expect(await page.locator('#etfs thead th[aria-sort="descending"]').count()).toBe(1);

    const bova = lista.filter((e) =>
      /bova/i.test([e.ticker, e.nome, e.indice ?? '', e.cnpj ?? ''].join(' ')),
    ).length;
    expect(bova).toBeGreaterThan(0);
    await page.fill('.filtro-tabela input', 'bova');
    expect(await page.locator('#etfs tbody tr:not([hidden])').count()).toBe(bova);
    expect(erros).toEqual([]);
    await page.context().close();

    const semJs = await abrir('/etfs', 1440, false);
    expect(await semJs.page.locator('#etfs tbody tr:not([hidden])').count()).toBe(lista.length);
    expect(await semJs.page.locator('.filtro-tabela').count()).toBe(0);
    await semJs.page.context().close();
  });

  it('/buscar lists every company as a table sortable by P/L; the REIT list sorts by net assets', async () => {
    const empresas = EmpresasListaSchema.parse(ler('json/empresas.json'));
    const { page, erros } = await abrir('/buscar');
    const linhas = page.locator('[data-lista] tr');
    expect(await linhas.count()).toBeLessThanOrEqual(empresas.length);
    expect(await linhas.count()).toBeGreaterThan(0);
    await page.locator('thead th', { hasText: 'P/L' }).locator('button').click();
    const pl = (
      await page
        .locator('[data-lista] tr')
        .evaluateAll((trs) =>
          trs.map(
            (tr) => tr.querySelector('td[data-valor]:nth-of-type(3)')?.getAttribute('data-valor') ?? '',
          ),
        )
    )
      .filter((x) => x !== '')
      .map(Number);
    expect(pl).toEqual([...pl].sort((a, b) => a - b));
    expect(erros).toEqual([]);
    await page.context().close();

    const fiis = await abrir('/buscar/fiis');
    await fiis.page.selectOption('#ordem-lista', 'pl');
    const pls = (
      await fiis.page
        .locator('[data-lista] li')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-o-pl') ?? ''))
    )
      .filter((x) => x !== '')
      .map(Number);
    expect(pls.length).toBeGreaterThan(1);
    expect(pls).toEqual([...pls].sort((a, b) => b - a));
    expect(fiis.erros).toEqual([]);
    await fiis.page.context().close();
  });

  it('company page: header strip linked to lineage, a line beside each indicator or the reason, dividends by year', async () => {
    const { page, erros } = await abrir(`/acoes/${v.empresa}`);
    const faixa = page.locator('.faixa [data-resumo]');
    expect(await faixa.count()).toBe(7);
    for (const chave of ['pl', 'roe', 'margem', 'dl_ebitda']) {
      const a = page.locator(`.faixa [data-resumo="${chave}"] a`);
      expect(await a.getAttribute('href')).toMatch(/\/linhagem\/\d{4}\/[a-z_]+$/);
    }
    // a null figure shows the published flag that says why
    for (const d of await faixa.all()) {
      if ((await d.getAttribute('data-valor')) !== '') continue;
      expect(await d.locator('code.flag').count()).toBeGreaterThan(0);
    }
    // every indicator row has either a drawn line or the reason it has none
    const linhas = page.locator('section[aria-labelledby="h-ind"] .tabela tbody tr');
    const n = await linhas.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const cel = linhas.nth(i).locator('td.hist');
      expect((await cel.locator('svg.tracinho').count()) + (await cel.locator('.porque').count())).toBe(1);
    }
    expect(await page.locator('td.hist svg.tracinho').count()).toBeGreaterThan(0);
    expect(erros).toEqual([]);
    await page.context().close();

    // ABEV3's dividends: one bar per year of the B3 answer's resumo_anual, with no year missing in between
    if (!v.dividendos) throw new Error('the sample has no company with proventos');
    const cds = EmpresasListaSchema.parse(ler('json/empresas.json'));
    const cd = cds.find((e) => e.ticker === v.dividendos)?.cd_regulator;
    const div = DividendosSchema.parse(ler(`json/empresas/${cd}/dividendos.json`));
    const anos = div.resumo_anual.map((r) => r.ano).sort((a, b) => a - b);
    const continuo = anos.every((a, i) => i === 0 || a === (anos[i - 1] ?? 0) + 1);
    const d = await abrir(`/acoes/${v.dividendos}`);
    const fig = d.page.locator('#g-dividendos');
    expect(await fig.getAttribute('data-desenhado')).toBe(String(continuo && anos.length >= 3));
    if (continuo && anos.length >= 3) expect(await fig.locator('svg rect').count()).toBe(anos.length);
    expect(await fig.locator('tbody tr').count()).toBe((anos.at(-1) ?? 0) - (anos[0] ?? 0) + 1);
    await d.page.context().close();
  });

  it('home: search first, the lists a reader comes back for, events only when published, data version with date', async () => {
    const { page } = await abrir('/');
    const primeiro = await page.evaluate(() => {
      const m = document.querySelector('main');
      return m?.querySelector('form[role="search"], section')?.tagName;
    });
    expect(primeiro).toBe('FORM');
    for (const id of ['h-mais', 'h-setores', 'h-small', 'h-fiis', 'h-etfs', 'h-auditoria'])
      expect(await page.locator(`#${id}`).count()).toBe(1);
    expect(await page.locator('#h-eventos').count()).toBe(temEventos ? 1 : 0);
    expect(await page.locator('.versao').textContent()).toMatch(
      /\d{4}-\d{2}-\d{2}-amostra\|\d+.*\d{4}-\d{2}-\d{2}/,
    );
    await page.context().close();
  });

  it('company page: ≤ 100 KB of HTML, CSS, JS and images, and no script blocks the parser', async () => {
    const page = await pesoNoOrcamento(browser, `${base}/acoes/${v.empresa}`, [
      'document',
      'stylesheet',
      'script',
      'image',
      'fetch',
    ]);
    const bloqueantes = await page.evaluate(
      () =>
        [...document.querySelectorAll('script')].filter(
          (s) =>
            s.type !== 'application/json' &&
            ((s.src !== '' && !s.defer && !s.async && s.type !== 'module') ||
              (s.src === '' && s.closest('head'))),
        ).length,
    );
    expect(bloqueantes).toBe(0);
    await page.context().close();
  });
});
