import type { Context } from 'hono';
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
