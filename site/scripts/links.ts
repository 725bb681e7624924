import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { respondidoPeloWorker } from '@fundamentos/edge-api/rotas';
import { resolver } from './serve.ts';

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

/** Every same-site `href` of every HTML page of `dist` that resolves to no file and that the worker does not answer. */
export async function linksQuebrados(dist: string): Promise<LinkQuebrado[]> {
  const quebrados: LinkQuebrado[] = [];
  const vistos = new Map<string, boolean>();
  for (const arquivo of await paginas(dist)) {
    const html = await readFile(arquivo, 'utf8');
    for (const m of html.matchAll(/\shref="(\/[^"#]*)(?:#[^"]*)?"/g)) {
      const href = (m[1] ?? '').replace(/&amp;/g, '&');
      const caminho = href.split('?')[0] ?? href;
      let ok = vistos.get(caminho);
      if (ok === undefined) {
        // A file of the build, or a path the worker answers (its route declarations, edge-api/src/rotas/).
        ok = (await resolver(dist, caminho)) !== null || respondidoPeloWorker(caminho);
        vistos.set(caminho, ok);
      }
      if (!ok) quebrados.push({ pagina: `/${relative(dist, arquivo)}`, href });
    }
  }
  return quebrados;
}
