import { env, SELF } from 'cloudflare:test';
import { ErroSchema } from '@fundamentos/schemas/erros';
import { ScreenerRespostaSchema } from '@fundamentos/schemas/screener';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AmostraAuditoriaSchema } from '../src/auditoria/amostra.ts';
import { BASE, get, novaChave } from './ajuda.ts';
import { semearBuild } from './semear.ts';

const amostra = inject('amostra');
if (amostra === undefined)
  throw new Error(`the pipeline build of the sample failed:\n${inject('amostraFalhou')}`);
const sorteios = inject('sorteios');

/** The SDK's own client, talking to the worker through SELF.fetch, with or without the caller's key. */
async function conectar(chaveDoCliente: string | null): Promise<Client> {
  const cliente = new Client(
    { name: 'teste', version: '1' },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  const transporte = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    fetch: (url, init) => SELF.fetch(url, init),
    requestInit: chaveDoCliente === null ? {} : { headers: { 'x-api-key': chaveDoCliente } },
  });
  await cliente.connect(transporte);
  return cliente;
}

let chave = '';
let comChave: Client;
let semChave: Client;
beforeAll(async () => {
  await semearBuild(env.ARTEFATOS, amostra);
  chave = await novaChave('free');
  comChave = await conectar(chave);
  semChave = await conectar(null);
});
afterAll(async () => {
  await comChave.close();
  await semChave.close();
});

type Resultado = {
  content: { type: string; text?: string }[];
  structuredContent?: unknown;
  isError?: boolean;
};
async function chamar(name: string, args: Record<string, unknown>, cliente = comChave): Promise<Resultado> {
  return (await cliente.callTool({ name, arguments: args })) as Resultado;
}
const texto = (r: Resultado) => r.content[0]?.text ?? '';

let proximoId = 1;
/** A raw JSON-RPC POST, for what the SDK client never sends (bad JSON, unknown methods, old versions). */
function post(corpo: string) {
  return SELF.fetch(`${BASE}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: corpo,
  });
}
async function rpc(method: string, params?: unknown) {
  const res = await post(
    JSON.stringify({ jsonrpc: '2.0', id: proximoId++, method, ...(params === undefined ? {} : { params }) }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string };
  };
}

describe('/mcp (MCP SDK server over Streamable HTTP, stateless)', () => {
  it('initialize: server info, instructions, tools without change events, version negotiation', async () => {
    expect(comChave.getServerVersion()?.name).toBe('fundamentos-br');
    expect(comChave.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    expect(comChave.getInstructions()).toContain('X-API-Key');
    expect(await comChave.ping()).toEqual({});
    const pedida = await rpc('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(pedida.result?.protocolVersion).toBe('2025-06-18');
    // An unknown revision gets the newest the SDK speaks.
    const antiga = await rpc('initialize', {
      protocolVersion: '1999-01-01',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(antiga.result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('tools/list: the curated tools, each input schema being the route parameters', async () => {
    const { tools } = await comChave.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'amostra_auditoria',
        'buscar_empresa',
        'eventos_vigia',
        'indicadores',
        'multiplos',
        'reapresentacoes',
        'screener',
      ].sort(),
    );
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const porNome = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema.properties ?? {}]));
    // The route's rules, not copies: the ticker pattern of /empresas/{ticker}, the screener's names.
    expect(porNome.indicadores).toEqual({
      ticker: { type: 'string', pattern: '^[A-Za-z0-9]{4,12}$' },
    });
    expect(Object.keys(porNome.screener ?? {})).toContain('roa_min');
    expect(Object.keys(porNome.eventos_vigia ?? {})).toEqual(
      expect.arrayContaining(['ticker', 'tipo', 'desde', 'limite', 'classe']),
    );
  });

  it('a notification gets 202 and no body; an unknown method -32601; bad JSON -32700; GET 405', async () => {
    const n = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(n.status).toBe(202);
    expect(await n.text()).toBe('');
    expect((await rpc('nada/disso')).error?.code).toBe(-32601);
    const ruim = await post('{');
    expect(((await ruim.json()) as { error: { code: number } }).error.code).toBe(-32700);
    expect((await SELF.fetch(`${BASE}/mcp`)).status).toBe(405);
  });

  it('buscar_empresa finds WEG by name, by trading code and by CNPJ', async () => {
    // data/sample/raw/cvm/cad/cad_cia_aberta.csv line 2576: WEG SA, CNPJ 84.429.695/0001-11, CD_CVM 5410.
    for (const consulta of ['weg', 'WEGE3', '84.429.695/0001-11', '84429695000111']) {
      const r = await chamar('buscar_empresa', { consulta }, semChave);
      expect(r.isError).toBe(false);
      const achadas = (r.structuredContent as { resultados: { cd_regulator: number }[] }).resultados;
      expect(achadas.map((e) => e.cd_regulator)).toContain(5410);
      expect(JSON.parse(texto(r))).toEqual(achadas);
    }
    const nada = await chamar('buscar_empresa', { consulta: 'zzzzzzzz' }, semChave);
    expect((nada.structuredContent as { resultados: unknown[] }).resultados).toEqual([]);
  });

  it('indicadores, multiplos and reapresentacoes answer the same bytes as the HTTP routes', async () => {
    for (const tool of ['indicadores', 'multiplos', 'reapresentacoes']) {
      // Lower case on purpose: the route's ticker rule upper-cases it.
      const r = await chamar(tool, { ticker: 'wege3' });
      expect(r.isError, tool).toBe(false);
      const http = await get(`/empresas/WEGE3/${tool}`, { 'x-api-key': chave });
      expect(http.status).toBe(200);
      expect(texto(r)).toBe(await http.text());
    }
  });

  it('the key rules are the routes: a trial ticker without a key, another ticker refused', async () => {
    const degustacao = await chamar('indicadores', { ticker: 'WEGE3' }, semChave);
    expect(degustacao.isError).toBe(false);
    const recusa = await chamar('indicadores', { ticker: 'GFSA3' }, semChave);
    expect(recusa.isError).toBe(true);
    expect(ErroSchema.parse(JSON.parse(texto(recusa))).erro.codigo).toBe('chave_necessaria');
  });

  it('eventos_vigia answers the same bytes as /vigia/eventos, without a key', async () => {
    const r = await chamar('eventos_vigia', { ticker: 'GFSA3', tipo: 'reapresentacao', limite: 3 }, semChave);
    expect(r.isError).toBe(false);
    const http = await (await get('/vigia/eventos?ticker=GFSA3&tipo=reapresentacao&limite=3')).text();
    expect(texto(r)).toBe(http);
    // The route's own refusal (superRefine: a type of another class) is a tool input error.
    const ruim = await chamar('eventos_vigia', { tipo: 'nao_existe' }, semChave);
    expect(ruim.isError).toBe(true);
    expect(texto(ruim)).toMatch(/Input validation error.*tipo desconhecido/s);
  });

  it('screener: the key is required, and recibo=true issues a receipt', async () => {
    const recusa = await chamar('screener', { roa_min: '0.05' }, semChave);
    expect(recusa.isError).toBe(true);
    expect(texto(recusa)).toContain('chave_necessaria');
    const r = await chamar('screener', { roa_min: '0.05', limite: '3', recibo: 'true' });
    const s = ScreenerRespostaSchema.parse(r.structuredContent);
    expect(s.filtros).toEqual([{ indicador: 'roa', operador: 'min', valor: 0.05 }]);
    expect(s.empresas.length).toBeLessThanOrEqual(3);
    expect(await env.RECIBOS.get(`recibos/${s.recibo?.id}.json`)).not.toBeNull();
  });

  it('screener: a value the route refuses comes back in the one error shape (422)', async () => {
    const r = await chamar('screener', { roa_min: 'muito' });
    expect(r.isError).toBe(true);
    const e = ErroSchema.parse(JSON.parse(texto(r))).erro;
    expect(e.status).toBe(422);
    expect(e.parametros?.map((p) => p.nome)).toEqual(['roa_min']);
  });

  it('screener calls count against the key quota like HTTP calls', async () => {
    const antes = await get('/screener?limite=1', { 'x-api-key': chave });
    const restantes = Number(antes.headers.get('x-ratelimit-remaining'));
    await chamar('screener', { limite: '1' });
    const depois = await get('/screener?limite=1', { 'x-api-key': chave });
    expect(Number(depois.headers.get('x-ratelimit-remaining'))).toBe(restantes - 2);
  });

  it('amostra_auditoria draws the same sample as the route (and as the independent Node draw)', async () => {
    const r = await chamar('amostra_auditoria', { seed: '42', n: '10' }, semChave);
    const a = AmostraAuditoriaSchema.parse(r.structuredContent);
    expect(a.casos.map((c) => c.linha)).toEqual(sorteios['42']);
    expect(texto(r)).toBe(await (await get('/auditoria/random/42/10')).text());
  });

  it('arguments the route schema refuses are a tool error (MCP convention), not a crash', async () => {
    const r = await chamar('amostra_auditoria', { seed: '-1' });
    expect(r.isError).toBe(true);
    expect(texto(r)).toMatch(/Input validation error/);
    const desconhecida = await chamar('empresa', { ticker: 'WEGE3' });
    expect(desconhecida.isError).toBe(true);
  });
});
