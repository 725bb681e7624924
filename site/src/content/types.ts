/**
 * A written page (read from Markdown by ./artigo-markdown.ts): paragraphs may mark code with backticks,
 * rendered as <code> (no HTML in content).
 */
export interface Texto {
  titulo: string;
  resumo: string;
  secoes: { titulo: string; paragrafos: string[]; codigo?: string }[];
}
