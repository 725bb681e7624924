import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

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
