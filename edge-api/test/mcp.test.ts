import { env, SELF } from 'cloudflare:test';
import { ScreenerRespostaSchema } from '@fundamentos/schemas/screener';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AmostraAuditoriaSchema } from '../src/auditoria/amostra.ts';
import { BASE, get, novaChave } from './ajuda.ts';
import { semearBuild } from './semear.ts';

const amostra = inject('amostra');
if (amostra === undefined)
  throw new Error(`the pipeline build of the sample failed:\n${inject('amostraFalhou')}`);
const sorteios = inject('sorteios');

let chave = '';
beforeAll(async () => {
  await semearBuild(env.ARTEFATOS, amostra);
  chave = await novaChave('free');
});

let proximoId = 1;
async function rpc(method: string, params?: unknown, comChave = true) {
  const res = await SELF.fetch(`${BASE}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(comChave ? { 'x-api-key': chave } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: proximoId++,
      method,
      ...(params === undefined ? {} : { params }),
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    id: number;
    result?: {
      content: { type: string; text: string }[];
      structuredContent?: unknown;
      isError?: boolean;
    } & Record<string, unknown>;
    error?: { code: number; message: string };
  };
}
const chamar = (name: string, args: unknown, comChave = true) =>
  rpc('tools/call', { name, arguments: args }, comChave);

describe('/mcp (JSON-RPC 2.0 over Streamable HTTP)', () => {
  it('initialize negotiates the protocol version and announces tools', async () => {
    const r = await rpc('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(r.result?.protocolVersion).toBe('2025-06-18');
    expect(r.result?.capabilities).toEqual({ tools: { listChanged: false } });
    const antiga = await rpc('initialize', { protocolVersion: '1999-01-01' });
    expect(antiga.result?.protocolVersion).toBe('2025-06-18');
  });

  it('tools/list gives each tool a JSON Schema input', async () => {
    const r = await rpc('tools/list');
    const tools = r.result?.tools as { name: string; inputSchema: { type: string } }[];
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'amostra_auditoria',
        'buscar_empresa',
        'empresa',
        'eventos_vigia',
        'indicadores',
        'multiplos',
        'screener',
      ].sort(),
    );
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
  });

  it('a notification gets 202 and no body; an unknown method -32601; bad JSON -32700', async () => {
    const n = await SELF.fetch(`${BASE}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(n.status).toBe(202);
    expect((await rpc('nada/disso')).error?.code).toBe(-32601);
    const ruim = await SELF.fetch(`${BASE}/mcp`, { method: 'POST', body: '{' });
    expect(((await ruim.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('buscar_empresa finds WEG by name', async () => {
    const r = await chamar('buscar_empresa', { consulta: 'weg' });
    const achadas =
      (r.result?.structuredContent as { resultados?: { cd_regulator: number }[] } | undefined)?.resultados ??
      [];
    // data/sample/raw/cvm/cad/cad_cia_aberta.csv line 2576: WEG SA, CD_CVM 5410.
    expect(achadas.map((e) => e.cd_regulator)).toContain(5410);
  });

  it('empresa, indicadores and multiplos answer the same bytes as the HTTP routes', async () => {
    for (const [tool, caminho] of [
      ['empresa', '/empresas/WEGE3'],
      ['indicadores', '/empresas/WEGE3/indicadores'],
      ['multiplos', '/empresas/WEGE3/multiplos'],
    ] as const) {
      const r = await chamar(tool, { ticker: 'WEGE3' });
      expect(r.result?.isError).toBe(false);
      expect(r.result?.content[0]?.text).toBe(await (await get(caminho)).text());
    }
  });

  it('screener: the key is required, and recibo=true issues a receipt', async () => {
    const semChave = await chamar('screener', { filtros: { roa: { min: 0.05 } } }, false);
    expect(semChave.result?.isError).toBe(true);
    expect(semChave.result?.content[0]?.text).toContain('chave_necessaria');
    const r = await chamar('screener', { filtros: { roa: { min: 0.05 } }, limite: 3, recibo: true });
    const s = ScreenerRespostaSchema.parse(r.result?.structuredContent);
    expect(s.filtros).toEqual([{ indicador: 'roa', operador: 'min', valor: 0.05 }]);
    expect(s.empresas.length).toBeLessThanOrEqual(3);
    expect(await env.RECIBOS.get(`recibos/${s.recibo?.id}.json`)).not.toBeNull();
  });

  it('screener calls count against the key quota like HTTP calls', async () => {
    const antes = await get('/screener?limite=1', { 'x-api-key': chave });
    const restantes = Number(antes.headers.get('x-ratelimit-remaining'));
    await chamar('screener', { limite: 1 });
    const depois = await get('/screener?limite=1', { 'x-api-key': chave });
    expect(Number(depois.headers.get('x-ratelimit-remaining'))).toBe(restantes - 2);
  });

  it('amostra_auditoria draws the same sample as the route (and as the independent Node draw)', async () => {
    const r = await chamar('amostra_auditoria', { seed: 42, n: 10 });
    const a = AmostraAuditoriaSchema.parse(r.result?.structuredContent);
    expect(a.casos.map((c) => c.linha)).toEqual(sorteios['42']);
  });

  it('invalid tool arguments are a tool error, not a crash', async () => {
    const r = await chamar('amostra_auditoria', { seed: -1 });
    expect(r.result?.isError).toBe(true);
    expect(r.result?.content[0]?.text).toMatch(/Argumentos inválidos/);
  });
});
