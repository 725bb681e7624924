import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { artigoDoMarkdown } from './artigo-markdown.ts';
import { PERGUNTA_SLUGS } from './perguntas.ts';
import { TOPICO_SLUGS } from './topicos.ts';

const CONTEUDO = fileURLToPath(new URL('.', import.meta.url));
const GRUPOS = { topicos: TOPICO_SLUGS, perguntas: PERGUNTA_SLUGS, auditoria: ['auditoria', 'sementes'] };

describe('prose pages in Markdown, one file per language', () => {
  it('every page of every group has a pt and an en file that read, and no file is left over', () => {
    for (const [grupo, slugs] of Object.entries(GRUPOS))
      for (const lang of ['pt', 'en']) {
        const dir = `${CONTEUDO}${grupo}/${lang}`;
        expect(readdirSync(dir).sort(), dir).toEqual(slugs.map((s) => `${s}.md`).sort());
        for (const s of slugs) {
          const t = artigoDoMarkdown(readFileSync(`${dir}/${s}.md`, 'utf8'), `${grupo}/${lang}/${s}.md`);
          expect(t.secoes.length, `${grupo}/${lang}/${s}`).toBeGreaterThan(0);
        }
      }
  });

  it('reads a page with its title, summary, sections, joined lines and a code block', () => {
    // made here: a page in the subset the articles use
    const t = artigoDoMarkdown(
      '# Título\n\nResumo.\n\n## Seção\n\nUma linha\ncontinua `x`.\n\nOutro.\n\n```\n-- sql\n\n# pandas\n```\n',
      'feito-aqui.md',
    );
    expect(t).toEqual({
      titulo: 'Título',
      resumo: 'Resumo.',
      secoes: [
        { titulo: 'Seção', paragrafos: ['Uma linha continua `x`.', 'Outro.'], codigo: '-- sql\n\n# pandas' },
      ],
    });
  });

  it('refuses what the articles cannot show, naming file and line', () => {
    expect(() => artigoDoMarkdown('Texto solto\n', 'a.md')).toThrow('a.md:1: text before the "# " title');
    expect(() => artigoDoMarkdown('# T\n\nR.\n\n### Sub\n', 'b.md')).toThrow('b.md:5: only "# " (title)');
    expect(() => artigoDoMarkdown('# T\n\nR.\n\nOutro.\n', 'c.md')).toThrow('c.md:5: a second paragraph');
    expect(() => artigoDoMarkdown('# T\n\nR.\n\n## S\n\n```\nx\n', 'd.md')).toThrow(
      'd.md:7: a code block without',
    );
    expect(() => artigoDoMarkdown('# T\n\nR.\n\n## S\n', 'e.md')).toThrow('e.md: section "S" is empty');
  });
});
