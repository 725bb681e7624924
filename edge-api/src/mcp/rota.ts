import { type ExecutionContext, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../tipos.ts';
import { caminhoDaFerramenta, FERRAMENTAS, type NomeFerramenta } from './ferramentas.ts';

/** Protocol revisions this server speaks (MCP Streamable HTTP, JSON answers, no server-sent stream). */
const VERSOES = ['2025-06-18', '2025-03-26', '2024-11-05'] as const;

const JsonRpcSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number().int()]).optional(),
  method: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});

const ChamadaSchema = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

type Despachar = (req: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

function ehFerramenta(nome: string): nome is NomeFerramenta {
  return Object.hasOwn(FERRAMENTAS, nome);
}

const listaDeFerramentas = () =>
  Object.entries(FERRAMENTAS).map(([name, f]) => {
    const { $schema: _d, ...inputSchema } = z.toJSONSchema(f.entrada, {
      target: 'draft-2020-12',
      io: 'input',
    });
    return { name, description: f.descricao, inputSchema };
  });

/**
 * `/mcp`: MCP over Streamable HTTP (JSON-RPC 2.0 in a POST, one JSON answer). Stateless: no session id,
 * no server-initiated messages, so GET answers 405 as the transport allows.
 */
export function criarMcp(despachar: Despachar) {
  async function chamar(
    req: Request,
    env: Env,
    ctx: ExecutionContext,
    nome: NomeFerramenta,
    args: unknown,
  ): Promise<{ content: { type: 'text'; text: string }[]; structuredContent?: unknown; isError: boolean }> {
    const entrada = FERRAMENTAS[nome].entrada.safeParse(args ?? {});
    if (!entrada.success)
      return {
        content: [{ type: 'text', text: `Argumentos inválidos: ${entrada.error.message}` }],
        isError: true,
      };
    const cabecalhos = new Headers({ accept: 'application/json' });
    const chave = req.headers.get('x-api-key');
    if (chave !== null) cabecalhos.set('x-api-key', chave);
    let url = new URL(caminhoDaFerramenta(nome, entrada.data), req.url);
    let res = await despachar(new Request(url, { headers: cabecalhos }), env, ctx);
    // An old trading code answers 301 to the current one: follow it once, as a client would.
    const destino = res.headers.get('location');
    if (res.status === 301 && destino !== null) {
      url = new URL(destino, url);
      res = await despachar(new Request(url, { headers: cabecalhos }), env, ctx);
    }
    const bruto = await res.text();
    let corpo: unknown = bruto;
    try {
      corpo = JSON.parse(bruto);
    } catch {
      // text/plain and CSV answers are passed on as text
    }
    if (nome === 'buscar_empresa' && res.ok && Array.isArray(corpo)) {
      const q = (entrada.data as { consulta: string }).consulta.toUpperCase();
      corpo = corpo
        .filter((e: { ticker?: string; tickers?: string[]; nome?: string }) =>
          [e.ticker ?? '', ...(e.tickers ?? []), e.nome ?? ''].some((s) => s.toUpperCase().includes(q)),
        )
        .slice(0, 20);
    }
    // The route's bytes untouched, except the name search, which filters the open list.
    const texto = nome === 'buscar_empresa' && typeof corpo !== 'string' ? JSON.stringify(corpo) : bruto;
    return {
      content: [{ type: 'text', text: texto }],
      ...(typeof corpo === 'object' && corpo !== null
        ? { structuredContent: Array.isArray(corpo) ? { resultados: corpo } : corpo }
        : {}),
      isError: !res.ok,
    };
  }

  return new Hono<AppEnv>()
    .get('/', (c) => c.text('Use POST com JSON-RPC 2.0 (MCP Streamable HTTP).', 405, { Allow: 'POST' }))
    .post('/', async (c) => {
      let bruto: unknown;
      try {
        bruto = await c.req.json();
      } catch {
        return c.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, 400);
      }
      const msg = JsonRpcSchema.safeParse(bruto);
      if (!msg.success)
        return c.json(
          {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'Invalid Request', data: msg.error.issues },
          },
          400,
        );
      const { id, method, params } = msg.data;
      // A notification (no id) gets no JSON-RPC answer.
      if (id === undefined) return c.body(null, 202);
      const ok = (result: unknown) => c.json({ jsonrpc: '2.0', id, result });
      const falha = (code: number, message: string) =>
        c.json({ jsonrpc: '2.0', id, error: { code, message } });
      switch (method) {
        case 'initialize': {
          const pedida = typeof params?.protocolVersion === 'string' ? params.protocolVersion : '';
          return ok({
            protocolVersion: (VERSOES as readonly string[]).includes(pedida) ? pedida : VERSOES[0],
            capabilities: { tools: { listChanged: false } },
            serverInfo: { name: 'fundamentos-br', version: '0.1.0' },
            instructions:
              'Dados fundamentalistas de companhias abertas brasileiras, rastreáveis até a CVM. Envie X-API-Key no cabeçalho: as ferramentas usam as mesmas chaves e cotas da API.',
          });
        }
        case 'ping':
          return ok({});
        case 'tools/list':
          return ok({ tools: listaDeFerramentas() });
        case 'tools/call': {
          const ch = ChamadaSchema.safeParse(params);
          if (!ch.success) return falha(-32602, 'Invalid params: expected {name, arguments}');
          if (!ehFerramenta(ch.data.name)) return falha(-32602, `Unknown tool: ${ch.data.name}`);
          return ok(await chamar(c.req.raw, c.env, c.executionCtx, ch.data.name, ch.data.arguments));
        }
        default:
          return falha(-32601, `Method not found: ${method}`);
      }
    });
}
