import { PortalSchema } from '@fundamentos/schemas/contas';
import { Hono } from 'hono';
import { naoEncontrado } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { clienteStripe } from './stripe.ts';

/**
 * POST /portal (form body, `X-API-Key`): a Stripe customer-portal session for the key's subscription, as
 * JSON 200. The key middleware has already refused a malformed (422) or unknown/revoked (401) key and the
 * access middleware a missing key (401) or a free one (403 with the link to /assinar); here a Pro key that
 * no purchase made (the local CLI's) is 404. Costs no quota: it reads no data.
 */
export const portal = new Hono<AppEnv>().post('/', async (c) => {
  // Declared `pro` and `sem_cota`: the access middleware refused a missing (401) or free (403) key.
  const chave = c.get('chave');
  if (chave === null) throw new Error('POST /portal reached without a key: the access middleware is missing');
  const linha = await c.env.DB.prepare(
    'SELECT cliente_stripe FROM assinaturas WHERE chave_id = ?1 AND cliente_stripe IS NOT NULL',
  )
    .bind(chave.id)
    .first<{ cliente_stripe: string }>();
  if (linha === null)
    throw naoEncontrado('Esta chave Pro não veio de uma assinatura: não há portal do cliente.');
  const sessao = await clienteStripe(c.env).billingPortal.sessions.create({
    customer: linha.cliente_stripe,
    return_url: new URL('/assinar', c.req.url).toString(),
    locale: c.get('lang') === 'en' ? 'en' : 'pt-BR',
  });
  return c.json(PortalSchema.parse({ url: sessao.url }));
});
