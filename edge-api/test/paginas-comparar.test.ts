import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { entradaDoDicionario, separarFlags } from '@fundamentos/schemas/flags';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { TickersSchema } from '@fundamentos/schemas/tickers';
import { describe, expect, it } from 'vitest';
import { get } from './ajuda.ts';
import { amostraSemeada, jsonDaAmostra } from './amostra-semeada.ts';

// The real sample build: ENGI11 (CVM 15253) and ELET3 (CVM 2437), two companies of the same sector with
// indicators, annual multiples and prices (seeded by test/global-setup.ts). Values are read back from the
// artefacts, never typed here.
const amostra = amostraSemeada();
const ler = (caminho: string): unknown => jsonDaAmostra(amostra, caminho);
const EMPRESAS = { ENGI11: 15253, ELET3: 2437 } as const;
const dados = Object.fromEntries(
  Object.entries(EMPRESAS).map(([t, cd]) => [
    t,
    {
      indice: EmpresaIndiceSchema.parse(ler(`json/empresas/${cd}/index.json`)),
      indicadores: IndicadoresSchema.parse(ler(`json/empresas/${cd}/indicadores.json`)),
      multiplos: MultiplosSchema.parse(ler(`json/empresas/${cd}/multiplos.json`)),
    },
  ]),
);
const dicionario = DicionarioSchema.parse(ler('json/dicionario.json'));
const tickers = TickersSchema.parse(ler('json/tickers.json'));

const escapado = (t: string) =>
  t.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

async function pagina(caminho: string, status = 200) {
  const res = await get(caminho);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

const anos = (l: readonly { ano: number }[]) => new Set(l.map((x) => x.ano));
function ultimoComum(a: readonly { ano: number }[], b: readonly { ano: number }[]): number {
  const sb = anos(b);
  return Math.max(...[...anos(a)].filter((x) => sb.has(x)));
}

describe('/comparar/{a}/{b}', () => {
  const { ENGI11: engi, ELET3: elet } = dados;
  if (engi === undefined || elet === undefined) throw new Error('sample companies missing');

  it('shows every indicator of the latest common year with the artefact value and its lineage link', async () => {
    const corpo = await pagina('/comparar/ENGI11/ELET3');
    expect(corpo).toContain('<main id="conteudo"');
    const ano = ultimoComum(engi.indicadores.indicadores, elet.indicadores.indicadores);
    expect(corpo).toContain(`data-comparacao data-ano="${ano}"`);
    let comValor = 0;
    for (const d of [engi, elet]) {
      const linhas = d.indicadores.indicadores.filter((l) => l.ano === ano);
      expect(linhas.length).toBeGreaterThan(0);
      for (const l of linhas) {
        const re = new RegExp(
          `<td data-ticker="${d.indice.ticker}" data-indicador="${l.nome}" data-valor="([^"]*)">(<a href="([^"]+)")?`,
        );
        const m = re.exec(corpo);
        expect(m, `${d.indice.ticker} ${l.nome}`).not.toBeNull();
        expect(m?.[1]).toBe(l.valor === null ? '' : String(l.valor));
        if (l.valor !== null) {
          comValor++;
          const linhagem = d.indice.linhagem.replace('{ano}', String(ano)).replace('{indicador}', l.nome);
          expect(m?.[3]).toBe(linhagem);
        }
        for (const f of separarFlags(l.flag)) expect(corpo).toContain(`href="#flag-${f}"`);
      }
    }
    expect(comValor).toBeGreaterThan(0);
    // Each company links to its own static page.
    expect(corpo).toContain('href="/acoes/ENGI11"');
    expect(corpo).toContain('href="/acoes/ELET3"');
  });

  it('annual P/L and P/VP of the latest common fiscal year, with the price date and flags explained', async () => {
    const corpo = await pagina('/comparar/ENGI11/ELET3');
    const ano = ultimoComum(engi.multiplos.anuais, elet.multiplos.anuais);
    expect(corpo).toContain(`data-multiplos data-ano="${ano}"`);
    for (const d of [engi, elet]) {
      const m = d.multiplos.anuais.find((x) => x.ano === ano);
      if (m === undefined) throw new Error('common year without a row');
      for (const campo of ['pl', 'pvp'] as const) {
        expect(corpo).toContain(
          `data-ticker="${d.indice.ticker}" data-multiplo="${campo}" data-valor="${m[campo] === null ? '' : String(m[campo])}"`,
        );
      }
      expect(corpo).toContain(`data-data-preco="${m.data_preco}"`);
      for (const f of separarFlags(m.flag)) {
        const significado = dicionario.flags.find((x) => x.flag === entradaDoDicionario(f))?.significado;
        expect(significado).toBeDefined();
        expect(corpo).toContain(`<dt id="flag-${f}">`);
        expect(corpo).toContain(escapado(significado ?? ''));
      }
    }
  });

  it('canonical URL: the pair of current codes in alphabetical order, whatever order or old code was typed', async () => {
    const antigo = Object.entries(tickers).find(
      ([c, v]) => v.cd_regulator === 2437 && c !== v.ticker_atual,
    )?.[0];
    expect(antigo).toBeDefined();
    for (const caminho of [
      '/comparar/ENGI11/ELET3',
      '/comparar/elet3/engi11',
      `/comparar/ENGI11/${antigo}`,
    ]) {
      const corpo = await pagina(caminho);
      expect(corpo).toContain('<link rel="canonical" href="https://api.test/comparar/ELET3/ENGI11">');
    }
  });

  it('the same company twice is explained, not compared', async () => {
    const outro = Object.keys(tickers).find((c) => tickers[c]?.cd_regulator === 2437 && c !== 'ELET3');
    const corpo = await pagina(`/comparar/ELET3/${outro}`);
    expect(corpo).toContain('data-mesma-empresa');
    expect(corpo).toContain(escapado(elet.indice.nome));
    expect(corpo).not.toContain('data-comparacao');
  });

  it('an unknown code answers a 404 page in the shell naming it', async () => {
    expect(tickers.ZZZZ3).toBeUndefined();
    const corpo = await pagina('/comparar/ELET3/ZZZZ3', 404);
    expect(corpo).toContain('<main id="conteudo"');
    expect(corpo).toContain('<meta name="robots" content="noindex">');
    expect(corpo).toMatch(/data-erro>[^<]*ZZZZ3/);
  });

  it('does not answer the static /comparar/setor pages', async () => {
    const res = await get('/comparar/setor/emp-adm-part-energia-eletrica');
    expect(await res.text()).not.toContain('data-erro>');
  });

  it('English page: English shell, dictionary titles and flag meanings in English', async () => {
    const corpo = await pagina('/en/comparar/ELET3/ENGI11');
    expect(corpo).toContain('<html lang="en">');
    expect(corpo).toContain('side by side');
    const margem = dicionario.indicadores.find((i) => i.nome === 'margem_liquida');
    expect(corpo).toContain(escapado(margem?.titulo_en ?? '<missing>'));
    expect(corpo).not.toContain(escapado(margem?.titulo ?? '<missing>'));
    const ano = ultimoComum(engi.multiplos.anuais, elet.multiplos.anuais);
    const flag = separarFlags(engi.multiplos.anuais.find((m) => m.ano === ano)?.flag ?? null)[0];
    expect(flag).toBeDefined();
    const f = dicionario.flags.find((x) => x.flag === entradaDoDicionario(flag ?? ''));
    expect(corpo).toContain(escapado(f?.significado_en ?? '<missing>'));
    expect(corpo).toContain('href="/en/acoes/ENGI11"');
  });
});
