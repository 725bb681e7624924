/**
 * A site build in several Astro processes, one per core (docs/site.md, "Build speed"). Astro renders the
 * pages of one build on one thread; the thousands of company pages are independent of one another, so
 * `scripts/cli.ts build` starts `n` Astro builds of the same sources and data, part `i` rendering its share
 * of the full list (every page of a company in one part, the parts balanced by cost: paginasDaParte), each
 * into its own directory, then moves the parts into the output directory. Each part repeats Astro's start-up
 * (config, the Vite bundle of the pages, `getStaticPaths`); the pages themselves are rendered once.
 *
 * Node strips the types of this file itself (it is imported by scripts/astro-build.ts): Node and Astro only;
 * the publication's manifest and code map are read as plain JSON, only to weigh the parts.
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
 * The cost model that balances the parts, in "pages" (one page's render and write, about 1.5 ms at 0.1):
 * a summary page lists the whole publication (about two pages' work), and reading a company's artefacts
 * (sha256 and `JSON.parse`, no zod: src/data/build.ts) costs about a page per 200 KB. Set from the CPU
 * seconds of each part at 0.1 (docs/benchmarks.md); only the balance depends on them, never the HTML.
 */
const PESO_RESUMO = 2;
const BYTES_POR_PAGINA = 200_000;

/** What of the publication the balance weighs: which company a code is, and what its pages read. */
export interface PesosDaPublicacao {
  /** Trading code (a live class, an old code) → the company's `cd_regulator`, from `json/tickers.json`. */
  empresaDoCodigo: ReadonlyMap<string, number>;
  /** `cd_regulator` → bytes of the artefacts its pages read (the manifest's `bytes`). */
  bytesDaEmpresa: ReadonlyMap<number, number>;
}

/** The artefacts of a company that its pages read (src/data/empresas.ts and the pages beside it). */
const LIDO_PELAS_PAGINAS =
  /^json\/empresas\/(\d+)\/(?:index|indicadores|reapresentacoes|multiplos|dividendos|precos|veredito|quanto-rendeu|classes\/[^/]+\/multiplos)\.json$/;

/** The weights of the publication `dir` (its `current`): only its manifest and its code map are read. */
export async function pesosDaPublicacao(dir: string): Promise<PesosDaPublicacao> {
  const atual = join(dir, 'current');
  const arquivo = join(atual, 'manifest.json');
  const manifesto = JSON.parse(await readFile(arquivo, 'utf8')) as {
    artefatos?: { path: string; bytes: number }[];
  };
  // The pages validate the manifest (src/data/build.ts); here only its shape matters, for a clear error.
  if (!Array.isArray(manifesto.artefatos)) throw new Error(`${arquivo}: field artefatos: expected an array`);
  const bytesDaEmpresa = new Map<number, number>();
  for (const a of manifesto.artefatos) {
    const cd = LIDO_PELAS_PAGINAS.exec(a.path)?.[1];
    if (cd !== undefined) bytesDaEmpresa.set(Number(cd), (bytesDaEmpresa.get(Number(cd)) ?? 0) + a.bytes);
  }
  const tickers = manifesto.artefatos.some((a) => a.path === 'json/tickers.json')
    ? (JSON.parse(await readFile(join(atual, 'json', 'tickers.json'), 'utf8')) as Record<
        string,
        { cd_regulator: number }
      >)
    : {};
  return {
    empresaDoCodigo: new Map(Object.entries(tickers).map(([codigo, t]) => [codigo, t.cd_regulator])),
    bytesDaEmpresa,
  };
}

const SEM_PESOS: PesosDaPublicacao = { empresaDoCodigo: new Map(), bytesDaEmpresa: new Map() };

/**
 * The pages that read the same artefacts go to the same part: every page of one company (its languages,
 * themes and their `.md` copies, its live classes and old codes, its "quanto rendeu") and every page of one
 * fund. Other pages are groups of their own.
 */
function grupoDaPagina(pathname: string, pesos: PesosDaPublicacao): { chave: string; cd: number | null } {
  const m = /^(?:\/en)?\/(acoes|quanto-rendeu|fiis|etfs)\/([^/.]+)/.exec(pathname);
  if (!m) return { chave: normalizado(pathname), cd: null };
  const [, tipo = '', codigo = ''] = m;
  if (tipo === 'fiis' || tipo === 'etfs') return { chave: `${tipo}:${codigo}`, cd: null };
  const cd = pesos.empresaDoCodigo.get(codigo) ?? null;
  return { chave: cd === null ? `acoes:${codigo}` : `empresa:${cd}`, cd };
}

/**
 * The pages of part `p` out of the full list, in Astro's order. A path two routes both give is kept once,
 * as the first route gives it (what Astro does in one process), before the list is split, so no part can
 * render the losing route's version. Summary routes go to part 0, which therefore reads every company's
 * artefacts; the other pages go by group (grupoDaPagina), the costliest group first, each to the part with
 * the least work so far, where a group costs its pages plus reading its artefacts, except in part 0, which
 * has read them already. Every part computes the same split from the same list and weights.
 */
export function paginasDaParte<T extends { pathname: string; route: { component: string } }>(
  todas: readonly T[],
  p: Parte,
  pesos: PesosDaPublicacao = SEM_PESOS,
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
  const grupos = new Map<string, { paginas: number; leitura: number }>();
  const grupoDe = new Map<T, string>();
  for (const x of unicas.filter((y) => !resumo(y))) {
    const { chave, cd } = grupoDaPagina(x.pathname, pesos);
    const g = grupos.get(chave) ?? {
      paginas: 0,
      leitura: cd === null ? 0 : (pesos.bytesDaEmpresa.get(cd) ?? 0) / BYTES_POR_PAGINA,
    };
    g.paginas++;
    grupos.set(chave, g);
    grupoDe.set(x, chave);
  }
  let leituraTotal = 0;
  for (const g of grupos.values()) leituraTotal += g.leitura;
  const custo = Array.from({ length: p.n }, (_, i) =>
    i === 0 ? unicas.filter(resumo).length * PESO_RESUMO + leituraTotal : 0,
  );
  const parteDoGrupo = new Map<string, number>();
  // Map order breaks ties between equal groups: the order Astro lists them, the same in every part.
  const ordem = [...grupos].sort((a, b) => b[1].paginas + b[1].leitura - (a[1].paginas + a[1].leitura));
  for (const [chave, g] of ordem) {
    const acrescimo = (i: number) => g.paginas + (i === 0 ? 0 : g.leitura);
    let melhor = 0;
    for (let i = 1; i < p.n; i++)
      if ((custo[i] ?? 0) + acrescimo(i) < (custo[melhor] ?? 0) + acrescimo(melhor)) melhor = i;
    custo[melhor] = (custo[melhor] ?? 0) + acrescimo(melhor);
    parteDoGrupo.set(chave, melhor);
  }
  return [
    ...(p.i === 0 ? unicas.filter(resumo) : []),
    ...unicas.filter((x) => !resumo(x) && parteDoGrupo.get(grupoDe.get(x) ?? '') === p.i),
  ];
}

/** The integration that makes this Astro process render only its part, through Astro's prerenderer hook. */
export function integracaoDaParte(p: Parte, pesos?: PesosDaPublicacao): AstroIntegration {
  return {
    name: 'fundamentos:parte',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((padrao) => ({
          name: `fundamentos:parte-${p.i}-de-${p.n}`,
          setup: () => padrao.setup?.() ?? Promise.resolve(),
          getStaticPaths: async () => paginasDaParte(await padrao.getStaticPaths(), p, pesos),
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
  // Listed once: the parts share only a few files (the CSS bundle, public/), so reading the destination
  // for each moved page would cost a failed open per page.
  const existentes = new Set(await arquivos(destino));
  for (const dir of partes) {
    const pastas = new Set<string>();
    for (const rel of await arquivos(dir)) {
      const de = join(dir, rel);
      const para = join(destino, rel);
      if (!existentes.has(rel)) {
        const pasta = dirname(para);
        if (!pastas.has(pasta)) await mkdir(pasta, { recursive: true });
        pastas.add(pasta);
        await rename(de, para);
        existentes.add(rel);
      } else if (!(await readFile(para)).equals(await readFile(de))) {
        throw new Error(`site build in parts: ${rel} differs between ${destino} and ${dir}`);
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}
