/**
 * A worker thread of the one Astro build (integracaoEmParalelo in scripts/partes.ts): it renders part `i` of the pages from the
 * prerender bundle the Astro build on the main thread already made, and writes them into `outDir`, while
 * the main thread renders part 0. Astro, Vite and the bundle of the pages are not started again: the
 * worker imports the bundle's entry (its own copy of the modules, as a second process would) and renders
 * through the bundle's `app`, as Astro's default prerenderer does.
 *
 * What Astro's generator does around each page is done here the same way for the pages a part can hold
 * (scripts/partes.ts sends every summary route, the 404 pages among them, to part 0): the request URL of
 * `getUrlForPath` and the output file of `getOutFolder`/`getOutFile` for `build.format: 'directory'` (a page
 * `/a/b` → `a/b/index.html`, an endpoint `/a/b.md` → `a/b.md`), and the response body written as it is.
 * Anything else (a redirect, another route type, a status-code page, a page a `public/` file shadows;
 * another format or `trailingSlash: 'never'`, refused by the integration) fails the build naming the page,
 * rather than being written differently from Astro.
 *
 * Node strips the types of this file itself (no tsx in the build): Node and Astro only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { type DadosDoTrabalhador, paginasDaParte } from './partes.ts';

type Rota = Awaited<ReturnType<StaticPaths['getAll']>>[number]['route'];
type App = ConstructorParameters<typeof StaticPaths>[0] & {
  render(pedido: Request, opcoes: { routeData: Rota }): Promise<Response>;
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  logger: { options: { destination: unknown } };
};

const d = workerData as DadosDoTrabalhador;
const { app } = (await import(d.entrada)) as { app: App };
// What the bundle's build environment reads while rendering (`headElements`): each page's stylesheets,
// the bundled scripts, the settings' scripts, and a logger.
app.setInternals({
  pagesByKeys: new Map(d.estilos.map(([chave, styles]) => [chave, { styles }])),
  entrySpecifierToBundleMap: new Map(d.pacotes),
});
app.setOptions({
  settings: { scripts: d.scripts },
  logger: { options: { destination: app.logger.options.destination } },
});

const pesos = {
  empresaDoCodigo: new Map(d.pesos.empresaDoCodigo),
  bytesDaEmpresa: new Map(d.pesos.bytesDaEmpresa),
};
const paginas = paginasDaParte(await new StaticPaths(app).getAll(), d.parte, pesos);
const base = d.base.endsWith('/') ? d.base : `${d.base}/`;
const pastas = new Set<string>();
const publicos = new Set(d.publicos);
for (const { pathname, route } of paginas) {
  if ((route.type !== 'page' && route.type !== 'endpoint') || /^\/(?:404|500)$/.test(pathname))
    throw new Error(`site build, part ${d.parte.i}: ${pathname} (${route.type}) is rendered by Astro only`);
  const caminho = encodeURI(pathname).replace(/^\//, '');
  // a page `/a/b` is requested as `/a/b/` and written to `a/b/index.html`; an endpoint as it is
  const relativo = route.type === 'page' && caminho !== '' ? `${caminho.replace(/\/$/, '')}/` : caminho;
  const resposta = await app.render(new Request(new URL(`${base}${relativo}`, d.origem)), {
    routeData: route,
  });
  if (resposta.status >= 300 && resposta.status < 400)
    throw new Error(`site build, part ${d.parte.i}: ${pathname} answered a redirect`);
  if (!resposta.body) continue;
  const saida = route.type === 'page' ? `${relativo}index.html` : relativo;
  // Astro skips such a page with a warning and keeps the public file
  if (publicos.has(decodeURI(saida)))
    throw new Error(`site build, part ${d.parte.i}: ${pathname} is shadowed by public/${saida}`);
  const arquivo = fileURLToPath(new URL(saida, d.outDir));
  const pasta = dirname(arquivo);
  if (!pastas.has(pasta)) mkdirSync(pasta, { recursive: true });
  pastas.add(pasta);
  writeFileSync(arquivo, Buffer.from(await resposta.arrayBuffer()));
}
