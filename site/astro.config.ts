import { defineConfig } from 'astro/config';

// The CLI (scripts/cli.ts) passes `site` and `outDir` inline; these are the defaults for `astro dev`.
export default defineConfig({
  output: 'static',
  // `/acoes/WEGE3` is written as `acoes/WEGE3/index.html` so any static host serves it without rewrites.
  build: { format: 'directory', inlineStylesheets: 'never' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  compressHTML: true,
});
