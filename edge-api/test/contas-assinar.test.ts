import { env, SELF } from 'cloudflare:test';
import { PortalSchema } from '@fundamentos/schemas/contas';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/chave-formato.ts';
import { BASE, erro, get, novaChave } from './ajuda.ts';
import { Correio, EMAIL, formulario } from './contas-ajuda.ts';

// Made here: the buyer's address the local checkout reports.
const COMPRADOR = 'compradora.teste@exemplo.com.br';

interface PedidoStripe {
  metodo: string;
  caminho: string;
  parametros: Record<string, string>;
  idempotencia: string | null;
}

async function pedidosStripe(): Promise<PedidoStripe[]> {
  return (await (await fetch(`${env.STRIPE_API}/__pedidos`)).json()) as PedidoStripe[];
}

async function contar(tabela: 'assinaturas' | 'eventos_funil' | 'chaves'): Promise<number> {
  const r = await env.DB.prepare(`SELECT count(*) AS n FROM ${tabela}`).first<{ n: number }>();
  return r?.n ?? 0;
}

/** A webhook delivery signed as Stripe signs it (SDK helper, Web Crypto), optionally at another time. */
async function entrega(
  evento: object,
  segredo = env.STRIPE_WEBHOOK_SECRET,
  timestamp?: number,
): Promise<RequestInit> {
  const payload = JSON.stringify(evento);
  const assinatura = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: segredo,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': assinatura },
    body: payload,
  };
}

/** Confirms a plan through the route and returns the session id Stripe (the stand-in) created. */
async function confirmar(correio: Correio, campos: Record<string, string>): Promise<string> {
  const res = await correio.fetch('/assinar/confirmar', formulario(campos));
  expect(res.status).toBe(303);
  const destino = new URL(res.headers.get('location') ?? '');
  expect(destino.origin).toBe(env.STRIPE_API);
  const id = destino.pathname.split('/').at(-1) ?? '';
  expect(id).toMatch(/^cs_test_/);
  return id;
}

function sessaoPaga(id: string, extra: Record<string, unknown> = {}): object {
  return {
    id,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    customer: 'cus_feitoaqui1',
    subscription: 'sub_feitoaqui1',
    customer_details: { email: COMPRADOR, name: null },
    ...extra,
  };
}

function evento(id: string, type: string, objeto: object): object {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: objeto } };
}

describe('GET /assinar: shows, never changes anything', () => {
  it('without a plan lists the plans in pt and en, inside the shell, noindex', async () => {
    const pt = await get('/assinar', { Accept: 'text/html' });
    expect(pt.status).toBe(200);
    const html = await pt.text();
    expect(html).toContain('<header class="topo">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('Assinar o plano Pro');
    expect(html).toContain('href="/assinar?plano=pro&amp;moeda=brl"');
    expect(html).toContain('href="/assinar?plano=pix&amp;pacote=1m"');
    const en = await get('/en/assinar');
    const htmlEn = await en.text();
    expect(en.headers.get('content-language')).toBe('en');
    expect(htmlEn).toContain('Subscribe to the Pro plan');
    expect(htmlEn).toContain('href="/en/assinar?plano=pix&amp;pacote=3m"');
  });

  it('with a plan shows its price and a confirmation form; old links with plan parameters answer 200', async () => {
    const pro = await (await get('/assinar?plano=pro')).text();
    expect(pro).toContain('<span data-preco>R$\u00a029,00 por mês</span>');
    expect(pro).toContain('<form method="post" action="/assinar/confirmar" data-assinar>');
    expect(pro).toContain('name="moeda" value="brl"');
    const pix = await (await get('/assinar?plano=pix&pacote=12m&moeda=brl')).text();
    expect(pix).toContain('R$\u00a0290,00 por 12 meses');
    expect(pix).toContain('name="pacote" value="12m"');
    // An old link without a package opens the one-month package.
    expect(await (await get('/assinar?plano=pix')).text()).toContain('name="pacote" value="1m"');
    const usd = await (await get('/en/assinar?plano=pro&moeda=usd')).text();
    expect(usd).toContain('$6.00 a month');
  });

  it('voltou shows the right message after checkout', async () => {
    expect(await (await get('/assinar?voltou=ok')).text()).toContain('data-voltou="ok"');
    expect(await (await get('/en/assinar?voltou=ok')).text()).toContain('Your Pro key was sent');
    expect(await (await get('/assinar?voltou=cancelado')).text()).toContain('nada foi cobrado');
  });

  it('invalid parameters: the 422 page in the reader’s language (JSON for an API client)', async () => {
    const pt = await get('/assinar?plano=ouro', { Accept: 'text/html' });
    const e = await erro(pt, 422);
    expect(e.parametros?.[0]?.nome).toBe('plano');
    const en = await get('/en/assinar?plano=pix&moeda=usd', { Accept: 'text/html' });
    expect(await en.clone().text()).toContain('lang="en"');
    expect((await erro(en, 422)).parametros?.[0]?.nome).toBe('moeda');
    expect((await erro(await get('/assinar?pacote=2m'), 422)).parametros?.[0]?.nome).toBe('pacote');
  });

  it('is where the 403 (Pro-only set) and /info send a reader, and it answers', async () => {
    const recusa = await erro(await get('/dump/qualquer.csv', { 'X-API-Key': await novaChave('free') }), 403);
    expect(recusa.como_obter_chave).toBe(`${BASE}/assinar`);
    const info = (await (await get('/info')).json()) as { planos: { plano: string; como_obter: string }[] };
    expect(info.planos.find((p) => p.plano === 'pro')?.como_obter).toBe(`${BASE}/assinar`);
    const pagina = await SELF.fetch(recusa.como_obter_chave ?? '', { headers: { Accept: 'text/html' } });
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain('data-plano="pro"');
  });

  it('creates no checkout session, no intent and no funnel event', async () => {
    const antes = {
      s: (await pedidosStripe()).length,
      a: await contar('assinaturas'),
      f: await contar('eventos_funil'),
    };
    for (const q of ['', '?plano=pro', '?plano=pix&pacote=3m', '?voltou=ok', '?plano=pro&moeda=usd'])
      expect((await get(`/assinar${q}`)).status).toBe(200);
    expect((await pedidosStripe()).length).toBe(antes.s);
    expect(await contar('assinaturas')).toBe(antes.a);
    expect(await contar('eventos_funil')).toBe(antes.f);
  });
});

describe('POST /assinar/confirmar', () => {
  it('creates a Stripe checkout session, records the intent and the funnel event, answers 303 to checkout', async () => {
    const correio = new Correio();
    const antes = await contar('eventos_funil');
    const id = await confirmar(correio, { plano: 'pix', pacote: '3m', moeda: 'brl', lang: 'en' });
    const pedido = (await pedidosStripe()).at(-1);
    expect(pedido?.caminho).toBe('/v1/checkout/sessions');
    expect(pedido?.parametros).toMatchObject({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'pix',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '7900',
      'metadata[plano]': 'pix',
      'metadata[pacote]': '3m',
      locale: 'en',
      success_url: `${BASE}/en/assinar?voltou=ok`,
      cancel_url: `${BASE}/en/assinar?voltou=cancelado`,
    });
    const linha = await env.DB.prepare('SELECT * FROM assinaturas WHERE sessao_checkout = ?1')
      .bind(id)
      .first();
    expect(linha).toMatchObject({
      plano: 'pix',
      pacote: '3m',
      estado: 'checkout_criado',
      valor_centavos: 7900,
      chave_id: null,
    });
    expect(pedido?.idempotencia).toBe(linha?.id);
    expect(await contar('eventos_funil')).toBe(antes + 1);
    const pro = await confirmar(correio, { plano: 'pro', moeda: 'brl' });
    expect((await pedidosStripe()).at(-1)?.parametros).toMatchObject({
      mode: 'subscription',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][unit_amount]': '2900',
    });
    expect(pro).not.toBe(id);
  });

  it('a form without a plan is refused with the one 422 shape and creates nothing', async () => {
    const correio = new Correio();
    const antes = (await pedidosStripe()).length;
    const res = await correio.fetch(
      '/assinar/confirmar',
      formulario({ moeda: 'brl' }, { Accept: 'application/json' }),
    );
    expect((await erro(res, 422)).parametros?.[0]?.nome).toBe('plano');
    expect((await pedidosStripe()).length).toBe(antes);
  });
});

describe('POST /assinar/webhook', () => {
  it('a paid checkout issues one Pro key: stored hashed, mailed to the buyer, usable; a redelivery issues none', async () => {
    const correio = new Correio();
    const id = await confirmar(correio, { plano: 'pro', moeda: 'brl' });
    const chavesAntes = await contar('chaves');
    const ev = evento('evt_feitoaqui_pago1', 'checkout.session.completed', sessaoPaga(id));
    const r1 = await correio.fetch('/assinar/webhook', await entrega(ev));
    expect(r1.status).toBe(200);
    expect(await r1.json()).toEqual({ recebido: true, resultado: 'chave_emitida' });
    // Same event again (Stripe redelivers), and concurrently twice more.
    const repetidas = await Promise.all(
      [1, 2, 3].map(async () => correio.fetch('/assinar/webhook', await entrega(ev))),
    );
    for (const r of repetidas) expect(await r.json()).toEqual({ recebido: true, resultado: 'repetido' });
    expect(await contar('chaves')).toBe(chavesAntes + 1);
    expect(correio.enviadas).toHaveLength(1);
    const msg = correio.enviadas[0];
    expect(msg?.to).toBe(COMPRADOR);
    expect(msg?.subject).toBe('Sua chave Pro do fundamentos-br');
    const chave = /fbr_[0-9a-f]{16}_[0-9a-f]{48}/.exec(msg?.text ?? '')?.[0] ?? '';
    expect(msg?.html).toContain(chave);
    const linha = await env.DB.prepare(
      'SELECT c.hash_sha256, c.plano, a.estado, a.cliente_stripe FROM chaves c JOIN assinaturas a ON a.chave_id = c.id WHERE a.sessao_checkout = ?1',
    )
      .bind(id)
      .first<Record<string, string>>();
    expect(linha).toMatchObject({
      plano: 'pro',
      estado: 'ativa',
      cliente_stripe: 'cus_feitoaqui1',
      hash_sha256: await sha256Hex(chave),
    });
    const uso = await SELF.fetch(`${BASE}/empresas/TSTE3/indicadores`, { headers: { 'X-API-Key': chave } });
    expect(uso.headers.get('x-ratelimit-limit')).toBe('10000');
    // A different event for the same session (Pix's async success after completion) issues no second key.
    const outro = evento('evt_feitoaqui_pago2', 'checkout.session.async_payment_succeeded', sessaoPaga(id));
    expect(await (await correio.fetch('/assinar/webhook', await entrega(outro))).json()).toEqual({
      recebido: true,
      resultado: 'ignorado',
    });
    expect(await contar('chaves')).toBe(chavesAntes + 1);
    // The buyer's address is in no answer, no log line and no table.
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
    const tabelas = await env.DB.prepare('SELECT * FROM assinaturas').all();
    expect(JSON.stringify(tabelas.results)).not.toContain(COMPRADOR);
  });

  it('a refused mail undoes the key, answers 500 so Stripe retries, and the retry issues one key', async () => {
    const correio = new Correio();
    const id = await confirmar(correio, { plano: 'pro' });
    const chavesAntes = await contar('chaves');
    const ev = evento('evt_feitoaqui_retry', 'checkout.session.completed', sessaoPaga(id));
    correio.recusar = true;
    await erro(await correio.fetch('/assinar/webhook', await entrega(ev)), 500);
    expect(await contar('chaves')).toBe(chavesAntes);
    const linha = await env.DB.prepare('SELECT estado, chave_id FROM assinaturas WHERE sessao_checkout = ?1')
      .bind(id)
      .first();
    expect(linha).toEqual({ estado: 'checkout_criado', chave_id: null });
    expect(correio.logs.join('\n')).not.toMatch(EMAIL);
    correio.recusar = false;
    const retry = await correio.fetch('/assinar/webhook', await entrega(ev));
    expect(await retry.json()).toEqual({ recebido: true, resultado: 'chave_emitida' });
    expect(await contar('chaves')).toBe(chavesAntes + 1);
    expect(correio.enviadas).toHaveLength(1);
  });

  it('Pix: completion with payment pending issues nothing; the async success issues the key', async () => {
    const correio = new Correio();
    const id = await confirmar(correio, { plano: 'pix', pacote: '1m' });
    const pendente = sessaoPaga(id, {
      payment_status: 'unpaid',
      subscription: null,
      customer: 'cus_feitoaquipix',
    });
    const r1 = await correio.fetch(
      '/assinar/webhook',
      await entrega(evento('evt_feitoaqui_pix1', 'checkout.session.completed', pendente)),
    );
    expect(await r1.json()).toEqual({ recebido: true, resultado: 'ignorado' });
    expect(correio.enviadas).toHaveLength(0);
    const pago = sessaoPaga(id, { subscription: null, customer: 'cus_feitoaquipix' });
    const r2 = await correio.fetch(
      '/assinar/webhook',
      await entrega(evento('evt_feitoaqui_pix2', 'checkout.session.async_payment_succeeded', pago)),
    );
    expect(await r2.json()).toEqual({ recebido: true, resultado: 'chave_emitida' });
    const linha = await env.DB.prepare(
      'SELECT paga_em, expira_em FROM assinaturas WHERE sessao_checkout = ?1',
    )
      .bind(id)
      .first<{ paga_em: string; expira_em: string }>();
    expect(Date.parse(linha?.expira_em ?? '') - Date.parse(linha?.paga_em ?? '')).toBe(31 * 86_400_000);
  });

  it('refuses a bad signature, another secret, a missing header and a replay of an old delivery', async () => {
    const correio = new Correio();
    const ev = evento('evt_feitoaqui_ruim', 'checkout.session.completed', sessaoPaga('cs_test_naoexiste'));
    const outroSegredo = await correio.fetch('/assinar/webhook', await entrega(ev, 'whsec_outro'));
    expect((await erro(outroSegredo, 422)).parametros?.[0]?.nome).toBe('stripe-signature');
    const adulterado = await entrega(ev);
    adulterado.body = JSON.stringify({ ...ev, type: 'customer.subscription.deleted' });
    await erro(await correio.fetch('/assinar/webhook', adulterado), 422);
    await erro(await correio.fetch('/assinar/webhook', { method: 'POST', body: JSON.stringify(ev) }), 422);
    // Signed correctly ten minutes ago: past the SDK's five-minute tolerance, refused as a replay.
    const velho = await entrega(ev, env.STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600);
    const replay = await erro(await correio.fetch('/assinar/webhook', velho), 422);
    expect(replay.parametros?.[0]?.mensagem).toMatch(/tolerance/i);
    const registrado = await env.DB.prepare(
      "SELECT count(*) AS n FROM eventos_stripe WHERE id = 'evt_feitoaqui_ruim'",
    ).first<{ n: number }>();
    expect(registrado?.n).toBe(0);
  });

  it('a cancelled subscription revokes its key', async () => {
    const correio = new Correio();
    const id = await confirmar(correio, { plano: 'pro' });
    const sessao = sessaoPaga(id, {
      subscription: 'sub_feitoaqui_cancelar',
      customer: 'cus_feitoaqui_cancelar',
    });
    await correio.fetch(
      '/assinar/webhook',
      await entrega(evento('evt_feitoaqui_c1', 'checkout.session.completed', sessao)),
    );
    const chave = /fbr_[0-9a-f]{16}_[0-9a-f]{48}/.exec(correio.enviadas[0]?.text ?? '')?.[0] ?? '';
    expect((await get('/empresas/TSTE3/indicadores', { 'X-API-Key': chave })).status).toBe(200);
    const fim = evento('evt_feitoaqui_c2', 'customer.subscription.deleted', {
      id: 'sub_feitoaqui_cancelar',
      object: 'subscription',
      status: 'canceled',
    });
    expect(await (await correio.fetch('/assinar/webhook', await entrega(fim))).json()).toEqual({
      recebido: true,
      resultado: 'cancelada',
    });
    await erro(await get('/empresas/TSTE3/indicadores', { 'X-API-Key': chave }), 401);
    const linha = await env.DB.prepare('SELECT estado FROM assinaturas WHERE sessao_checkout = ?1')
      .bind(id)
      .first<{ estado: string }>();
    expect(linha?.estado).toBe('cancelada');
  });
});

describe('POST /portal', () => {
  it('a Pro key from a purchase gets the provider’s portal session URL as JSON 200', async () => {
    const correio = new Correio();
    // The stand-in knows a customer only after its local checkout was paid.
    const id = await confirmar(correio, { plano: 'pro' });
    const pagar = await fetch(`${env.STRIPE_API}/checkout/${id}/pagar`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: COMPRADOR }).toString(),
      redirect: 'manual',
    });
    expect(pagar.status).toBe(303);
    const sessao = (await (
      await fetch(`${env.STRIPE_API}/v1/checkout/sessions/${id}`, {
        headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
      })
    ).json()) as { customer: string };
    await correio.fetch(
      '/assinar/webhook',
      await entrega(
        evento(
          'evt_feitoaqui_portal',
          'checkout.session.completed',
          sessaoPaga(id, { customer: sessao.customer }),
        ),
      ),
    );
    const chave = /fbr_[0-9a-f]{16}_[0-9a-f]{48}/.exec(correio.enviadas[0]?.text ?? '')?.[0] ?? '';
    const res = await correio.fetch('/portal', formulario({}, { 'X-API-Key': chave }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const corpo = PortalSchema.parse(await res.json());
    expect(corpo.url).toMatch(new RegExp(`^${env.STRIPE_API}/portal/bps_`));
    expect((await pedidosStripe()).at(-1)?.parametros).toMatchObject({
      customer: sessao.customer,
      return_url: `${BASE}/assinar`,
    });
  });

  it('a free key, no key, an unknown key and a Pro key no purchase made get the one error shape', async () => {
    const gratis = await SELF.fetch(
      `${BASE}/portal`,
      formulario({}, { 'X-API-Key': await novaChave('free') }),
    );
    expect((await erro(gratis, 403)).como_obter_chave).toBe(`${BASE}/assinar`);
    await erro(await SELF.fetch(`${BASE}/portal`, formulario({})), 401);
    const desconhecida = `fbr_${'0'.repeat(16)}_${'1'.repeat(48)}`;
    expect(
      (await erro(await SELF.fetch(`${BASE}/portal`, formulario({}, { 'X-API-Key': desconhecida })), 401))
        .codigo,
    ).toBe('chave_invalida');
    await erro(
      await SELF.fetch(`${BASE}/portal`, formulario({}, { 'X-API-Key': await novaChave('pro') })),
      404,
    );
  });
});
