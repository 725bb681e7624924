import { defineConfig } from 'vitest/config';

// Each package owns its Vitest config; the root only lists them so `pnpm test` runs everything.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts'],
  },
});
