import { ARTEFATOS, caminhoDaEmpresa } from '@fundamentos/schemas/catalogo';
import type { Dicionario } from '@fundamentos/schemas/dicionario';
import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import { entradaDoDicionario, separarFlags } from '@fundamentos/schemas/flags';
import type { NomeIndicador } from '@fundamentos/schemas/indicadores';
import { formatarValor } from '@fundamentos/ui/formato';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, type Strings, strings } from '@fundamentos/ui/i18n/strings';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { z } from 'zod';
import { type Build, jsonDoCatalogo, lerArtefato } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';
import { langDaQuery } from './idioma.ts';
import { paginaHtml } from './layout.ts';

// Helpers shared by the pages the worker renders per request (search, pairs, portfolio).
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

// One number format for static and edge pages: the site's (`ui/src/formato.ts`).
export { formatarInteiro, formatarReais, formatarValor } from '@fundamentos/ui/formato';

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
  const caminho = caminhoDaEmpresa(cd, recurso);
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
  const d: Dicionario | null = await jsonDoCatalogo(bucket, build, ARTEFATOS.dicionario);
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
