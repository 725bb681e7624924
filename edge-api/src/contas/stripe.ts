import Stripe from 'stripe';

/**
 * Stripe through its official SDK on the fetch HTTP client (Workers have no Node `http`). The API base comes
 * from `STRIPE_API`: https://api.stripe.com in production, the local stand-in (edge-api/scripts/stripe-local.ts)
 * in tests and in `pnpm demo`, so nothing here ever reaches the network locally.
 */
export function clienteStripe(env: Env): Stripe {
  const base = new URL(env.STRIPE_API);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 1,
    telemetry: false,
  });
}

/** Web Crypto for the webhook signature check (constructEventAsync). */
export const criptoStripe = Stripe.createSubtleCryptoProvider();

/** Stripe's signature verifier, usable without a client (the webhook needs no API key). */
export const webhooksStripe = Stripe.webhooks;
