/**
 * `astro build` in a process of its own, started by `scripts/cli.ts build`. The CLI runs under tsx, whose
 * loader hooks answer every module resolution through a second thread; Astro, Vite and the bundled pages
 * need none of them, and without them the build spends about a quarter less CPU (docs/site.md, "Build
 * speed"). Node strips the types of this file itself, so it imports nothing but Node, Astro and its options.
 *
 * argv[2]: the options as JSON; the environment (FUNDAMENTOS_SITE_DATA, ASTRO_TELEMETRY_DISABLED) is
 * inherited.
 */
import { build } from 'astro';
import { OPCOES_ASTRO_BUILD } from './astro-opcoes.ts';
import { integracaoEmParalelo, pesosDaPublicacao } from './partes.ts';

interface Opcoes {
  root: string;
  outDir: string;
  site: string;
  /** Working directory of this build (scripts/cli.ts gives each build one of its own); `root` otherwise. */
  cwd?: string;
  /** The publication (FUNDAMENTOS_SITE_DATA), whose weights balance a build in parts. */
  dados?: string;
  /** Parts the pages are rendered in: part 0 by Astro, the others by worker threads (scripts/partes.ts). */
  partes?: number;
}

const opcoes = JSON.parse(process.argv[2] ?? '{}') as Opcoes;
const { cwd, dados, partes, ...config } = opcoes;
// Astro resolves some build directories against the working directory, not `root`.
process.chdir(cwd ?? config.root);
await build(
  {
    ...config,
    logLevel: process.env.SITE_LOG === 'info' ? 'info' : 'warn',
    integrations:
      partes !== undefined && partes > 1
        ? [
            integracaoEmParalelo(
              partes,
              config.outDir,
              dados === undefined ? undefined : await pesosDaPublicacao(dados),
            ),
          ]
        : [],
  },
  OPCOES_ASTRO_BUILD,
);
