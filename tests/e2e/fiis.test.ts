import { join } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { type FiiLista, FiiListaSchema, type FiiRecurso, FiiRecursoSchema } from '@fundamentos/schemas/fiis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirPagina, abrirSiteDaAmostra, leitorDaPublicacao, SCREENSHOTS } from './site-build.ts';

/**
 * End to end for the REIT pages: the pipeline publishes the real sample, the site CLI builds and serves
 * it, Debian's Chromium reads /fiis/FLRP11 in both languages and searches /buscar/fiis. Every value
 * checked is read from the published artefact (FLRP11's 2021-05 report: inf_mensal_fii_geral_2021.csv
 * and inf_mensal_fii_complemento_2021.csv line 597, priced on 2021-06-25 from COTAHIST_D25062021.TXT
 * line 848).
 */

let base: string;
let fechar: () => Promise<void> = async () => {};
let browser: Browser;
let flrp: FiiRecurso;
let lista: FiiLista;

beforeAll(async () => {
  const pub = await amostraPublicada();
  const ler = leitorDaPublicacao(pub);
  flrp = FiiRecursoSchema.parse(ler('json/fiis/FLRP11/index.json'));
  lista = FiiListaSchema.parse(ler('json/fiis.json'));
  ({ base, browser, fechar } = await abrirSiteDaAmostra(pub));
}, 900_000);

afterAll(async () => {
  await fechar();
});

async function abrir(path: string, js = true): Promise<{ page: Page; erros: string[]; status: number }> {
  return abrirPagina(browser, `${base}${path}`, js);
}

async function valoresDaPagina(page: Page) {
  const linha = page.locator('[data-tabela-pvp] tr[data-competencia="2021-05-01"]');
  return {
    h1: await page.locator('h1').textContent(),
    pl: await page.locator('[data-pl]').getAttribute('data-valor'),
    cotistas: await page.locator('[data-cotistas]').getAttribute('data-valor'),
    competencia: await page.locator('[data-informe-competencia]').textContent(),
    pvp: await linha.locator('[data-pvp]').getAttribute('data-valor'),
    dataPreco: await linha.locator('td').nth(2).textContent(),
    linhasPvp: await page.locator('[data-tabela-pvp] tbody tr').count(),
    dyFlag: await page.locator('[data-dy-valor] code').textContent(),
    fontes: await page.locator('[data-fontes] li').allTextContents(),
  };
}

describe('REIT pages built from the sample publication', () => {
  it('/fiis/FLRP11 in Portuguese: values of the artefact, point-in-time P/VP, notice, no console error', async () => {
    const { page, erros, status } = await abrir('/fiis/FLRP11');
    expect(status).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    const v = await valoresDaPagina(page);
    const maio = flrp.pvp.find((p) => p.competencia === '2021-05-01');
    expect(maio?.pvp).not.toBeNull();
    expect(v).toEqual({
      h1: `${flrp.cadastro.nome} (FLRP11)`,
      pl: String(flrp.ultimo_informe.pl),
      cotistas: String(flrp.ultimo_informe.cotistas),
      competencia: flrp.ultimo_informe.competencia,
      pvp: String(maio?.pvp),
      dataPreco: '2021-06-25',
      linhasPvp: flrp.pvp.length,
      dyFlag: 'sem_fonte_de_rendimentos',
      fontes: [expect.stringMatching(/^cvm\/fii\/inf_mensal_fii_geral_2021\.csv:\d+$/), expect.any(String)],
    });
    expect(await page.locator('.aviso').first().textContent()).toContain(
      'Não é recomendação de investimento',
    );
    expect(await page.locator('#flag-sem_fonte_de_rendimentos').count()).toBe(1);
    expect(await page.locator('#dy').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'fii-pt.png'), fullPage: true });
    expect(erros).toEqual([]);
  });

  it('/en/fiis/FLRP11: English page, the same numbers', async () => {
    const pt = await abrir('/fiis/FLRP11');
    const { page, erros, status } = await abrir('/en/fiis/FLRP11');
    expect(status).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('#pvp').textContent()).toBe('P/B per report');
    expect(await valoresDaPagina(page)).toEqual(await valoresDaPagina(pt.page));
    await page.screenshot({ path: join(SCREENSHOTS, 'fii-en.png'), fullPage: true });
    expect(erros).toEqual([]);
  });

  it('/buscar/fiis: every fund listed, the filter finds MXRF11 and leads to its page', async () => {
    const { page, erros, status } = await abrir('/buscar/fiis');
    expect(status).toBe(200);
    expect(await page.locator('[data-lista] li').count()).toBe(lista.fundos.length);
    await page.fill('[data-busca]', 'maxi renda');
    const visiveis = page.locator('[data-lista] li:not([hidden])');
    expect(await visiveis.count()).toBe(lista.fundos.filter((f) => /maxi renda/i.test(f.nome)).length);
    expect(await page.locator('[data-contagem]').textContent()).toBe(String(await visiveis.count()));
    await page.screenshot({ path: join(SCREENSHOTS, 'buscar-fiis.png'), fullPage: false });
    await visiveis.locator('a[href="/fiis/MXRF11"]').click();
    await page.waitForURL(`${base}/fiis/MXRF11`);
    expect(await page.locator('h1').textContent()).toContain('MXRF11');
    expect(erros).toEqual([]);
  });

  it('/buscar/fiis without JavaScript still lists every fund', async () => {
    const { page, status } = await abrir('/en/buscar/fiis', false);
    expect(status).toBe(200);
    expect(await page.locator('[data-lista] li:not([hidden])').count()).toBe(lista.fundos.length);
    expect(await page.locator('[data-lista] a[href="/en/fiis/MXRF11"]').count()).toBe(1);
  });
});
