/**
 * `astro build` in a process of its own, started by `scripts/cli.ts build`. The CLI runs under tsx, whose
 * loader hooks answer every module resolution through a second thread; Astro, Vite and the bundled pages
 * need none of them, and without them the build spends about a quarter less CPU (docs/site.md, "Build
 * speed"). Node strips the types of this file itself, so it imports nothing but Node, Astro and its options.
 *
 * argv[2]: the options as JSON; the environment (FUNDAMENTOS_SITE_DATA, ASTRO_TELEMETRY_DISABLED,
 * FUNDAMENTOS_SITE_PARTE for a build in parts) is inherited.
 */
import { build } from 'astro';
import { OPCOES_ASTRO_BUILD } from './astro-opcoes.ts';
import { integracaoDaParte, PARTE_ENV, parteDoAmbiente, pesosDaPublicacao } from './partes.ts';

interface Opcoes {
  root: string;
  outDir: string;
  site: string;
  /** Working directory of this process: `root`, or a directory of its own for a part of a build in parts. */
  cwd?: string;
  /** The publication (FUNDAMENTOS_SITE_DATA), whose weights balance a build in parts. */
  dados?: string;
}

const opcoes = JSON.parse(process.argv[2] ?? '{}') as Opcoes;
// Astro resolves some build directories against the working directory, not `root`.
// Two parts of one build must not share it: with `outDir` outside it, Astro writes the bundled pages to
// `<cwd>/.astro/.prerender` and removes that directory when it is done.
const { cwd, dados, ...config } = opcoes;
process.chdir(cwd ?? config.root);
const parte = parteDoAmbiente(process.env[PARTE_ENV]);
await build(
  {
    ...config,
    logLevel: process.env.SITE_LOG === 'info' ? 'info' : 'warn',
    integrations:
      parte === null
        ? []
        : [integracaoDaParte(parte, dados === undefined ? undefined : await pesosDaPublicacao(dados))],
  },
  OPCOES_ASTRO_BUILD,
);
