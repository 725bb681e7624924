import type { ParametroInvalido } from '@fundamentos/schemas/erros';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { parametrosInvalidos } from './erro-api.ts';

const LOCAL = { param: 'path', query: 'query', header: 'header' } as const;

/** Hono validator that refuses with the one 422 shape, one entry per offending parameter. */
export function validar<A extends keyof typeof LOCAL, S extends z.ZodType>(alvo: A, schema: S) {
  return validator(alvo, (valor): z.output<S> => {
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
  });
}
