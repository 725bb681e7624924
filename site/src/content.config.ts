import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

/**
 * Long prose pages as Markdown, one file per language: `src/content/<group>/<lang>/<slug>.md`. The entry id
 * is `<lang>/<slug>`; src/content/artigos.ts reads each body into the article the pages render.
 */
const prosa = (grupo: string) =>
  defineCollection({ loader: glob({ pattern: '*/*.md', base: `./src/content/${grupo}` }) });

export const collections = {
  topicos: prosa('topicos'),
  perguntas: prosa('perguntas'),
  auditoria: prosa('auditoria'),
};
