import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { type EventoPublicado, VigiaEventosArtefatoSchema } from '@fundamentos/schemas/eventos';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventosDaSemana, semanaDe } from '../../edge-api/src/vigia/semana.ts';
import { type Borda, iniciarBordaComChromium } from './borda.ts';
import { abrirPagina, leitorDaPublicacao, SCREENSHOTS } from './site-build.ts';

/**
 * End to end for the watcher: the API CLI serves the shared publication of the real sample and its
 * built site on workerd (./borda.ts); Debian's Chromium reads /vigia, /vigia/{ticker} and
 * /vigia/semana/{YYYY-WW} in both languages, uses their filters with JavaScript off, and follows the
 * link from a company page's latest events. Expected rows come from json/vigia/eventos.json.
 */

let borda: Borda | undefined;
let browser: Browser;
let parar: () => Promise<void> = async () => {};
let eventos: EventoPublicado[];

beforeAll(async () => {
  const pub = await amostraPublicada();
  eventos = VigiaEventosArtefatoSchema.parse(leitorDaPublicacao(pub)('json/vigia/eventos.json')).eventos;
  ({ borda, browser, parar } = await iniciarBordaComChromium({ prefixo: 'e2e-vigia-', pub }));
}, 900_000);

afterAll(() => parar());

const url = (p: string) => `${borda?.url}${p}`;

/** The event rows of the page: kind, code and date of each. */
async function linhas(page: Page): Promise<string[]> {
  return page
    .locator('table[data-eventos] tbody tr')
    .evaluateAll((trs) =>
      trs.map(
        (tr) =>
          `${tr.getAttribute('data-ticker')}|${tr.getAttribute('data-tipo')}|${tr.getAttribute('data-data')}`,
      ),
    );
}
const chave = (e: EventoPublicado) => `${e.ticker}|${e.tipo}|${e.data}`;
/** Portuguese pages are asked with an explicit `?lang=pt`: Debian's Chromium sends an English Accept-Language. */
const IDIOMAS = [
  ['', 'pt'],
  ['/en', 'en'],
] as const;
const consulta = (lang: 'pt' | 'en') => (lang === 'pt' ? '?lang=pt' : '');

describe('watcher pages in Chromium', () => {
  it('/vigia/GFSA3 in pt and en: every event of the code, texts in the language, filter by kind without JavaScript', async () => {
    const gfsa = eventos.filter((e) => e.ticker === 'GFSA3');
    for (const [prefixo, lang] of IDIOMAS) {
      const { page, erros, status } = await abrirPagina(
        browser,
        url(`${prefixo}/vigia/GFSA3${consulta(lang)}`),
        false,
      );
      expect(status).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(lang === 'pt' ? 'pt-BR' : 'en');
      expect(await linhas(page)).toEqual(gfsa.map(chave));
      const primeiro = gfsa[0] as EventoPublicado;
      expect(await page.locator('table[data-eventos] tbody tr').first().textContent()).toContain(
        lang === 'pt' ? primeiro.texto : primeiro.texto_en,
      );
      await page.selectOption('select[name="tipo"]', 'reapresentacao');
      await Promise.all([
        page.waitForURL(/tipo=reapresentacao/),
        page.locator('form[data-filtros] button').click(),
      ]);
      expect(await linhas(page)).toEqual(gfsa.filter((e) => e.tipo === 'reapresentacao').map(chave));
      await page.screenshot({ path: join(SCREENSHOTS, `vigia-ticker-${lang}.png`), fullPage: true });
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });

  it('/vigia in pt and en: latest company events; the class filter (no JavaScript) shows the REIT watcher', async () => {
    const empresas = eventos.filter((e) => e.classe === 'empresas');
    const fiis = eventos.filter((e) => e.classe === 'fiis');
    for (const [prefixo, lang] of IDIOMAS) {
      const { page, erros, status } = await abrirPagina(
        browser,
        url(`${prefixo}/vigia${consulta(lang)}`),
        false,
      );
      expect(await page.getAttribute('html', 'lang')).toBe(lang === 'pt' ? 'pt-BR' : 'en');
      expect(status).toBe(200);
      expect(await linhas(page)).toEqual(empresas.slice(0, 100).map(chave));
      await page.selectOption('select[name="classe"]', 'fiis');
      await Promise.all([page.waitForURL(/classe=fiis/), page.locator('form[data-filtros] button').click()]);
      expect(await linhas(page)).toEqual(fiis.slice(0, 100).map(chave));
      await page.screenshot({ path: join(SCREENSHOTS, `vigia${prefixo.replace('/', '-')}.png`) });
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });

  it('/vigia/semana/{YYYY-WW} in pt and en equals the events of that ISO week, every watcher', async () => {
    const semana = semanaDe((eventos[0] as EventoPublicado).data);
    const esperados = eventosDaSemana(eventos, semana);
    expect(esperados.length).toBeGreaterThan(0);
    for (const [prefixo, lang] of IDIOMAS) {
      const { page, erros, status } = await abrirPagina(
        browser,
        url(`${prefixo}/vigia/semana/${semana}${consulta(lang)}`),
      );
      expect(await page.getAttribute('html', 'lang')).toBe(lang === 'pt' ? 'pt-BR' : 'en');
      expect(status).toBe(200);
      expect((await linhas(page)).sort()).toEqual(esperados.map(chave).sort());
      expect(await page.locator('meta[name="robots"]').count()).toBe(0);
      expect(erros).toEqual([]);
      await page.context().close();
    }
    const invalida = await abrirPagina(browser, url('/vigia/semana/2021-53'));
    expect(invalida.status).toBe(422);
    expect(await invalida.page.locator('[data-parametros] code').first().textContent()).toBe('semana');
    await invalida.page.context().close();
  });

  it('the company page lists its latest events and links to its watcher page', async () => {
    const gfsa = eventos.filter((e) => e.ticker === 'GFSA3');
    for (const [prefixo, lang] of IDIOMAS) {
      const { page, erros } = await abrirPagina(browser, url(`${prefixo}/acoes/GFSA3${consulta(lang)}`));
      const s = page.locator('section[data-vigia-recentes]');
      expect((await s.locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(
        gfsa.slice(0, 5).map((e) => `${e.data}: ${lang === 'pt' ? e.texto : e.texto_en}`),
      );
      await Promise.all([page.waitForURL(/\/vigia\/GFSA3$/), s.locator('a[data-vigia-link]').click()]);
      expect(new URL(page.url()).pathname).toBe(`${prefixo}/vigia/GFSA3`);
      expect(await linhas(page)).toEqual(gfsa.map(chave));
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });
});
