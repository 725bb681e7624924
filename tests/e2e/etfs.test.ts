import { join } from 'node:path';
import { EtfListaSchema, type EtfRecurso, EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { describe, expect, it } from 'vitest';
import { leitorDaPublicacao, SCREENSHOTS, siteDaAmostraNaSuite } from './site-build.ts';

/**
 * End to end for the ETF pages: the pipeline publishes the real sample, the site CLI builds and serves
 * it, Debian's Chromium reads /etfs/BOVA11 in both languages and the /etfs index. Every value checked
 * is read from the published artefact (BOVA11's close comes from COTAHIST_D03022022.TXT line 1115).
 */

let bova: EtfRecurso;
let ivvb: EtfRecurso;
let nEtfs: number;

const abrir = siteDaAmostraNaSuite((pub) => {
  const ler = leitorDaPublicacao(pub);
  bova = EtfRecursoSchema.parse(ler('json/etfs/BOVA11/index.json'));
  ivvb = EtfRecursoSchema.parse(ler('json/etfs/IVVB11/index.json'));
  nEtfs = EtfListaSchema.parse(ler('json/etfs.json')).length;
});

describe('ETF pages built from the sample publication', () => {
  for (const [lang, prefixo, html, fechamento, vazio] of [
    ['pt', '', 'pt-BR', 'R$\u00a0107,77', 'sem valor'],
    ['en', '/en', 'en', 'R$107.77', 'no value'],
  ] as const) {
    it(`BOVA11 in ${lang}: the artefact's close, session, premium rows, gaps with their sources; no console error`, async () => {
      const { page, erros, status } = await abrir(`${prefixo}/etfs/BOVA11`);
      expect(status).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(html);
      const f = bova.ultimo_fechamento;
      expect(f).not.toBeNull();
      expect(await page.locator('#etf-sessao').textContent()).toBe(f?.data);
      expect(await page.locator('#etf-fechamento').getAttribute('data-valor')).toBe(String(f?.fechamento));
      expect(await page.locator('#etf-fechamento').textContent()).toBe(fechamento);
      expect(await page.locator('main').textContent()).toContain(f?.origem);
      // one premium row per session of the artefact, the premium itself empty (no quota in the sample)
      const linhas = page.locator('#etf-agio tbody tr');
      expect(await linhas.count()).toBe(bova.agio_30_pregoes.length);
      for (const [i, a] of bova.agio_30_pregoes.entries()) {
        expect(await linhas.nth(i).locator('th').textContent()).toBe(a.data);
        expect(await linhas.nth(i).locator('td').nth(0).getAttribute('data-valor')).toBe(String(a.preco));
        expect(await linhas.nth(i).locator('td').nth(2).textContent()).toBe(vazio);
        expect(await linhas.nth(i).locator('td').nth(3).textContent()).toBe(a.flag ?? '');
      }
      const lacunas = page.locator('#etf-lacunas tbody tr');
      expect(await lacunas.count()).toBe(bova.lacunas.length);
      for (const [i, l] of bova.lacunas.entries()) {
        expect(await lacunas.nth(i).locator('th').textContent()).toBe(l.campo);
        expect(await lacunas.nth(i).locator('td').nth(0).textContent()).toBe(l.flag);
        // the pipeline publishes each source in both languages
        expect(await lacunas.nth(i).locator('td').nth(1).textContent()).toBe(
          lang === 'en' ? l.fonte_en : l.fonte,
        );
      }
      expect(await page.locator('#etf-pares li').count()).toBe(bova.pares.n);
      expect(await page.locator('#etf-cobertura-precos').textContent()).toBe(
        `${bova.cobertura.precos.n} (${bova.cobertura.precos.de} – ${bova.cobertura.precos.ate})`,
      );
      expect(await page.locator('footer [data-versao-do-dado]').textContent()).toBe(bova.versao_do_dado);
      await page.screenshot({ path: join(SCREENSHOTS, `etf-${lang}.png`), fullPage: true });
      expect(erros).toEqual([]);
    });
  }

  // IVVB11 is linked to a CVM fund by the sample's made-here fund files (feitos-aqui/cvm/fundos-etf):
  // the page shows the premium, the daily report, the portfolio with its peer overlap and the registry.
  for (const [lang, prefixo] of [
    ['pt', ''],
    ['en', '/en'],
  ] as const) {
    it(`IVVB11 in ${lang}: premium, daily report, portfolio, overlap and CNPJ of the artefact; no console error`, async () => {
      const { page, erros, status } = await abrir(`${prefixo}/etfs/IVVB11`);
      expect(status).toBe(200);
      const linhas = page.locator('#etf-agio tbody tr');
      expect(await linhas.count()).toBe(ivvb.agio_30_pregoes.length);
      for (const [i, a] of ivvb.agio_30_pregoes.entries()) {
        expect(a.agio).not.toBeNull();
        expect(await linhas.nth(i).locator('td').nth(1).getAttribute('data-valor')).toBe(String(a.cota));
        expect(await linhas.nth(i).locator('td').nth(2).getAttribute('data-valor')).toBe(String(a.agio));
      }
      const informe = page.locator('section[aria-labelledby="informe"] dd[data-valor]');
      expect(await informe.first().getAttribute('data-valor')).toBe(String(ivvb.ultimo_informe?.cota));
      const carteira = page.locator('section[aria-labelledby="carteira"] tbody tr');
      expect(await carteira.count()).toBe(ivvb.carteira?.maiores.length);
      expect(await carteira.nth(0).locator('th').textContent()).toBe(ivvb.carteira?.maiores[0]?.ativo);
      const par = ivvb.carteira?.sobreposicao_mesmo_indice[0]?.ticker ?? '';
      expect(
        await page.locator(`section[aria-labelledby="carteira"] a[href="${prefixo}/etfs/${par}"]`).count(),
      ).toBe(1);
      expect(await page.locator('section[aria-labelledby="cadastro"] tbody').textContent()).toContain(
        ivvb.cadastro.cnpj,
      );
      expect(erros).toEqual([]);
    });
  }

  it('the index lists every ETF of json/etfs.json and links to its page', async () => {
    const { page, erros, status } = await abrir('/etfs');
    expect(status).toBe(200);
    expect(await page.locator('#etfs tbody tr').count()).toBe(nEtfs);
    const link = page.locator('#etfs a[href="/etfs/BOVA11"]');
    expect(await link.count()).toBe(1);
    await link.click();
    await page.waitForURL(/\/etfs\/BOVA11\/?$/);
    expect(await page.locator('h1').textContent()).toContain('BOVA11');
    expect(erros).toEqual([]);
  });
});
