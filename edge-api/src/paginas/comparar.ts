import { type EmpresaIndice, EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import {
  INDICADORES,
  type Indicadores,
  IndicadoresSchema,
  NOMES_INDICADORES,
  type NomeIndicador,
} from '@fundamentos/schemas/indicadores';
import { type MultiploAnual, type Multiplos, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, type Strings, strings } from '@fundamentos/ui/i18n/strings';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { buildAtual, tickersDe } from '../artefatos.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import {
  emTexto,
  formatarValor,
  idiomaDaPagina,
  linkLinhagem,
  NotasDeFlags,
  paginaNaoEncontrada,
  recursoDaEmpresa,
  type TextosDicionario,
  textosDoDicionario,
  tituloIndicador,
  ultimoAnoComum,
} from './comum.ts';
import { CODIGO_NA_ROTA, ParDeCodigos } from './consultas.ts';
import { marcarPagina, paginaHtml } from './layout.ts';

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
      : html`<p>${mensagem(lang, x.comparar_lead, { ano })}</p>
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
      : html`<td data-data-preco="${m.data_preco}">${mensagem(lang, x.preco_de, { data: m.data_preco })}${notas.marcar(m.flag)}</td>`;
  const multiplos =
    anoMult === null
      ? html`<p data-sem-multiplos>${x.comparar_sem_multiplos}</p>`
      : html`<p>${mensagem(lang, x.comparar_multiplos_lead, { ano: anoMult })}</p>
<div class="rolagem" tabindex="0" role="region" aria-label="${x.comparar_multiplos}">
<table data-multiplos data-ano="${anoMult}"><caption>${x.comparar_multiplos} · ${anoMult}</caption>
<thead><tr><th scope="col">${t.empresa.indicador}</th>${cabecalho(a)}${cabecalho(b)}</tr></thead>
<tbody>
<tr><th scope="row">${x.pl}</th>${celulaMultiplo(ma, 'pl', a.indice.ticker, lang, t)}${celulaMultiplo(mb, 'pl', b.indice.ticker, lang, t)}</tr>
<tr><th scope="row">${x.pvp}</th>${celulaMultiplo(ma, 'pvp', a.indice.ticker, lang, t)}${celulaMultiplo(mb, 'pvp', b.indice.ticker, lang, t)}</tr>
<tr><th scope="row">${x.data}</th>${precoDe(ma)}${precoDe(mb)}</tr>
</tbody></table></div>`;

  return html`<h1>${mensagem(lang, x.comparar_titulo, { a: a.indice.ticker, b: b.indice.ticker })}</h1>
<p><a href="${href(lang, `/acoes/${a.indice.ticker}`)}">${mensagem(lang, x.pagina_empresa, { ticker: a.indice.ticker })}</a> · <a href="${href(lang, `/acoes/${b.indice.ticker}`)}">${mensagem(lang, x.pagina_empresa, { ticker: b.indice.ticker })}</a></p>
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
  `/comparar/:cod_a{${CODIGO_NA_ROTA}}/:cod_b{${CODIGO_NA_ROTA}}`,
  marcarPagina,
  validar('param', ParDeCodigos),
  async (c) => {
    const lang = idiomaDaPagina(c);
    const t = strings(lang);
    const x = t.borda;
    const { cod_a: a, cod_b: b } = c.req.valid('param');
    const bucket = c.env.ARTEFATOS;
    const build = await buildAtual(bucket);
    const mapa = (await tickersDe(bucket, build)) ?? {};
    const pedido = `/comparar/${a}/${b}`;
    for (const codigo of [a, b]) {
      if (mapa[codigo] === undefined)
        return paginaNaoEncontrada(c, pedido, mensagem(lang, x.comparar_desconhecido, { codigo }));
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
        return paginaNaoEncontrada(c, pedido, mensagem(lang, x.comparar_sem_pagina, { codigo }));
      lados.push({ codigo, indice, indicadores: null, multiplos: null });
    }
    const [la, lb] = lados;
    if (la === undefined || lb === undefined) throw new Error('unreachable: two sides');
    // Canonical address: the pair of current main codes in alphabetical order, whatever was typed.
    const [p1, p2] = [la.indice.ticker, lb.indice.ticker].sort();
    const caminho = `/comparar/${p1}/${p2}`;
    if (ra.cd_regulator === rb.cd_regulator) {
      const corpo = html`<h1>${mensagem(lang, x.comparar_titulo, { a, b })}</h1>
<p data-mesma-empresa>${mensagem(lang, x.comparar_mesma, { a, b, nome: la.indice.nome })}</p>
<p><a href="${href(lang, `/acoes/${la.indice.ticker}`)}">${mensagem(lang, x.pagina_empresa, { ticker: la.indice.ticker })}</a></p>`;
      return paginaHtml(
        c,
        { caminho: pedido, titulo: mensagem(lang, x.comparar_titulo, { a, b }), noindex: true },
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
        titulo: mensagem(lang, x.comparar_titulo, { a: la.indice.ticker, b: lb.indice.ticker }),
        numeros: true,
      },
      emTexto(corpoComparacao(la, lb, lang, t, textos)),
    );
  },
);
