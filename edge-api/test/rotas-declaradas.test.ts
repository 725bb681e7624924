import { SELF } from 'cloudflare:test';
import { NOMES_INDICADORES } from '@fundamentos/schemas/indicadores';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { rotasRegistradas } from '../src/index.ts';
import { OPERACOES } from '../src/openapi/documento.ts';
import {
  DECLARACOES,
  type Declaracao,
  documentada,
  regexDoCaminho,
  respondidoPeloWorker,
} from '../src/rotas/declaracoes.ts';
import { BASE, novaChave } from './ajuda.ts';

/** A value for each path parameter a declaration names (trial tickers, so no key is needed). */
const EXEMPLO: Record<string, string> = {
  ticker: 'WEGE3',
  nome: NOMES_INDICADORES[0],
  indicador: NOMES_INDICADORES[0],
  ano: '2023',
  seed: '7',
  n: '3',
  cd_regulator: '5410',
  rid: 'recibo-feito-aqui',
  id: 'recibo-feito-aqui',
  conjunto: 'empresas',
  cod_a: 'WEGE3',
  cod_b: 'PETR4',
  semana: '2024-01',
};

/**
 * Registered routes no declaration names, each with why: the static site's catch-all, and GET /mcp,
 * which the MCP transport answers 405 (a stateless server opens no stream).
 */
const FORA_DAS_DECLARACOES = new Set(['GET *', 'GET /mcp']);

function exemplo(caminho: string): string {
  return caminho.replace(/\{([^}]+)\}/g, (_, nome: string) => {
    const v = EXEMPLO[nome];
    if (v === undefined) throw new Error(`no example for {${nome}} of ${caminho}`);
    return v;
  });
}

/** Every concrete address a declaration stands for: its example path, and its `/en` copy. */
function enderecos(d: Declaracao): string[] {
  const p = exemplo(d.caminho);
  return d.ingles ? [p, `/en${p}`] : [p];
}

/** Whether Hono's own router sends `metodo caminho` to a route registered as `padrao`. */
async function casa(metodo: string, padrao: string, caminho: string): Promise<boolean> {
  const h = new Hono().on(metodo, padrao, (c) => c.text('casou'));
  const r = await h.request(caminho, { method: metodo });
  return r.status === 200 && (await r.text()) === 'casou';
}

/** Handler routes of the app (middleware is registered as ALL), one per method and path. */
function registradas(): { metodo: string; padrao: string }[] {
  const vistas = new Set<string>();
  const out: { metodo: string; padrao: string }[] = [];
  for (const r of rotasRegistradas()) {
    if (r.method === 'ALL') continue;
    const k = `${r.method} ${r.path}`;
    if (vistas.has(k)) continue;
    vistas.add(k);
    out.push({ metodo: r.method, padrao: r.path });
  }
  return out;
}

describe('route declarations (src/rotas/declaracoes.ts)', () => {
  it('each method and path is declared once', () => {
    const chaves = DECLARACOES.map((d) => `${d.metodo} ${d.caminho}`);
    expect(new Set(chaves).size).toBe(chaves.length);
  });

  it('every declared route is a route of the app', async () => {
    const rotas = registradas().filter((r) => !FORA_DAS_DECLARACOES.has(`${r.metodo} ${r.padrao}`));
    for (const d of DECLARACOES) {
      const metodo = d.metodo.toUpperCase();
      for (const caminho of enderecos(d)) {
        let achada = false;
        for (const r of rotas)
          if (r.metodo === metodo && (await casa(metodo, r.padrao, caminho))) achada = true;
        expect(achada, `${metodo} ${caminho} (${d.caminho})`).toBe(true);
      }
    }
  });

  it('every route of the app is declared', async () => {
    const exemplos = DECLARACOES.flatMap((d) =>
      enderecos(d).map((c) => ({ metodo: d.metodo.toUpperCase(), c })),
    );
    for (const r of registradas()) {
      if (FORA_DAS_DECLARACOES.has(`${r.metodo} ${r.padrao}`)) continue;
      let declarada = false;
      for (const e of exemplos)
        if (e.metodo === r.metodo && (await casa(r.metodo, r.padrao, e.c))) declarada = true;
      expect(declarada, `${r.metodo} ${r.padrao} is registered but not declared`).toBe(true);
    }
  });

  it('the app answers every declaration: no declared route falls to "unknown route"', async () => {
    for (const d of DECLARACOES)
      for (const caminho of enderecos(d)) {
        const res = await SELF.fetch(`${BASE}${caminho}`, {
          method: d.metodo.toUpperCase(),
          redirect: 'manual',
          headers: { accept: 'application/json' },
        });
        const corpo = await res.text();
        expect(corpo, `${d.metodo} ${caminho}`).not.toContain('Rota desconhecida');
      }
  });

  it('the declared access is what the app enforces: no key 401, a free key 403 on Pro routes', async () => {
    const gratis = await novaChave('free');
    // A code outside the trial list, so a keyed route cannot open for it.
    const semDegustacao = (c: string) => c.replaceAll('WEGE3', 'ZZZZ3');
    for (const d of DECLARACOES) {
      const pedir = (chave?: string) =>
        SELF.fetch(`${BASE}${semDegustacao(exemplo(d.caminho))}`, {
          method: d.metodo.toUpperCase(),
          redirect: 'manual',
          headers: { accept: 'application/json', ...(chave ? { 'x-api-key': chave } : {}) },
        });
      const [sem, com] = [await pedir(), await pedir(gratis)];
      await Promise.all([sem.body?.cancel(), com.body?.cancel()]);
      const rotulo = `${d.metodo} ${d.caminho}`;
      if (d.acesso === 'aberta') expect(sem.status, rotulo).not.toBe(401);
      else expect(sem.status, rotulo).toBe(401);
      if (d.acesso === 'pro') expect(com.status, rotulo).toBe(403);
      else expect([401, 403], rotulo).not.toContain(com.status);
    }
  });

  it('the OpenAPI document has exactly the declared operations, with their access and parameters', async () => {
    const res = await SELF.fetch(`${BASE}/openapi.json`);
    const doc = (await res.json()) as {
      paths: Record<
        string,
        Record<string, { 'x-acesso': string; parameters: { name: string; in: string }[] }>
      >;
    };
    const declaradas = DECLARACOES.filter(documentada);
    const noDocumento = Object.entries(doc.paths).flatMap(([c, ops]) =>
      Object.keys(ops).map((m) => `${m} ${c}`),
    );
    expect(noDocumento.sort()).toEqual(declaradas.map((d) => `${d.metodo} ${d.caminho}`).sort());
    for (const d of declaradas) {
      const op = doc.paths[d.caminho]?.[d.metodo];
      expect(op?.['x-acesso'], d.caminho).toBe(d.acesso);
      const esperados = [
        ...Object.keys(d.parametros?.shape ?? {}).map((n) => `path ${n}`),
        ...Object.keys(d.consulta?.shape ?? {}).map((n) => `query ${n}`),
      ];
      expect(
        op?.parameters.map((p) => `${p.in} ${p.name}`),
        d.caminho,
      ).toEqual(esperados);
    }
    expect(OPERACOES).toHaveLength(declaradas.length);
  });

  it('/info lists every declaration, pages included', async () => {
    const res = await SELF.fetch(`${BASE}/info`);
    const info = (await res.json()) as { rotas: { metodo: string; caminho: string; acesso: string }[] };
    expect(info.rotas.map((r) => `${r.metodo} ${r.caminho} ${r.acesso}`)).toEqual(
      DECLARACOES.map((d) => `${d.metodo.toUpperCase()} ${d.caminho} ${d.acesso}`),
    );
  });

  it('Cache-Control: the public policy is the declared list, matched by path template', () => {
    // The spec's list; each route's header is asserted by its own test (vigia, fiis, etfs, recibos).
    const publicas = DECLARACOES.filter((d) => d.cache === 'publico').map((d) => d.caminho);
    expect(publicas.sort()).toEqual(
      [
        '/etfs/{ticker}',
        '/fiis/{ticker}',
        '/fiis/{ticker}/reapresentacoes',
        '/recibo/{id}.json',
        '/vigia/eventos',
        '/docs/api/swagger-ui-bundle.js',
        '/docs/api/swagger-ui.css',
      ].sort(),
    );
    const json = regexDoCaminho('/recibo/{id}.json');
    expect(json.test('/recibo/abc_1.json')).toBe(true);
    expect(json.test('/recibo/abc')).toBe(false);
    expect(json.test('/recibo/a/b.json')).toBe(false);
    expect(regexDoCaminho('/fiis/{ticker}').test('/fiis/MXRF11/dividendos')).toBe(false);
  });

  it("the site's link check leaves to the worker exactly the declared GET paths, /en copies included", () => {
    for (const p of [
      '/empresas/WEGE3/linhagem/2023/roe',
      '/en/vigia/WEGE3',
      '/qualidade.json',
      '/dump/empresas.csv',
    ])
      expect(respondidoPeloWorker(p), p).toBe(true);
    // A POST-only route is no GET path (the free-key page is a static file); /en/info has no copy.
    for (const p of ['/chave-gratis', '/en/info', '/empresas/WEGE3/nada', '/acoes/WEGE3'])
      expect(respondidoPeloWorker(p), p).toBe(false);
  });
});
