import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import type { Evento, EventoPublicado } from '@fundamentos/schemas/eventos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { href } from '@fundamentos/ui/i18n/routes';
import { type Lang, strings } from '@fundamentos/ui/i18n/strings';
import { html } from 'hono/html';
import { buildAtual, jsonDoCatalogo } from '../artefatos.ts';
import { emTexto } from '../paginas/comum.ts';
import { semClasse } from '../vigia/selecao.ts';
import { diasDaSemana, eventosDaSemana } from '../vigia/semana.ts';
import { linkCancelar, rodapeCancelar } from './acompanhar.ts';
import { enviar } from './correio.ts';

/**
 * Company events of one ISO week (the content of `/vigia/semana/{YYYY-WW}` that concerns companies), per
 * ticker, newest first as published.
 */
export function eventosDaSemanaPorTicker(
  eventos: readonly EventoPublicado[],
  semana: string,
): Map<string, Evento[]> {
  const porTicker = new Map<string, Evento[]>();
  if (diasDaSemana(semana) === null) return porTicker;
  for (const e of eventosDaSemana(eventos, semana)) {
    if (e.classe !== 'empresas') continue;
    porTicker.set(e.ticker, [...(porTicker.get(e.ticker) ?? []), semClasse(e)]);
  }
  return porTicker;
}

interface Seguidor {
  id: string;
  email_hash: string;
  email: string;
  ticker: string;
  lang: Lang;
}

export interface ResultadoDoResumo {
  semana: string;
  mensagens: number;
}

/**
 * Weekly digest: one message per active follower (address) listing the week's events of the companies they
 * follow, in the language of their latest follow; a follower with no event that week gets nothing. Each
 * company's block ends with its own unsubscribe link.
 */
export async function enviarResumo(env: Env, semana: string, origem: string): Promise<ResultadoDoResumo> {
  const build = await buildAtual(env.ARTEFATOS);
  const artefato = await jsonDoCatalogo(env.ARTEFATOS, build, ARTEFATOS.eventos);
  const porTicker = eventosDaSemanaPorTicker(artefato?.eventos ?? [], semana);
  if (porTicker.size === 0) return { semana, mensagens: 0 };
  const linhas = await env.DB.prepare(
    "SELECT id, email_hash, email, ticker, lang FROM acompanhamentos WHERE estado = 'ativo' ORDER BY email_hash, confirmado_em",
  ).all<Seguidor>();
  const porPessoa = new Map<string, Seguidor[]>();
  for (const l of linhas.results) porPessoa.set(l.email_hash, [...(porPessoa.get(l.email_hash) ?? []), l]);
  let mensagens = 0;
  for (const seguidos of porPessoa.values()) {
    const comEventos = seguidos.filter((s) => porTicker.has(s.ticker));
    const ultimo = seguidos.at(-1);
    if (comEventos.length === 0 || ultimo === undefined) continue;
    const lang = ultimo.lang;
    const t = strings(lang).contas;
    const pagina = `${origem}${href(lang, `/vigia/semana/${semana}`)}`;
    const blocosTexto: string[] = [];
    const blocosHtml: string[] = [];
    for (const s of comEventos) {
      const eventos = porTicker.get(s.ticker) ?? [];
      const rodape = rodapeCancelar(lang, s.ticker, await linkCancelar(env, origem, lang, s.id));
      const frase = (e: Evento) => `${e.data} · ${lang === 'en' ? e.texto_en : e.texto}`;
      blocosTexto.push(
        `${s.ticker} · ${eventos[0]?.nome ?? ''}\n${eventos.map((e) => `- ${frase(e)}`).join('\n')}${rodape.texto}`,
      );
      blocosHtml.push(
        emTexto(
          html`<h2>${s.ticker} · ${eventos[0]?.nome ?? ''}</h2><ul>${eventos.map((e) => html`<li>${frase(e)}</li>`)}</ul>`,
        ) + rodape.html,
      );
    }
    const intro = mensagem(lang, t.msg_resumo_intro, { semana });
    const linkPagina = mensagem(lang, t.msg_resumo_pagina, { link: pagina });
    await enviar(env, {
      para: ultimo.email,
      assunto: mensagem(lang, t.msg_resumo_assunto, { semana }),
      texto: `${intro}\n\n${blocosTexto.join('\n\n')}\n\n${linkPagina}`,
      html: `${emTexto(html`<p>${intro}</p>`)}${blocosHtml.join('\n')}${emTexto(html`<p><a href="${pagina}">${linkPagina}</a></p>`)}`,
      // One-click unsubscribe header: the first company of the message (each block has its own link).
      cancelar: await linkCancelar(env, origem, lang, comEventos[0]?.id ?? ultimo.id),
    });
    mensagens++;
  }
  return { semana, mensagens };
}
