import {
  CLASSES_EVENTO,
  type ClasseEvento,
  type EventoPublicado,
  ROTULOS_TIPO,
  TIPOS_POR_CLASSE,
} from '@fundamentos/schemas/eventos';
import { TickerNaRotaSchema } from '@fundamentos/schemas/parametros';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, strings } from '@fundamentos/ui/i18n/strings';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { buildAtual } from '../artefatos.ts';
import { diaEmSaoPaulo } from '../dia-sao-paulo.ts';
import { naoEncontrado, parametrosInvalidos } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { eventosDoBuild, filtrar, resolverCodigo } from '../vigia/selecao.ts';
import {
  dentroDaJanela,
  diasDaSemana,
  eventosDaSemana,
  semanaDe,
  semanaFechada,
  semanaVizinha,
} from '../vigia/semana.ts';
import { emTexto, idiomaDaPagina } from './comum.ts';
import { ConsultaDoVigia, ConsultaDoVigiaPorCodigo, ConsultaSoDeIdioma } from './consultas.ts';
import { marcarPagina, paginaHtml } from './layout.ts';

/** Latest events shown on /vigia (the JSON route pages further with `limite`). */
export const MAXIMO_NA_PAGINA = 100;
/** Closed weeks with events linked from /vigia, newest first. */
const SEMANAS_LISTADAS = 8;

const PAGINA_DO_ATIVO: Record<ClasseEvento, string> = { empresas: '/acoes', fiis: '/fiis', etfs: '/etfs' };

function linhaEvento(e: EventoPublicado, lang: Lang, comCodigo: boolean) {
  const t = strings(lang).vigia;
  return html`<tr data-tipo="${e.tipo}" data-ticker="${e.ticker}" data-data="${e.data}">
<td><time datetime="${e.data}">${e.data}</time></td>
${comCodigo ? html`<td><a href="${href(lang, `/vigia/${e.ticker}`)}">${e.ticker}</a></td>` : ''}
<td>${ROTULOS_TIPO[e.tipo]?.[lang] ?? e.tipo}</td>
<td>${lang === 'pt' ? e.texto : e.texto_en}${
    (lang === 'pt' ? e.motivos : (e.motivos_en ?? e.motivos)).length > 0
      ? html`<ul>${(lang === 'pt' ? e.motivos : (e.motivos_en ?? e.motivos)).map((m) => html`<li>${m}</li>`)}</ul>`
      : ''
  }</td>
<td><small>${e.fonte}</small>${
    e.linhagem ? html`<br><a data-linhagem href="${e.linhagem}">${t.linhagem}</a>` : ''
  }${e.documento ? html`<br><a data-documento href="${e.documento}" rel="external">${t.documento}</a>` : ''}</td>
</tr>`;
}

function tabela(eventos: readonly EventoPublicado[], lang: Lang, comCodigo: boolean, legenda: string) {
  const t = strings(lang).vigia;
  return html`<div class="rolagem" tabindex="0" role="region" aria-label="${legenda}"><table data-eventos>
<caption>${legenda}</caption>
<thead><tr><th scope="col">${t.data}</th>${comCodigo ? html`<th scope="col">${t.rotuloCodigo}</th>` : ''}<th scope="col">${t.tipo}</th><th scope="col">${t.evento}</th><th scope="col">${t.fontes}</th></tr></thead>
<tbody>${eventos.map((e) => linhaEvento(e, lang, comCodigo))}</tbody></table></div>`;
}

function opcoesTipo(classe: ClasseEvento, lang: Lang, atual: string | undefined) {
  return html`<option value="">${strings(lang).vigia.todos}</option>${TIPOS_POR_CLASSE[classe].map(
    (k) =>
      html`<option value="${k}" ${k === atual ? 'selected' : ''}>${ROTULOS_TIPO[k]?.[lang] ?? k}</option>`,
  )}`;
}

/** A kind the watcher does not have is refused like any other invalid parameter. */
function conferirTipo(classe: ClasseEvento, tipo: string | undefined): void {
  if (tipo !== undefined && !TIPOS_POR_CLASSE[classe].includes(tipo))
    throw parametrosInvalidos([
      {
        local: 'query',
        nome: 'tipo',
        mensagem: `tipo desconhecido para ${classe}; valores: ${TIPOS_POR_CLASSE[classe].join(', ')}`,
        tipo: 'custom',
      },
    ]);
}

/**
 * The watcher's pages, rendered per request so the filters work as plain GET forms: `/vigia`,
 * `/vigia/{ticker}` (old codes 301 to the current one) and `/vigia/semana/{YYYY-WW}` (one ISO week:
 * what the weekly e-mail sends). Mounted at `/` and `/en`.
 */
export const paginasVigia = new Hono<AppEnv>()
  .get('/vigia', marcarPagina, validar('query', ConsultaDoVigia), async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang).vigia;
    const q = c.req.valid('query');
    conferirTipo(q.classe, q.tipo);
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await eventosDoBuild(c.env.ARTEFATOS, build);
    let ticker = q.ticker;
    if (ticker !== undefined)
      ticker = (await resolverCodigo(c.env.ARTEFATOS, build, ticker))?.ticker ?? ticker;
    const todos = filtrar(a, q.classe, { ticker, tipo: q.tipo, desde: q.desde });
    const mostrados = todos.slice(0, MAXIMO_NA_PAGINA);
    // the newest closed weeks that have events (the data can be years older than today)
    const hoje = diaEmSaoPaulo(new Date());
    const semanas: string[] = [];
    for (const e of a.eventos) {
      if (semanas.length >= SEMANAS_LISTADAS) break;
      const s = semanaDe(e.data);
      if (semanaFechada(s, hoje) && !semanas.includes(s)) semanas.push(s);
    }
    const filtrado =
      q.tipo !== undefined || ticker !== undefined || q.desde !== undefined || q.classe !== 'empresas';
    const corpo = html`<h1>${t.titulo}</h1>
<p>${t.intro}</p>
<form method="get" action="${href(lang, '/vigia')}" class="filtros" data-filtros>
<label>${t.rotuloClasse} <select name="classe">${CLASSES_EVENTO.map(
      (k) => html`<option value="${k}" ${k === q.classe ? 'selected' : ''}>${t.classe[k]}</option>`,
    )}</select></label>
<label>${t.rotuloTipo} <select name="tipo">${opcoesTipo(q.classe, lang, q.tipo)}</select></label>
<label>${t.rotuloCodigo} <input name="ticker" value="${q.ticker ?? ''}" maxlength="12" size="8"></label>
<label>${t.rotuloDesde} <input name="desde" type="date" value="${q.desde ?? ''}"></label>
<button type="submit">${t.filtrar}</button>
</form>
<p data-contagem="${todos.length}">${mensagem(lang, t.mostrando, { n: mostrados.length, total: todos.length })}</p>
${mostrados.length === 0 ? html`<p data-nenhum>${t.nenhum}</p>` : tabela(mostrados, lang, true, t.titulo)}
<h2>${t.semanas}</h2>
<ul data-semanas>${semanas.map((s) => html`<li><a href="${href(lang, `/vigia/semana/${s}`)}">${s}</a></li>`)}</ul>
<p><small>${strings(lang).vigia.criterio}</small></p>
<p><small>${t.json}</small></p>`;
    return paginaHtml(
      c,
      { caminho: '/vigia', titulo: t.titulo, numeros: true, noindex: filtrado },
      emTexto(corpo),
    );
  })
  .get('/vigia/semana/:semana', marcarPagina, validar('query', ConsultaSoDeIdioma), async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang).vigia;
    const semana = c.req.param('semana');
    const dias = diasDaSemana(semana);
    if (dias === null)
      throw parametrosInvalidos([
        {
          local: 'path',
          nome: 'semana',
          mensagem: 'semana ISO no formato AAAA-SS que exista (ex.: 2024-07; 53 só em anos com 53 semanas)',
          tipo: 'invalid_format',
        },
      ]);
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await eventosDoBuild(c.env.ARTEFATOS, build);
    const hoje = diaEmSaoPaulo(new Date());
    const eventos = eventosDaSemana(a.eventos, semana);
    const indexavel = eventos.length > 0 && dentroDaJanela(semana, a.eventos, hoje);
    const titulo = mensagem(lang, t.tituloSemana, { s: semana });
    const grupos = CLASSES_EVENTO.map((k) => [k, eventos.filter((e) => e.classe === k)] as const).filter(
      ([, es]) => es.length > 0,
    );
    const corpo = html`<h1>${titulo}</h1>
<p>${mensagem(lang, t.semanaDeAte, { de: dias.de, ate: dias.ate, s: semana })}</p>
${semanaFechada(semana, hoje) ? '' : html`<p class="nota" data-semana-aberta>${t.semanaAberta}</p>`}
${
  eventos.length === 0
    ? html`<p data-nenhum>${t.semanaVazia}</p>`
    : grupos.map(
        ([k, es]) => html`<h2>${t.classe[k]}</h2>${tabela(es, lang, true, `${titulo}: ${t.classe[k]}`)}`,
      )
}
<p><a rel="prev" href="${href(lang, `/vigia/semana/${semanaVizinha(semana, -1)}`)}">${t.anterior}</a> ·
<a rel="next" href="${href(lang, `/vigia/semana/${semanaVizinha(semana, 1)}`)}">${t.seguinte}</a></p>
<p><small>${strings(lang).vigia.criterio}</small></p>`;
    return paginaHtml(
      c,
      { caminho: `/vigia/semana/${semana}`, titulo, numeros: true, noindex: !indexavel },
      emTexto(corpo),
    );
  })
  .get('/vigia/:ticker', marcarPagina, validar('query', ConsultaDoVigiaPorCodigo), async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang).vigia;
    const pedido = c.req.param('ticker');
    const q = c.req.valid('query');
    const build = await buildAtual(c.env.ARTEFATOS);
    const r = TickerNaRotaSchema.safeParse(pedido).success
      ? await resolverCodigo(c.env.ARTEFATOS, build, pedido)
      : null;
    if (r === null) throw naoEncontrado(`Código desconhecido neste build: ${pedido}.`);
    if (r.ticker !== pedido) {
      const url = new URL(c.req.url);
      return c.redirect(`${href(lang, `/vigia/${r.ticker}`)}${url.search}`, 301);
    }
    conferirTipo(r.classe, q.tipo);
    const a = await eventosDoBuild(c.env.ARTEFATOS, build);
    const todos = filtrar(a, r.classe, { ticker: r.ticker });
    const eventos = q.tipo === undefined ? todos : todos.filter((e) => e.tipo === q.tipo);
    const nome = r.nome ?? todos[0]?.nome ?? null;
    const titulo = mensagem(lang, t.tituloCodigo, { t: r.ticker });
    const corpo = html`<h1>${titulo}</h1>
${nome ? html`<p lang="pt-BR">${nome}</p>` : ''}
<p><a href="${href(lang, `${PAGINA_DO_ATIVO[r.classe]}/${r.ticker}`)}">${t.paginaAtivo}</a></p>
<form method="get" action="${href(lang, `/vigia/${r.ticker}`)}" class="filtros" data-filtros>
<label>${t.rotuloTipo} <select name="tipo">${opcoesTipo(r.classe, lang, q.tipo)}</select></label>
<button type="submit">${t.filtrar}</button>
</form>
<p data-contagem="${eventos.length}">${mensagem(lang, t.mostrando, { n: eventos.length, total: eventos.length })}</p>
${eventos.length === 0 ? html`<p data-nenhum>${t.nenhum}</p>` : tabela(eventos, lang, false, titulo)}
<p><small>${strings(lang).vigia.criterio}</small></p>`;
    return paginaHtml(
      c,
      { caminho: `/vigia/${r.ticker}`, titulo, numeros: true, noindex: q.tipo !== undefined },
      emTexto(corpo),
    );
  });
