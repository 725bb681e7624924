import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { iniciarStripeLocal } from './scripts/stripe-local.ts';

/** Secrets of the accounts tests (made here; the worker reads them as bindings, the tests through `env`). */
const SEGREDOS_DE_TESTE = {
  STRIPE_SECRET_KEY: 'sk_test_feito_aqui',
  STRIPE_WEBHOOK_SECRET: 'whsec_feito_aqui',
  SEGREDO_CONTAS: 'segredo-de-teste-feito-aqui',
};

// One stand-in per Vitest process, started on a free port when the pool is configured; it dies with the process.
let stripe: ReturnType<typeof iniciarStripeLocal> | undefined;
function stripeLocal(): ReturnType<typeof iniciarStripeLocal> {
  stripe ??= iniciarStripeLocal({ segredoWebhook: SEGREDOS_DE_TESTE.STRIPE_WEBHOOK_SECRET, soltar: true });
  return stripe;
}

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.jsonc' },
      miniflare: {
        // The real ASSETS binding (Workers Static Assets, settings from wrangler.jsonc) over a small fixture
        // site, so the page layer is tested without building the Astro site.
        assets: { directory: fileURLToPath(new URL('./test/sitio', import.meta.url)) },
        // Applied by test/setup.ts inside workerd, exactly as `wrangler d1 migrations apply` would.
        bindings: {
          // Tests switch builds between requests: every request reads current.json (the cache has its own test).
          ATUAL_TTL_MS: '0',
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url))),
          ...SEGREDOS_DE_TESTE,
          // The worker's Stripe SDK talks to the local stand-in (no webhook target: tests sign their own events).
          STRIPE_API: (await stripeLocal()).url,
          ORIGEM_PUBLICA: 'https://api.test',
        },
      },
    })),
  ],
  test: {
    name: 'edge-api',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
  },
});
