import { FiiListaSchema, FiiRecursoSchema, ReapresentacoesFiiSchema } from '@fundamentos/schemas/fiis';
import { describe, expect, it } from 'vitest';
import { erro, get, novaChave } from './ajuda.ts';
import { amostraSemeada, bytesDaAmostra } from './amostra-semeada.ts';
import { JSON_ACCEPT, respostasDeFundoListado } from './fundos-listados.ts';

// The real sample build (test/amostra-build.ts): the REIT artefacts as the pipeline published them;
// MXRF11 is a trial ticker, FLRP11 is not. Values are read back from the artefacts.
const amostra = amostraSemeada();
const bytesDe = (p: string) => bytesDaAmostra(amostra, p);
const jsonDe = (p: string): unknown => JSON.parse(new TextDecoder().decode(bytesDe(p)));

describe('/fiis/{ticker}', () => {
  it('trial MXRF11 without a key: the stored artefact byte for byte, publicly cacheable, Vary: Accept', async () => {
    const res = await get('/fiis/MXRF11', JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('x-versao-do-dado')).toBe(amostra.versao_do_dado);
    const corpo = new Uint8Array(await res.arrayBuffer());
    expect(corpo).toEqual(bytesDe('json/fiis/MXRF11/index.json'));
    const f = FiiRecursoSchema.parse(JSON.parse(new TextDecoder().decode(corpo)));
    expect(f.cadastro.isin).toBe('BRMXRFCTF008');
    expect(f.versao_do_dado).toBe(amostra.versao_do_dado);
  });

  it('another fund needs a key (401); with one it answers, never publicly cached', async () => {
    const e = await erro(await get('/fiis/FLRP11', JSON_ACCEPT), 401);
    expect(e.codigo).toBe('chave_necessaria');
    const chave = await novaChave('free');
    const res = await get('/fiis/flrp11', { ...JSON_ACCEPT, 'X-API-Key': chave });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const f = FiiRecursoSchema.parse(await res.json());
    const esperado = FiiRecursoSchema.parse(jsonDe('json/fiis/FLRP11/index.json'));
    expect(f.pvp).toEqual(esperado.pvp);
    expect(f.pvp.find((p) => p.competencia === '2021-05-01')?.data_preco).toBe('2021-06-25');
  });

  respostasDeFundoListado('/fiis', 'FLRP11', bytesDe('json/fiis/FLRP11/index.json'));
});

describe('/fiis/{ticker}/reapresentacoes', () => {
  it('open: any fund without a key, publicly cacheable, the stored bytes', async () => {
    const res = await get('/fiis/FLRP11/reapresentacoes', JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytesDe('json/fiis/FLRP11/reapresentacoes.json'));
    const r = ReapresentacoesFiiSchema.parse(jsonDe('json/fiis/FLRP11/reapresentacoes.json'));
    expect(r.fundo.ticker).toBe('FLRP11');
    // FLRP11 resubmitted several 2021 months (inf_mensal_fii_geral_2021.csv lines 594-604, Versao 2).
    expect(r.versoes.length).toBeGreaterThan(0);
    expect(r.versoes.every((v) => v.versao > 1)).toBe(true);
  });

  it('an unknown fund is a 404 JSON when JSON is asked', async () => {
    await erro(await get('/fiis/ZZZZ11/reapresentacoes', JSON_ACCEPT), 404);
  });
});

describe('/fiis/{ticker}/dividendos', () => {
  it('301 to the fund page yield section, keeping lang; unknown fund 404', async () => {
    const lista = FiiListaSchema.parse(jsonDe('json/fiis.json'));
    expect(lista.fundos.some((f) => f.ticker === 'MXRF11')).toBe(true);
    const pt = await get('/fiis/MXRF11/dividendos');
    expect(pt.status).toBe(301);
    expect(pt.headers.get('location')).toBe('/fiis/MXRF11#dy');
    const en = await get('/fiis/mxrf11/dividendos?lang=en', { 'Accept-Language': 'pt-BR' });
    expect(en.status).toBe(301);
    expect(en.headers.get('location')).toBe('/fiis/MXRF11?lang=en#dy');
    await erro(await get('/fiis/ZZZZ11/dividendos'), 404);
    await erro(await get('/fiis/MXRF11/dividendos?lang=fr'), 422);
  });
});
