/// <reference types="astro/client" />

import { getCollection } from 'astro:content';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import { z } from 'zod';
import { artigoDoMarkdown } from './artigo-markdown.ts';
import type { Texto } from './types.ts';

/** The prose collections of src/content.config.ts. */
export type Grupo = 'topicos' | 'perguntas' | 'auditoria';

const Entrada = z.object({ id: z.string(), body: z.string(), filePath: z.string() });

const lidos = new Map<Grupo, Promise<Map<string, Texto>>>();

/** Every page of a group, keyed `<lang>/<slug>`, read once per build. */
function grupo(g: Grupo): Promise<Map<string, Texto>> {
  let p = lidos.get(g);
  if (p === undefined) {
    p = (async () => {
      const entradas = z.array(Entrada).parse(await getCollection(g));
      return new Map(entradas.map((e) => [e.id, artigoDoMarkdown(e.body, e.filePath)]));
    })();
    lidos.set(g, p);
  }
  return p;
}

/** The page `slug` of a group in `lang`, or an error naming the Markdown file that is missing. */
export async function artigo(g: Grupo, slug: string, lang: Lang): Promise<Texto> {
  const t = (await grupo(g)).get(`${lang}/${slug}`);
  if (t === undefined) throw new Error(`site/src/content/${g}/${lang}/${slug}.md is missing`);
  return t;
}

/** The pages `slugs` of a group in `lang`, in that order. */
export function artigos(
  g: Grupo,
  slugs: readonly string[],
  lang: Lang,
): Promise<{ slug: string; texto: Texto }[]> {
  return Promise.all(slugs.map(async (slug) => ({ slug, texto: await artigo(g, slug, lang) })));
}
