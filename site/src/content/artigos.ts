/// <reference types="astro/client" />

import type { Lang } from '@fundamentos/ui/i18n/strings';
import { artigoDoMarkdown } from './artigo-markdown.ts';
import type { Texto } from './types.ts';

/** The prose groups: `src/content/<group>/<lang>/<slug>.md`. */
export type Grupo = 'topicos' | 'perguntas' | 'auditoria';

/**
 * Every prose file's text, bundled by Vite at build time. Not an Astro content collection: a collection
 * makes every `astro build` start a Vite dev server to sync it (about 1.5 s CPU, a quarter of a small
 * build), and these files need nothing but their text (docs/site.md, "Build speed").
 */
const FICHEIROS: Record<string, string> = import.meta.glob('./*/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const lidos = new Map<Grupo, Map<string, Texto>>();

/** Every page of a group, keyed `<lang>/<slug>`, read once per build. */
function grupo(g: Grupo): Map<string, Texto> {
  let m = lidos.get(g);
  if (m === undefined) {
    m = new Map();
    for (const [chave, corpo] of Object.entries(FICHEIROS)) {
      const [, dir, lang, slug] = /^\.\/([^/]+)\/([^/]+)\/([^/]+)\.md$/.exec(chave) ?? [];
      if (dir === g) m.set(`${lang}/${slug}`, artigoDoMarkdown(corpo, `src/content${chave.slice(1)}`));
    }
    lidos.set(g, m);
  }
  return m;
}

/** The page `slug` of a group in `lang`, or an error naming the Markdown file that is missing. */
export async function artigo(g: Grupo, slug: string, lang: Lang): Promise<Texto> {
  const t = grupo(g).get(`${lang}/${slug}`);
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
