import { z } from 'zod';
import { UrlSchema } from './comum.ts';

/** POST /portal: the provider's customer-portal session for the key's subscription (our design). */
export const PortalSchema = z.strictObject({
  url: UrlSchema.describe('Customer-portal session address at the payment provider; short-lived.'),
});
export type Portal = z.infer<typeof PortalSchema>;

/** POST /acompanhar answered as JSON (Accept: application/json): never echoes the address (our design). */
export const AcompanharRespostaSchema = z.strictObject({
  recebido: z.literal(true),
  ticker: z.string().min(1),
  confirmar_em_horas: z.number().int().positive(),
});

/** Hours a follow request waits for its confirmation before the hourly job deletes it (site form and worker). */
export const CONFIRMAR_EM_HORAS = 48;
