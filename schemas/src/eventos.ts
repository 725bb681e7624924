import { z } from 'zod';
import {
  CdRegulatorSchema,
  DataSchema,
  TextoSchema,
  TickerSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';

/** Company watcher kinds (spec section Events); REIT and ETF watchers have their own, not shown. */
export const TIPOS_EVENTO_EMPRESA = [
  'lucro_prejuizo',
  'faixa_margem',
  'faixa_divida',
  'reapresentacao',
  'bandeira',
] as const;
export const TipoEventoEmpresaSchema = z.enum(TIPOS_EVENTO_EMPRESA);

export const EventoSchema = z
  .strictObject({
    tipo: z
      .string()
      .regex(/^[a-z0-9_]+$/)
      .describe(
        'Event kind; companies: lucro_prejuizo, faixa_margem, faixa_divida, reapresentacao, bandeira.',
      ),
    periodo_anterior: z.string().min(1).describe('Previous period: a year (2023) or a quarter (2024T1).'),
    periodo_novo: z.string().min(1).describe('New period, same form.'),
    data: DataSchema.describe('Reception date of the document that reveals the event.'),
    indicador: z.string().min(1).nullable().describe('Indicator concerned, or null (e.g. flag events).'),
    antes: z.union([z.number(), z.string()]).describe('Number for indicator events, colour for flag events.'),
    depois: z
      .union([z.number(), z.string()])
      .describe('Number for indicator events, colour for flag events.'),
    faixa_antes: z.string().min(1).nullable(),
    faixa_depois: z.string().min(1).nullable(),
    motivos: z.array(z.string().min(1)).describe('Reasons (flag events), may be empty.'),
    fonte: z.string().min(1).describe('Source document.'),
    texto: TextoSchema,
    texto_en: TextoSchema,
    ticker: TickerSchema,
    nome: z.string().min(1),
    cd_regulator: CdRegulatorSchema.nullable().describe(
      'Regulator company code; null for funds (our design).',
    ),
    setor: z.string().min(1).nullable().describe('Sector; null for funds (our design).'),
    versao_do_dado: versaoDoDado(),
  })
  .refine((e) => typeof e.antes === typeof e.depois, {
    message: 'antes and depois must both be numbers or both be colours',
    path: ['depois'],
  });
export type Evento = z.infer<typeof EventoSchema>;

export const ContadorMensalSchema = z.strictObject({
  mes: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'mes must be YYYY-MM'),
  n: z.number().int().nonnegative(),
  por_tipo: z
    .record(z.string().min(1), z.number().int().nonnegative())
    .describe('Kind → count (our design).'),
});

export const VigiaEventosSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    total: z.number().int().nonnegative().describe('Events that match.'),
    mostrados: z.number().int().nonnegative().describe('Events returned (bounded by limite).'),
    eventos: z
      .array(EventoSchema)
      .refine((es) => es.every((e, i) => i === 0 || (es[i - 1]?.data ?? e.data) >= e.data), {
        message: 'eventos must be newest first',
      }),
    contador_mensal: z.array(ContadorMensalSchema),
    tipos: z.record(z.string().min(1), z.string().min(1)).describe('Kind → label.'),
    criterio: z.string().min(1),
    pagina: UrlSchema,
    metodologia: UrlSchema,
  })
  .refine((v) => v.mostrados === v.eventos.length && v.mostrados <= v.total, {
    message: 'mostrados must equal the number of eventos and not exceed total',
    path: ['mostrados'],
  })
  .describe('Watcher events (/vigia/eventos), newest first.');
export type VigiaEventos = z.infer<typeof VigiaEventosSchema>;
