import { aplicarChecagens, type Checagem } from './checagens.ts';
import type { Parametros } from './sql.ts';
import type { Stage } from './stage.ts';

/** One statement of a mart, with the values it binds (`$nome` or `$1`), never quoted into the text. */
export type Passo = string | { sql: string; params: Parametros };

/**
 * A mart stage declared as data: its statements in order, then the checks that must hold of the
 * tables they made (each one an invariant of the build report). It publishes nothing itself.
 */
export function estagioDeMart(
  nome: string,
  passos: readonly Passo[],
  checagens: readonly Checagem[],
  /** What it reads and creates (core/stage.ts), which makes it cacheable. */
  declaracoes: Pick<Stage, 'le' | 'cria'> = {},
): Stage {
  return {
    name: nome,
    ...declaracoes,
    async run(ctx) {
      for (const p of passos) {
        if (typeof p === 'string') await ctx.db.run(p);
        else await ctx.db.run(p.sql, p.params);
      }
      await aplicarChecagens(ctx.db, ctx.report, checagens);
      return [];
    },
  };
}
