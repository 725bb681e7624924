/**
 * A local stand-in for the part of Stripe's API the worker uses, so tests and `pnpm demo` never reach the
 * network: the worker's official SDK is pointed at it (`STRIPE_API`). Answers are the documented objects of
 * edge-api/test/stripe/ (see its README) filled in per request; a local checkout page "pays" a session and
 * delivers the webhook events Stripe would, signed with the SDK's own test-header helper.
 *
 *   POST /v1/checkout/sessions            create (Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/:id        retrieve
 *   POST /v1/billing_portal/sessions      customer portal session (unknown customer: Stripe's 400)
 *   GET  /checkout/:id, POST /checkout/:id/pagar    the local checkout page
 *   GET  /portal/:id,   POST /portal/:id/cancelar   the local portal (cancel → customer.subscription.deleted)
 *   GET  /__pedidos                       every API request received (tests read it)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const MODELOS = new URL('../test/stripe/', import.meta.url);
function modelo(nome: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(nome, MODELOS), 'utf8')) as Record<string, unknown>;
}

export interface Pedido {
  metodo: string;
  caminho: string;
  parametros: Record<string, string>;
  idempotencia: string | null;
}

export interface StripeLocal {
  /** Base URL to give the worker as STRIPE_API. */
  url: string;
  pedidos: Pedido[];
  fechar(): Promise<void>;
}

export interface OpcoesStripeLocal {
  /** Where paid sessions are announced (the worker's POST /assinar/webhook); none: no delivery. */
  webhook?: string;
  segredoWebhook: string;
  porta?: number;
  /** Tests: the server must not keep the Vitest process alive. */
  soltar?: boolean;
}

function id(prefixo: string): string {
  return `${prefixo}_${randomBytes(12).toString('hex')}`;
}

function escapar(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function lerCorpo(req: IncomingMessage): Promise<string> {
  const partes: Buffer[] = [];
  for await (const p of req) partes.push(p as Buffer);
  return Buffer.concat(partes).toString('utf8');
}

function responder(res: ServerResponse, status: number, corpo: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
  res.end(JSON.stringify(corpo));
}

function pagina(res: ServerResponse, titulo: string, corpo: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${titulo}</title><link rel="icon" href="data:,"></head><body style="font-family:sans-serif;max-width:36em;margin:2em auto"><p><small>Stripe (local stand-in, nothing is charged)</small></p><h1>${titulo}</h1>${corpo}</body></html>`,
  );
}

export async function iniciarStripeLocal(opcoes: OpcoesStripeLocal): Promise<StripeLocal> {
  const sessoes = new Map<string, Record<string, unknown>>();
  const portais = new Map<string, Record<string, unknown>>();
  const porIdempotencia = new Map<string, Record<string, unknown>>();
  const clientes = new Set<string>();
  const assinaturaDoCliente = new Map<string, string>();
  const pedidos: Pedido[] = [];
  let base = '';

  async function entregar(tipo: string, objeto: Record<string, unknown>): Promise<void> {
    if (!opcoes.webhook) return;
    const evento = {
      ...modelo('evento.json'),
      id: id('evt'),
      type: tipo,
      created: Math.floor(Date.now() / 1000),
      data: { object: objeto },
    };
    const payload = JSON.stringify(evento);
    const assinatura = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: opcoes.segredoWebhook,
    });
    const r = await fetch(opcoes.webhook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': assinatura },
      body: payload,
    });
    console.log(`stripe-local: ${tipo} → ${opcoes.webhook} ${r.status}`);
  }

  async function api(req: IncomingMessage, res: ServerResponse, caminho: string): Promise<void> {
    const corpo = await lerCorpo(req);
    const parametros = Object.fromEntries(new URLSearchParams(corpo));
    const idempotencia = (req.headers['idempotency-key'] as string | undefined) ?? null;
    pedidos.push({ metodo: req.method ?? '', caminho, parametros, idempotencia });
    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? ''))
      return responder(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    if (req.method === 'POST' && caminho === '/v1/checkout/sessions') {
      const anterior = idempotencia ? porIdempotencia.get(idempotencia) : undefined;
      if (anterior) return responder(res, 200, anterior);
      const sid = id('cs_test');
      const metadata = Object.fromEntries(
        Object.entries(parametros).flatMap(([k, v]) => {
          const m = /^metadata\[(.+)\]$/.exec(k);
          return m?.[1] ? [[m[1], v]] : [];
        }),
      );
      const tipos = Object.entries(parametros)
        .filter(([k]) => /^allowed_payment_method_types\[\d+\]$/.test(k))
        .map(([, v]) => v);
      const valor = Number(parametros['line_items[0][price_data][unit_amount]'] ?? 0);
      const sessao = {
        ...modelo('checkout-session.json'),
        id: sid,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
        mode: parametros.mode ?? 'payment',
        currency: parametros['line_items[0][price_data][currency]'] ?? null,
        amount_subtotal: valor,
        amount_total: valor,
        metadata,
        client_reference_id: parametros.client_reference_id ?? null,
        customer_creation: parametros.customer_creation ?? null,
        locale: parametros.locale ?? null,
        payment_method_types: tipos.length > 0 ? tipos : ['card'],
        success_url: parametros.success_url ?? null,
        cancel_url: parametros.cancel_url ?? null,
        url: `${base}/checkout/${sid}`,
      };
      sessoes.set(sid, {
        ...sessao,
        _produto: parametros['line_items[0][price_data][product_data][name]'] ?? '',
      });
      if (idempotencia) porIdempotencia.set(idempotencia, sessao);
      return responder(res, 200, sessao);
    }
    const lida = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(caminho);
    if (req.method === 'GET' && lida?.[1]) {
      const s = sessoes.get(lida[1]);
      return s ? responder(res, 200, publico(s)) : responder(res, 404, modelo('erro.json'));
    }
    if (req.method === 'POST' && caminho === '/v1/billing_portal/sessions') {
      const cliente = parametros.customer ?? '';
      if (!clientes.has(cliente)) {
        const erro = modelo('erro.json') as { error: Record<string, unknown> };
        erro.error.message = `No such customer: '${cliente}'`;
        return responder(res, 400, erro);
      }
      const pid = id('bps');
      const portal = {
        ...modelo('billing-portal-session.json'),
        id: pid,
        created: Math.floor(Date.now() / 1000),
        customer: cliente,
        locale: parametros.locale ?? null,
        return_url: parametros.return_url ?? null,
        url: `${base}/portal/${pid}`,
      };
      portais.set(pid, portal);
      return responder(res, 200, portal);
    }
    return responder(res, 404, modelo('erro.json'));
  }

  function publico(s: Record<string, unknown>): Record<string, unknown> {
    const { _produto, ...resto } = s;
    return resto;
  }

  async function checkout(
    req: IncomingMessage,
    res: ServerResponse,
    sid: string,
    pagar: boolean,
  ): Promise<void> {
    const s = sessoes.get(sid);
    if (!s) return pagina(res, 'Sessão desconhecida', '<p>Esta sessão de checkout não existe.</p>');
    if (!pagar) {
      const preco = new Intl.NumberFormat('pt-BR', {
        style: 'currency',
        currency: String(s.currency).toUpperCase(),
      }).format(Number(s.amount_total) / 100);
      const metodo = (s.payment_method_types as string[]).join(', ');
      return pagina(
        res,
        'Checkout',
        `<p><strong>${escapar(String(s._produto))}</strong>: <span data-preco>${preco}</span>${s.mode === 'subscription' ? ' / mês' : ''} (${escapar(metodo)})</p>
<form method="post" action="/checkout/${sid}/pagar"><label>E-mail <input type="email" name="email" required autocomplete="email"></label> <button type="submit">Pagar</button></form>
<p><a href="${escapar(String(s.cancel_url))}">Cancelar</a></p>`,
      );
    }
    const email = new URLSearchParams(await lerCorpo(req)).get('email') ?? '';
    const cliente = id('cus');
    clientes.add(cliente);
    const assinatura = s.mode === 'subscription' ? id('sub') : null;
    if (assinatura) assinaturaDoCliente.set(cliente, assinatura);
    const pix = (s.payment_method_types as string[]).includes('pix');
    Object.assign(s, {
      status: 'complete',
      customer: cliente,
      subscription: assinatura,
      customer_details: { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] },
      // Pix settles after the session completes: Stripe sends completed (unpaid), then async_payment_succeeded.
      payment_status: pix ? 'unpaid' : 'paid',
    });
    await entregar('checkout.session.completed', publico(s));
    if (pix) {
      s.payment_status = 'paid';
      await entregar('checkout.session.async_payment_succeeded', publico(s));
    }
    res.writeHead(303, { Location: String(s.success_url) });
    res.end();
  }

  async function portalLocal(res: ServerResponse, pid: string, cancelar: boolean): Promise<void> {
    const p = portais.get(pid);
    if (!p) return pagina(res, 'Portal desconhecido', '<p>Sessão de portal inexistente.</p>');
    const assinatura = assinaturaDoCliente.get(String(p.customer));
    if (cancelar && assinatura) {
      assinaturaDoCliente.delete(String(p.customer));
      await entregar('customer.subscription.deleted', {
        id: assinatura,
        object: 'subscription',
        customer: p.customer,
        status: 'canceled',
      });
      res.writeHead(303, { Location: String(p.return_url) });
      res.end();
      return;
    }
    return pagina(
      res,
      'Portal do cliente',
      `<p>Cliente <code>${escapar(String(p.customer))}</code>.</p>${
        assinatura
          ? `<form method="post" action="/portal/${pid}/cancelar"><button type="submit">Cancelar assinatura</button></form>`
          : '<p>Sem assinatura recorrente (pacote Pix).</p>'
      }<p><a href="${escapar(String(p.return_url))}">Voltar</a></p>`,
    );
  }

  const servidor = createServer((req, res) => {
    const caminho = new URL(req.url ?? '/', 'http://x').pathname;
    const tratar = async () => {
      if (caminho.startsWith('/v1/')) return api(req, res, caminho);
      if (caminho === '/__pedidos') return responder(res, 200, pedidos);
      const c = /^\/checkout\/([^/]+)(\/pagar)?$/.exec(caminho);
      if (c?.[1]) return checkout(req, res, c[1], req.method === 'POST' && c[2] !== undefined);
      const p = /^\/portal\/([^/]+)(\/cancelar)?$/.exec(caminho);
      if (p?.[1]) return portalLocal(res, p[1], req.method === 'POST' && p[2] !== undefined);
      return responder(res, 404, modelo('erro.json'));
    };
    tratar().catch((e: unknown) => {
      console.error(`stripe-local: ${String(e)}`);
      if (!res.headersSent) responder(res, 500, { error: { type: 'api_error', message: String(e) } });
    });
  });
  await new Promise<void>((ok) => servidor.listen(opcoes.porta ?? 0, '127.0.0.1', ok));
  if (opcoes.soltar) servidor.unref();
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  return {
    url: base,
    pedidos,
    fechar: () =>
      new Promise((ok) => {
        servidor.close(() => ok());
        // Keep-alive connections (the worker's SDK, webhook deliveries) would hold close() open.
        servidor.closeAllConnections();
      }),
  };
}
