/**
 * Answered questions (`/perguntas/{slug}`); the spec leaves the slugs open, these are ours. Their text is
 * Markdown, one file per language: src/content/perguntas/<lang>/<slug>.md (read by ./artigos.ts).
 */
export const PERGUNTA_SLUGS = [
  'de-onde-vem-cada-numero',
  'por-que-um-valor-esta-vazio',
  'qual-preco-entra-no-pl',
  'o-que-e-versao-do-dado',
  'lucro-total-ou-dos-controladores',
] as const;

export type PerguntaSlug = (typeof PERGUNTA_SLUGS)[number];
