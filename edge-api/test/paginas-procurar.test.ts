import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { EtfListaSchema } from '@fundamentos/schemas/etfs';
import { FiiListaSchema } from '@fundamentos/schemas/fiis';
import { TickersSchema } from '@fundamentos/schemas/tickers';
import { normalizar } from '@fundamentos/ui/layout/busca';
import { describe, expect, it } from 'vitest';
import { MAX_RESULTADOS } from '../src/paginas/procurar.ts';
import { erro, get } from './ajuda.ts';
import { amostraSemeada, jsonDaAmostra } from './amostra-semeada.ts';

// The real sample build (test/amostra-build.ts); every expected value is read back from its artefacts.
const amostra = amostraSemeada();
const ler = (caminho: string): unknown => jsonDaAmostra(amostra, caminho);
const empresas = EmpresasListaSchema.parse(ler('json/empresas.json'));
const tickers = TickersSchema.parse(ler('json/tickers.json'));
const engi = empresas.find((e) => e.ticker === 'ENGI11');
if (engi === undefined) throw new Error('ENGI11 is not in the sample company list');

async function pagina(caminho: string, status = 200) {
  const res = await get(caminho);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

/** Trading codes listed in a results page, in order. */
const codigosListados = (corpo: string) =>
  [...corpo.matchAll(/<tr data-codigo="([^"]+)">/g)].map((m) => m[1]);

describe('/procurar', () => {
  it('an exact trading code, any case, answers 302 to the company page; /en keeps the language', async () => {
    for (const [caminho, destino] of [
      ['/procurar?q=engi11', '/acoes/ENGI11'],
      ['/procurar?q=%20ENGI11%20', '/acoes/ENGI11'],
      ['/en/procurar?q=Engi11', '/en/acoes/ENGI11'],
    ] as const) {
      const res = await get(caminho);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(destino);
    }
  });

  it('an old code answers 302 to the page of the current code', async () => {
    expect(amostra.codigoAntigo).not.toBe(amostra.codigoAtual);
    const res = await get(`/procurar?q=${amostra.codigoAntigo.toLowerCase()}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/acoes/${amostra.codigoAtual}`);
  });

  it('an exact fund or ETF code answers 302 to its page', async () => {
    const fiis = FiiListaSchema.parse(ler('json/fiis.json'));
    const fundo = fiis.fundos.find((f) => tickers[f.ticker] === undefined);
    expect(fundo).toBeDefined();
    const res = await get(`/procurar?q=${fundo?.ticker}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/fiis/${fundo?.ticker}`);
    const etf = EtfListaSchema.parse(ler('json/etfs.json')).find(
      (e) => tickers[e.ticker] === undefined && !fiis.fundos.some((f) => f.ticker === e.ticker),
    );
    expect(etf).toBeDefined();
    const resEtf = await get(`/en/procurar?q=${etf?.ticker.toLowerCase()}`);
    expect(resEtf.status).toBe(302);
    expect(resEtf.headers.get('location')).toBe(`/en/etfs/${etf?.ticker}`);
  });

  it('empty q shows the search form in the page shell', async () => {
    const corpo = await pagina('/procurar');
    expect(corpo).toMatch(/^<!doctype html>/);
    expect(corpo).toContain('<main id="conteudo"');
    expect(corpo).toContain('<form role="search" action="/procurar" method="get"');
    expect(corpo).toContain('name="q"');
    expect(corpo).not.toContain('data-resultados');
  });

  it('a name with accents is found with and without them, in any case; results are noindex', async () => {
    // A published name with an accented word (e.g. ENERGÉTICA) that is no trading code.
    const alvo = empresas
      .map((e) => ({
        e,
        palavra: e.nome.split(/\s+/).find((p) => /[À-ÿ]/.test(p) && /^\p{L}{6,}$/u.test(p)),
      }))
      .find((x) => x.palavra !== undefined);
    expect(alvo).toBeDefined();
    const palavra = alvo?.palavra ?? '';
    const semAcento = normalizar(palavra);
    expect(semAcento).not.toBe(palavra.toLowerCase());
    const nomes = [
      ...empresas,
      ...FiiListaSchema.parse(ler('json/fiis.json')).fundos,
      ...EtfListaSchema.parse(ler('json/etfs.json')),
    ];
    const esperados = nomes.filter((e) => normalizar(e.nome).includes(semAcento)).map((e) => e.ticker);
    expect(esperados).toContain(alvo?.e.ticker);
    const comAcentos = await pagina(`/procurar?q=${encodeURIComponent(palavra)}`);
    const sem = await pagina(`/procurar?q=${encodeURIComponent(semAcento)}`);
    expect(comAcentos).toContain('<meta name="robots" content="noindex">');
    const listados = codigosListados(sem);
    expect(listados).toEqual(codigosListados(comAcentos));
    expect(listados).toContain(alvo?.e.ticker);
    // Every listed company matched by name (none by code: the word is no code prefix).
    const porCodigo = (a: string, b: string) => a.localeCompare(b);
    expect(listados).toEqual(esperados.sort(porCodigo).slice(0, MAX_RESULTADOS));
  });

  it('a CNPJ, formatted or digits only, and the CVM code find the company', async () => {
    for (const q of [engi.cnpj, engi.cnpj.replace(/\D/g, ''), engi.cnpj.replace(/\D/g, '').slice(0, 8)]) {
      const corpo = await pagina(`/procurar?q=${encodeURIComponent(q)}`);
      expect(codigosListados(corpo)).toContain('ENGI11');
      expect(corpo).toContain(engi.cnpj);
    }
    const porCvm = await pagina(`/procurar?q=${engi.cd_regulator}`);
    expect(codigosListados(porCvm)[0]).toBe('ENGI11');
  });

  it('a code prefix lists every company holding a code that starts with it, codes first', async () => {
    const corpo = await pagina('/procurar?q=ENG');
    const esperados = empresas
      .filter((e) =>
        Object.entries(tickers).some(([c, v]) => v.cd_regulator === e.cd_regulator && c.startsWith('ENG')),
      )
      .map((e) => e.ticker);
    expect(esperados.length).toBeGreaterThan(0);
    const listados = codigosListados(corpo);
    expect(listados.slice(0, esperados.length).sort()).toEqual(esperados.sort());
  });

  it('the query is echoed escaped and nothing found says so', async () => {
    const corpo = await pagina(`/procurar?q=${encodeURIComponent('<script>zzqx</script>')}`);
    expect(corpo).not.toContain('<script>zzqx');
    expect(corpo).toContain('&lt;script&gt;zzqx&lt;/script&gt;');
    expect(corpo).toContain('data-nenhum');
  });

  it('an invalid ?lang is refused with the one 422 shape', async () => {
    const e = await erro(await get('/procurar?q=energia&lang=xx'), 422);
    expect(e.parametros?.map((p) => p.nome)).toEqual(['lang']);
  });

  it('English page in English', async () => {
    const corpo = await pagina(`/en/procurar?q=${encodeURIComponent(engi.cnpj)}`);
    expect(corpo).toContain('<html lang="en">');
    expect(corpo).toContain('Results for');
    expect(corpo).toContain('<a href="/en/acoes/ENGI11">ENGI11</a>');
    expect(corpo).not.toContain('Resultados para');
  });
});
