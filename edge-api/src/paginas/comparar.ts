import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { type EmpresaIndice, EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { entradaDoDicionario, separarFlags } from '@fundamentos/schemas/flags';
import {
  INDICADORES,
  type Indicadores,
  IndicadoresSchema,
  NOMES_INDICADORES,
  type NomeIndicador,
} from '@fundamentos/schemas/indicadores';
import { type MultiploAnual, type Multiplos, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { formatarValor } from '@fundamentos/site/data/formato';
import { href } from '@fundamentos/site/i18n/routes';
import { type Lang, type Strings, strings } from '@fundamentos/site/i18n/strings';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { type Build, buildAtual, jsonDoBuild, lerArtefato, tickersDe } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { langDaQuery } from './idioma.ts';
import { paginaHtml } from './layout.ts';

// Helpers shared by the three edge pages (procurar, comparar, carteira) live here, beside the page
// that uses most of them.

/**
 * Page language, as the negotiation middleware settled it (`?lang`, `/en/` prefix, cookie, Accept-Language).
 * An invalid `?lang` is refused with the one 422 shape, as on the static pages.
 */
export function idiomaDaPagina(c: Context<AppEnv>): Lang {
  langDaQuery(c);
  return c.get('lang');
}

/** `html` returns a promise only when a promise is interpolated; these pages interpolate none. */
export function emTexto(v: ReturnType<typeof html>): string {
  if (v instanceof Promise) throw new Error('edge page: asynchronous content in a page body');
  return v.toString();
}

/** Fills `{name}` placeholders of a UI string. */
export function preencher(modelo: string, valores: Record<string, string | number>): string {
  return modelo.replace(/\{([a-z_]+)\}/g, (m, k: string) => (k in valores ? String(valores[k]) : m));
}

// One number format for static and edge pages: the site's (`site/src/data/formato.ts`).
export { formatarInteiro, formatarReais, formatarValor } from '@fundamentos/site/data/formato';

/** A position's share of the portfolio, shown like the fraction indicators. */
export function formatarPeso(valor: number, lang: Lang): string {
  return formatarValor(valor, 'fracao', lang);
}

/**
 * A per-company artefact parsed with its schema, or null when the manifest does not list it. Not kept
 * in the isolate (unlike `jsonDoBuild`): a page may touch many companies and their price series are large.
 */
export async function recursoDaEmpresa<S extends z.ZodType>(
  bucket: R2Bucket,
  build: Build,
  cd: number,
  recurso: string,
  schema: S,
): Promise<z.output<S> | null> {
  const caminho = `json/empresas/${cd}/${recurso}.json`;
  const a = await lerArtefato(bucket, build, caminho);
  if (a === null) return null;
  const r = schema.safeParse(await a.corpo.json());
  // A malformed published file is our fault: 500 with the file named in the log.
  if (!r.success) throw new Error(`R2 ${build.atual.prefixo}${caminho}: ${r.error.message}`);
  return r.data;
}

/** Indicator titles and flag meanings of the build's dictionary, in the page's language. */
export interface TextosDicionario {
  titulos: Map<string, string>;
  flags: Map<string, string>;
}

export async function textosDoDicionario(
  bucket: R2Bucket,
  build: Build,
  lang: Lang,
): Promise<TextosDicionario> {
  const d: Dicionario | null = await jsonDoBuild(bucket, build, 'json/dicionario.json', DicionarioSchema);
  const en = lang === 'en';
  return {
    titulos: new Map((d?.indicadores ?? []).map((i) => [i.nome, en ? i.titulo_en : i.titulo])),
    flags: new Map((d?.flags ?? []).map((f) => [f.flag, en ? f.significado_en : f.significado])),
  };
}

/** Title of an indicator: the dictionary's, else its code (never Portuguese prose on an English page). */
export function tituloIndicador(nome: NomeIndicador, textos: TextosDicionario): string {
  return textos.titulos.get(nome) ?? nome;
}

/**
 * Flags of a page as numbered notes: each cell gets `[n]` linking to the meaning listed under the
 * tables, taken from the dictionary (a family member such as `ttm_sem_trimestre_3_2015` gets the
 * family's meaning).
 */
export class NotasDeFlags {
  private readonly ordem: string[] = [];

  constructor(
    private readonly t: Strings,
    private readonly textos: TextosDicionario,
  ) {}

  marcar(flag: string | null) {
    return separarFlags(flag).map((f) => {
      let i = this.ordem.indexOf(f);
      if (i < 0) i = this.ordem.push(f) - 1;
      return html`<sup><a class="flag" href="#flag-${f}" aria-label="${this.t.empresa.flag}: ${f}">[${i + 1}]</a></sup>`;
    });
  }

  lista() {
    if (this.ordem.length === 0) return '';
    return html`<section aria-labelledby="h-flags">
<h2 id="h-flags">${this.t.empresa.flags_titulo}</h2>
<dl class="flags">${this.ordem.map(
      (f, i) =>
        html`<dt id="flag-${f}">[${i + 1}] <code>${f}</code></dt><dd>${this.textos.flags.get(entradaDoDicionario(f)) ?? '—'}</dd>`,
    )}</dl>
</section>`;
  }
}

/** `linhagem` template of the company index with {ano} and {indicador} filled in (as the static page does). */
export function linkLinhagem(indice: EmpresaIndice, ano: number, indicador: string): string {
  return indice.linhagem.replace('{ano}', String(ano)).replace('{indicador}', encodeURIComponent(indicador));
}

/** Latest year in which every list has at least one row, or null. */
export function ultimoAnoComum(listas: readonly (readonly { ano: number }[])[]): number | null {
  const [primeira, ...resto] = listas.map((l) => new Set(l.map((x) => x.ano)));
  if (primeira === undefined) return null;
  const comuns = [...primeira].filter((ano) => resto.every((s) => s.has(ano)));
  return comuns.length === 0 ? null : Math.max(...comuns);
}

/** A page answered in the shell when something asked for does not exist (unknown code, no page). */
export function paginaNaoEncontrada(
  c: Context<AppEnv>,
  caminho: string,
  mensagem: string,
): Promise<Response> {
  const t = strings(idiomaDaPagina(c));
  const corpo = html`<h1>${t.erro.titulo}</h1>
<p data-erro>${mensagem}</p>
<p><a href="${href(idiomaDaPagina(c), '/procurar')}">${t.borda.procurar_titulo}</a></p>`;
  return paginaHtml(c, { caminho, titulo: t.erro.titulo, noindex: true }, emTexto(corpo), 404);
}

// Trading codes end in the class digit(s), optionally a letter (PETR4, ENGI11, ALEF3B): a pattern that can
// never be `setor`, so the static `/comparar/setor/...` pages are not shadowed.
const CODIGO_NA_ROTA = '[A-Za-z0-9]*[0-9][A-Za-z]?';
const Codigo = z
  .string()
  .regex(/^[A-Za-z0-9]{4,12}$/, 'código de negociação: 4 a 12 letras ou dígitos')
  .transform((t) => t.toUpperCase());
const Par = z.object({ a: Codigo, b: Codigo });

interface Lado {
  codigo: string;
  indice: EmpresaIndice;
  indicadores: Indicadores | null;
  multiplos: Multiplos | null;
}

function celulaIndicador(
  lado: Lado,
  ano: number,
  nome: NomeIndicador,
  lang: Lang,
  t: Strings,
  notas: NotasDeFlags,
) {
  const l = lado.indicadores?.indicadores.find((x) => x.ano === ano && x.nome === nome);
  if (l === undefined) return html`<td data-ticker="${lado.indice.ticker}" data-indicador="${nome}">—</td>`;
  const valor =
    l.valor === null
      ? html`<span class="sem-valor">${t.empresa.sem_valor}</span>`
      : html`<a href="${linkLinhagem(lado.indice, ano, nome)}" title="${t.empresa.linhagem_titulo}">${formatarValor(l.valor, INDICADORES[nome].unidade, lang)}</a>`;
  return html`<td data-ticker="${lado.indice.ticker}" data-indicador="${nome}" data-valor="${l.valor === null ? '' : String(l.valor)}">${valor}${notas.marcar(l.flag)}</td>`;
}

function celulaMultiplo(
  m: MultiploAnual | undefined,
  campo: 'pl' | 'pvp',
  ticker: string,
  lang: Lang,
  t: Strings,
) {
  if (m === undefined) return html`<td>—</td>`;
  const v = m[campo];
  return html`<td data-ticker="${ticker}" data-multiplo="${campo}" data-valor="${v === null ? '' : String(v)}">${
    v === null ? html`<span class="sem-valor">${t.empresa.sem_valor}</span>` : formatarValor(v, 'vezes', lang)
  }</td>`;
}

function corpoComparacao(a: Lado, b: Lado, lang: Lang, t: Strings, textos: TextosDicionario) {
  const x = t.borda;
  const notas = new NotasDeFlags(t, textos);
  const ano = ultimoAnoComum([a.indicadores?.indicadores ?? [], b.indicadores?.indicadores ?? []]);
  const cabecalho = (l: Lado) =>
    html`<th scope="col"><a href="${href(lang, `/acoes/${l.indice.ticker}`)}">${l.indice.ticker}</a><br><small lang="pt-BR">${l.indice.nome}</small></th>`;
  const nomes =
    ano === null
      ? []
      : NOMES_INDICADORES.filter((n) =>
          [a, b].some((l) => l.indicadores?.indicadores.some((r) => r.ano === ano && r.nome === n)),
        );
  const indicadores =
    ano === null
      ? html`<p data-sem-ano>${x.comparar_sem_ano}</p>`
      : html`<p>${preencher(x.comparar_lead, { ano })}</p>
<div class="rolagem" tabindex="0" role="region" aria-label="${t.empresa.indicadores}">
<table data-comparacao data-ano="${ano}"><caption>${t.empresa.indicadores} · ${ano}</caption>
<thead><tr><th scope="col">${t.empresa.indicador}</th>${cabecalho(a)}${cabecalho(b)}</tr></thead>
<tbody>${nomes.map(
          (n) =>
            html`<tr><th scope="row"><a href="${href(lang, `/metodologia`)}#${n}">${tituloIndicador(n, textos)}</a></th>${celulaIndicador(a, ano, n, lang, t, notas)}${celulaIndicador(b, ano, n, lang, t, notas)}</tr>`,
        )}</tbody></table></div>`;

  const anoMult = ultimoAnoComum([a.multiplos?.anuais ?? [], b.multiplos?.anuais ?? []]);
  const linhaMult = (l: Lado) => l.multiplos?.anuais.find((m) => m.ano === anoMult);
  const [ma, mb] = [linhaMult(a), linhaMult(b)];
  const precoDe = (m: MultiploAnual | undefined) =>
    m === undefined
      ? html`<td>—</td>`
      : html`<td data-data-preco="${m.data_preco}">${preencher(x.preco_de, { data: m.data_preco })}${notas.marcar(m.flag)}</td>`;
  const multiplos =
    anoMult === null
      ? html`<p data-sem-multiplos>${x.comparar_sem_multiplos}</p>`
      : html`<p>${preencher(x.comparar_multiplos_lead, { ano: anoMult })}</p>
<div class="rolagem" tabindex="0" role="region" aria-label="${x.comparar_multiplos}">
<table data-multiplos data-ano="${anoMult}"><caption>${x.comparar_multiplos} · ${anoMult}</caption>
<thead><tr><th scope="col">${t.empresa.indicador}</th>${cabecalho(a)}${cabecalho(b)}</tr></thead>
<tbody>
<tr><th scope="row">${x.pl}</th>${celulaMultiplo(ma, 'pl', a.indice.ticker, lang, t)}${celulaMultiplo(mb, 'pl', b.indice.ticker, lang, t)}</tr>
<tr><th scope="row">${x.pvp}</th>${celulaMultiplo(ma, 'pvp', a.indice.ticker, lang, t)}${celulaMultiplo(mb, 'pvp', b.indice.ticker, lang, t)}</tr>
<tr><th scope="row">${x.data}</th>${precoDe(ma)}${precoDe(mb)}</tr>
</tbody></table></div>`;

  return html`<h1>${preencher(x.comparar_titulo, { a: a.indice.ticker, b: b.indice.ticker })}</h1>
<p><a href="${href(lang, `/acoes/${a.indice.ticker}`)}">${preencher(x.pagina_empresa, { ticker: a.indice.ticker })}</a> · <a href="${href(lang, `/acoes/${b.indice.ticker}`)}">${preencher(x.pagina_empresa, { ticker: b.indice.ticker })}</a></p>
<section aria-labelledby="h-ind"><h2 id="h-ind">${t.empresa.indicadores}</h2>
${indicadores}
</section>
<section aria-labelledby="h-mult"><h2 id="h-mult">${x.comparar_multiplos}</h2>
${multiplos}
</section>
${notas.lista()}`;
}

/** `/comparar/{a}/{b}`: two companies side by side (any trading codes, old ones included). */
export const comparar = new Hono<AppEnv>().get(
  `/comparar/:a{${CODIGO_NA_ROTA}}/:b{${CODIGO_NA_ROTA}}`,
  validar('param', Par),
  async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang);
    const x = t.borda;
    const { a, b } = c.req.valid('param');
    const bucket = c.env.ARTEFATOS;
    const build = await buildAtual(bucket);
    const mapa = (await tickersDe(bucket, build)) ?? {};
    const pedido = `/comparar/${a}/${b}`;
    for (const codigo of [a, b]) {
      if (mapa[codigo] === undefined)
        return paginaNaoEncontrada(c, pedido, preencher(x.comparar_desconhecido, { codigo }));
    }
    const [ra, rb] = [mapa[a], mapa[b]];
    if (ra === undefined || rb === undefined) throw new Error('unreachable: both codes were checked');
    const lados: Lado[] = [];
    for (const [codigo, r] of [
      [a, ra],
      [b, rb],
    ] as const) {
      const indice = await recursoDaEmpresa(bucket, build, r.cd_regulator, 'index', EmpresaIndiceSchema);
      if (indice === null)
        return paginaNaoEncontrada(c, pedido, preencher(x.comparar_sem_pagina, { codigo }));
      lados.push({ codigo, indice, indicadores: null, multiplos: null });
    }
    const [la, lb] = lados;
    if (la === undefined || lb === undefined) throw new Error('unreachable: two sides');
    // Canonical address: the pair of current main codes in alphabetical order, whatever was typed.
    const [p1, p2] = [la.indice.ticker, lb.indice.ticker].sort();
    const caminho = `/comparar/${p1}/${p2}`;
    if (ra.cd_regulator === rb.cd_regulator) {
      const corpo = html`<h1>${preencher(x.comparar_titulo, { a, b })}</h1>
<p data-mesma-empresa>${preencher(x.comparar_mesma, { a, b, nome: la.indice.nome })}</p>
<p><a href="${href(lang, `/acoes/${la.indice.ticker}`)}">${preencher(x.pagina_empresa, { ticker: la.indice.ticker })}</a></p>`;
      return paginaHtml(
        c,
        { caminho: pedido, titulo: preencher(x.comparar_titulo, { a, b }), noindex: true },
        emTexto(corpo),
      );
    }
    for (const l of lados) {
      const cd = l.indice.cd_regulator;
      [l.indicadores, l.multiplos] = await Promise.all([
        recursoDaEmpresa(bucket, build, cd, 'indicadores', IndicadoresSchema),
        recursoDaEmpresa(bucket, build, cd, 'multiplos', MultiplosSchema),
      ]);
    }
    const textos = await textosDoDicionario(bucket, build, lang);
    return paginaHtml(
      c,
      {
        caminho,
        titulo: preencher(x.comparar_titulo, { a: la.indice.ticker, b: lb.indice.ticker }),
        numeros: true,
      },
      emTexto(corpoComparacao(la, lb, lang, t, textos)),
    );
  },
);
