import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { type Veredito, VereditoSchema } from '@fundamentos/schemas/veredito';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, siteDaAmostraNaSuite } from './site-build.ts';

/**
 * End to end: the verdict the pipeline published for the real sample, as the company page and the
 * small-caps page show it in Chromium, in both languages.
 */

/** Every published verdict by current trading code. */
const vereditos = new Map<string, Veredito>();
/** The verdict with the most numbers with a value (ties: first code in order). */
let escolhido: Veredito;

const abrir = siteDaAmostraNaSuite((pub) => {
  const cur = join(pub, 'current');
  const manifesto = ManifestSchema.parse(JSON.parse(readFileSync(join(cur, 'manifest.json'), 'utf8')));
  for (const a of manifesto.artefatos) {
    if (!/^json\/empresas\/\d+\/veredito\.json$/.test(a.path)) continue;
    const v = VereditoSchema.parse(JSON.parse(readFileSync(join(cur, a.path), 'utf8')));
    vereditos.set(v.empresa.ticker, v);
  }
  const ordenados = [...vereditos.values()].sort(
    (a, b) =>
      b.bandeira.numeros_publicados - a.bandeira.numeros_publicados ||
      a.empresa.ticker.localeCompare(b.empresa.ticker),
  );
  if (!ordenados[0] || ordenados[0].bandeira.numeros_publicados === 0)
    throw new Error('the sample build published no verdict with a number');
  escolhido = ordenados[0];
});

/** The verdict section of `v` on the page shows the artefact's texts and values in `lang`. */
async function conferir(page: Page, v: Veredito, lang: 'pt' | 'en'): Promise<void> {
  const s = page.locator(`section[data-veredito="${v.empresa.ticker}"]`);
  expect(await s.count()).toBe(1);
  expect((await s.locator('[data-frase]').textContent())?.trim()).toBe(
    lang === 'en' ? v.frase_topo_en : v.frase_topo,
  );
  expect(await s.getAttribute('data-cor')).toBe(v.bandeira.cor);
  const motivos = await s.locator('[data-motivo]').allTextContents();
  expect(motivos).toEqual(lang === 'en' ? v.bandeira.motivos_en : v.bandeira.motivos);
  for (const p of v.perguntas)
    expect(await s.getByRole('heading', { name: lang === 'en' ? p.pergunta_en : p.pergunta }).count()).toBe(
      1,
    );
  for (const [nome, item] of Object.entries(v.itens)) {
    if (!item) continue;
    const dd = s.locator(`[data-item="${nome}"]`);
    expect(await dd.getAttribute('data-valor'), nome).toBe(item.valor === null ? '' : String(item.valor));
    expect(await dd.locator('[data-texto]').textContent()).toBe(
      lang === 'en' ? item.texto_curto_en : item.texto_curto,
    );
    const faixa = lang === 'en' ? item.faixa_en : item.faixa;
    if (faixa === null) expect(await dd.locator('[data-faixa]').count()).toBe(0);
    else expect(await dd.locator('[data-faixa]').textContent()).toBe(faixa);
    if (item.flag !== null) expect(await dd.locator('code').first().textContent()).toBe(item.flag);
  }
}

describe('the verdict on the site built from the sample publication', () => {
  it('company page in pt and en shows the verdict of the artefact, without console errors', async () => {
    for (const [path, lang] of [
      [`/acoes/${escolhido.empresa.ticker}`, 'pt'],
      [`/en/acoes/${escolhido.empresa.ticker}`, 'en'],
    ] as const) {
      const { page, erros, status } = await abrir(path);
      expect(status).toBe(200);
      await conferir(page, escolhido, lang);
      await page
        .locator(`section[data-veredito="${escolhido.empresa.ticker}"]`)
        .screenshot({ path: join(SCREENSHOTS, `veredito-${lang}.png`) });
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });

  it('a company without a published verdict says so instead', async () => {
    const semVeredito = 'WEGE3';
    expect(vereditos.has(semVeredito)).toBe(false);
    const { page, erros, status } = await abrir(`/acoes/${semVeredito}`);
    expect(status).toBe(200);
    expect(await page.locator('.veredito-ausente').textContent()).toContain('Veredito não publicado');
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('/small-caps in pt and en: every company in the window with its verdict as published', async () => {
    for (const [path, lang] of [
      ['/small-caps', 'pt'],
      ['/en/small-caps', 'en'],
    ] as const) {
      const { page, erros, status } = await abrir(path);
      expect(status).toBe(200);
      const linhas = await page.locator('table tbody tr th a').allTextContents();
      expect(linhas.length).toBeGreaterThan(0);
      const comVeredito = linhas.filter((t) => vereditos.has(t));
      const secoes = page.locator('section[data-veredito]');
      expect(await secoes.count()).toBe(comVeredito.length);
      expect(await page.locator('.veredito-ausente').count()).toBe(linhas.length - comVeredito.length);
      for (const t of comVeredito) await conferir(page, vereditos.get(t) as Veredito, lang);
      await page.screenshot({ path: join(SCREENSHOTS, `small-caps-${lang}.png`), fullPage: true });
      expect(erros).toEqual([]);
      await page.context().close();
    }
  });
});
