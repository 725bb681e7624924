import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { resolver } from './serve.ts';

/**
 * Paths answered by the edge API, not by the static site: links to them are not checked here.
 * (`/chave-gratis` is both: the GET page is static, the form POSTs to the API.)
 */
export const PREFIXOS_DA_API = [
  '/empresas/',
  '/auditoria/universo',
  '/auditoria/random',
  '/auditoria/amostra',
  '/auditoria/dep_amort',
  '/dicionario',
  '/saude',
  '/screener',
  '/recibo/',
  '/vigia/',
  // the watcher's pages are rendered by the worker in both languages
  '/en/vigia/',
  // the build's quality report as JSON is a worker route (edge-api/src/rotas/qualidade.ts)
  '/qualidade.json',
  '/fiis/',
  '/etfs/',
  '/dump',
  '/info',
  '/desafio',
];

export interface LinkQuebrado {
  pagina: string;
  href: string;
}

async function paginas(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await paginas(p)));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out.sort();
}

/** Every same-site `href` of every HTML page of `dist` that resolves to no file (API paths excluded). */
export async function linksQuebrados(dist: string): Promise<LinkQuebrado[]> {
  const quebrados: LinkQuebrado[] = [];
  const vistos = new Map<string, boolean>();
  for (const arquivo of await paginas(dist)) {
    const html = await readFile(arquivo, 'utf8');
    for (const m of html.matchAll(/\shref="(\/[^"#]*)(?:#[^"]*)?"/g)) {
      const href = (m[1] ?? '').replace(/&amp;/g, '&');
      const caminho = href.split('?')[0] ?? href;
      if (PREFIXOS_DA_API.some((p) => caminho.startsWith(p))) continue;
      let ok = vistos.get(caminho);
      if (ok === undefined) {
        ok = (await resolver(dist, caminho)) !== null;
        vistos.set(caminho, ok);
      }
      if (!ok) quebrados.push({ pagina: `/${relative(dist, arquivo)}`, href });
    }
  }
  return quebrados;
}
