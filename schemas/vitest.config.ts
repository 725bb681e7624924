import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'schemas',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
