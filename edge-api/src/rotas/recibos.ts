import { ReciboSchema } from '@fundamentos/schemas/recibo';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { lerAtual } from '../artefatos.ts';
import { ErroApi, naoEncontrado } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';

/**
 * A receipt is frozen in R2 `RECIBOS` at `recibos/<id>.json` as the `Recibo` without
 * `versao_do_dado_hoje`; that one field is the live version, added when the receipt is read.
 */
const ReciboGuardadoSchema = ReciboSchema.omit({ versao_do_dado_hoje: true });

const ID = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'id do recibo: letras, dígitos, _ ou -');
const PorIdJson = z.object({
  arquivo: z.string().regex(/^[A-Za-z0-9_-]{1,80}\.json$/, 'esperado <id>.json'),
});

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
  .get('/:arquivo{.+\\.json}', validar('param', PorIdJson), async (c) => {
    const id = c.req.valid('param').arquivo.replace(/\.json$/, '');
    return c.json(await lerRecibo(c.env, id));
  })
  .get('/:rid', validar('param', z.object({ rid: ID })), async (c) => {
    const r = await lerRecibo(c.env, c.req.valid('param').rid);
    c.header('X-Robots-Tag', 'noindex');
    const accept = c.req.header('accept') ?? '';
    if (!accept.includes('text/html')) return c.json(r);
    return c.html(html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Recibo ${r.id}</title></head>
<body><main><h1>Recibo ${r.id}</h1>
<p>Criado em ${r.criado_em}, versão do dado ${r.versao_do_dado} (hoje: ${r.versao_do_dado_hoje}).</p>
<p>sha256 do resultado: <code>${r.sha256}</code></p><p>${r.como_conferir}</p>
<p><a href="/recibo/${r.id}.json">JSON</a></p><pre>${JSON.stringify(r.resultado, null, 2)}</pre></main></body></html>`);
  });
