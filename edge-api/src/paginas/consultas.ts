import { CLASSES_EVENTO } from '@fundamentos/schemas/eventos';
import { TickerNaRotaSchema } from '@fundamentos/schemas/parametros';
import { z } from 'zod';

/**
 * What the pages rendered per request accept in their address (query and path), as zod schemas: declared
 * with their routes in src/rotas/declaracoes.ts and the schemas the page handlers validate with, so a bad
 * address is the one 422 shape (src/erro-api.ts, answered as a page to a browser). Like declaracoes.ts,
 * nothing here needs the Workers runtime.
 */

const lang = z.enum(['pt', 'en']).optional();

/** `/procurar?q=`. */
export const ConsultaDaProcura = z.object({
  q: z.string().max(200, 'no máximo 200 caracteres').default(''),
});

/** A trading code in the comparison's path: the route's own pattern, then the one ticker rule. */
export const CODIGO_NA_ROTA = '[A-Za-z0-9]*[0-9][A-Za-z]?';
/** `/comparar/{cod_a}/{cod_b}`. */
export const ParDeCodigos = z.object({ cod_a: TickerNaRotaSchema, cod_b: TickerNaRotaSchema });

const tipoDeEvento = z
  .string()
  .regex(/^[a-z0-9_]*$/, 'tipo de evento em minúsculas')
  .optional()
  .transform((s) => (s === '' ? undefined : s));

/** `/vigia`: the list's filters (an empty field of the GET form is no filter). */
export const ConsultaDoVigia = z.strictObject({
  classe: z.enum(CLASSES_EVENTO, "classe deve ser 'empresas', 'fiis' ou 'etfs'").default('empresas'),
  tipo: tipoDeEvento,
  ticker: z
    .string()
    .regex(/^[A-Za-z0-9]{0,12}$/, 'código de negociação: até 12 letras ou dígitos')
    .optional()
    .transform((s) => (s === undefined || s === '' ? undefined : s.toUpperCase())),
  desde: z
    .union([z.literal(''), z.iso.date('data no formato AAAA-MM-DD')])
    .optional()
    .transform((s) => (s === '' ? undefined : s)),
  lang,
});

/** `/vigia/{ticker}`: the kind filter. */
export const ConsultaDoVigiaPorCodigo = z.strictObject({ tipo: tipoDeEvento, lang });

/** Pages that take nothing but the language (`/vigia/semana/{semana}`). */
export const ConsultaSoDeIdioma = z.strictObject({ lang });

/**
 * Positions per portfolio. Each company costs four R2 reads (prices, indicators, multiples, index); the bound
 * keeps one page well inside a Worker's per-request subrequest budget.
 */
export const MAX_POSICOES = 30;
/** Quantities above this are typing mistakes, and past 2^53 a product would lose cents. */
export const MAX_QUANTIDADE = 1_000_000_000_000;

/** A trading code as B3 writes it (TickerSchema), any case. */
export const CODIGO = /^[A-Za-z0-9]{4}\d{1,2}[A-Za-z]?$/;
export const QUANTIDADE = /^\d{1,13}$/;
/** Keys of the GET address that are not positions (`lista`: the form sent with GET, answered like the POST). */
const RESERVADAS = new Set(['lang', 'lista']);

export type Posicao = readonly [codigo: string, quantidade: number];

/** `/carteira`: every key but `lang` and `lista` is a code, every value a positive whole quantity. */
export const ConsultaDaCarteira = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .superRefine((q, ctx) => {
    const chaves = Object.keys(q).filter((k) => !RESERVADAS.has(k));
    if (chaves.length > MAX_POSICOES)
      ctx.addIssue({ code: 'custom', message: `no máximo ${MAX_POSICOES} posições`, path: [] });
    for (const k of chaves) {
      const v = q[k];
      if (!CODIGO.test(k))
        ctx.addIssue({ code: 'custom', message: 'código de negociação como PETR4 ou ENGI11', path: [k] });
      else if (typeof v !== 'string' || !QUANTIDADE.test(v) || Number(v) <= 0 || Number(v) > MAX_QUANTIDADE)
        ctx.addIssue({
          code: 'custom',
          message: 'quantidade: um inteiro positivo, só dígitos, uma vez por código',
          path: [k],
        });
    }
  })
  .transform((q): { posicoes: Posicao[]; lista: string | undefined } => {
    const soma = new Map<string, number>();
    for (const [k, v] of Object.entries(q)) {
      if (RESERVADAS.has(k) || typeof v !== 'string') continue;
      const c = k.toUpperCase();
      soma.set(c, (soma.get(c) ?? 0) + Number(v));
    }
    return { posicoes: [...soma], lista: typeof q.lista === 'string' ? q.lista : undefined };
  });
