import { z } from 'zod';
import {
  DataSchema,
  NotaSchema,
  TextoSchema,
  TickerSchema,
  TimestampSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';

export const MudancaSchema = z.strictObject({
  data: DataSchema.describe('Day of the change (reception date for filings, session for prices).'),
  tipo: z
    .enum(['documento_recebido', 'evento', 'reapresentacao', 'precos'])
    .describe('What changed: a filing received, a watcher event, a restatement, prices of a session.'),
  texto: TextoSchema,
  texto_en: TextoSchema,
  ticker: TickerSchema.nullable().describe('Asset concerned, or null for market-wide changes.'),
  url: UrlSchema.nullable(),
});

export const HojeSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    gerado_em: TimestampSchema,
    de: DataSchema.describe('First day of the window.'),
    ate: DataSchema.describe('Last day of the window.'),
    mudancas: z
      .array(MudancaSchema)
      .refine((ms) => ms.every((m, i) => i === 0 || (ms[i - 1]?.data ?? m.data) >= m.data), {
        message: 'mudancas must be newest first',
      }),
    nota: NotaSchema,
  })
  .refine((h) => h.de <= h.ate, { message: 'de after ate', path: ['de'] })
  .refine((h) => h.mudancas.every((m) => m.data >= h.de && m.data <= h.ate), {
    message: 'a change falls outside the window',
    path: ['mudancas'],
  })
  .describe('What changed in recent days (/hoje as JSON); our design.');
export type Hoje = z.infer<typeof HojeSchema>;
