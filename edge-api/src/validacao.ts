import type { ParametroInvalido } from '@fundamentos/schemas/erros';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { parametrosInvalidos } from './erro-api.ts';

const LOCAL = { param: 'path', query: 'query', header: 'header' } as const;
type Alvo = keyof typeof LOCAL;

/** Parses `valor` with `schema`, or throws the one 422 shape, one entry per offending parameter. */
export function conferir<S extends z.ZodType>(alvo: Alvo, schema: S, valor: unknown): z.output<S> {
  const r = schema.safeParse(valor);
  if (r.success) return r.data;
  const parametros: ParametroInvalido[] = [];
  for (const issue of r.error.issues) {
    const nomes =
      issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.length ? String(issue.path[0]) : alvo];
    for (const nome of nomes) {
      parametros.push({ local: LOCAL[alvo], nome, mensagem: issue.message, tipo: issue.code });
    }
  }
  throw parametrosInvalidos(parametros);
}

/** Hono validator that refuses with the one 422 shape (see `conferir`). */
export function validar<A extends Alvo, S extends z.ZodType>(alvo: A, schema: S) {
  return validator(alvo, (valor): z.output<S> => conferir(alvo, schema, valor));
}
