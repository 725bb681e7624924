import { env, SELF } from 'cloudflare:test';
import { EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import { TickersSchema } from '@fundamentos/schemas/tickers';
import { describe, expect, it } from 'vitest';
import { BASE, erro, get } from './ajuda.ts';
import { amostraSemeada, jsonDaAmostra } from './amostra-semeada.ts';

// The real sample build: ENGI11 (CVM 15253) and ELET3 (CVM 2437) with their price series (two COTAHIST
// sessions), indicators and multiples, seeded by test/global-setup.ts. Values are read back, not typed.
const amostra = amostraSemeada();
const ler = (caminho: string): unknown => jsonDaAmostra(amostra, caminho);
const tickers = TickersSchema.parse(ler('json/tickers.json'));
const precos = {
  2437: PrecosEmpresaSchema.parse(ler('json/empresas/2437/precos.json')),
  15253: PrecosEmpresaSchema.parse(ler('json/empresas/15253/precos.json')),
};
const ultimaSessao = (cd: 2437 | 15253, codigo: string) =>
  precos[cd].tickers.find((t) => t.ticker === codigo)?.sessoes.at(-1);

function postar(caminho: string, lista: string): Promise<Response> {
  return SELF.fetch(`${BASE}${caminho}`, {
    method: 'POST',
    body: new URLSearchParams({ lista }),
    redirect: 'manual',
  });
}

async function pagina(res: Response, status = 200) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

/** The `<tr>` of one code in the portfolio table. */
function linha(corpo: string, codigo: string): string {
  const m = new RegExp(`<tr data-codigo="${codigo}">([\\s\\S]*?)</tr>`).exec(corpo);
  if (!m?.[1]) throw new Error(`no row for ${codigo}`);
  return m[1];
}
const atributo = (trecho: string, nome: string) => new RegExp(`${nome}="([^"]*)"`).exec(trecho)?.[1];

async function contarObjetos(): Promise<number> {
  const [a, r] = await Promise.all([env.ARTEFATOS.list(), env.RECIBOS.list()]);
  return a.objects.length + r.objects.length;
}

describe('/carteira', () => {
  it('without a list: the form, a textarea `lista` posted to /carteira', async () => {
    const corpo = await pagina(await get('/carteira'));
    expect(corpo).toContain('<form method="post" action="/carteira"');
    expect(corpo).toContain('name="lista"');
    expect(corpo).not.toContain('data-carteira');
  });

  it('POST answers 303 to the canonical address: codes upper-cased and sorted, repeats added up', async () => {
    const res = await postar('/carteira', 'engi11 100\r\n\r\nELET3\t200\nENGI11;50\n');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/carteira?ELET3=200&ENGI11=150');
    // The same form sent with GET (`?lista=`) is answered the same way.
    const porGet = await get(`/carteira?${new URLSearchParams({ lista: 'engi11 100\nELET3 200' })}`);
    expect(porGet.status).toBe(303);
    expect(porGet.headers.get('location')).toBe('/carteira?ELET3=200&ENGI11=100');
    const en = await postar('/en/carteira', 'ELET3 1');
    expect(en.status).toBe(303);
    expect(en.headers.get('location')).toBe('/en/carteira?ELET3=1');
  });

  it('a malformed line answers 422 naming the line, and keeps what was typed', async () => {
    for (const [lista, n, trecho] of [
      ['ELET3 200\nPETR4\n', 2, 'PETR4'],
      ['ELET3 1.000', 1, '1.000'],
      ['ELET3 10\n\nENGI11 -5', 3, '-5'],
      ['ELET3 10\nZZZZ3 5', 2, 'ZZZZ3'],
    ] as const) {
      const corpo = await pagina(await postar('/carteira', lista), 422);
      expect(corpo).toContain(`data-erro-linha="${n}"`);
      expect(corpo).toMatch(new RegExp(`Linha ${n}:[^<]*${trecho.replace('.', '\\.')}`));
      expect(corpo).toContain(`>${lista}</textarea>`);
    }
    const vazia = await pagina(await postar('/carteira', '\n \n'), 422);
    expect(vazia).toContain('A lista está vazia');
    // A broken multipart body is no list: the same 422 page, never a 500.
    const quebrado = await SELF.fetch(`${BASE}/carteira`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="lista"\r\n\r\nELET3 1',
      redirect: 'manual',
    });
    expect(await pagina(quebrado, 422)).toContain('A lista está vazia');
  });

  it('the table: last published close of each code with its date, position, weight, total', async () => {
    const antes = await contarObjetos();
    // ELET6 is another class of ELET3's company with its own series; a code without sessions gets no price.
    const semSessoes = Object.entries(tickers).find(
      ([c, v]) => v.cd_regulator === 2437 && !precos[2437].tickers.some((t) => t.ticker === c),
    )?.[0];
    expect(semSessoes).toBeDefined();
    const q = `ENGI11=150&ELET3=200&ELET6=30&${semSessoes}=10`;
    const res = await get(`/carteira?${q}`);
    // Per request and per reader: never cached by anyone on the way.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const corpo = await pagina(res);
    expect(corpo).toContain('<meta name="robots" content="noindex">');
    const posicoes = [
      ['ELET3', 2437, 200],
      ['ELET6', 2437, 30],
      ['ENGI11', 15253, 150],
    ] as const;
    let total = 0;
    const valores = new Map<string, number>();
    for (const [codigo, cd, qtd] of posicoes) {
      const s = ultimaSessao(cd, codigo);
      if (s === undefined) throw new Error(`${codigo} has no session in the sample`);
      const tr = linha(corpo, codigo);
      expect(atributo(tr, 'data-quantidade')).toBe(String(qtd));
      expect(atributo(tr, 'data-fechamento')).toBe(String(s.fechamento));
      expect(tr).toContain(`<time datetime="${s.data}">`);
      expect(atributo(tr, 'data-posicao')).toBe(String(qtd * s.fechamento));
      valores.set(codigo, qtd * s.fechamento);
      total += qtd * s.fechamento;
    }
    expect(ultimaSessao(2437, 'ELET6')?.fechamento).not.toBe(ultimaSessao(2437, 'ELET3')?.fechamento);
    for (const [codigo, v] of valores)
      expect(Number(atributo(linha(corpo, codigo), 'data-peso'))).toBeCloseTo(v / total, 12);
    expect(Number(atributo(corpo, 'data-total'))).toBeCloseTo(total, 6);
    const semPreco = linha(corpo, semSessoes ?? '');
    expect(semPreco).toContain('sem preço publicado');
    expect(atributo(semPreco, 'data-posicao')).toBe('');
    // Nothing stored: no object written to either bucket.
    expect(await contarObjetos()).toBe(antes);
  });

  it('indicators of the latest year and the latest annual P/L, with flags, from the artefacts', async () => {
    const corpo = await pagina(await get('/carteira?ENGI11=1&ELET3=1'));
    let comLinhagem = 0;
    for (const [codigo, cd] of [
      ['ELET3', 2437],
      ['ENGI11', 15253],
    ] as const) {
      const ind = IndicadoresSchema.parse(ler(`json/empresas/${cd}/indicadores.json`)).indicadores;
      const ano = Math.max(...ind.map((l) => l.ano));
      const tr = linha(corpo, codigo);
      expect(tr).toContain(`<td>${ano}</td>`);
      for (const nome of ['margem_liquida', 'roe', 'dl_ebitda'] as const) {
        const l = ind.find((x) => x.ano === ano && x.nome === nome);
        expect(tr).toContain(
          `data-indicador="${nome}" data-valor="${l?.valor === null || l === undefined ? '' : String(l.valor)}"`,
        );
        // A value links to its lineage route, from the index's template.
        if (l?.valor !== null && l !== undefined) {
          const modelo = EmpresaIndiceSchema.parse(ler(`json/empresas/${cd}/index.json`)).linhagem;
          expect(tr).toContain(`href="${modelo.replace('{ano}', String(ano)).replace('{indicador}', nome)}"`);
          comLinhagem++;
        }
      }
      const anuais = MultiplosSchema.parse(ler(`json/empresas/${cd}/multiplos.json`)).anuais;
      const m = anuais.reduce((a, b) => (b.ano > a.ano ? b : a));
      expect(tr).toContain(`data-multiplo="pl" data-valor="${m.pl === null ? '' : String(m.pl)}"`);
      expect(tr).toContain(m.data_preco);
      for (const f of (m.flag ?? '').split(';').filter((x) => x !== ''))
        expect(tr).toContain(`href="#flag-${f}"`);
    }
    expect(comLinhagem).toBeGreaterThan(0);
  });

  it('a bad GET address is refused with the one 422 shape naming the parameter', async () => {
    const e = await erro(await get('/carteira?ELET3=abc'), 422);
    expect(e.parametros?.map((p) => p.nome)).toEqual(['ELET3']);
  });

  it('a browser gets the same refusal as a page in the shared shell, in its language', async () => {
    const res = await get('/carteira?ELET3=abc', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const corpo = await res.text();
    expect(corpo).toContain('<header class="topo">');
    expect(corpo).toContain('<meta name="robots" content="noindex">');
    expect(corpo).toContain('<li><code>ELET3</code>');
    const e = await erro(new Response(corpo, { status: 422, headers: res.headers }), 422);
    expect(e.parametros?.map((p) => p.nome)).toEqual(['ELET3']);
    const en = await get('/en/carteira?ELET3=abc', { Accept: 'text/html' });
    expect(en.status).toBe(422);
    expect(await en.text()).toContain('Invalid parameters in the address');
  });

  it('English page in English', async () => {
    const corpo = await pagina(await get('/en/carteira?ELET3=10'));
    expect(corpo).toContain('<html lang="en">');
    expect(corpo).toContain('Portfolio');
    expect(corpo).toContain('Latest close');
    expect(corpo).not.toContain('Último fechamento');
  });
});
