import { z } from 'zod';

/**
 * The plans sold at /assinar (spec: `pro`, `pix` with `pacote` such as `1m`; `moeda` default `brl`).
 * `pro` is a monthly card subscription (Stripe Billing); `pix` is a prepaid package of months paid once by
 * Pix (Stripe supports Pix only in BRL and only for one-off payments), after which the key expires.
 * Prices in cents of the currency; Stripe receives them as `price_data`, so no dashboard setup is needed.
 */
export const MOEDAS = ['brl', 'usd'] as const;
export type Moeda = (typeof MOEDAS)[number];

export const PACOTES = { '1m': 1, '3m': 3, '12m': 12 } as const;
export type Pacote = keyof typeof PACOTES;

export const PRECO_PRO_MENSAL: Record<Moeda, number> = { brl: 2900, usd: 600 };
export const PRECO_PIX: Record<Pacote, number> = { '1m': 2900, '3m': 7900, '12m': 29000 };

export type Escolha =
  | { plano: 'pro'; moeda: Moeda; pacote: null; valor: number }
  | { plano: 'pix'; moeda: 'brl'; pacote: Pacote; valor: number };

/** Query of GET /assinar and fields of the confirmation form; old links may carry any of them. */
export const EscolhaQuery = z
  .object({
    plano: z.enum(['pro', 'pix'], 'esperado pro ou pix').optional(),
    moeda: z.enum(MOEDAS, 'esperado brl ou usd').default('brl'),
    pacote: z.enum(Object.keys(PACOTES) as [Pacote, ...Pacote[]], 'esperado 1m, 3m ou 12m').optional(),
    voltou: z.enum(['ok', 'cancelado'], 'esperado ok ou cancelado').optional(),
    lang: z.enum(['pt', 'en']).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.plano === 'pix' && q.moeda !== 'brl')
      ctx.addIssue({ code: 'custom', path: ['moeda'], message: 'Pix só em brl' });
    if (q.plano === 'pro' && q.pacote !== undefined)
      ctx.addIssue({ code: 'custom', path: ['pacote'], message: 'pacote só vale para o plano pix' });
  });
export type EscolhaQuery = z.output<typeof EscolhaQuery>;

/** The plan a valid query names, with its price; null when no plan was named (the plan list). */
export function escolha(q: EscolhaQuery): Escolha | null {
  if (q.plano === 'pro')
    return { plano: 'pro', moeda: q.moeda, pacote: null, valor: PRECO_PRO_MENSAL[q.moeda] };
  if (q.plano === 'pix') {
    // Old links `?plano=pix` without a package open the one-month package.
    const pacote = q.pacote ?? '1m';
    return { plano: 'pix', moeda: 'brl', pacote, valor: PRECO_PIX[pacote] };
  }
  return null;
}

/** Days of access a Pix package buys (a month counted as 31 days, in the reader's favour). */
export function diasDoPacote(pacote: Pacote): number {
  return PACOTES[pacote] * 31;
}
