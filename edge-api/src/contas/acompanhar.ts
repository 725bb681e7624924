import { AcompanharRespostaSchema, CONFIRMAR_EM_HORAS } from '@fundamentos/schemas/contas';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, strings } from '@fundamentos/ui/i18n/strings';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { html } from 'hono/html';
import { z } from 'zod';
import { querHtml } from '../aceita.ts';
import { buildAtual, tickersDe } from '../artefatos.ts';
import { sha256Hex } from '../chave-formato.ts';
import { ErroApi, parametrosInvalidos } from '../erro-api.ts';
import { emTexto } from '../paginas/comum.ts';
import { marcarPagina, paginaHtml } from '../paginas/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { enviar, paragrafos } from './correio.ts';
import { corpoDoFormulario, validarFormulario } from './formulario.ts';
import {
  type Carimbo,
  carimbar,
  conferirCarimbo,
  hashDoEmail,
  iguais,
  normalizarEmail,
  tokenAleatorio,
  tokenCancelar,
} from './selo.ts';

/** Names of the form's fields (site/src/components/AcompanharForm.astro uses the same). */
export const CAMPOS = {
  ticker: 'ticker',
  email: 'email',
  lang: 'lang',
  armadilha: 'site',
  carimbo: 'carimbo',
} as const;

const Pedido = z.object({
  [CAMPOS.ticker]: z.string().regex(/^[A-Za-z0-9]{4}\d{1,2}[A-Za-z]?$/, 'código de negociação como WEGE3'),
  [CAMPOS.email]: z.email('endereço de e-mail inválido').max(254, 'endereço longo demais'),
  [CAMPOS.lang]: z.enum(['pt', 'en']).optional(),
  [CAMPOS.armadilha]: z.string().optional(),
  [CAMPOS.carimbo]: z.string().optional(),
});

function invalido(nome: string, mensagem: string, tipo: string): ErroApi {
  return parametrosInvalidos([{ local: 'query', nome, mensagem, tipo }]);
}

const MOTIVO_DO_CARIMBO: Record<Exclude<Carimbo, 'ok'>, string> = {
  invalido: 'formulário sem carimbo válido; recarregue a página da empresa',
  cedo_demais: 'enviado rápido demais; aguarde alguns segundos e envie de novo',
  vencido: 'formulário antigo; recarregue a página da empresa',
};

/** Hour bucket of the global cap (UTC clock hour) and the seconds left in it. */
function horaAtual(agora: Date): { hora: string; resta: number } {
  const hora = agora.toISOString().slice(0, 13);
  const resta = 3600 - (Math.floor(agora.getTime() / 1000) % 3600);
  return { hora, resta };
}

/** Name of the Durable Object (a QuotaCounter) that counts every accepted follow request of the hour. */
export const CONTADOR_ACOMPANHAR = 'acompanhar:global';

async function dentroDoLimite(env: Env, agora: Date): Promise<void> {
  const limite = Number(env.ACOMPANHAR_LIMITE_HORA);
  const { hora, resta } = horaAtual(agora);
  const contador = env.QUOTA.get(env.QUOTA.idFromName(CONTADOR_ACOMPANHAR));
  const r = await contador.consumir(hora, limite);
  if (!r.permitido)
    throw new ErroApi(
      429,
      'cota_excedida',
      `Limite global de ${limite} pedidos de acompanhamento por hora atingido; tente na próxima hora.`,
      { tentar_novamente_em_segundos: resta },
      { 'Retry-After': String(resta) },
    );
}

function linkCom(origem: string, lang: Lang, caminho: string, q: Record<string, string>): string {
  return `${origem}${href(lang, caminho)}?${new URLSearchParams(q).toString()}`;
}

export async function linkCancelar(env: Env, origem: string, lang: Lang, id: string): Promise<string> {
  return linkCom(origem, lang, '/acompanhar/cancelar', {
    id,
    t: await tokenCancelar(env.SEGREDO_CONTAS, id),
  });
}

/** Plain-text footer and HTML footer carrying the unsubscribe link of one follow. */
export function rodapeCancelar(lang: Lang, ticker: string, link: string): { texto: string; html: string } {
  const frase = mensagem(lang, strings(lang).contas.msg_cancelar, { ticker });
  return {
    texto: `\n\n--\n${frase}\n${link}`,
    html: emTexto(html`<hr><p><small>${frase} <a href="${link}">${link}</a></small></p>`),
  };
}

async function aceitar(c: Context<AppEnv>): Promise<Response> {
  const p = await validarFormulario(c, Pedido);
  if (p.lang) c.set('lang', p.lang);
  const lang = c.get('lang');
  // Bots: a field hidden from people that a form-filling bot fills, and a signed stamp of when the page was
  // served (too fast or missing is refused).
  if ((p.site ?? '') !== '') throw invalido(CAMPOS.armadilha, 'campo que deve ficar vazio', 'bot');
  const agora = new Date();
  const carimbo = await conferirCarimbo(c.env.SEGREDO_CONTAS, p.carimbo ?? '', agora);
  if (carimbo !== 'ok') throw invalido(CAMPOS.carimbo, MOTIVO_DO_CARIMBO[carimbo], 'bot');
  const build = await buildAtual(c.env.ARTEFATOS);
  const tickers = await tickersDe(c.env.ARTEFATOS, build);
  const ticker = tickers?.[p.ticker.toUpperCase()]?.ticker_atual;
  if (ticker === undefined) throw invalido(CAMPOS.ticker, 'código desconhecido neste build', 'invalid_value');
  await dentroDoLimite(c.env, agora);

  const emailHash = await hashDoEmail(c.env.SEGREDO_CONTAS, p.email);
  const id = crypto.randomUUID();
  const token = tokenAleatorio();
  // An address already following (or asked to follow) this company gets the same answer and no new message.
  const novo = await c.env.DB.prepare(
    `INSERT INTO acompanhamentos (id, email_hash, email, ticker, lang, estado, confirmacao_hash, criado_em)
     VALUES (?1, ?2, ?3, ?4, ?5, 'pendente', ?6, ?7) ON CONFLICT (email_hash, ticker) DO NOTHING`,
  )
    .bind(id, emailHash, normalizarEmail(p.email), ticker, lang, await sha256Hex(token), agora.toISOString())
    .run();
  if (novo.meta.changes === 1) {
    const t = strings(lang).contas;
    const origem = new URL(c.req.url).origin;
    const confirmar = linkCom(origem, lang, '/acompanhar/confirmar', { id, t: token });
    const cancelar = await linkCancelar(c.env, origem, lang, id);
    const rodape = rodapeCancelar(lang, ticker, cancelar);
    const texto = mensagem(lang, t.msg_confirmar_texto, {
      ticker,
      link: confirmar,
      horas: CONFIRMAR_EM_HORAS,
    });
    try {
      await enviar(c.env, {
        para: p.email,
        assunto: mensagem(lang, t.msg_confirmar_assunto, { ticker }),
        texto: texto + rodape.texto,
        html: paragrafos(texto) + rodape.html,
        cancelar,
      });
    } catch (e) {
      await c.env.DB.prepare('DELETE FROM acompanhamentos WHERE id = ?1').bind(id).run();
      throw e;
    }
  }
  if (!querHtml(c.req.header('accept')) && c.req.header('accept')?.includes('application/json'))
    return c.json(
      AcompanharRespostaSchema.parse({ recebido: true, ticker, confirmar_em_horas: CONFIRMAR_EM_HORAS }),
    );
  const t = strings(lang).contas;
  const corpo = emTexto(html`<h1>${t.acompanhar_titulo}</h1>
<p role="status" data-acompanhar-recebido>${mensagem(lang, t.acompanhar_pedido, { horas: CONFIRMAR_EM_HORAS })}</p>
<p><a href="${href(lang, `/acoes/${ticker}`)}">${ticker}</a></p>`);
  // An answer to a POST has no copy to switch to: the language switch goes home.
  return paginaHtml(
    c,
    { caminho: '/acompanhar', titulo: t.acompanhar_titulo, noindex: true, traduzida: false },
    corpo,
  );
}

interface LinhaAcompanhamento {
  id: string;
  ticker: string;
  estado: 'pendente' | 'ativo';
  confirmacao_hash: string | null;
}

const Link = z.object({ id: z.uuid('id inválido'), t: z.string().regex(/^[0-9a-f]{48,64}$/, 't inválido') });

/** id and token of a link: from the query (GET, one-click POST) or the page's form (POST). */
async function lerLink(c: Context<AppEnv>): Promise<z.output<typeof Link> | null> {
  const campos = c.req.method === 'POST' ? await corpoDoFormulario(c) : {};
  const r = Link.safeParse({ id: campos.id ?? c.req.query('id'), t: campos.t ?? c.req.query('t') });
  return r.success ? r.data : null;
}

function linkInvalido(c: Context<AppEnv>, caminho: string, titulo: string): Promise<Response> {
  const t = strings(c.get('lang')).contas;
  const corpo = emTexto(html`<h1>${titulo}</h1><p data-link-invalido>${t.acompanhar_link_invalido}</p>`);
  return paginaHtml(c, { caminho, titulo, noindex: true }, corpo, 404);
}

/** A page with one button that posts the link's id and token back (mail scanners follow GETs, never POSTs). */
function paginaDeBotao(
  c: Context<AppEnv>,
  caminho: string,
  titulo: string,
  texto: string,
  botao: string,
  link: { id: string; t: string },
): Promise<Response> {
  const corpo = emTexto(html`<h1>${titulo}</h1>
<p>${texto}</p>
<form method="post" action="${href(c.get('lang'), caminho)}">
<input type="hidden" name="id" value="${link.id}"><input type="hidden" name="t" value="${link.t}">
<button type="submit">${botao}</button>
</form>`);
  return paginaHtml(c, { caminho, titulo, noindex: true }, corpo);
}

function paginaDeAviso(
  c: Context<AppEnv>,
  caminho: string,
  titulo: string,
  texto: string,
): Promise<Response> {
  const corpo = emTexto(html`<h1>${titulo}</h1><p role="status" data-feito>${texto}</p>`);
  return paginaHtml(c, { caminho, titulo, noindex: true, traduzida: false }, corpo);
}

async function linhaPorConfirmacao(
  db: D1Database,
  link: { id: string; t: string },
): Promise<LinhaAcompanhamento | null> {
  const linha = await db
    .prepare(
      "SELECT id, ticker, estado, confirmacao_hash FROM acompanhamentos WHERE id = ?1 AND estado = 'pendente'",
    )
    .bind(link.id)
    .first<LinhaAcompanhamento>();
  if (linha?.confirmacao_hash == null) return null;
  return iguais(linha.confirmacao_hash, await sha256Hex(link.t)) ? linha : null;
}

async function linhaPorCancelamento(
  env: Env,
  link: { id: string; t: string },
): Promise<LinhaAcompanhamento | null> {
  if (!iguais(link.t, await tokenCancelar(env.SEGREDO_CONTAS, link.id))) return null;
  return env.DB.prepare('SELECT id, ticker, estado, confirmacao_hash FROM acompanhamentos WHERE id = ?1')
    .bind(link.id)
    .first<LinhaAcompanhamento>();
}

const CONFIRMAR = '/acompanhar/confirmar';
const CANCELAR = '/acompanhar/cancelar';

/**
 * POST /acompanhar and the two links every follow message carries: confirm (single use, pending → active)
 * and unsubscribe (deletes the row; no login, works from any message, RFC 8058 one-click POST included).
 */
export const acompanhar = new Hono<AppEnv>()
  .post('/', marcarPagina, (c) => aceitar(c))
  .get('/confirmar', marcarPagina, async (c) => {
    const t = strings(c.get('lang')).contas;
    const link = await lerLink(c);
    const linha = link && (await linhaPorConfirmacao(c.env.DB, link));
    if (!link || !linha) return linkInvalido(c, CONFIRMAR, t.acompanhar_confirmar_titulo);
    const texto = mensagem(c.get('lang'), t.acompanhar_confirmar_texto, { ticker: linha.ticker });
    return paginaDeBotao(
      c,
      CONFIRMAR,
      t.acompanhar_confirmar_titulo,
      texto,
      t.acompanhar_confirmar_botao,
      link,
    );
  })
  .post('/confirmar', marcarPagina, async (c) => {
    const t = strings(c.get('lang')).contas;
    const link = await lerLink(c);
    const linha = link && (await linhaPorConfirmacao(c.env.DB, link));
    if (!link || !linha) return linkInvalido(c, CONFIRMAR, t.acompanhar_confirmar_titulo);
    // Single use: the token's hash is cleared in the same statement that activates the row.
    const r = await c.env.DB.prepare(
      "UPDATE acompanhamentos SET estado = 'ativo', confirmacao_hash = NULL, confirmado_em = ?1 WHERE id = ?2 AND estado = 'pendente' AND confirmacao_hash = ?3",
    )
      .bind(new Date().toISOString(), linha.id, linha.confirmacao_hash)
      .run();
    if (r.meta.changes !== 1) return linkInvalido(c, CONFIRMAR, t.acompanhar_confirmar_titulo);
    return paginaDeAviso(
      c,
      CONFIRMAR,
      t.acompanhar_confirmar_titulo,
      mensagem(c.get('lang'), t.acompanhar_confirmado, { ticker: linha.ticker }),
    );
  })
  .get('/cancelar', marcarPagina, async (c) => {
    const t = strings(c.get('lang')).contas;
    const link = await lerLink(c);
    const linha = link && (await linhaPorCancelamento(c.env, link));
    if (!link || !linha) return linkInvalido(c, CANCELAR, t.cancelar_titulo);
    const texto = mensagem(c.get('lang'), t.cancelar_texto, { ticker: linha.ticker });
    return paginaDeBotao(c, CANCELAR, t.cancelar_titulo, texto, t.cancelar_botao, link);
  })
  .post('/cancelar', marcarPagina, async (c) => {
    const t = strings(c.get('lang')).contas;
    const link = await lerLink(c);
    const linha = link && (await linhaPorCancelamento(c.env, link));
    if (!link || !linha) return linkInvalido(c, CANCELAR, t.cancelar_titulo);
    await c.env.DB.prepare('DELETE FROM acompanhamentos WHERE id = ?1').bind(linha.id).run();
    return paginaDeAviso(
      c,
      CANCELAR,
      t.cancelar_titulo,
      mensagem(c.get('lang'), t.cancelado, { ticker: linha.ticker }),
    );
  });

/** Deletes follow requests still pending after CONFIRMAR_EM_HORAS (hourly job); nothing is sent. */
export async function apagarPendentes(env: Env, agora: Date): Promise<number> {
  const limite = new Date(agora.getTime() - CONFIRMAR_EM_HORAS * 3600_000).toISOString();
  const r = await env.DB.prepare("DELETE FROM acompanhamentos WHERE estado = 'pendente' AND criado_em <= ?1")
    .bind(limite)
    .run();
  return r.meta.changes;
}

/** Company pages, both copies: the follow form sits on each. */
const PAGINA_DE_EMPRESA = /^(\/en)?\/acoes\/[^/]+$/;

/**
 * Stamps the follow form of a company page (a static file) with the signed time it was served, so the
 * form keeps working without JavaScript and POST /acompanhar can refuse a bot that posts at once.
 */
export const carimbarFormulario = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || !PAGINA_DE_EMPRESA.test(c.req.path) || c.res.status !== 200) return;
  if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
  // Without the secret (a bare `wrangler dev`) the page is served as is; POST /acompanhar then refuses the
  // unstamped form with a clear 422 instead of every company page failing.
  if (!c.env.SEGREDO_CONTAS) return;
  const carimbo = await carimbar(c.env.SEGREDO_CONTAS, new Date());
  const reescrita = new HTMLRewriter()
    .on(`form[data-acompanhar] input[name="${CAMPOS.carimbo}"]`, {
      element(e) {
        e.setAttribute('value', carimbo);
      },
    })
    .transform(c.res);
  const cabecalhos = new Headers(reescrita.headers);
  // The body now differs per request: its length and the file's ETag no longer describe it.
  cabecalhos.delete('content-length');
  cabecalhos.delete('etag');
  // Cleared first: Hono's setter would copy the old answer's headers (ETag included) onto the new one.
  c.res = undefined;
  c.res = new Response(reescrita.body, { status: reescrita.status, headers: cabecalhos });
});
