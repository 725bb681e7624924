import { defineConfig } from 'astro/config';

// The CLI (scripts/cli.ts) passes `site` and `outDir` inline; these are the defaults for `astro dev`.
export default defineConfig({
  output: 'static',
  // `/acoes/WEGE3` is written as `acoes/WEGE3/index.html` so any static host serves it without rewrites.
  // `concurrency`: pages render while earlier ones are still being written (Astro awaits each page's
  // mkdir and write); rendering is deterministic, so the HTML is the same as one page at a time.
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 8 },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  compressHTML: true,
});
