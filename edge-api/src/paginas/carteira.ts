import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type EmpresaIndice, EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import {
  INDICADORES,
  type Indicadores,
  IndicadoresSchema,
  type NomeIndicador,
} from '@fundamentos/schemas/indicadores';
import { type Multiplos, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { type PrecosEmpresa, PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import type { Tickers } from '@fundamentos/schemas/tickers';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, type Strings, strings } from '@fundamentos/ui/i18n/strings';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { buildAtual, jsonDoCatalogo, tickersDe } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import {
  emTexto,
  formatarInteiro,
  formatarPeso,
  formatarReais,
  formatarValor,
  idiomaDaPagina,
  linkLinhagem,
  NotasDeFlags,
  recursoDaEmpresa,
  type TextosDicionario,
  textosDoDicionario,
  tituloIndicador,
} from './comum.ts';
import {
  CODIGO,
  ConsultaDaCarteira,
  MAX_POSICOES,
  MAX_QUANTIDADE,
  type Posicao,
  QUANTIDADE,
} from './consultas.ts';
import { marcarPagina, paginaHtml } from './layout.ts';

/** The canonical address of a portfolio: codes upper-cased and sorted, quantities as query values. */
export function enderecoCanonico(lang: Lang, posicoes: readonly Posicao[]): string {
  const q = [...posicoes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([c, n]) => `${encodeURIComponent(c)}=${n}`)
    .join('&');
  return q === '' ? href(lang, '/carteira') : `${href(lang, '/carteira')}?${q}`;
}

export type ErroDaLista =
  | { tipo: 'formato' | 'quantidade'; linha: number; texto: string }
  | { tipo: 'codigo'; linha: number; codigo: string }
  | { tipo: 'vazia' }
  | { tipo: 'muitas' };

/**
 * Reads the form's `lista`: one `CODE QUANTITY` per line (space, tab, `;`, `,`, `:` or `=` between them),
 * blank lines ignored, a code repeated adds up. The first bad line is reported with its 1-based number;
 * a code must be known to the build.
 */
export function lerLista(lista: string, tickers: Tickers): { posicoes: Posicao[] } | { erro: ErroDaLista } {
  const soma = new Map<string, number>();
  const linhas = lista.split(/\r\n|\n|\r/);
  for (const [i, bruta] of linhas.entries()) {
    const texto = bruta.trim();
    if (texto === '') continue;
    const linha = i + 1;
    const m = /^(\S+?)[\s;,:=]+(\S+)$/.exec(texto);
    const [codigoBruto, qtd] = m ? [m[1] ?? '', m[2] ?? ''] : ['', ''];
    if (!m || !CODIGO.test(codigoBruto)) return { erro: { tipo: 'formato', linha, texto } };
    const n = Number(qtd);
    if (!QUANTIDADE.test(qtd) || n <= 0 || n > MAX_QUANTIDADE)
      return { erro: { tipo: 'quantidade', linha, texto: qtd } };
    const codigo = codigoBruto.toUpperCase();
    if (tickers[codigo] === undefined) return { erro: { tipo: 'codigo', linha, codigo } };
    soma.set(codigo, (soma.get(codigo) ?? 0) + n);
  }
  if (soma.size === 0) return { erro: { tipo: 'vazia' } };
  if (soma.size > MAX_POSICOES) return { erro: { tipo: 'muitas' } };
  return { posicoes: [...soma] };
}

function mensagemDeErro(e: ErroDaLista, t: Strings, lang: Lang): string {
  const x = t.borda;
  switch (e.tipo) {
    case 'formato':
      return mensagem(lang, x.carteira_erro_formato, { linha: e.linha, texto: e.texto });
    case 'quantidade':
      return mensagem(lang, x.carteira_erro_quantidade, { linha: e.linha, texto: e.texto });
    case 'codigo':
      return mensagem(lang, x.carteira_erro_codigo, { linha: e.linha, codigo: e.codigo });
    case 'vazia':
      return x.carteira_erro_vazia;
    case 'muitas':
      return mensagem(lang, x.carteira_erro_muitas, { max: MAX_POSICOES });
  }
}

const FormCarteira = z.object({ lista: z.string().max(20_000) });

function formulario(lang: Lang, t: Strings, lista: string) {
  const x = t.borda;
  return html`<form method="post" action="${href(lang, '/carteira')}" class="carteira">
<label for="lista">${x.carteira_rotulo}</label><br>
<textarea id="lista" name="lista" rows="8" cols="30" spellcheck="false" autocapitalize="characters" aria-describedby="lista-exemplo">${lista}</textarea>
<p id="lista-exemplo" class="nota">${x.carteira_exemplo}</p>
<button type="submit">${x.carteira_botao}</button>
</form>`;
}

const INDICADORES_DA_CARTEIRA = [
  'margem_liquida',
  'roe',
  'dl_ebitda',
] as const satisfies readonly NomeIndicador[];

interface DadosDaEmpresa {
  ticker: string;
  nome: string | null;
  precos: PrecosEmpresa | null;
  indicadores: Indicadores | null;
  multiplos: Multiplos | null;
  /** The company index: its `linhagem` template links each indicator value to where it came from. */
  indice: EmpresaIndice | null;
}

export interface LinhaCarteira {
  codigo: string;
  quantidade: number;
  empresa: DadosDaEmpresa | null;
  /** Latest published session of this very code (a company's other classes trade at other prices). */
  sessao: { data: string; fechamento: number } | null;
  valor: number | null;
}

/** A value linked to its lineage route when the company index (and so its template) is published. */
function comLinhagem(
  indice: EmpresaIndice | null,
  ano: number,
  nome: NomeIndicador,
  texto: string,
  t: Strings,
) {
  return indice === null
    ? texto
    : html`<a href="${linkLinhagem(indice, ano, nome)}" title="${t.empresa.linhagem_titulo}">${texto}</a>`;
}

function celulaIndicador(
  l: LinhaCarteira,
  nome: NomeIndicador,
  ano: number | null,
  lang: Lang,
  t: Strings,
  notas: NotasDeFlags,
) {
  const r =
    ano === null
      ? undefined
      : l.empresa?.indicadores?.indicadores.find((x) => x.ano === ano && x.nome === nome);
  if (r === undefined) return html`<td>—</td>`;
  return html`<td data-indicador="${nome}" data-valor="${r.valor === null ? '' : String(r.valor)}">${
    r.valor === null
      ? html`<span class="sem-valor">${t.empresa.sem_valor}</span>`
      : comLinhagem(
          l.empresa?.indice ?? null,
          r.ano,
          nome,
          formatarValor(r.valor, INDICADORES[nome].unidade, lang),
          t,
        )
  }${notas.marcar(r.flag)}</td>`;
}

function tabela(linhas: LinhaCarteira[], lang: Lang, t: Strings, textos: TextosDicionario) {
  const x = t.borda;
  const notas = new NotasDeFlags(t, textos);
  const total = linhas.reduce((s, l) => s + (l.valor ?? 0), 0);
  const corpo = linhas.map((l) => {
    const e = l.empresa;
    if (e === null)
      return html`<tr data-codigo="${l.codigo}"><th scope="row">${l.codigo}</th><td colspan="11">${x.desconhecido}</td></tr>`;
    const anos = e.indicadores?.indicadores.map((r) => r.ano) ?? [];
    const ano = anos.length === 0 ? null : Math.max(...anos);
    const mult = e.multiplos?.anuais.reduce<Multiplos['anuais'][number] | undefined>(
      (m, r) => (m === undefined || r.ano > m.ano ? r : m),
      undefined,
    );
    const outroCodigo =
      e.ticker !== l.codigo
        ? html`<br><small>${mensagem(lang, x.codigo_atual, { ticker: e.ticker })}</small>`
        : '';
    return html`<tr data-codigo="${l.codigo}">
<th scope="row"><a href="${href(lang, `/acoes/${e.ticker}`)}">${l.codigo}</a>${outroCodigo}</th>
<td lang="pt-BR">${e.nome ?? '—'}</td>
<td data-quantidade="${l.quantidade}">${formatarInteiro(l.quantidade, lang)}</td>
${
  l.sessao === null
    ? html`<td colspan="2"><span class="sem-valor">${x.sem_preco}</span></td>`
    : html`<td data-fechamento="${l.sessao.fechamento}">${formatarReais(l.sessao.fechamento, lang)}</td><td><time datetime="${l.sessao.data}">${l.sessao.data}</time></td>`
}
<td data-posicao="${l.valor ?? ''}">${l.valor === null ? '—' : formatarReais(l.valor, lang)}</td>
<td data-peso="${l.valor === null || total === 0 ? '' : l.valor / total}">${l.valor === null || total === 0 ? '—' : formatarPeso(l.valor / total, lang)}</td>
<td>${ano ?? '—'}</td>
${INDICADORES_DA_CARTEIRA.map((n) => celulaIndicador(l, n, ano, lang, t, notas))}
${
  mult === undefined
    ? html`<td>—</td>`
    : html`<td data-multiplo="pl" data-valor="${mult.pl === null ? '' : String(mult.pl)}">${
        mult.pl === null
          ? html`<span class="sem-valor">${t.empresa.sem_valor}</span>`
          : formatarValor(mult.pl, 'vezes', lang)
      }${notas.marcar(mult.flag)}<br><small>${mult.ano} · ${mensagem(lang, x.preco_de, { data: mult.data_preco })}</small></td>`
}
</tr>`;
  });
  return html`<div class="rolagem" tabindex="0" role="region" aria-label="${x.carteira_titulo}">
<table data-carteira><caption>${x.carteira_titulo}</caption>
<thead><tr><th scope="col">${x.codigo}</th><th scope="col">${x.nome}</th><th scope="col">${x.quantidade}</th><th scope="col">${x.fechamento}</th><th scope="col">${x.data}</th><th scope="col">${x.posicao}</th><th scope="col">${x.peso}</th><th scope="col">${x.ano_indicadores}</th>${INDICADORES_DA_CARTEIRA.map(
    (n) => html`<th scope="col">${tituloIndicador(n, textos)}</th>`,
  )}<th scope="col">${x.pl}</th></tr></thead>
<tbody>${corpo}</tbody>
<tfoot><tr><th scope="row">${x.total}</th><td colspan="4"></td><td data-total="${total}">${formatarReais(total, lang)}</td><td colspan="6"></td></tr></tfoot>
</table></div>
<p class="nota">${x.carteira_nota_total}</p>
<p class="nota">${x.carteira_indicadores}</p>
${notas.lista()}`;
}

async function linhasDaCarteira(c: Context<AppEnv>, posicoes: readonly Posicao[]): Promise<LinhaCarteira[]> {
  const bucket = c.env.ARTEFATOS;
  const build = await buildAtual(bucket);
  const [tickers, empresas] = await Promise.all([
    tickersDe(bucket, build),
    jsonDoCatalogo(bucket, build, ARTEFATOS.empresas),
  ]);
  const nomes = new Map((empresas ?? []).map((e) => [e.cd_regulator, e.nome]));
  // One read per company even when several of its classes are held.
  const porCd = new Map<number, Promise<DadosDaEmpresa>>();
  const dados = (cd: number, ticker: string): Promise<DadosDaEmpresa> => {
    let p = porCd.get(cd);
    if (!p) {
      p = Promise.all([
        recursoDaEmpresa(bucket, build, cd, 'precos', PrecosEmpresaSchema),
        recursoDaEmpresa(bucket, build, cd, 'indicadores', IndicadoresSchema),
        recursoDaEmpresa(bucket, build, cd, 'multiplos', MultiplosSchema),
        recursoDaEmpresa(bucket, build, cd, 'index', EmpresaIndiceSchema),
      ]).then(([precos, indicadores, multiplos, indice]) => ({
        ticker,
        nome: nomes.get(cd) ?? null,
        precos,
        indicadores,
        multiplos,
        indice,
      }));
      porCd.set(cd, p);
    }
    return p;
  };
  const ordenadas = [...posicoes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(
    ordenadas.map(async ([codigo, quantidade]): Promise<LinhaCarteira> => {
      const r = tickers?.[codigo];
      if (r === undefined) return { codigo, quantidade, empresa: null, sessao: null, valor: null };
      const empresa = await dados(r.cd_regulator, r.ticker_atual);
      const sessao = empresa.precos?.tickers.find((s) => s.ticker === codigo)?.sessoes.at(-1) ?? null;
      return {
        codigo,
        quantidade,
        empresa,
        sessao: sessao && { data: sessao.data, fechamento: sessao.fechamento },
        valor: sessao === null ? null : quantidade * sessao.fechamento,
      };
    }),
  );
}

/** The form's `lista` (POST body or GET query): 303 to the canonical address, or the 422 page. */
async function responderLista(c: Context<AppEnv>, lista: string): Promise<Response> {
  const bucket = c.env.ARTEFATOS;
  const tickers = (await tickersDe(bucket, await buildAtual(bucket))) ?? {};
  const lido = lerLista(lista, tickers);
  if ('erro' in lido) return paginaDeErro(c, lista, lido.erro);
  return c.redirect(enderecoCanonico(idiomaDaPagina(c), lido.posicoes), 303);
}

async function paginaDeErro(c: Context<AppEnv>, lista: string, erro: ErroDaLista): Promise<Response> {
  const lang = idiomaDaPagina(c);
  const t = strings(lang);
  const corpo = html`<h1>${t.borda.carteira_titulo}</h1>
<div class="erro" role="alert"><h2>${t.borda.carteira_erro_titulo}</h2><p data-erro-linha="${'linha' in erro ? erro.linha : ''}">${mensagemDeErro(erro, t, lang)}</p></div>
${formulario(lang, t, lista)}`;
  return paginaHtml(
    c,
    { caminho: '/carteira', titulo: t.borda.carteira_titulo, noindex: true },
    emTexto(corpo),
    422,
  );
}

/**
 * `/carteira`: the form (GET without positions), the form's POST answered with 303 to the canonical GET
 * address, and the portfolio table for `?CODE=QTY…`. Nothing is stored anywhere.
 */
export const carteira = new Hono<AppEnv>()
  .get('/carteira', marcarPagina, validar('query', ConsultaDaCarteira), async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang);
    const x = t.borda;
    const { posicoes, lista: listaDoForm } = c.req.valid('query');
    if (listaDoForm !== undefined) return responderLista(c, listaDoForm);
    if (posicoes.length === 0) {
      const corpo = html`<h1>${x.carteira_titulo}</h1>
<p>${x.carteira_lead}</p>
${formulario(lang, t, '')}`;
      return paginaHtml(c, { caminho: '/carteira', titulo: x.carteira_titulo }, emTexto(corpo));
    }
    const linhas = await linhasDaCarteira(c, posicoes);
    const bucket = c.env.ARTEFATOS;
    const textos = await textosDoDicionario(bucket, await buildAtual(bucket), lang);
    const lista = linhas.map((l) => `${l.codigo} ${l.quantidade}`).join('\n');
    const corpo = html`<h1>${x.carteira_titulo}</h1>
<p>${x.carteira_lead}</p>
${tabela(linhas, lang, t, textos)}
${formulario(lang, t, lista)}`;
    return paginaHtml(
      c,
      { caminho: '/carteira', titulo: x.carteira_titulo, noindex: true, numeros: true },
      emTexto(corpo),
    );
  })
  .post('/carteira', marcarPagina, async (c) => {
    // A body that is no form (or a broken multipart) is read as an empty list: a 422 page, never a 500.
    const form = FormCarteira.safeParse(await c.req.parseBody().catch(() => ({})));
    return responderLista(c, form.success ? form.data.lista : '');
  });
