/**
 * `astro build` in a process of its own, started by `scripts/cli.ts build`. The CLI runs under tsx, whose
 * loader hooks answer every module resolution through a second thread; Astro, Vite and the bundled pages
 * need none of them, and without them the build spends about a quarter less CPU (docs/site.md, "Build
 * speed"). Node strips the types of this file itself, so it imports nothing but Node, Astro and its options.
 *
 * argv[2]: the options as JSON; the environment (FUNDAMENTOS_SITE_DATA, ASTRO_TELEMETRY_DISABLED) is inherited.
 */
import { build } from 'astro';
import { OPCOES_ASTRO_BUILD } from './astro-opcoes.ts';

interface Opcoes {
  root: string;
  outDir: string;
  site: string;
}

const opcoes = JSON.parse(process.argv[2] ?? '{}') as Opcoes;
// Astro resolves some build directories against the working directory, not `root`.
process.chdir(opcoes.root);
await build({ ...opcoes, logLevel: process.env.SITE_LOG === 'info' ? 'info' : 'warn' }, OPCOES_ASTRO_BUILD);
