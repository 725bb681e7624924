import { z } from 'zod';
import { NotaSchema, TickerSchema, UrlSchema, versaoDoDado } from './comum.ts';

export const AcessoSchema = z
  .enum(['aberta', 'chave', 'pro'])
  .describe('aberta: no key; chave: any key (or a trial ticker); pro: Pro plan key.');

export const InfoSchema = z
  .strictObject({
    servico: z.string().min(1).describe('Service name.'),
    versao_api: z.literal('0.1.0').describe('Version of the interface description.'),
    versao_do_dado: versaoDoDado(),
    rotas: z
      .array(
        z.strictObject({
          metodo: z.enum(['GET', 'POST']),
          caminho: z.string().regex(/^\//).describe('Path template, e.g. /empresas/{ticker}.'),
          acesso: AcessoSchema,
          o_que: z.string().min(1),
        }),
      )
      .min(1),
    planos: z
      .array(
        z.strictObject({
          plano: z.enum(['gratis', 'pro']),
          chamadas_por_dia: z.number().int().positive(),
          como_obter: UrlSchema,
        }),
      )
      .describe('Plans and daily quotas (free 200, Pro 10,000).'),
    degustacao_aberta: z.array(TickerSchema).describe('Tickers answered without a key.'),
    nota: NotaSchema,
  })
  .describe('Service description (/info); our design, the spec does not show its shape.');
export type Info = z.infer<typeof InfoSchema>;
