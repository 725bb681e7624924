import type { Context } from 'hono';
import type { z } from 'zod';
import { parametrosInvalidos } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';

/** Text fields of a form post (urlencoded or multipart); anything else is an empty form. */
export async function corpoDoFormulario(c: Context<AppEnv>): Promise<Record<string, string>> {
  const tipo = c.req.header('content-type') ?? '';
  if (!tipo.startsWith('application/x-www-form-urlencoded') && !tipo.startsWith('multipart/form-data'))
    return {};
  const corpo = await c.req.parseBody();
  const campos: Record<string, string> = {};
  for (const [k, v] of Object.entries(corpo)) if (typeof v === 'string') campos[k] = v;
  return campos;
}

/**
 * A form's fields parsed with `schema`, or the one 422 shape naming each bad field. The error object has no
 * `body` location, so form fields are reported as `query` (the same names a GET of the page takes).
 */
export async function validarFormulario<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
): Promise<z.output<S>> {
  const r = schema.safeParse(await corpoDoFormulario(c));
  if (r.success) return r.data;
  throw parametrosInvalidos(
    r.error.issues.map((i) => ({
      local: 'query',
      nome: String(i.path[0] ?? 'corpo'),
      mensagem: i.message,
      tipo: i.code,
    })),
  );
}
