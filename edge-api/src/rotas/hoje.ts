import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Hoje, HojeSchema, type Mudanca } from '@fundamentos/schemas/hoje';
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

type Idioma = 'pt' | 'en';

const TEXTO = {
  pt: {
    titulo: 'O que mudou',
    janela: (de: string, ate: string) => `De ${de} a ${ate}.`,
    nenhuma: 'Nenhuma mudança nesta janela.',
    sessao: (d: string, n: number) => `Última sessão de preços nos dados: ${d} (${n} códigos).`,
    semSessao: 'Nenhuma sessão de preços nos dados.',
    versao: 'Versão do dado',
    data: 'Data',
    tipo: 'Tipo',
    mudanca: 'Mudança',
    json: 'Os mesmos dados em JSON: envie Accept: application/json.',
    tipos: {
      documento_recebido: 'documento recebido',
      reapresentacao: 'reapresentação',
      precos: 'preços',
      evento: 'evento',
    },
  },
  en: {
    titulo: 'What changed',
    janela: (de: string, ate: string) => `From ${de} to ${ate}.`,
    nenhuma: 'No change in this window.',
    sessao: (d: string, n: number) => `Newest price session in the data: ${d} (${n} codes).`,
    semSessao: 'No price session in the data.',
    versao: 'Data version',
    data: 'Date',
    tipo: 'Kind',
    mudanca: 'Change',
    json: 'The same data as JSON: send Accept: application/json.',
    tipos: {
      documento_recebido: 'filing received',
      reapresentacao: 'restatement',
      precos: 'prices',
      evento: 'event',
    },
  },
} as const;

/** The window's end is the newest reception date in the data, which the page must say plainly. */
const NOTA_EN = (ate: string) =>
  `The window ends at the newest reception date (DT_RECEB) in the data, ${ate}, not at today's date: this build's data may be old. A version above 1 is a resubmission.`;

function linha(m: Mudanca, lang: Idioma) {
  const t = TEXTO[lang];
  const texto = lang === 'pt' ? m.texto : m.texto_en;
  return html`<tr><td><time datetime="${m.data}">${m.data}</time></td><td>${t.tipos[m.tipo]}</td><td>${
    m.url === null ? texto : html`<a href="${m.url}">${texto}</a>`
  }</td></tr>`;
}

/** The page's `<main>` content; the shared shell (`paginaHtml`) puts header, notice and footer around it. */
export function corpoHoje(h: Hoje, lang: Idioma) {
  const t = TEXTO[lang];
  const s = h.ultima_sessao;
  return html`<h1>${t.titulo}</h1>
<p>${t.janela(h.de, h.ate)}</p>
<p>${lang === 'pt' ? h.nota : NOTA_EN(h.ate)}</p>
${
  h.mudancas.length === 0
    ? html`<p>${t.nenhuma}</p>`
    : html`<div class="rolagem" tabindex="0"><table><caption>${t.janela(h.de, h.ate)}</caption>
<thead><tr><th scope="col">${t.data}</th><th scope="col">${t.tipo}</th><th scope="col">${t.mudanca}</th></tr></thead>
<tbody>${h.mudancas.map((m) => linha(m, lang))}</tbody></table></div>`
}
<p>${s == null ? t.semSessao : t.sessao(s.data, s.n_codigos)}</p>
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
    { caminho: '/hoje', titulo: TEXTO[c.get('lang')].titulo, numeros: true },
    String(await corpoHoje(h, c.get('lang'))),
  );
});
