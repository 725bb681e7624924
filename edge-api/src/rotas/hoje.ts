import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Hoje, HojeSchema, type Mudanca } from '@fundamentos/schemas/hoje';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { type Lang, strings } from '@fundamentos/ui/i18n/strings';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { querJson } from '../aceita.ts';
import { buildAtual, cabecalhosDoArtefato, jsonDoBuild, lerArtefato } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import { paginaHtml } from '../paginas/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { QueryDaHoje } from './declaracoes.ts';

const CAMINHO = ARTEFATOS.hoje.caminho();

function linha(m: Mudanca, lang: Lang) {
  const t = strings(lang).rotas.hoje;
  const texto = lang === 'pt' ? m.texto : m.texto_en;
  return html`<tr><td><time datetime="${m.data}">${m.data}</time></td><td>${t.tipos[m.tipo]}</td><td>${
    m.url === null ? texto : html`<a href="${m.url}">${texto}</a>`
  }</td></tr>`;
}

/** The page's `<main>` content; the shared shell (`paginaHtml`) puts header, notice and footer around it. */
export function corpoHoje(h: Hoje, lang: Lang) {
  const t = strings(lang).rotas.hoje;
  const janela = mensagem(lang, t.janela, { de: h.de, ate: h.ate });
  const s = h.ultima_sessao;
  // The Portuguese page shows the note the publication carries (its mart's words); other languages the
  // translation, which says the same about the window.
  return html`<h1>${t.titulo}</h1>
<p>${janela}</p>
<p>${lang === 'pt' ? h.nota : mensagem(lang, t.nota, { ate: h.ate })}</p>
${
  h.mudancas.length === 0
    ? html`<p>${t.nenhuma}</p>`
    : html`<div class="rolagem" tabindex="0"><table><caption>${janela}</caption>
<thead><tr><th scope="col">${t.data}</th><th scope="col">${t.tipo}</th><th scope="col">${t.mudanca}</th></tr></thead>
<tbody>${h.mudancas.map((m) => linha(m, lang))}</tbody></table></div>`
}
<p>${s == null ? t.sem_sessao : mensagem(lang, t.sessao, { data: s.data, n: s.n_codigos })}</p>
<p>${t.json}</p>`;
}

/** `/hoje`: open; the stored artefact as JSON, or a page rendered from it. */
export const hoje = new Hono<AppEnv>().get('/', validar('query', QueryDaHoje), async (c) => {
  const build = await buildAtual(c.env.ARTEFATOS);
  const naoPublicado = () =>
    new ErroApi(
      404,
      'recurso_nao_publicado',
      `hoje.json não publicado no build ${build.atual.versao_do_dado}.`,
    );
  c.header('Vary', 'Accept, Accept-Language');
  if (querJson(c.req.header('accept'))) {
    const a = await lerArtefato(c.env.ARTEFATOS, build, CAMINHO);
    if (a === null) throw naoPublicado();
    return c.body(a.corpo.body, 200, cabecalhosDoArtefato(a, build));
  }
  const h = await jsonDoBuild(c.env.ARTEFATOS, build, CAMINHO, HojeSchema);
  if (h === null) throw naoPublicado();
  c.header('X-Versao-Do-Dado', build.atual.versao_do_dado);
  return paginaHtml(
    c,
    { caminho: '/hoje', titulo: strings(c.get('lang')).rotas.hoje.titulo, numeros: true },
    String(await corpoHoje(h, c.get('lang'))),
  );
});
