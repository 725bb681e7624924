import { versaoDoDado } from '@fundamentos/schemas/comum';
import { type Evento, EventoSchema } from '@fundamentos/schemas/eventos';
import { href } from '@fundamentos/site/i18n/routes';
import type { Lang } from '@fundamentos/site/i18n/strings';
import { html } from 'hono/html';
import { z } from 'zod';
import { buildAtual, jsonDoBuild } from '../artefatos.ts';
import { emTexto, preencher } from '../paginas/comum.ts';
import { linkCancelar, rodapeCancelar } from './acompanhar.ts';
import { enviar } from './correio.ts';
import { diasDaSemana } from './semana-iso.ts';
import { textos } from './textos.ts';

/** The watcher's artefact (built by the vigia stage): every event newest first, each with its class. */
export const CAMINHO_EVENTOS = 'json/vigia/eventos.json';

const EventoComClasse = z
  .looseObject({ classe: z.enum(['empresas', 'fiis', 'etfs']) })
  .transform(({ classe, ...evento }, ctx) => {
    const r = EventoSchema.safeParse(evento);
    if (!r.success) {
      for (const i of r.error.issues) ctx.addIssue({ ...i, code: 'custom', message: i.message });
      return z.NEVER;
    }
    return { classe, evento: r.data };
  });

export const EventosVigiaSchema = z.object({
  versao_do_dado: versaoDoDado(),
  eventos: z.array(EventoComClasse),
});

/** Company events of one ISO week (by reception date `data`), per ticker, newest first. */
export function eventosDaSemana(
  eventos: z.output<typeof EventosVigiaSchema>['eventos'],
  semana: string,
): Map<string, Evento[]> {
  const dias = diasDaSemana(semana);
  const porTicker = new Map<string, Evento[]>();
  if (dias === null) return porTicker;
  for (const { classe, evento } of eventos) {
    if (classe !== 'empresas' || evento.data < dias.de || evento.data > dias.ate) continue;
    porTicker.set(evento.ticker, [...(porTicker.get(evento.ticker) ?? []), evento]);
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
  const artefato = await jsonDoBuild(env.ARTEFATOS, build, CAMINHO_EVENTOS, EventosVigiaSchema);
  const porTicker = eventosDaSemana(artefato?.eventos ?? [], semana);
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
    const t = textos(lang);
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
    const intro = preencher(t.msg_resumo_intro, { semana });
    const linkPagina = preencher(t.msg_resumo_pagina, { link: pagina });
    await enviar(env, {
      para: ultimo.email,
      assunto: preencher(t.msg_resumo_assunto, { semana }),
      texto: `${intro}\n\n${blocosTexto.join('\n\n')}\n\n${linkPagina}`,
      html: `${emTexto(html`<p>${intro}</p>`)}${blocosHtml.join('\n')}${emTexto(html`<p><a href="${pagina}">${linkPagina}</a></p>`)}`,
      // One-click unsubscribe header: the first company of the message (each block has its own link).
      cancelar: await linkCancelar(env, origem, lang, comEventos[0]?.id ?? ultimo.id),
    });
    mensagens++;
  }
  return { semana, mensagens };
}
