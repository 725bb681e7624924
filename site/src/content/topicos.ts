/**
 * Open content pages of the spec, in the order the home lists them. Their text is Markdown, one file per
 * language: src/content/topicos/<lang>/<slug>.md (read by ./artigos.ts). Facts follow docs/sources.md.
 */
export const TOPICO_SLUGS = [
  'quando-o-balanco-existe',
  'documento-reenviado',
  'mudou-de-ticker',
  'eventos-societarios',
  'saiu-da-bolsa',
  'o-que-erramos',
  'o-que-nao-resolvemos',
  'qualidade',
  'covenants',
  'plano-de-contas-banco',
  'ler-csv-da-regulator',
  'issb-regulator-193',
] as const;

export type TopicoSlug = (typeof TOPICO_SLUGS)[number];
