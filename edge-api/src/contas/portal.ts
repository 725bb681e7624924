import { PortalSchema } from '@fundamentos/schemas/contas';
import { Hono } from 'hono';
import { chaveNecessaria, ErroApi, naoEncontrado } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { clienteStripe } from './stripe.ts';

/**
 * POST /portal (form body, `X-API-Key`): a Stripe customer-portal session for the key's subscription, as
 * JSON 200. The key middleware has already refused a malformed (422) or unknown/revoked (401) key; here a
 * missing key is 401, a free key 403 with the link to /assinar, and a Pro key that no purchase made (the
 * local CLI's) 404. Costs no quota: it reads no data.
 */
export const portal = new Hono<AppEnv>().post('/', async (c) => {
  const chave = c.get('chave');
  if (chave === null) throw chaveNecessaria(c.req.url);
  if (chave.plano !== 'pro')
    throw new ErroApi(403, 'plano_insuficiente', 'O portal do cliente é do plano Pro.', {
      como_obter_chave: new URL('/assinar', c.req.url).toString(),
    });
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
