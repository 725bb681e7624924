import { ReciboSchema } from '@fundamentos/schemas/recibo';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { strings } from '@fundamentos/ui/i18n/strings';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { lerAtual } from '../artefatos.ts';
import { ErroApi, naoEncontrado } from '../erro-api.ts';
import { paginaHtml } from '../paginas/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { PorRecibo, PorReciboJson } from './declaracoes.ts';

/**
 * A receipt is frozen in R2 `RECIBOS` at `recibos/<id>.json` as the `Recibo` without
 * `versao_do_dado_hoje`; that one field is the live version, added when the receipt is read.
 */
const ReciboGuardadoSchema = ReciboSchema.omit({ versao_do_dado_hoje: true });

async function lerRecibo(env: Env, id: string) {
  const obj = await env.RECIBOS.get(`recibos/${id}.json`);
  if (obj === null) throw naoEncontrado(`Recibo desconhecido: ${id}.`);
  const guardado = ReciboGuardadoSchema.safeParse(await obj.json());
  if (!guardado.success) throw new Error(`R2 RECIBOS recibos/${id}.json: ${guardado.error.message}`);
  const atual = await lerAtual(env.ARTEFATOS).catch((e: unknown) => {
    if (e instanceof ErroApi) return null;
    throw e;
  });
  return ReciboSchema.parse({
    ...guardado.data,
    versao_do_dado_hoje: atual?.versao_do_dado ?? guardado.data.versao_do_dado,
  });
}

/** Receipts are open and never change; `/recibo/{id}.json` is on the spec's public-cache list. */
export const recibos = new Hono<AppEnv>()
  .get('/:arquivo{.+\\.json}', validar('param', PorReciboJson), async (c) => {
    const id = c.req.valid('param').arquivo.replace(/\.json$/, '');
    return c.json(await lerRecibo(c.env, id));
  })
  .get('/:rid', validar('param', PorRecibo), async (c) => {
    const r = await lerRecibo(c.env, c.req.valid('param').rid);
    c.header('X-Robots-Tag', 'noindex');
    c.header('Vary', 'Accept, Accept-Language, Cookie');
    const accept = c.req.header('accept') ?? '';
    if (!accept.includes('text/html')) return c.json(r);
    // The receipt's own fields (como_conferir) are Portuguese and marked so; the page's words are `rotas.recibo`.
    const lang = c.get('lang');
    const t = strings(lang).rotas.recibo;
    const corpo = html`<h1>${t.titulo} ${r.id}</h1>
<p>${mensagem(lang, t.criado, { em: r.criado_em, versao: r.versao_do_dado, hoje: r.versao_do_dado_hoje })}</p>
<p>${t.sha256}: <code>${r.sha256}</code></p>
<p lang="pt-BR">${r.como_conferir}</p>
<p><a href="/recibo/${r.id}.json" type="application/json">JSON</a></p>
<pre>${JSON.stringify(r.resultado, null, 2)}</pre>`;
    return paginaHtml(
      c,
      { caminho: `/recibo/${r.id}`, titulo: `${t.titulo} ${r.id}`, noindex: true, numeros: true },
      String(corpo),
    );
  });
