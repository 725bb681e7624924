import { html, raw } from 'hono/html';
import { LEITURA } from '../i18n/leitura.ts';
import { href } from '../i18n/routes.ts';
import { type Lang, strings } from '../i18n/strings.ts';
import { SCRIPT_BUSCA } from './busca-script.ts';

/**
 * The one page shell (head, header, navigation, notice, footer) of the whole product. Astro's
 * `layouts/Base.astro` wraps static pages with it and the edge worker wraps the pages it renders per request
 * (search, pairs, portfolio, free key, receipts) with it, so both kinds of page are the same document
 * around different `<main>` contents. Plain TypeScript on purpose: workerd cannot run Astro components.
 */
export interface OpcoesCasca {
  lang: Lang;
  /** Language-neutral path of this page (Portuguese form), e.g. `/acoes/WEGE3`. */
  caminho: string;
  titulo: string;
  descricao?: string;
  noindex?: boolean;
  /** Pages that show numbers repeat the not-investment-advice notice above the content. */
  numeros?: boolean;
  /** False for pages with no copy in the other language (404): no alternates, the switch goes home. */
  traduzida?: boolean;
  /** `versao_do_dado` of the publication the page was made from; null when none is published. */
  versao: string | null;
  /** Origin that makes canonical and alternate URLs absolute. */
  site: URL | string;
  /**
   * Query of a page that depends on it (search, portfolio), without `lang`: the language switch keeps it so
   * the reader sees the same results in the other language. Never part of the canonical URL.
   */
  consulta?: URLSearchParams;
}

/** Served from `site/public/`, so static and edge pages link the very same file. */
export const ESTILO = '/estilo.css';
/** Compact index of every asset with a page, built with the site (`site/src/pages/busca.json.ts`). */
export const INDICE_BUSCA = '/busca.json';

const HTML_LANG: Record<Lang, string> = { pt: 'pt-BR', en: 'en' };

/**
 * Link to the copy of `caminho` in `lang`, carrying `lang=`: the edge negotiates the language of un-prefixed
 * paths from `Accept-Language`, and an explicit choice is what it remembers (cookie), so a reader who picked
 * a language keeps it on the next un-prefixed link.
 */
export function linkIdioma(lang: Lang, caminho: string, consulta?: URLSearchParams): string {
  const q = new URLSearchParams(consulta);
  q.delete('lang');
  q.append('lang', lang);
  return `${href(lang, caminho)}?${q.toString()}`;
}

/**
 * The search box of every page. Without JavaScript it is a plain GET form to the edge's `/procurar`; with
 * it, the script inlined at the end of the page (`busca-script.ts`) turns the field into a combobox (WAI-ARIA listbox pattern) fed by the prebuilt index. The
 * texts the script needs travel as data attributes so the script holds no language.
 */
/** Pages whose content opens with their own search form: the home (larger box) and `/procurar` itself. */
const PAGINAS_COM_BUSCA_PROPRIA = new Set(['/', '/procurar']);

export function caixaDeBusca(lang: Lang, id = 'busca') {
  const b = LEITURA[lang].busca;
  return html`<form role="search" action="${href(lang, '/procurar')}" method="get" class="${id === 'busca' ? 'busca-topo' : `busca-${id}`}" data-busca-topo data-busca-indice="${INDICE_BUSCA}" data-busca-prefixo="${lang === 'en' ? '/en' : ''}" data-busca-tipos="${b.tipos}" data-busca-nenhum="${b.nenhum}" data-busca-uma="${b.uma_sugestao}" data-busca-varias="${b.sugestoes}">
<label for="${id}-q" class="visually-hidden">${b.rotulo}</label>
<input id="${id}-q" name="q" type="search" placeholder="${b.botao}: ${b.dica}" autocomplete="off" maxlength="200" spellcheck="false">
<button type="submit">${b.botao}</button>
<ul id="${id}-opcoes" role="listbox" aria-label="${b.rotulo}" hidden></ul>
<p class="visually-hidden" aria-live="polite"></p>
</form>`;
}

function partes(o: OpcoesCasca): { inicio: string; fim: string } {
  const t = strings(o.lang);
  const outra: Lang = o.lang === 'pt' ? 'en' : 'pt';
  const traduzida = o.traduzida ?? true;
  // Set as a pathname, never resolved as a reference: a request path like `//x` must not become a host.
  const abs = (lang: Lang) => {
    const u = new URL(o.site);
    u.pathname = href(lang, o.caminho);
    return u.href;
  };
  const nav = [
    ['/', t.nav.inicio],
    ['/buscar', t.nav.buscar],
    ['/buscar/fiis', t.nav.fiis],
    ['/etfs', t.nav.etfs],
    ['/perguntas', t.nav.perguntas],
    ['/auditoria', t.nav.auditoria],
    ['/qualidade', t.nav.qualidade],
    ['/chave-gratis', t.nav.chave],
  ] as const;
  const cabeca = html`<!doctype html>
<html lang="${HTML_LANG[o.lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.titulo} · ${t.site.nome}</title>
<meta name="description" content="${o.descricao ?? t.site.descricao}">
${o.noindex ? html`<meta name="robots" content="noindex">` : html`<link rel="canonical" href="${abs(o.lang)}">`}
${
  traduzida
    ? html`<link rel="alternate" hreflang="pt-BR" href="${abs('pt')}">
<link rel="alternate" hreflang="en" href="${abs('en')}">
<link rel="alternate" hreflang="x-default" href="${abs('pt')}">`
    : ''
}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ESTILO}">
${o.versao ? html`<meta name="versao-do-dado" content="${o.versao}">` : ''}
</head>
<body>
<a class="pular" href="#conteudo">${t.site.pular}</a>
<header class="topo">
<a class="marca" href="${href(o.lang, '/')}">${t.site.nome}</a>
${PAGINAS_COM_BUSCA_PROPRIA.has(o.caminho) ? '' : caixaDeBusca(o.lang)}
<nav aria-label="${t.nav.rotulo}"><ul>${nav.map(
    ([p, rotulo]) =>
      html`<li><a href="${href(o.lang, p)}"${p === o.caminho ? raw(' aria-current="page"') : ''}>${rotulo}</a></li>`,
  )}</ul></nav>
<p class="idioma"><span class="visually-hidden">${t.idioma.rotulo}: </span><a href="${linkIdioma(outra, traduzida ? o.caminho : '/', traduzida ? o.consulta : undefined)}" hreflang="${HTML_LANG[outra]}" lang="${HTML_LANG[outra]}">${t.idioma.outro}</a></p>
</header>
<main id="conteudo" tabindex="-1">
${o.numeros ? html`<p class="aviso" role="note"><strong>${t.aviso.titulo}:</strong> ${t.aviso.texto}</p>` : ''}
`;
  const rodape = html`
</main>
<footer class="rodape">
<p>${t.rodape.versao}: ${o.versao ? html`<code data-versao-do-dado>${o.versao}</code>` : t.rodape.sem_versao}</p>
<p>${t.aviso.texto}</p>
<p>${t.rodape.fonte} <a href="${href(o.lang, '/metodologia')}">${t.rodape.metodo}</a> · <a href="${href(o.lang, '/qualidade')}">${t.nav.qualidade}</a> · <a href="${href(o.lang, '/o-que-erramos')}">${t.rodape.erros}</a></p>
</footer>
<script>${raw(SCRIPT_BUSCA)}</script>
</body>
</html>
`;
  return { inicio: texto(cabeca), fim: texto(rodape) };
}

/** `html` only returns a promise when a promise is interpolated; the shell interpolates none. */
function texto(v: ReturnType<typeof html>): string {
  if (v instanceof Promise) throw new Error('casca: asynchronous content in the page shell');
  return v.toString();
}

/** The shell split around `<main>`'s content, for Astro's `<slot />`. */
export function casca(o: OpcoesCasca): { inicio: string; fim: string } {
  return partes(o);
}

/** A whole document: the shell around `corpo`, already-escaped HTML (use `html` from `hono/html`). */
export function documento(o: OpcoesCasca, corpo: string): string {
  const { inicio, fim } = partes(o);
  return inicio + corpo + fim;
}
