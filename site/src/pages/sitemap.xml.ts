import { href } from '@fundamentos/ui/i18n/routes';
import { LANGS } from '@fundamentos/ui/i18n/strings';
import type { APIRoute } from 'astro';
import { currentBuild } from '../data/build.ts';
import { paginasEtf } from '../data/etfs.ts';
import { paginasFii } from '../data/fiis.ts';
import { paginasIndexaveis } from '../data/paginas.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Both languages of every indexable page, with hreflang alternates. */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const abs = (p: string) => esc(new URL(p, base).href);
  const urls = [
    ...paginasIndexaveis(currentBuild()),
    ...paginasEtf(currentBuild()),
    ...paginasFii(currentBuild()),
  ].flatMap((p) =>
    LANGS.map((lang) => {
      const alts = LANGS.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${l === 'pt' ? 'pt-BR' : 'en'}" href="${abs(href(l, p))}"/>`,
      ).join('');
      return `<url><loc>${abs(href(lang, p))}</loc>${alts}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml' } });
};
