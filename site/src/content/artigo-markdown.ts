import type { Texto } from './types.ts';

/**
 * A prose page written in Markdown (site/src/content/<group>/<lang>/<slug>.md), read as the `Texto` the
 * article component renders. The pages use a small, fixed part of Markdown so the HTML stays the same as
 * every other page (sections, paragraphs, inline code by backticks, no HTML from content):
 *
 *     # Title
 *
 *     Summary paragraph.
 *
 *     ## Section
 *
 *     Paragraph (consecutive lines join with a space), `code` between backticks.
 *
 *     ```
 *     an optional code block, last in its section
 *     ```
 *
 * Anything else is an error naming the file and the line, so a page never renders half-read.
 */
export function artigoDoMarkdown(corpo: string, arquivo: string): Texto {
  const linhas = corpo.replace(/\r\n/g, '\n').split('\n');
  const erro = (i: number, msg: string) => new Error(`${arquivo}:${i + 1}: ${msg}`);
  let titulo: string | undefined;
  let resumo: string | undefined;
  const secoes: Texto['secoes'] = [];
  let paragrafo: string[] = [];
  let inicioParagrafo = 0;

  const fecharParagrafo = () => {
    if (paragrafo.length === 0) return;
    const texto = paragrafo.join(' ');
    paragrafo = [];
    const secao = secoes.at(-1);
    if (secao) {
      if (secao.codigo !== undefined)
        throw erro(inicioParagrafo, 'a paragraph after the code block of its section');
      secao.paragrafos.push(texto);
    } else if (titulo === undefined) throw erro(inicioParagrafo, 'text before the "# " title');
    else if (resumo === undefined) resumo = texto;
    else
      throw erro(
        inicioParagrafo,
        'a second paragraph before the first "## " section (the summary is one paragraph)',
      );
  };

  for (let i = 0; i < linhas.length; i++) {
    const linha = linhas[i] ?? '';
    if (linha.startsWith('```')) {
      fecharParagrafo();
      const secao = secoes.at(-1);
      if (!secao) throw erro(i, 'a code block outside a section');
      if (secao.codigo !== undefined) throw erro(i, 'a second code block in one section');
      const fim = linhas.findIndex((l, j) => j > i && l.startsWith('```'));
      if (fim < 0) throw erro(i, 'a code block without its closing ```');
      secao.codigo = linhas.slice(i + 1, fim).join('\n');
      i = fim;
    } else if (linha.startsWith('## ')) {
      fecharParagrafo();
      if (titulo === undefined || resumo === undefined)
        throw erro(i, 'a section before the title and summary');
      secoes.push({ titulo: linha.slice(3).trim(), paragrafos: [] });
    } else if (linha.startsWith('# ')) {
      fecharParagrafo();
      if (titulo !== undefined) throw erro(i, 'a second "# " title');
      titulo = linha.slice(2).trim();
    } else if (linha.startsWith('#')) {
      throw erro(i, 'only "# " (title) and "## " (section) headings are read');
    } else if (linha.trim() === '') {
      fecharParagrafo();
    } else {
      if (paragrafo.length === 0) inicioParagrafo = i;
      paragrafo.push(linha.trim());
    }
  }
  fecharParagrafo();
  if (titulo === undefined || resumo === undefined)
    throw erro(linhas.length - 1, 'no "# " title and summary');
  for (const s of secoes)
    if (s.paragrafos.length === 0 && s.codigo === undefined)
      throw new Error(`${arquivo}: section "${s.titulo}" is empty`);
  return { titulo, resumo, secoes };
}
