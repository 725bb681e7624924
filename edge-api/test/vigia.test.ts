import { SELF } from 'cloudflare:test';
import { VigiaEventosArtefatoSchema, VigiaEventosSchema } from '@fundamentos/schemas/eventos';
import { TickersSchema } from '@fundamentos/schemas/tickers';
import { describe, expect, it } from 'vitest';
import { diasDaSemana, eventosDaSemana, semanaDe, semanasNoAno, semanaVizinha } from '../src/vigia/semana.ts';
import { BASE, erro, get, novaChave } from './ajuda.ts';
import { amostraSemeada, jsonDaAmostra } from './amostra-semeada.ts';

// The real sample build: json/vigia/eventos.json as the pipeline published it; expected values are
// computed here from that artefact, never typed in.
const amostra = amostraSemeada();
const ler = (p: string): unknown => jsonDaAmostra(amostra, p);
const artefato = VigiaEventosArtefatoSchema.parse(ler('json/vigia/eventos.json'));
const tickers = TickersSchema.parse(ler('json/tickers.json'));
const empresas = artefato.eventos.filter((e) => e.classe === 'empresas');
const fiis = artefato.eventos.filter((e) => e.classe === 'fiis');

async function json(q: string, cab: Record<string, string> = {}) {
  const res = await get(`/vigia/eventos${q}`, cab);
  expect(res.status, q).toBe(200);
  return { res, corpo: VigiaEventosSchema.parse(await res.json()) };
}

describe('GET /vigia/eventos', () => {
  it('companies by default: newest first, total counts every match, limite 500, public cache without a key', async () => {
    const { res, corpo } = await json('');
    expect(empresas.length).toBeGreaterThan(0);
    expect(corpo.total).toBe(empresas.length);
    expect(corpo.mostrados).toBe(Math.min(500, empresas.length));
    expect(corpo.eventos[0]?.data).toBe(empresas[0]?.data);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(corpo.versao_do_dado).toBe(amostra.versao_do_dado);
    expect(Object.keys(corpo.tipos).sort()).toEqual(
      ['bandeira', 'faixa_divida', 'faixa_margem', 'lucro_prejuizo', 'reapresentacao'].sort(),
    );
    expect(corpo.contador_mensal.reduce((s, m) => s + m.n, 0)).toBe(corpo.total);
    const comChave = await get('/vigia/eventos', { 'X-API-Key': await novaChave('free') });
    expect(comChave.status).toBe(200);
    expect(comChave.headers.get('cache-control')).toBe('private, no-store');
  });

  it('ticker, tipo, desde and limite filter; an old code answers for the current one', async () => {
    const gfsa = empresas.filter((e) => e.ticker === 'GFSA3');
    expect(gfsa.length).toBeGreaterThan(0);
    const { corpo } = await json('?ticker=gfsa3');
    expect(corpo.total).toBe(gfsa.length);
    expect(corpo.pagina).toBe('/vigia/GFSA3');
    const margem = await json('?ticker=GFSA3&tipo=faixa_margem');
    expect(margem.corpo.eventos.map((e) => e.periodo_novo)).toEqual(
      gfsa.filter((e) => e.tipo === 'faixa_margem').map((e) => e.periodo_novo),
    );
    const desde = await json('?desde=2022-01-01&limite=1');
    expect(desde.corpo.total).toBe(empresas.filter((e) => e.data >= '2022-01-01').length);
    expect(desde.corpo.mostrados).toBe(1);
    const [antigo, alvo] =
      Object.entries(tickers).find(
        ([k, v]) => k !== v.ticker_atual && empresas.some((e) => e.ticker === v.ticker_atual),
      ) ?? [];
    expect(antigo).toBeDefined();
    const viaAntigo = await json(`?ticker=${antigo}`);
    expect(viaAntigo.corpo.total).toBe(empresas.filter((e) => e.ticker === alvo?.ticker_atual).length);
  });

  it('classe=fiis is the REIT watcher with its own kinds; English labels with lang=en', async () => {
    const { corpo } = await json('?classe=fiis&lang=en');
    expect(corpo.total).toBe(fiis.length);
    expect(corpo.tipos.informe_reenviado).toBe('monthly report resubmitted');
    expect(
      corpo.eventos.every((e) =>
        ['faixa_dy', 'faixa_pvp', 'informe_reenviado', 'faixa_vacancia'].includes(e.tipo),
      ),
    ).toBe(true);
  });

  it('every invalid parameter is the one 422 naming it; an unknown code is 404 in the same shape', async () => {
    const casos: [string, string][] = [
      ['?limite=0', 'limite'],
      ['?limite=5001', 'limite'],
      ['?limite=x', 'limite'],
      ['?desde=2024-02-30', 'desde'],
      ['?classe=acoes', 'classe'],
      ['?tipo=faixa_pvp', 'tipo'],
      ['?ticker=A', 'ticker'],
      ['?outro=1', 'outro'],
      ['?ticker=MXRF11', 'classe'],
    ];
    for (const [q, nome] of casos) {
      const e = await erro(await get(`/vigia/eventos${q}`), 422);
      expect(
        e.parametros?.map((p) => p.nome),
        q,
      ).toContain(nome);
    }
    const e = await erro(await get('/vigia/eventos?ticker=ZZZZ9'), 404);
    expect(e.mensagem).toContain('ZZZZ9');
  });
});

describe('MCP tool eventos_vigia', () => {
  it('answers what GET /vigia/eventos answers for the same query', async () => {
    const res = await SELF.fetch(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'eventos_vigia', arguments: { ticker: 'GFSA3', tipo: 'reapresentacao', limite: 3 } },
      }),
    });
    expect(res.status).toBe(200);
    const r = (await res.json()) as { result?: { isError?: boolean; content: { text: string }[] } };
    expect(r.result?.isError).toBe(false);
    const http = await (await get('/vigia/eventos?ticker=GFSA3&tipo=reapresentacao&limite=3')).text();
    expect(r.result?.content[0]?.text).toBe(http);
    expect(VigiaEventosSchema.parse(JSON.parse(http)).mostrados).toBe(3);
  });
});

describe('ISO weeks', () => {
  it('week numbers, year edges and 53-week years', () => {
    expect(semanaDe('2021-01-03')).toBe('2020-53');
    expect(semanaDe('2021-01-04')).toBe('2021-01');
    expect(semanaDe('2024-12-30')).toBe('2025-01');
    expect(semanasNoAno(2020)).toBe(53);
    expect(semanasNoAno(2021)).toBe(52);
    expect(diasDaSemana('2023-12')).toEqual({ de: '2023-03-20', ate: '2023-03-26' });
    expect(diasDaSemana('2021-53')).toBeNull();
    expect(diasDaSemana('2021-00')).toBeNull();
    expect(semanaVizinha('2020-53', 1)).toBe('2021-01');
  });
});

const linhas = (html: string) => [
  ...html.matchAll(/<tr data-tipo="([^"]+)" data-ticker="([^"]+)" data-data="([^"]+)"/g),
];

describe('watcher pages', () => {
  it('/vigia/{ticker} in both languages lists every event of the code; an old code is 301', async () => {
    const gfsa = empresas.filter((e) => e.ticker === 'GFSA3');
    for (const [caminho, texto] of [
      ['/vigia/GFSA3', gfsa[0]?.texto ?? ''],
      ['/en/vigia/GFSA3', gfsa[0]?.texto_en ?? ''],
    ] as const) {
      const res = await get(caminho);
      expect(res.status, caminho).toBe(200);
      const corpo = await res.text();
      expect(linhas(corpo).length).toBe(gfsa.length);
      expect(corpo).toContain(texto.replace(/&/g, '&amp;'));
    }
    const filtrada = await (await get('/vigia/GFSA3?tipo=reapresentacao')).text();
    expect(linhas(filtrada).every((m) => m[1] === 'reapresentacao')).toBe(true);
    const [antigo, alvo] = Object.entries(tickers).find(([k, v]) => k !== v.ticker_atual) ?? [];
    const r = await get(`/en/vigia/${antigo}?tipo=bandeira`);
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(`/en/vigia/${alvo?.ticker_atual}?tipo=bandeira`);
    await erro(await get('/vigia/ZZZZ9', { Accept: 'text/html' }), 404);
    await erro(await get('/vigia/GFSA3?tipo=faixa_pvp', { Accept: 'text/html' }), 422);
  });

  it('/vigia/semana/{YYYY-WW} shows exactly the events of that week; empty weeks are noindex; an invalid week is a 422 page', async () => {
    const semana = semanaDe(empresas[0]?.data ?? '');
    const esperados = eventosDaSemana(artefato.eventos, semana);
    for (const prefixo of ['', '/en']) {
      const res = await get(`${prefixo}/vigia/semana/${semana}`);
      expect(res.status).toBe(200);
      const corpo = await res.text();
      expect(
        linhas(corpo)
          .map((m) => `${m[2]}|${m[1]}|${m[3]}`)
          .sort(),
      ).toEqual(esperados.map((e) => `${e.ticker}|${e.tipo}|${e.data}`).sort());
      expect(corpo).not.toContain('noindex');
    }
    const vazia = await (await get('/vigia/semana/1999-01')).text();
    expect(vazia).toContain('noindex');
    const e = await erro(await get('/vigia/semana/2021-53', { Accept: 'text/html' }), 422);
    expect(e.parametros?.[0]?.nome).toBe('semana');
  });

  it('/vigia: latest events with filters that work as a plain GET form', async () => {
    const res = await get('/vigia?classe=fiis&tipo=informe_reenviado');
    expect(res.status).toBe(200);
    const corpo = await res.text();
    expect(corpo).toContain('<form method="get" action="/vigia"');
    expect(linhas(corpo).length).toBe(Math.min(100, fiis.length));
    expect(linhas(corpo).every((m) => m[1] === 'informe_reenviado')).toBe(true);
    const semanas = [...new Set(artefato.eventos.map((e) => semanaDe(e.data)))].slice(0, 8);
    expect([...corpo.matchAll(/href="\/vigia\/semana\/(\d{4}-\d{2})"/g)].map((m) => m[1])).toEqual(semanas);
    const en = await (await get('/en/vigia')).text();
    expect(en).toContain('Watcher: what changed in the numbers');
    expect(linhas(en).length).toBe(Math.min(100, empresas.length));
  });
});
