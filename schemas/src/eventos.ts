import { z } from 'zod';
import {
  CdRegulatorSchema,
  DataSchema,
  TextoSchema,
  TickerSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';

/** Company watcher kinds (spec section Events); REIT and ETF watchers have their own (docs/vigia.md). */
export const TIPOS_EVENTO_EMPRESA = [
  'lucro_prejuizo',
  'faixa_margem',
  'faixa_divida',
  'reapresentacao',
  'bandeira',
] as const;
export const TipoEventoEmpresaSchema = z.enum(TIPOS_EVENTO_EMPRESA);

/** REIT watcher kinds (our design, docs/vigia.md). */
export const TIPOS_EVENTO_FII = ['faixa_dy', 'faixa_pvp', 'informe_reenviado', 'faixa_vacancia'] as const;
/** ETF watcher kinds (our design, docs/vigia.md). */
export const TIPOS_EVENTO_ETF = ['faixa_agio', 'indice_mudou', 'taxa_mudou', 'sobreposicao_mudou'] as const;

/** The three watchers: `classe` of the query (`/vigia/eventos?classe=fiis`) and of each published event. */
export const CLASSES_EVENTO = ['empresas', 'fiis', 'etfs'] as const;
export const ClasseEventoSchema = z.enum(CLASSES_EVENTO);
export type ClasseEvento = z.infer<typeof ClasseEventoSchema>;

export const TIPOS_POR_CLASSE: Record<ClasseEvento, readonly string[]> = {
  empresas: TIPOS_EVENTO_EMPRESA,
  fiis: TIPOS_EVENTO_FII,
  etfs: TIPOS_EVENTO_ETF,
};

/** Kind → label, both languages (`tipos` of the answer; pages and the weekly e-mail use the same). */
export const ROTULOS_TIPO: Record<string, { pt: string; en: string }> = {
  lucro_prejuizo: { pt: 'lucro ou prejuízo', en: 'profit or loss' },
  faixa_margem: { pt: 'margem líquida mudou de faixa', en: 'net margin changed band' },
  faixa_divida: { pt: 'dívida líquida/EBITDA mudou de faixa', en: 'net debt/EBITDA changed band' },
  reapresentacao: { pt: 'demonstrações reapresentadas', en: 'statements restated' },
  bandeira: { pt: 'bandeira de confiança mudou de cor', en: 'confidence flag changed colour' },
  faixa_dy: { pt: 'dividend yield 12 meses mudou de faixa', en: '12-month yield changed band' },
  faixa_pvp: { pt: 'P/VP mudou de faixa', en: 'P/B changed band' },
  informe_reenviado: { pt: 'informe mensal reenviado', en: 'monthly report resubmitted' },
  faixa_vacancia: { pt: 'vacância mudou de faixa', en: 'vacancy changed band' },
  faixa_agio: { pt: 'ágio/deságio mudou de faixa', en: 'premium/discount changed band' },
  indice_mudou: { pt: 'índice de referência mudou', en: 'reference index changed' },
  taxa_mudou: { pt: 'taxa mudou', en: 'fee changed' },
  sobreposicao_mudou: { pt: 'sobreposição com pares mudou', en: 'overlap with peers changed' },
};

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
    motivos_en: z
      .array(z.string().min(1))
      .optional()
      .describe('`motivos` in English, same order (our design; always present in published events).'),
    linhagem: UrlSchema.nullable()
      .optional()
      .describe("Lineage route of the new period's number, or null when the number has none (our design)."),
    documento: UrlSchema.nullable()
      .optional()
      .describe("The regulator's link to the filing (LINK_DOC of its index), or null (our design)."),
  })
  .refine((e) => typeof e.antes === typeof e.depois, {
    message: 'antes and depois must both be numbers or both be colours',
    path: ['depois'],
  });
export type Evento = z.infer<typeof EventoSchema>;

/** One event of the artefact `json/vigia/eventos.json`: the answer's event plus its watcher. */
export const EventoPublicadoSchema = z
  .strictObject({ ...EventoSchema.shape, classe: ClasseEventoSchema })
  .refine((e) => typeof e.antes === typeof e.depois, {
    message: 'antes and depois must both be numbers or both be colours',
    path: ['depois'],
  });
export type EventoPublicado = z.infer<typeof EventoPublicadoSchema>;

const maisNovoPrimeiro = <T extends { data: string }>(es: T[]) =>
  es.every((e, i) => i === 0 || (es[i - 1]?.data ?? e.data) >= e.data);

/**
 * `json/vigia/eventos.json`: every event of every watcher, newest first (the route filters it, the
 * pages and the weekly e-mail read it).
 */
export const VigiaEventosArtefatoSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    eventos: z
      .array(EventoPublicadoSchema)
      .refine(maisNovoPrimeiro, { message: 'eventos must be newest first' }),
  })
  .describe('Every watcher event of a build (json/vigia/eventos.json).');
export type VigiaEventosArtefato = z.infer<typeof VigiaEventosArtefatoSchema>;

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
    eventos: z.array(EventoSchema).refine(maisNovoPrimeiro, { message: 'eventos must be newest first' }),
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
