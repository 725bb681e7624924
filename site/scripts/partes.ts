/**
 * A site build in several Astro processes, one per core (docs/site.md, "Build speed"). Astro renders the
 * pages of one build on one thread; the thousands of company pages are independent of one another, so
 * `scripts/cli.ts build` starts `n` Astro builds of the same sources and data, part `i` rendering every
 * `n`-th page of the full list (interleaved, so every part gets its share of every route), each into its own
 * directory, then moves the parts into the output directory. Each part repeats Astro's start-up (config,
 * the Vite bundle of the pages, `getStaticPaths`); the pages themselves are rendered once.
 *
 * Node strips the types of this file itself (it is imported by scripts/astro-build.ts): Node and Astro only.
 */
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { AstroIntegration } from 'astro';

/** Set by scripts/cli.ts for each Astro process of a build in parts: `<i>/<n>`, 0 ≤ i < n. */
export const PARTE_ENV = 'FUNDAMENTOS_SITE_PARTE';

export interface Parte {
  i: number;
  n: number;
}

/** The part this process renders, from PARTE_ENV; null for a build in one process. */
export function parteDoAmbiente(valor: string | undefined): Parte | null {
  if (valor === undefined || valor === '') return null;
  const m = /^(\d+)\/(\d+)$/.exec(valor);
  const i = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || i >= n) throw new Error(`${PARTE_ENV}=${valor}: expected <i>/<n> with 0 ≤ i < n`);
  return { i, n };
}

/** Astro's pathname normalisation when two routes give the same path (the first route listed wins). */
const normalizado = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/**
 * Routes that give at most this many paths (one page per language, or a single file) are the pages that
 * sum up the whole publication (home, search, sitemap, lists): they read every company's artefacts, so they
 * all go to part 0 and the other parts read only the artefacts of the pages they render.
 */
const PAGINAS_DE_RESUMO = 2;

/**
 * The pages of part `p` out of the full list, in Astro's order. A path two routes both give is kept once,
 * as the first route gives it (what Astro does in one process), before the list is split, so no part can
 * render the losing route's version. Summary routes go to part 0; every other route's pages are dealt out
 * in turn, so each part gets its share of every route.
 */
export function paginasDaParte<T extends { pathname: string; route: { component: string } }>(
  todas: readonly T[],
  p: Parte,
): T[] {
  const vistos = new Set<string>();
  const unicas = todas.filter((x) => {
    const k = normalizado(x.pathname);
    if (vistos.has(k)) return false;
    vistos.add(k);
    return true;
  });
  const porRota = new Map<string, number>();
  for (const x of unicas) porRota.set(x.route.component, (porRota.get(x.route.component) ?? 0) + 1);
  const resumo = (x: T) => (porRota.get(x.route.component) ?? 0) <= PAGINAS_DE_RESUMO;
  return [
    ...(p.i === 0 ? unicas.filter(resumo) : []),
    ...unicas.filter((x) => !resumo(x)).filter((_, k) => k % p.n === p.i),
  ];
}

/** The integration that makes this Astro process render only its part, through Astro's prerenderer hook. */
export function integracaoDaParte(p: Parte): AstroIntegration {
  return {
    name: 'fundamentos:parte',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((padrao) => ({
          name: `fundamentos:parte-${p.i}-de-${p.n}`,
          setup: () => padrao.setup?.() ?? Promise.resolve(),
          getStaticPaths: async () => paginasDaParte(await padrao.getStaticPaths(), p),
          render: (pedido, opcoes) => padrao.render(pedido, opcoes),
          teardown: () => padrao.teardown?.() ?? Promise.resolve(),
        }));
      },
    },
  };
}

async function arquivos(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out.push(relative(dir, join(e.parentPath, e.name)));
  return out;
}

/**
 * Moves every file of the parts' directories into `destino` (the directory of part 0) and removes them.
 * A file more than one part wrote (the CSS bundle, public/ files) must be the same bytes in each, or the
 * build fails naming it: the parts build the same sources, so a difference is a bug, not a choice.
 */
export async function juntarPartes(destino: string, partes: readonly string[]): Promise<void> {
  for (const dir of partes) {
    for (const rel of await arquivos(dir)) {
      const de = join(dir, rel);
      const para = join(destino, rel);
      const existente = await readFile(para).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      if (existente === null) {
        await mkdir(dirname(para), { recursive: true });
        await rename(de, para);
      } else if (!existente.equals(await readFile(de))) {
        throw new Error(`site build in parts: ${rel} differs between ${destino} and ${dir}`);
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}
