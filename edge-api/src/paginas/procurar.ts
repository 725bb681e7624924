import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import type { EmpresaListaItem } from '@fundamentos/schemas/empresa';
import type { EtfLista } from '@fundamentos/schemas/etfs';
import type { FiiLista } from '@fundamentos/schemas/fiis';
import { TickerNaRotaSchema } from '@fundamentos/schemas/parametros';
import type { Tickers } from '@fundamentos/schemas/tickers';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, type Strings, strings } from '@fundamentos/ui/i18n/strings';
import { compararNaBusca, lerConsulta, normalizar, ordemNaBusca } from '@fundamentos/ui/layout/busca';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { buildAtual, jsonDoCatalogo, tickersDe } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { emTexto, idiomaDaPagina } from './comum.ts';
import { ConsultaDaProcura } from './consultas.ts';
import { marcarPagina, paginaHtml } from './layout.ts';

/** Results shown on one page; the count says how many matched. */
export const MAX_RESULTADOS = 50;

export type Tipo = 'acao' | 'fii' | 'etf';

export interface Achado {
  tipo: Tipo;
  codigo: string;
  nome: string;
  cnpj: string | null;
  cd_regulator: number | null;
  /** Language-neutral page path of the asset. */
  caminho: string;
  /** 0 code, 1 registry number, 2 name: the order results are listed in. */
  ordem: 0 | 1 | 2;
}

export interface Universo {
  empresas: EmpresaListaItem[];
  tickers: Tickers;
  fiis: FiiLista | null;
  etfs: EtfLista | null;
}

const ROTA: Record<Tipo, string> = { acao: '/acoes', fii: '/fiis', etf: '/etfs' };

/** The asset page an exact trading code (case-insensitive, old codes included) leads to, else null. */
export function codigoExato(q: string, u: Universo): string | null {
  const codigo = q.trim().toUpperCase();
  if (!TickerNaRotaSchema.safeParse(codigo).success) return null;
  const acao = u.tickers[codigo];
  if (acao) return `${ROTA.acao}/${acao.ticker_atual}`;
  if (u.fiis?.fundos.some((f) => f.ticker === codigo)) return `${ROTA.fii}/${codigo}`;
  if (u.etfs?.some((e) => e.ticker === codigo)) return `${ROTA.etf}/${codigo}`;
  return null;
}

interface Candidato {
  tipo: Tipo;
  codigo: string;
  codigos: string[];
  nome: string;
  cnpj: string | null;
  cd_regulator: number | null;
}

/**
 * Matches, best first: a trading-code prefix (old codes too), then the CVM code or the CNPJ (digits only or
 * formatted; at least the 8-digit root for a CNPJ), then the name (every word of the query, accents and case
 * ignored). The rules are ui's (`@fundamentos/ui/layout/busca`), the same text the search box runs.
 */
export function procurarEm(q: string, u: Universo): Achado[] {
  const consulta = lerConsulta(q, normalizar);
  if (consulta === null) return [];

  const codigosPorCd = new Map<number, string[]>();
  for (const [c, v] of Object.entries(u.tickers)) {
    const l = codigosPorCd.get(v.cd_regulator) ?? [];
    l.push(c);
    codigosPorCd.set(v.cd_regulator, l);
  }
  const candidatos: Candidato[] = [
    ...u.empresas.map((e) => ({
      tipo: 'acao' as const,
      codigo: e.ticker,
      codigos: [...new Set([...e.tickers, ...(codigosPorCd.get(e.cd_regulator) ?? [])])],
      nome: e.nome,
      cnpj: e.cnpj,
      cd_regulator: e.cd_regulator,
    })),
    ...(u.fiis?.fundos ?? []).map((f) => ({
      tipo: 'fii' as const,
      codigo: f.ticker,
      codigos: [f.ticker],
      nome: f.nome,
      cnpj: f.cnpj,
      cd_regulator: null,
    })),
    ...(u.etfs ?? []).map((e) => ({
      tipo: 'etf' as const,
      codigo: e.ticker,
      codigos: [e.ticker],
      nome: e.nome,
      cnpj: e.cnpj,
      cd_regulator: null,
    })),
  ];

  const achados: Achado[] = [];
  for (const k of candidatos) {
    const ordem = ordemNaBusca(consulta, {
      codigos: k.codigos,
      cvm: k.cd_regulator,
      cnpj: k.cnpj === null ? null : k.cnpj.replace(/\D/g, ''),
      chave: normalizar(k.nome),
    });
    if (ordem === null) continue;
    achados.push({
      tipo: k.tipo,
      codigo: k.codigo,
      nome: k.nome,
      cnpj: k.cnpj,
      cd_regulator: k.cd_regulator,
      caminho: `${ROTA[k.tipo]}/${k.codigo}`,
      ordem,
    });
  }
  return achados.sort(compararNaBusca);
}

function formulario(lang: Lang, t: Strings, q: string) {
  const x = t.borda;
  return html`<form role="search" action="${href(lang, '/procurar')}" method="get" class="procurar">
<label for="q">${x.procurar_rotulo}</label><br>
<input id="q" name="q" type="search" value="${q}" autocomplete="off" maxlength="200">
<button type="submit">${x.procurar_botao}</button>
</form>`;
}

function avisosDeFundos(u: Universo, t: Strings) {
  return html`${u.fiis === null ? html`<p class="nota" data-sem-fiis>${t.borda.procurar_sem_fiis}</p>` : ''}${
    u.etfs === null ? html`<p class="nota" data-sem-etfs>${t.borda.procurar_sem_etfs}</p>` : ''
  }`;
}

function resultados(q: string, achados: Achado[], lang: Lang, t: Strings) {
  const x = t.borda;
  if (achados.length === 0) return html`<p data-nenhum>${mensagem(lang, x.procurar_nenhum, { q })}</p>`;
  const tipo: Record<Tipo, string> = { acao: x.tipo_acao, fii: x.tipo_fii, etf: x.tipo_etf };
  const mostrados = achados.slice(0, MAX_RESULTADOS);
  return html`<p aria-live="polite" data-contagem="${achados.length}">${mensagem(lang, x.procurar_mostrando, {
    n: mostrados.length,
    total: achados.length,
  })}</p>
<div class="rolagem" tabindex="0" role="region" aria-label="${mensagem(lang, x.procurar_resultados, { q })}">
<table data-resultados><caption>${mensagem(lang, x.procurar_resultados, { q })}</caption>
<thead><tr><th scope="col">${x.codigo}</th><th scope="col">${x.nome}</th><th scope="col">${x.tipo}</th><th scope="col">${x.cnpj}</th><th scope="col">${x.cvm}</th></tr></thead>
<tbody>${mostrados.map(
    (a) =>
      html`<tr data-codigo="${a.codigo}"><th scope="row"><a href="${href(lang, a.caminho)}">${a.codigo}</a></th><td lang="pt-BR">${a.nome}</td><td>${tipo[a.tipo]}</td><td>${a.cnpj ?? '—'}</td><td>${a.cd_regulator ?? '—'}</td></tr>`,
  )}</tbody></table></div>`;
}

/**
 * `/procurar?q=`: an exact trading code answers 302 to the asset's page (old codes to the current one),
 * anything else lists matches (noindex); an empty `q` shows the form.
 */
export const procurar = new Hono<AppEnv>().get(
  '/procurar',
  marcarPagina,
  validar('query', ConsultaDaProcura),
  async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang);
    const x = t.borda;
    const q = c.req.valid('query').q.trim();
    const bucket = c.env.ARTEFATOS;
    const build = await buildAtual(bucket);
    const [empresas, tickers, fiis, etfs] = await Promise.all([
      jsonDoCatalogo(bucket, build, ARTEFATOS.empresas),
      tickersDe(bucket, build),
      jsonDoCatalogo(bucket, build, ARTEFATOS.fiis),
      jsonDoCatalogo(bucket, build, ARTEFATOS.etfs),
    ]);
    const u: Universo = { empresas: empresas ?? [], tickers: tickers ?? {}, fiis, etfs };
    if (q === '') {
      const corpo = html`<h1>${x.procurar_titulo}</h1>
${formulario(lang, t, '')}
<p>${x.procurar_dica}</p>
${avisosDeFundos(u, t)}`;
      return paginaHtml(c, { caminho: '/procurar', titulo: x.procurar_titulo }, emTexto(corpo));
    }
    const destino = codigoExato(q, u);
    if (destino !== null) return c.redirect(href(lang, destino), 302);
    const corpo = html`<h1>${mensagem(lang, x.procurar_resultados, { q })}</h1>
${formulario(lang, t, q)}
${resultados(q, procurarEm(q, u), lang, t)}
${avisosDeFundos(u, t)}`;
    return paginaHtml(
      c,
      { caminho: '/procurar', titulo: mensagem(lang, x.procurar_resultados, { q }), noindex: true },
      emTexto(corpo),
    );
  },
);
