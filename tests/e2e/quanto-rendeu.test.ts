import { join } from 'node:path';
import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { type QuantoRendeu, QuantoRendeuSchema } from '@fundamentos/schemas/quanto-rendeu';
import { describe, expect, it } from 'vitest';
import { leitorDaPublicacao, SCREENSHOTS, siteDaAmostraNaSuite } from './site-build.ts';

/**
 * End to end for /quanto-rendeu/{ticker}: the real sample publication, the site CLI build (with the
 * link check) and Chromium. ABEV3 (AMBEV, cd 23264) is the sample's company with a B3 proventos answer;
 * its Selic values are the page's only non-null numbers (the sample has two COTAHIST sessions).
 */
const CD = 23264;
const TICKER = 'ABEV3';
const MEDIDAS = ['mil_reais_preco', 'mil_reais_com_proventos', 'indice', 'selic'] as const;

let rendeu: QuantoRendeu;
let significados: Map<string, { pt: string; en: string }>;
/** A company whose main code never traded in the sample's sessions (its artefact has ate = null). */
let semPregao: QuantoRendeu | undefined;

const abrir = siteDaAmostraNaSuite((pub) => {
  const ler = leitorDaPublicacao(pub);
  const manifest = ManifestSchema.parse(ler('manifest.json'));
  rendeu = QuantoRendeuSchema.parse(ler(`json/empresas/${CD}/quanto-rendeu.json`));
  const d = DicionarioSchema.parse(ler('json/dicionario.json'));
  significados = new Map(d.flags.map((f) => [f.flag, { pt: f.significado, en: f.significado_en }]));
  for (const a of manifest.artefatos.filter((x) => x.path.endsWith('/quanto-rendeu.json'))) {
    const r = QuantoRendeuSchema.parse(ler(a.path));
    if (r.ate === null) {
      semPregao = r;
      break;
    }
  }
});

const reais = (v: number, lang: 'pt' | 'en') =>
  new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', {
    style: 'currency',
    currency: 'BRL',
    maximumFractionDigits: 2,
  }).format(v);

describe('/quanto-rendeu/{ticker} on the sample build', () => {
  it('the artefact has what the page is checked against: null code values with flags, non-null Selic', () => {
    expect(rendeu.ticker).toBe(TICKER);
    expect(rendeu.horizontes.some((h) => h.selic.valor !== null)).toBe(true);
    expect(rendeu.horizontes.every((h) => h.mil_reais_preco.valor === null)).toBe(true);
  });

  for (const lang of ['pt', 'en'] as const) {
    it(`${lang}: every cell shows the artefact's value or its flag, explained in place from the dictionary`, async () => {
      const prefixo = lang === 'pt' ? '' : '/en';
      const { page, erros, status } = await abrir(`${prefixo}/quanto-rendeu/${TICKER}`);
      expect(status).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(lang === 'pt' ? 'pt-BR' : 'en');
      expect(await page.locator('.aviso').first().textContent()).toContain(
        lang === 'pt' ? 'Não é recomendação de investimento' : 'not investment advice',
      );
      expect(await page.locator('#rendeu tbody tr').count()).toBe(rendeu.horizontes.length);
      const flags = new Set<string>();
      for (const h of rendeu.horizontes) {
        const linha = page.locator(`#rendeu tbody tr[data-anos="${h.anos}"]`);
        expect(await linha.locator('td[data-inicio]').getAttribute('data-inicio')).toBe(h.data_inicio ?? '');
        expect(await linha.locator('td[data-inicio]').textContent()).toContain(h.data_pedida ?? '—');
        for (const m of MEDIDAS) {
          const cel = linha.locator(`td[data-medida="${m}"]`);
          const { valor, flag } = h[m];
          expect(await cel.getAttribute('data-flag'), `${h.anos} ${m}`).toBe(flag ?? '');
          const texto = (await cel.textContent()) ?? '';
          if (valor === null) {
            expect(await cel.getAttribute('data-valor')).toBe('');
            expect(texto).toContain(lang === 'pt' ? 'sem valor' : 'no value');
          } else {
            expect(Number(await cel.getAttribute('data-valor'))).toBe(valor);
            expect(texto).toContain(reais(valor, lang));
          }
          if (flag) flags.add(flag);
        }
      }
      expect(flags.size).toBeGreaterThan(0);
      for (const f of flags) {
        const dd = page.locator(`#h-flags ~ dl dd[data-flag="${f}"]`);
        expect(await dd.textContent()).toBe(significados.get(f)?.[lang]);
        // the note in the cell jumps to the meaning
        expect(await page.locator(`#rendeu a[href="#flag-${f}"]`).count()).toBeGreaterThan(0);
        expect(await page.locator(`[id="flag-${f}"]`).count()).toBe(1);
      }
      // how to verify: the last session's file and line, the artefact path
      const verificar = (await page.locator('section[aria-labelledby="h-verificar"]').textContent()) ?? '';
      expect(verificar).toContain(rendeu.fonte_ate ?? 'sem fonte');
      expect(verificar).toContain(`json/empresas/${CD}/quanto-rendeu.json`);
      for (const f of rendeu.horizontes.flatMap((h) => h.selic.fontes)) expect(verificar).toContain(f);
      await page.screenshot({ path: join(SCREENSHOTS, `quanto-rendeu-${lang}.png`), fullPage: true });
      expect(erros).toEqual([]);
      await page.context().close();
    });
  }

  it('the company page links to it', async () => {
    const { page, erros } = await abrir(`/acoes/${TICKER}`);
    expect(await page.locator(`a[href="/quanto-rendeu/${TICKER}"]`).count()).toBe(1);
    expect(erros).toEqual([]);
    await page.context().close();
  });

  it('a main code without any session says so, every cell empty with codigo_principal_sem_pregao', async () => {
    if (!semPregao) throw new Error('the sample has no company whose main code never traded');
    const { page, erros, status } = await abrir(`/quanto-rendeu/${semPregao.ticker}`);
    expect(status).toBe(200);
    expect(await page.locator('main').textContent()).toContain(
      `O código ${semPregao.ticker} não tem nenhum pregão`,
    );
    const celulas = page.locator('#rendeu td[data-medida]');
    expect(await celulas.count()).toBe(16);
    for (const f of await celulas.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-flag'))))
      expect(f).toBe('codigo_principal_sem_pregao');
    expect(erros).toEqual([]);
    await page.context().close();
  });
});
