import { EmpresasListaSchema } from '@fundamentos/schemas/empresa';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { type ExecutionContext, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../tipos.ts';
import { type BuscaEmpresaSchema, FERRAMENTAS, type Ferramenta, LIMITE_BUSCA } from './ferramentas.ts';

type Despachar = (req: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

const INSTRUCOES =
  'Dados fundamentalistas de companhias abertas brasileiras, rastreáveis até a CVM. Envie X-API-Key no cabeçalho: as ferramentas usam as mesmas chaves e cotas da API. Comece por buscar_empresa para achar o ticker.';

/** Tool answer from a route's answer: its bytes as text, its JSON as structured content, its status as isError. */
function resultado(texto: string, ok: boolean): CallToolResult {
  let corpo: unknown;
  try {
    corpo = JSON.parse(texto);
  } catch {
    // text/plain and CSV answers are passed on as text only
  }
  return {
    content: [{ type: 'text', text: texto }],
    ...(typeof corpo === 'object' && corpo !== null
      ? {
          structuredContent: Array.isArray(corpo)
            ? { resultados: corpo }
            : (corpo as Record<string, unknown>),
        }
      : {}),
    isError: !ok,
  };
}

/** The open list filtered by trading code, name or CNPJ (its digits, once the query has 8 or more). */
function filtrarEmpresas(texto: string, busca: z.output<typeof BuscaEmpresaSchema>): string {
  const q = busca.consulta.toUpperCase();
  const digitos = busca.consulta.replace(/\D/g, '');
  const achadas = EmpresasListaSchema.parse(JSON.parse(texto)).filter(
    (e) =>
      [...e.tickers, e.nome.toUpperCase()].some((s) => s.includes(q)) ||
      (digitos.length >= 8 && e.cnpj.replace(/\D/g, '').includes(digitos)),
  );
  return JSON.stringify(achadas.slice(0, LIMITE_BUSCA));
}

/**
 * One MCP server per request (stateless Streamable HTTP: no session id, JSON answers, no server stream),
 * its tools calling the routes through `despachar` with the caller's key.
 */
function servidor(req: Request, env: Env, ctx: ExecutionContext, despachar: Despachar): McpServer {
  const mcp = new McpServer(
    { name: 'fundamentos-br', version: '0.1.0' },
    // Ajv, the SDK's default validator, compiles with `new Function`, which Workers forbid.
    { instructions: INSTRUCOES, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );

  async function chamarRota(caminho: string): Promise<Response> {
    const cabecalhos = new Headers({ accept: 'application/json' });
    const chave = req.headers.get('x-api-key');
    if (chave !== null) cabecalhos.set('x-api-key', chave);
    let url = new URL(caminho, req.url);
    let res = await despachar(new Request(url, { headers: cabecalhos }), env, ctx);
    // An old trading code answers 301 to the current one: follow it once, as a client would.
    const destino = res.headers.get('location');
    if (res.status === 301 && destino !== null) {
      url = new URL(destino, url);
      res = await despachar(new Request(url, { headers: cabecalhos }), env, ctx);
    }
    return res;
  }

  function registrar<S extends z.ZodObject>(
    nome: string,
    f: Ferramenta<S>,
    depois?: (texto: string, args: z.output<S>) => string,
  ) {
    const entrada: z.ZodObject = f.entrada;
    mcp.registerTool(
      nome,
      {
        title: f.titulo,
        description: f.descricao,
        inputSchema: entrada,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (validados) => {
        // The SDK has parsed the arguments with `f.entrada` (a failure never gets here), so this is its output.
        const args = validados as z.output<S>;
        const res = await chamarRota(f.caminho(args));
        const texto = await res.text();
        // The route's bytes untouched, except where `depois` says (the name search filters the open list).
        return resultado(res.ok && depois ? depois(texto, args) : texto, res.ok);
      },
    );
  }

  registrar('buscar_empresa', FERRAMENTAS.buscar_empresa, filtrarEmpresas);
  registrar('indicadores', FERRAMENTAS.indicadores);
  registrar('multiplos', FERRAMENTAS.multiplos);
  registrar('reapresentacoes', FERRAMENTAS.reapresentacoes);
  registrar('eventos_vigia', FERRAMENTAS.eventos_vigia);
  registrar('screener', FERRAMENTAS.screener);
  registrar('amostra_auditoria', FERRAMENTAS.amostra_auditoria);
  // A stateless server never sends notifications, so the tool list announces no change events.
  mcp.server.registerCapabilities({ tools: { listChanged: false } });
  return mcp;
}

/**
 * `/mcp`: the official MCP SDK server over Streamable HTTP, stateless (see docs/api.md). GET would open a
 * server-sent stream, which a stateless server has no use for, so it answers 405 as the transport allows.
 */
export function criarMcp(despachar: Despachar) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.text('Use POST com JSON-RPC 2.0 (MCP Streamable HTTP).', 405, { Allow: 'POST' }))
    .post('/', async (c) => {
      const mcp = servidor(c.req.raw, c.env, c.executionCtx, despachar);
      const transporte = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await mcp.connect(transporte);
      return transporte.handleRequest(c.req.raw);
    });
}
