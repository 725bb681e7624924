/**
 * The accounts part of `pnpm demo`: the local Stripe stand-in (edge-api/scripts/stripe-local.ts) the worker's
 * SDK is pointed at, made-here secrets, and the walk a person can take on one machine. `demo.ts` calls it.
 */
import { iniciarStripeLocal, type StripeLocal } from '../edge-api/scripts/stripe-local.ts';

// Made here, for the local demo only (never real Stripe credentials).
const SEGREDOS = {
  STRIPE_SECRET_KEY: 'sk_test_demo_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_demo_local',
  SEGREDO_CONTAS: 'segredo-do-demo-local',
};

export interface Contas {
  /** `--var NAME:value` pairs for `pnpm api serve`. */
  argumentos: string[];
  stripe: StripeLocal;
}

/** Starts the stand-in on a free port, delivering webhooks to the worker that will listen on `porta`. */
export async function iniciarContas(porta: number): Promise<Contas> {
  const base = `http://127.0.0.1:${porta}`;
  const stripe = await iniciarStripeLocal({
    webhook: `${base}/assinar/webhook`,
    segredoWebhook: SEGREDOS.STRIPE_WEBHOOK_SECRET,
  });
  const vars = { ...SEGREDOS, STRIPE_API: stripe.url, ORIGEM_PUBLICA: base };
  return { stripe, argumentos: Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]) };
}

/** What to try, printed once the worker answers. */
export function roteiro(base: string, stripe: string): string {
  return [
    `accounts and mail (Stripe is the local stand-in at ${stripe}; mail is logged by wrangler above):`,
    `  1. ${base}/assinar → choose a plan → "Continuar para o pagamento" → pay on the local checkout with any e-mail`,
    '  2. the Pro key arrives in the logged message ("Sua chave Pro do fundamentos-br")',
    `  3. curl -X POST -H "X-API-Key: <key>" ${base}/portal   → the portal URL (JSON)`,
    `  4. ${base}/acoes/WEGE3 → "Acompanhar por e-mail" (wait 3 s before sending) → open the confirm link of the logged message`,
    `  5. digest of a week: curl "${base}/cdn-cgi/local/scheduled?cron=0+11+*+*+1&time=$(date -d 'next monday 11:00Z' +%s)000"`,
    '     (it sends the ISO week before that Monday; the message is logged)',
  ].join('\n');
}

/** `demo --verificar`: plan page, confirmation to the local checkout, payment, return page. */
export async function verificarContas(base: string): Promise<string[]> {
  const falhas: string[] = [];
  const planos = await fetch(`${base}/assinar`);
  if (!planos.ok) falhas.push(`/assinar answered ${planos.status}`);
  const confirmar = await fetch(`${base}/assinar/confirmar`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'plano=pro&moeda=brl',
    redirect: 'manual',
  });
  const checkout = confirmar.headers.get('location') ?? '';
  if (confirmar.status !== 303 || !checkout.includes('/checkout/cs_test_'))
    return [...falhas, `/assinar/confirmar answered ${confirmar.status} ${checkout}`];
  const pago = await fetch(`${checkout}/pagar`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'email=demo%40exemplo.com.br',
    redirect: 'manual',
  });
  const volta = pago.headers.get('location') ?? '';
  if (pago.status !== 303 || !volta.startsWith(`${base}/assinar?voltou=ok`))
    falhas.push(`the local checkout answered ${pago.status} ${volta}`);
  else if (!(await fetch(volta)).ok) falhas.push(`${volta} did not answer 200`);
  return falhas;
}
