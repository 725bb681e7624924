import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { DividendosSchema } from '@fundamentos/schemas/dividendos';
import { EmpresaIndiceSchema, EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { FiiListaSchema, FiiRecursoSchema, ReapresentacoesFiiSchema } from '@fundamentos/schemas/fiis';
import { entradaDoDicionario, separarFlags } from '@fundamentos/schemas/flags';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { QuantoRendeuSchema } from '@fundamentos/schemas/quanto-rendeu';
import { ReapresentacoesEmpresaSchema } from '@fundamentos/schemas/reapresentacoes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirSiteDaAmostra, leitorDaPublicacao } from './site-build.ts';

/**
 * End to end, English pages (issue 6): the site built from the real sample publication shows the
 * dictionary's English texts on `/en/` pages and none of its Portuguese ones.
 */

let base: string;
let fechar: () => Promise<void> = async () => {};
let browser: Browser;
let d: Dicionario;
/** The sample company whose indicators carry the most distinct flags, and its most frequent flag. */
let ticker: string;
let flag: string;
/** Portuguese notes of that ticker's artefacts (indicators note, resources): English pages show their `_en`. */
let notasPt: string[] = [];
/** Per English page: the [Portuguese, English] prose its artefacts publish (`<campo>`, `<campo>_en`). */
const prosa = new Map<string, [string, string][]>();

beforeAll(async () => {
  const pub = await amostraPublicada();
  const ler = leitorDaPublicacao(pub);
  const manifest = ManifestSchema.parse(ler('manifest.json'));
  d = DicionarioSchema.parse(ler('json/dicionario.json'));
  let melhor = 0;
  for (const e of EmpresasListaSchema.parse(ler('json/empresas.json'))) {
    const caminho = `json/empresas/${e.cd_regulator}/indicadores.json`;
    if (!manifest.artefatos.some((a) => a.path === caminho)) continue;
    const conta = new Map<string, number>();
    for (const l of IndicadoresSchema.parse(ler(caminho)).indicadores)
      for (const f of separarFlags(l.flag)) conta.set(f, (conta.get(f) ?? 0) + 1);
    if (conta.size > melhor) {
      melhor = conta.size;
      ticker = e.ticker;
      const indice = EmpresaIndiceSchema.parse(ler(`json/empresas/${e.cd_regulator}/index.json`));
      notasPt = [
        IndicadoresSchema.parse(ler(caminho)).nota,
        ...Object.values(indice.recursos).map((r) => r.o_que),
      ];
      flag = [...conta].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
    }
  }
  if (melhor === 0) throw new Error('the sample build published no flagged indicator');
  const existe = (path: string) => manifest.artefatos.some((a) => a.path === path);
  const cd = EmpresasListaSchema.parse(ler('json/empresas.json')).find(
    (e) => e.ticker === ticker,
  )?.cd_regulator;
  const indice = EmpresaIndiceSchema.parse(ler(`json/empresas/${cd}/index.json`));
  const ind = IndicadoresSchema.parse(ler(`json/empresas/${cd}/indicadores.json`));
  const empresa: [string, string][] = [
    [ind.nota, ind.nota_en],
    [ind.citacao, ind.citacao_en],
    ...Object.values(indice.recursos).map((r): [string, string] => [r.o_que, r.o_que_en]),
  ];
  if (existe(`json/empresas/${cd}/multiplos.json`)) {
    const m = MultiplosSchema.parse(ler(`json/empresas/${cd}/multiplos.json`));
    empresa.push([m.nota, m.nota_en]);
  }
  if (existe(`json/empresas/${cd}/dividendos.json`)) {
    const dv = DividendosSchema.parse(ler(`json/empresas/${cd}/dividendos.json`));
    empresa.push([dv.nota, dv.nota_en]);
  }
  prosa.set(`/en/acoes/${ticker}`, empresa);
  // The most-flagged sample company also has restatements (its DFPs of consecutive years are in the sample).
  const rp = ReapresentacoesEmpresaSchema.parse(ler(`json/empresas/${cd}/reapresentacoes.json`));
  prosa.set(`/en/acoes/${ticker}/reapresentacoes`, [
    [rp.nota, rp.nota_en],
    [rp.nota_agregacao, rp.nota_agregacao_en],
    [rp.citacao, rp.citacao_en],
  ]);
  // Real sample funds of the pipeline tests: MXRF11 (CVM monthly report), BOVA11 (B3 ETF list), ABEV3 (23264).
  const fii = FiiRecursoSchema.parse(ler('json/fiis/MXRF11/index.json'));
  const reap = ReapresentacoesFiiSchema.parse(ler('json/fiis/MXRF11/reapresentacoes.json'));
  prosa.set('/en/fiis/MXRF11', [
    [fii.nota, fii.nota_en],
    [reap.criterio, reap.criterio_en],
  ]);
  const lista = FiiListaSchema.parse(ler('json/fiis.json'));
  prosa.set('/en/buscar/fiis', [[lista.nota, lista.nota_en]]);
  const etf = EtfRecursoSchema.parse(ler('json/etfs/BOVA11/index.json'));
  prosa.set('/en/etfs/BOVA11', [
    [etf.pares.criterio, etf.pares.criterio_en],
    ...etf.lacunas.map((l): [string, string] => [l.fonte, l.fonte_en]),
    ...Object.keys(etf.fontes).map((g): [string, string] => [etf.fontes[g] ?? '', etf.fontes_en[g] ?? '']),
  ]);
  const r = QuantoRendeuSchema.parse(ler('json/empresas/23264/quanto-rendeu.json'));
  prosa.set(`/en/quanto-rendeu/${r.ticker}`, [
    [r.nota, r.nota_en],
    [r.citacao, r.citacao_en],
    ...Object.keys(r.regras).map((k): [string, string] => [
      r.regras[k as keyof typeof r.regras],
      r.regras_en[k as keyof typeof r.regras],
    ]),
  ]);
  ({ base, browser, fechar } = await abrirSiteDaAmostra(pub));
});

afterAll(async () => {
  await fechar();
});

async function abrir(path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const r = await page.goto(`${base}${path}`, { waitUntil: 'load' });
  expect(r?.status()).toBe(200);
  return page;
}

/** The page's text outside elements marked Portuguese (`lang="pt-BR"`: regulator labels, citations). */
async function textoForaDoPortugues(page: Page): Promise<string> {
  // A string expression: the tests package compiles without DOM types.
  const texto: unknown = await page.evaluate(`(() => {
    const main = document.querySelector('main').cloneNode(true);
    for (const el of main.querySelectorAll('[lang="pt-BR"]')) el.remove();
    return main.textContent;
  })()`);
  return String(texto);
}

/** Every Portuguese text of the dictionary that differs from its English (a formula like `BPA 1.01 / BPP 2.01` is the same in both). */
function textosPortugueses(): string[] {
  return [
    ...d.indicadores.flatMap((i) => [
      i.titulo !== i.titulo_en ? i.titulo : null,
      i.formula !== i.formula_en ? i.formula : null,
    ]),
    ...d.flags.map((f) => f.significado),
    ...Object.values(d.regras),
    d.nota,
  ].filter((t): t is string => t !== null);
}

describe('English pages show the dictionary in English', () => {
  it('company page: the flag note gives the English meaning, and no Portuguese dictionary text is shown', async () => {
    const entrada = d.flags.find((f) => f.flag === entradaDoDicionario(flag));
    if (!entrada) throw new Error(`${flag}: not in the dictionary`);
    const page = await abrir(`/en/acoes/${ticker}`);
    const nota = page.locator(`dt[id="flag-${flag}"] + dd`);
    expect((await nota.textContent())?.trim()).toBe(entrada.significado_en);
    expect(await nota.getAttribute('lang')).toBeNull();
    const texto = await textoForaDoPortugues(page);
    expect(texto).not.toContain(entrada.significado);
    for (const pt of textosPortugueses()) expect(texto, pt).not.toContain(pt);
    const margem = d.indicadores.find((i) => i.nome === 'margem_liquida');
    expect(await page.locator('th[scope="row"]', { hasText: margem?.titulo_en ?? '?' }).count()).toBe(1);
    // The indicators note and the resource descriptions come from their `_en` fields, never Portuguese.
    const html = (await page.locator('main').innerHTML()).replaceAll('&#39;', "'");
    for (const n of notasPt) expect(html, n).not.toContain(n);
    await page.context().close();

    // The Portuguese page still shows the Portuguese meaning.
    const pt = await abrir(`/acoes/${ticker}`);
    expect((await pt.locator(`dt[id="flag-${flag}"] + dd`).textContent())?.trim()).toBe(entrada.significado);
    await pt.context().close();
  });

  it('/en/metodologia lays out every flag, indicator and rule in English, none in Portuguese', async () => {
    const page = await abrir('/en/metodologia');
    const entrada = d.flags.find((f) => f.flag === entradaDoDicionario(flag));
    expect(
      (await page.locator(`dt[id="flag-${entradaDoDicionario(flag)}"] + dd`).textContent())?.trim(),
    ).toBe(`${entrada?.significado_en} (${entrada?.onde_en})`);
    const texto = await textoForaDoPortugues(page);
    for (const f of d.flags) expect(texto).toContain(f.significado_en);
    for (const r of Object.values(d.regras_en)) expect(texto).toContain(r);
    expect(texto).toContain(d.nota_en);
    for (const pt of textosPortugueses()) expect(texto, pt).not.toContain(pt);
    expect(await page.locator('main [lang="pt-BR"]').count()).toBe(0);
    await page.context().close();
  });

  it('pipeline prose on English pages comes from its `_en` fields: no Portuguese note, criterion, source or citation', async () => {
    expect([...prosa.keys()]).toHaveLength(6);
    for (const [path, pares] of prosa) {
      const page = await abrir(path);
      const texto = (await page.locator('main').textContent()) ?? '';
      const marcadoPt: unknown = await page.evaluate(
        `[...document.querySelectorAll('main [lang="pt-BR"]')].map((e) => e.textContent).join('\\n')`,
      );
      for (const [pt, en] of pares) {
        expect(en.length, `${path}: empty English for ${pt}`).toBeGreaterThan(0);
        expect(texto, `${path}: ${en}`).toContain(en);
        // labels made only of file and column names read the same in both languages
        if (pt === en) continue;
        expect(texto, `${path}: ${pt}`).not.toContain(pt);
        expect(String(marcadoPt), `${path}: ${pt}`).not.toContain(pt);
      }
      await page.context().close();
    }
  });

  it('the English theme page answers with the English indicator title', async () => {
    const margem = d.indicadores.find((i) => i.nome === 'margem_liquida');
    const page = await abrir(`/en/acoes/${ticker}/margem`);
    const resposta = (await page.locator('.resposta').textContent()) ?? '';
    if (resposta.startsWith('In ')) expect(resposta).toContain(`'s ${margem?.titulo_en} was`);
    else expect(resposta).toContain('No margins value is published');
    const texto = await textoForaDoPortugues(page);
    for (const pt of textosPortugueses()) expect(texto, pt).not.toContain(pt);
    await page.context().close();
  });
});
