/**
 * A site build rendered in parts, one per core (docs/site.md, "Build speed"). Astro renders the pages of one
 * build on one thread; the thousands of company pages are independent of one another, so one Astro build
 * (start-up, config, the Vite bundle of the pages) renders part 0 of the full list on its own thread while
 * worker threads (scripts/parte-trabalhador.ts) render the other parts from the same bundle, every page of a
 * company in one part and the parts balanced by cost (paginasDaParte), all writing into the output directory.
 *
 * Node strips the types of this file itself (it is imported by scripts/astro-build.ts): Node and Astro only;
 * the publication's manifest and code map are read as plain JSON, only to weigh the parts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';

export interface Parte {
  i: number;
  n: number;
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

/** What a worker thread rendering part `parte` needs (scripts/parte-trabalhador.ts); structured-cloneable. */
export interface DadosDoTrabalhador {
  /** URL of the prerender bundle's entry the main thread's Astro build wrote and imported. */
  entrada: string;
  /** Astro's build internals the bundle reads while rendering: each page's stylesheets by page key. */
  estilos: [string, unknown][];
  /** … and the bundled scripts by entry specifier. */
  pacotes: [string, string][];
  /** The settings' injected scripts (`settings.scripts`). */
  scripts: unknown;
  /** Origin and base of the request URLs Astro gives each page. */
  origem: string;
  base: string;
  /** `outDir` as a file URL ending in `/`. */
  outDir: string;
  /** The files of `public/`, relative: Astro does not write a page over one of them. */
  publicos: string[];
  parte: Parte;
  pesos: { empresaDoCodigo: [string, number][]; bytesDaEmpresa: [number, number][] };
}

/** The parts of Astro's build internals and options this integration reads (Astro 7.3, not public types). */
interface InternalsDoBuild {
  pagesByKeys: Map<string, { styles: unknown }>;
  entrySpecifierToBundleMap: Map<string, string>;
}
interface AppDoBuild {
  setInternals(internals: InternalsDoBuild): void;
  getOptions(): {
    origin: string;
    settings: {
      scripts: unknown;
      config: {
        base: string;
        outDir: URL;
        publicDir: URL;
        trailingSlash: string;
        build: { format: string };
      };
    };
  };
}

/**
 * The prerender bundle's entry, where Astro 7.3 writes it (`getPrerenderOutputDirectory`): under `outDir`
 * when it lies inside the working directory, else under `<cwd>/.astro/`.
 */
async function entradaDoPrerender(outDir: string): Promise<string> {
  const dir = outDir.startsWith(process.cwd())
    ? join(outDir, '.prerender')
    : join(process.cwd(), '.astro', '.prerender');
  const entradas = (await readdir(dir)).filter((f) => /^prerender-entry\..*\.mjs$/.test(f));
  if (entradas.length !== 1)
    throw new Error(
      `site build in parts: expected one prerender-entry.*.mjs in ${dir}, found ${entradas.length}`,
    );
  return pathToFileURL(join(dir, entradas[0] ?? '')).href;
}

/** The files under `dir`, relative to it; none when it does not exist. */
async function arquivosDe(dir: string): Promise<string[]> {
  const entradas = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entradas.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Runs the worker of one part; resolves when it has written its pages, rejects with its error. */
function trabalhador(dados: DadosDoTrabalhador): Promise<void> {
  return new Promise((ok, erro) => {
    const w = new Worker(fileURLToPath(new URL('parte-trabalhador.ts', import.meta.url)), {
      workerData: dados,
    });
    w.on('error', erro);
    w.on('exit', (c) => (c === 0 ? ok() : erro(new Error(`site build: part ${dados.parte.i} exited ${c}`))));
  });
}

/**
 * The integration that renders a build's pages in `n` parts from one Astro build (one start-up, one Vite
 * bundle): part 0 on Astro's own thread, parts 1… each in a worker thread (scripts/parte-trabalhador.ts)
 * that imports the bundle Astro made and writes its pages into `outDir` while Astro renders part 0. The
 * default prerenderer's `setup` imports the bundle's entry and hands it Astro's internals; the entry is
 * imported here first (the same module) so those internals can be passed on to the workers.
 */
export function integracaoEmParalelo(
  n: number,
  outDir: string,
  pesos: PesosDaPublicacao = SEM_PESOS,
): AstroIntegration {
  return {
    name: 'fundamentos:paralelo',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((padrao) => {
          let entrada = '';
          let app: AppDoBuild | undefined;
          let internals: InternalsDoBuild | undefined;
          const partes: Promise<void>[] = [];
          let falha: unknown;
          return {
            name: `fundamentos:paralelo-${n}`,
            setup: async () => {
              entrada = await entradaDoPrerender(outDir);
              const mod = (await import(entrada)) as { app: AppDoBuild };
              const original = mod.app.setInternals.bind(mod.app);
              mod.app.setInternals = (i) => {
                internals = i;
                original(i);
              };
              app = mod.app;
              await padrao.setup?.();
              if (internals === undefined)
                throw new Error(
                  `site build in parts: Astro did not set up ${entrada} (an Astro other than 7.3?)`,
                );
            },
            getStaticPaths: async () => {
              if (app === undefined || internals === undefined)
                throw new Error('site build in parts: no setup');
              const opcoes = app.getOptions();
              const { config } = opcoes.settings;
              if (config.build.format !== 'directory' || config.trailingSlash === 'never')
                throw new Error(
                  `site build in parts: build.format ${config.build.format}, trailingSlash ${config.trailingSlash} (the workers write Astro's 'directory' format with slashes)`,
                );
              const publicos = await arquivosDe(fileURLToPath(config.publicDir));
              for (let i = 1; i < n; i++)
                partes.push(
                  trabalhador({
                    entrada,
                    estilos: [...internals.pagesByKeys].map(([k, p]) => [k, p.styles]),
                    pacotes: [...internals.entrySpecifierToBundleMap],
                    scripts: opcoes.settings.scripts,
                    origem: opcoes.origin,
                    base: config.base,
                    outDir: config.outDir.href,
                    publicos,
                    parte: { i, n },
                    pesos: {
                      empresaDoCodigo: [...pesos.empresaDoCodigo],
                      bytesDaEmpresa: [...pesos.bytesDaEmpresa],
                    },
                  }).catch((e: unknown) => {
                    // kept for teardown, which Astro awaits after its own part: no unhandled rejection meanwhile
                    falha ??= e;
                  }),
                );
              // after the workers start, so their import of the bundle and their own list of pages run
              // while Astro lists the pages here
              return paginasDaParte(await padrao.getStaticPaths(), { i: 0, n }, pesos);
            },
            render: (pedido, opcoes) => padrao.render(pedido, opcoes),
            teardown: async () => {
              await Promise.all(partes);
              await padrao.teardown?.();
              if (falha !== undefined) throw falha;
            },
          };
        });
      },
    },
  };
}
