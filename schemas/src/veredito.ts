import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  CitacaoSchema,
  DataSchema,
  FlagSchema,
  NotaSchema,
  TextoSchema,
  TickerSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';
import { NomeIndicadorOuMultiploSchema } from './indicadores.ts';

export const MAXIMO_PALAVRAS_FRASE_TOPO = 25;

const contarPalavras = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;
const fraseTopo = (lingua: string) =>
  TextoSchema.refine((s) => contarPalavras(s) <= MAXIMO_PALAVRAS_FRASE_TOPO, {
    message: `top sentence must have at most ${MAXIMO_PALAVRAS_FRASE_TOPO} words`,
  }).describe(
    `Top sentence (${lingua}), at most ${MAXIMO_PALAVRAS_FRASE_TOPO} words, no judgment adjective.`,
  );

/** One reference of `comparacao` (our design: the spec shows the object abbreviated). */
export const ComparacaoReferenciaSchema = z
  .strictObject({
    mediana: z.number().nullable().describe('Median of the reference group; null when too few values.'),
    n: z.number().int().nonnegative().describe('Number of values in the reference group.'),
    posicao: z
      .enum(['abaixo', 'igual', 'acima'])
      .nullable()
      .describe('Where the value stands against the median (descriptive, not a judgment).'),
    percentil: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe(
        'Position of the value inside the group (0 smallest, 1 largest, ties share the mean position); null when the value is null, the group does not contain it (own history) or the group is too small.',
      ),
  })
  .describe('Our design.');

export const ItemVereditoSchema = z
  .strictObject({
    nome: NomeIndicadorOuMultiploSchema,
    rotulo: TextoSchema.describe('Human label of the indicator.'),
    valor: z
      .number()
      .nullable()
      .describe('Value in the unit of the indicator; null when doubtful (see flag).'),
    ano: AnoSchema,
    flag: FlagSchema,
    marcas: z
      .array(z.string().regex(/^[a-z0-9_]+$/))
      .describe('Short markers attached to the value (our design: snake_case codes).'),
    faixa: z
      .string()
      .min(1)
      .nullable()
      .describe('Numeric band text, e.g. "entre 5% e 15%"; null when no band applies.'),
    faixa_en: z.string().min(1).nullable(),
    texto_curto: TextoSchema,
    texto_curto_en: TextoSchema,
    comparacao: z
      .strictObject({
        setor: ComparacaoReferenciaSchema.nullable(),
        historico: ComparacaoReferenciaSchema.nullable().describe("The company's own previous years."),
        universo: ComparacaoReferenciaSchema.nullable(),
      })
      .describe('Against the sector, the own history and the whole universe (our design).'),
    disponivel: z.boolean().describe('Whether a value could be published.'),
    apoio: z
      .record(z.string().min(1), z.union([z.number(), z.string(), z.null()]))
      .optional()
      .describe(
        'Supporting values for some items, e.g. the net debt and EBITDA behind dl_ebitda (our design).',
      ),
    data_preco: DataSchema.nullable()
      .optional()
      .describe(
        'pl and pvp only: session of the price used; null when no annual multiple exists for the year.',
      ),
  })
  .refine((i) => (i.nome === 'pl' || i.nome === 'pvp') === (i.data_preco !== undefined), {
    message: 'data_preco is required for pl and pvp and absent otherwise',
    path: ['data_preco'],
  })
  .refine((i) => i.valor !== null || i.flag !== null || !i.disponivel, {
    message: 'an available item with a null valor must carry a flag',
    path: ['flag'],
  });
export type ItemVeredito = z.infer<typeof ItemVereditoSchema>;

/** Colours seen in the spec are verde and amarelo; vermelho is our design for the third state. */
export const CorBandeiraSchema = z.enum(['verde', 'amarelo', 'vermelho']);

export const BandeiraSchema = z
  .strictObject({
    cor: CorBandeiraSchema,
    texto: TextoSchema,
    texto_en: TextoSchema,
    motivos: z.array(TextoSchema),
    motivos_en: z.array(TextoSchema),
    reapresentacoes: z.strictObject({
      n: z.number().int().nonnegative(),
      anos: z.array(AnoSchema),
      por_ano: z
        .record(z.string().regex(/^\d{4}$/), z.number().int().nonnegative())
        .describe('Year → number of restated values (our design).'),
      maior_dif_rel: z.number().nullable().describe('Largest relative difference; null when n is 0.'),
      ultimo_ano: AnoSchema.nullable().describe('Last restated year; null when n is 0.'),
    }),
    ressalvas: z.strictObject({
      n: z
        .number()
        .int()
        .nonnegative()
        .describe("Annual statements (DFP) whose auditor's opinion is qualified, adverse or a disclaimer."),
      de: z.number().int().nonnegative().describe('Out of how many DFP opinions were read for the company.'),
      quais: z
        .array(z.string().min(1))
        .describe('Which: "<year>: <kind as the file writes it>", oldest first.'),
    }),
    defasagem: z.strictObject({
      ultimo_dfp_referencia: DataSchema.describe('Reference date of the latest annual statement.'),
      ultimo_dfp_recebido: DataSchema.describe('Reception date of the latest annual statement.'),
      ultimo_itr_referencia: DataSchema.nullable().describe(
        'Reference date of the latest ITR; null when none was read.',
      ),
      ultimo_trimestre: z
        .string()
        .regex(/^\d{4}T[1-3]$/)
        .nullable()
        .describe('Latest quarter, e.g. 2024T3; null when none was read.'),
      anos_entre_indicador_e_balanco: z.number().int().nonnegative(),
    }),
    numeros_publicados: z.number().int().nonnegative(),
  })
  .refine((b) => b.motivos.length === b.motivos_en.length, {
    message: 'motivos and motivos_en must have the same length',
    path: ['motivos_en'],
  })
  .describe('Confidence flag.');

export const VereditoSchema = z
  .strictObject({
    empresa: z.strictObject({
      cd_regulator: CdRegulatorSchema,
      ticker: TickerSchema,
      pedido: z.string().min(1).describe('The trading code as requested (may be an old code).'),
      nome: z.string().min(1),
      setor: z.string().min(1),
      tipo: z.string().min(1),
    }),
    ano: AnoSchema,
    modo: z.string().min(1).describe('Value seen: fato.'),
    frase_topo: fraseTopo('Portuguese'),
    frase_topo_en: fraseTopo('English'),
    perguntas: z
      .array(
        z.strictObject({
          pergunta: TextoSchema,
          pergunta_en: TextoSchema,
          itens: z.array(NomeIndicadorOuMultiploSchema).min(1),
        }),
      )
      .length(3)
      .describe('Three questions: earning money, soundness/indebtedness, and a third.'),
    itens: z
      .partialRecord(NomeIndicadorOuMultiploSchema, ItemVereditoSchema)
      .describe('Keyed by indicator name.'),
    bandeira: BandeiraSchema,
    versao_do_dado: versaoDoDado(),
    apurado_em: DataSchema,
    nota: NotaSchema,
    nota_en: NotaSchema,
    pagina: UrlSchema,
    metodologia: UrlSchema,
    citacao: CitacaoSchema,
  })
  .refine((v) => Object.entries(v.itens).every(([k, i]) => i === undefined || i.nome === k), {
    message: 'each item must be stored under its own nome',
    path: ['itens'],
  })
  .refine((v) => v.perguntas.every((p) => p.itens.every((n) => v.itens[n] !== undefined)), {
    message: 'a question names an item that is not in itens',
    path: ['perguntas'],
  })
  .describe('Deterministic verdict (/empresas/{ticker}/veredito); uses no AI.');
export type Veredito = z.infer<typeof VereditoSchema>;
