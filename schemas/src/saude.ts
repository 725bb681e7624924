import { z } from 'zod';
import { TimestampSchema, versaoDoDado } from './comum.ts';

/** `GET /saude` (our design: the spec only says it carries the data version). */
export const SaudeSchema = z
  .strictObject({
    ok: z.boolean().describe('Whether the service can answer from a published build.'),
    versao_do_dado: versaoDoDado().describe(
      'Live data version; a page showing another value is a cached copy.',
    ),
    construido_em: TimestampSchema.describe('When the live build was made.'),
    verificado_em: TimestampSchema.describe('When this answer was produced.'),
  })
  .describe('Health answer (/saude).');
export type Saude = z.infer<typeof SaudeSchema>;
