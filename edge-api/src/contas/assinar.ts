import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, LOCALES, strings } from '@fundamentos/ui/i18n/strings';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import type Stripe from 'stripe';
import { gerarChave, LIMITE_DIARIO } from '../chave-formato.ts';
import { type ErroApi, parametrosInvalidos } from '../erro-api.ts';
import { esquecerChaves } from '../middleware/chave.ts';
import { emTexto } from '../paginas/comum.ts';
import { marcarPagina, paginaHtml } from '../paginas/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { enviar, paragrafos } from './correio.ts';
import { validarFormulario } from './formulario.ts';
import {
  diasDoPacote,
  type Escolha,
  EscolhaQuery,
  escolha,
  MOEDAS,
  PACOTES,
  type Pacote,
  PRECO_PIX,
  PRECO_PRO_MENSAL,
} from './planos.ts';
import { clienteStripe, criptoStripe, webhooksStripe } from './stripe.ts';

export function formatarPreco(centavos: number, moeda: string, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: moeda.toUpperCase(),
  }).format(centavos / 100);
}

function linkDoPlano(lang: Lang, q: Record<string, string>): string {
  return `${href(lang, '/assinar')}?${new URLSearchParams(q).toString()}`;
}

function precoDaEscolha(e: Escolha, lang: Lang): string {
  const t = strings(lang).contas;
  const preco = formatarPreco(e.valor, e.moeda, lang);
  return e.plano === 'pro'
    ? mensagem(lang, t.por_mes, { preco })
    : mensagem(lang, t.preco_pacote, { preco, pacote: t.pacote[e.pacote] ?? e.pacote });
}

function listaDePlanos(lang: Lang): string {
  const t = strings(lang).contas;
  const pro = MOEDAS.map(
    (moeda) =>
      html`<li><a href="${linkDoPlano(lang, { plano: 'pro', moeda })}" data-plano="pro" data-moeda="${moeda}">${t.escolher}: ${mensagem(lang, t.por_mes, { preco: formatarPreco(PRECO_PRO_MENSAL[moeda], moeda, lang) })}</a></li>`,
  );
  const pix = (Object.keys(PACOTES) as Pacote[]).map(
    (pacote) =>
      html`<li><a href="${linkDoPlano(lang, { plano: 'pix', pacote })}" data-plano="pix" data-pacote="${pacote}">${t.escolher}: ${mensagem(lang, t.preco_pacote, { preco: formatarPreco(PRECO_PIX[pacote], 'brl', lang), pacote: t.pacote[pacote] ?? pacote })}</a></li>`,
  );
  return emTexto(html`<p>${mensagem(lang, t.assinar_lead, { pro: LIMITE_DIARIO.pro.toLocaleString(LOCALES[lang]) })}</p>
<section aria-labelledby="h-pro"><h2 id="h-pro">${t.plano_pro}</h2><p>${t.plano_pro_desc}</p><ul>${pro}</ul></section>
<section aria-labelledby="h-pix"><h2 id="h-pix">${t.plano_pix}</h2><p>${t.plano_pix_desc}</p><ul>${pix}</ul></section>
<p><small>${t.portal_nota}</small></p>`);
}

function formularioDeConfirmacao(lang: Lang, e: Escolha): string {
  const t = strings(lang).contas;
  const nome = e.plano === 'pro' ? t.plano_pro : t.plano_pix;
  return emTexto(html`<h2>${t.confirmar_titulo}</h2>
<p><strong data-plano="${e.plano}">${nome}</strong>: <span data-preco>${precoDaEscolha(e, lang)}</span></p>
<p>${t.confirmar_texto}</p>
<form method="post" action="/assinar/confirmar" data-assinar>
<input type="hidden" name="plano" value="${e.plano}">
<input type="hidden" name="moeda" value="${e.moeda}">
${e.pacote ? html`<input type="hidden" name="pacote" value="${e.pacote}">` : ''}
<input type="hidden" name="lang" value="${lang}">
<button type="submit">${t.confirmar_botao}</button>
</form>
<p><a href="${href(lang, '/assinar')}">${t.outros_planos}</a></p>`);
}

/** The confirmation form's fields: a plan is required; names as in the GET query. */
const Confirmacao = EscolhaQuery.refine((q) => q.plano !== undefined, {
  path: ['plano'],
  message: 'informe o plano (pro ou pix)',
});

async function paginaAssinar(c: Context<AppEnv>, q: EscolhaQuery): Promise<Response> {
  const lang = c.get('lang');
  const t = strings(lang).contas;
  const e = escolha(q);
  const voltou =
    q.voltou === undefined
      ? ''
      : emTexto(
          html`<p class="aviso" data-voltou="${q.voltou}" role="status">${q.voltou === 'ok' ? t.voltou_ok : t.voltou_cancelado}</p>`,
        );
  const corpo = `<h1>${emTexto(html`${t.assinar_titulo}`)}</h1>\n${voltou}\n${e === null ? listaDePlanos(lang) : formularioDeConfirmacao(lang, e)}`;
  // Plan and return pages say nothing personal, but they are steps of a purchase: never indexed.
  return paginaHtml(c, { caminho: '/assinar', titulo: t.assinar_titulo, noindex: true }, corpo);
}

/**
 * GET /assinar shows plans or one plan's confirmation and changes nothing (no session, no funnel row);
 * POST /assinar/confirmar creates the Stripe Checkout Session, records the intent and the funnel event,
 * and answers 303 to Stripe's checkout page.
 */
export const assinar = new Hono<AppEnv>()
  .get('/', marcarPagina, validar('query', EscolhaQuery), (c) => paginaAssinar(c, c.req.valid('query')))
  .post('/confirmar', marcarPagina, async (c) => {
    const dados = await validarFormulario(c, Confirmacao);
    const e = escolha(dados);
    if (e === null) throw new Error('unreachable: the form schema requires a plan');
    const lang: Lang = dados.lang ?? c.get('lang');
    const id = crypto.randomUUID();
    const origem = new URL(c.req.url).origin;
    const volta = (voltou: string) => `${origem}${href(lang, '/assinar')}?voltou=${voltou}`;
    const nome = e.plano === 'pro' ? 'fundamentos-br Pro' : `fundamentos-br Pro · Pix ${e.pacote}`;
    const sessao = await clienteStripe(c.env).checkout.sessions.create(
      {
        mode: e.plano === 'pro' ? 'subscription' : 'payment',
        allowed_payment_method_types: e.plano === 'pro' ? ['card'] : ['pix'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: e.moeda,
              unit_amount: e.valor,
              product_data: { name: nome },
              ...(e.plano === 'pro' ? { recurring: { interval: 'month' as const } } : {}),
            },
          },
        ],
        // One-off Pix payments still get a customer, so the portal can show their receipts.
        ...(e.plano === 'pix' ? { customer_creation: 'always' as const } : {}),
        client_reference_id: id,
        metadata: { assinatura_id: id, plano: e.plano, pacote: e.pacote ?? '' },
        locale: lang === 'en' ? 'en' : 'pt-BR',
        success_url: volta('ok'),
        cancel_url: volta('cancelado'),
      },
      { idempotencyKey: id },
    );
    if (!sessao.url) throw new Error(`Stripe checkout session ${sessao.id} came without a url`);
    const agora = new Date().toISOString();
    await c.env.DB.batch([
      c.env.DB.prepare(
        `INSERT INTO assinaturas (id, plano, pacote, moeda, valor_centavos, lang, estado, sessao_checkout, criada_em)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'checkout_criado', ?7, ?8)`,
      ).bind(id, e.plano, e.pacote, e.moeda, e.valor, lang, sessao.id, agora),
      c.env.DB.prepare(
        `INSERT INTO eventos_funil (tipo, plano, pacote, moeda, assinatura_id, em) VALUES ('checkout_criado', ?1, ?2, ?3, ?4, ?5)`,
      ).bind(e.plano, e.pacote, e.moeda, id, agora),
    ]);
    return c.redirect(sessao.url, 303);
  });

interface LinhaAssinatura {
  id: string;
  plano: 'pro' | 'pix';
  pacote: Pacote | null;
  moeda: string;
  lang: Lang;
}

/** Issues the Pro key of a paid checkout session, once: the first delivery claims the row. */
async function ativar(c: Context<AppEnv>, sessao: Stripe.Checkout.Session): Promise<string> {
  const db = c.env.DB;
  const linha = await db
    .prepare(
      "SELECT id, plano, pacote, moeda, lang FROM assinaturas WHERE sessao_checkout = ?1 AND estado = 'checkout_criado' AND chave_id IS NULL",
    )
    .bind(sessao.id)
    .first<LinhaAssinatura>();
  if (linha === null) return 'ignorado';
  const email = sessao.customer_details?.email;
  if (!email) throw new Error(`Stripe checkout session ${sessao.id} paid without customer_details.email`);
  const nova = await gerarChave();
  const agora = new Date();
  const expira =
    linha.plano === 'pix' && linha.pacote
      ? new Date(agora.getTime() + diasDoPacote(linha.pacote) * 86_400_000).toISOString()
      : null;
  const id = (v: string | { id: string } | null) => (v === null ? null : typeof v === 'string' ? v : v.id);
  // One transaction: the key exists only if this delivery won the claim (`chave_id IS NULL`).
  const [chave] = await db.batch([
    db
      .prepare(
        `INSERT INTO chaves (id, hash_sha256, plano, nome, origem, criada_em)
         SELECT ?1, ?2, 'pro', NULL, 'assinatura', ?3
         WHERE EXISTS (SELECT 1 FROM assinaturas WHERE id = ?4 AND chave_id IS NULL)`,
      )
      .bind(nova.id, nova.hash_sha256, agora.toISOString(), linha.id),
    db
      .prepare(
        `UPDATE assinaturas SET estado = 'ativa', chave_id = ?1, cliente_stripe = ?2, assinatura_stripe = ?3,
           paga_em = ?4, expira_em = ?5 WHERE id = ?6 AND chave_id IS NULL`,
      )
      .bind(nova.id, id(sessao.customer), id(sessao.subscription), agora.toISOString(), expira, linha.id),
    db
      .prepare(
        `INSERT INTO eventos_funil (tipo, plano, pacote, moeda, assinatura_id, em)
         SELECT 'pagamento_confirmado', ?1, ?2, ?3, ?4, ?5 WHERE changes() = 1`,
      )
      .bind(linha.plano, linha.pacote, linha.moeda, linha.id, agora.toISOString()),
  ]);
  if ((chave?.meta.changes ?? 0) !== 1) return 'repetido';
  const t = strings(linha.lang).contas;
  const portal = `${new URL(c.req.url).origin}/portal`;
  const texto = mensagem(linha.lang, t.msg_chave_texto, {
    plano: linha.plano === 'pro' ? t.plano_pro : `${t.plano_pix} ${t.pacote[linha.pacote ?? '1m'] ?? ''}`,
    chave: nova.chave,
    limite: LIMITE_DIARIO.pro,
    portal,
  });
  try {
    await enviar(c.env, { para: email, assunto: t.msg_chave_assunto, texto, html: paragrafos(texto) });
  } catch (e) {
    // The mail is the key's only copy: undo, so Stripe's retry issues and mails a fresh one.
    await db.batch([
      db
        .prepare("UPDATE assinaturas SET estado = 'checkout_criado', chave_id = NULL WHERE id = ?1")
        .bind(linha.id),
      db.prepare('DELETE FROM chaves WHERE id = ?1').bind(nova.id),
      db
        .prepare("DELETE FROM eventos_funil WHERE assinatura_id = ?1 AND tipo = 'pagamento_confirmado'")
        .bind(linha.id),
    ]);
    throw e;
  }
  return 'chave_emitida';
}

/** Subscription ended at Stripe (cancelled, unpaid): the key stops working. */
async function encerrar(env: Env, assinaturaStripe: string): Promise<string> {
  const agora = new Date().toISOString();
  const [r] = await env.DB.batch([
    env.DB.prepare(
      "UPDATE chaves SET revogada_em = ?1 WHERE revogada_em IS NULL AND id = (SELECT chave_id FROM assinaturas WHERE assinatura_stripe = ?2 AND estado = 'ativa') RETURNING id",
    ).bind(agora, assinaturaStripe),
    env.DB.prepare(
      "UPDATE assinaturas SET estado = 'cancelada', encerrada_em = ?1 WHERE assinatura_stripe = ?2 AND estado = 'ativa'",
    ).bind(agora, assinaturaStripe),
  ]);
  // This isolate forgets the key at once; others stop accepting it within the key cache's TTL.
  esquecerChaves((r?.results ?? []).map((l) => String((l as { id: unknown }).id)));
  return (r?.meta.changes ?? 0) > 0 ? 'cancelada' : 'ignorado';
}

/** The header Stripe signs with; a missing or bad one is an invalid header parameter (422). */
const ASSINATURA = 'stripe-signature';

function assinaturaInvalida(mensagem: string): ErroApi {
  return parametrosInvalidos([{ local: 'header', nome: ASSINATURA, mensagem, tipo: 'invalid_signature' }]);
}

/**
 * Stripe's webhook. The signature (HMAC of timestamp and body with STRIPE_WEBHOOK_SECRET) is checked by the
 * SDK, which also refuses a timestamp older than its 5-minute tolerance (a replay). Each event id is handled
 * once; a redelivery answers 200 and does nothing.
 */
export const webhookStripe = new Hono<AppEnv>().post('/', async (c) => {
  const assinatura = c.req.header(ASSINATURA);
  if (!assinatura) throw assinaturaInvalida('cabeçalho ausente');
  const corpo = await c.req.text();
  let evento: Stripe.Event;
  try {
    evento = await webhooksStripe.constructEventAsync(
      corpo,
      assinatura,
      c.env.STRIPE_WEBHOOK_SECRET,
      undefined,
      criptoStripe,
    );
  } catch (e) {
    throw assinaturaInvalida(e instanceof Error ? e.message : String(e));
  }
  const novo = await c.env.DB.prepare(
    'INSERT OR IGNORE INTO eventos_stripe (id, tipo, recebido_em) VALUES (?1, ?2, ?3)',
  )
    .bind(evento.id, evento.type, new Date().toISOString())
    .run();
  if (novo.meta.changes === 0) return c.json({ recebido: true, resultado: 'repetido' });
  let resultado = 'ignorado';
  try {
    if (evento.type === 'checkout.session.completed' && evento.data.object.payment_status === 'paid')
      resultado = await ativar(c, evento.data.object);
    else if (evento.type === 'checkout.session.async_payment_succeeded')
      resultado = await ativar(c, evento.data.object);
    else if (evento.type === 'customer.subscription.deleted')
      resultado = await encerrar(c.env, evento.data.object.id);
  } catch (e) {
    // Not handled: forget the id so Stripe's retry is handled.
    await c.env.DB.prepare('DELETE FROM eventos_stripe WHERE id = ?1').bind(evento.id).run();
    throw e;
  }
  return c.json({ recebido: true, resultado });
});

/** Expires Pix packages whose period ended (hourly job): the key stops working. */
export async function expirarPacotes(env: Env, agora: Date): Promise<number> {
  const t = agora.toISOString();
  const [, r] = await env.DB.batch([
    env.DB.prepare(
      "UPDATE chaves SET revogada_em = ?1 WHERE revogada_em IS NULL AND id IN (SELECT chave_id FROM assinaturas WHERE plano = 'pix' AND estado = 'ativa' AND expira_em <= ?1)",
    ).bind(t),
    env.DB.prepare(
      "UPDATE assinaturas SET estado = 'expirada', encerrada_em = ?1 WHERE plano = 'pix' AND estado = 'ativa' AND expira_em <= ?1",
    ).bind(t),
  ]);
  return r?.meta.changes ?? 0;
}
