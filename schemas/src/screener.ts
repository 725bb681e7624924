import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  DataSchema,
  NotaSchema,
  TickerSchema,
  TimestampSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';
import { NOMES_INDICADORES, NomeIndicadorSchema } from './indicadores.ts';

/** What a range filter may name: the 13 indicators, annual P/L and 12-month P/L. */
export const INDICADORES_FILTRAVEIS = [...NOMES_INDICADORES, 'pl', 'pl_ttm'] as const;
export const IndicadorFiltravelSchema = z.enum(INDICADORES_FILTRAVEIS);
export type IndicadorFiltravel = z.infer<typeof IndicadorFiltravelSchema>;

export const OperadorSchema = z.enum(['min', 'max']).describe('min: value >= valor; max: value <= valor.');
export const RigorSchema = z
  .enum(['padrao', 'estrito'])
  .describe(
    'P/L only. padrao: accepts P/L with adjustment done or a light caveat, refuses blocking caveats and unknown flags; estrito: only P/L with no flag.',
  );

export const LIMITE_PADRAO_SCREENER = 100;
/** The spec does not state a maximum; ours bounds one answer's size. */
export const LIMITE_MAXIMO_SCREENER = 1000;

export const FiltroSchema = z.strictObject({
  indicador: IndicadorFiltravelSchema,
  operador: OperadorSchema,
  valor: z.number().describe('Bound, in the unit of the indicator (fractions for ratios).'),
});
export type Filtro = z.infer<typeof FiltroSchema>;

/** Parsed `/screener` query. Filters are sorted (indicator, then min before max) so equal queries hash equally. */
export const ScreenerConsultaSchema = z.strictObject({
  filtros: z.array(FiltroSchema),
  ano: AnoSchema.optional().describe("Fiscal year; absent means each company's latest year with data."),
  as_of: DataSchema.optional().describe('Only filings received and prices traded up to this date.'),
  limite: z.number().int().min(1).max(LIMITE_MAXIMO_SCREENER).describe('Rows returned.'),
  recibo: z.boolean().describe('true freezes the answer at a permanent address.'),
  rigor: RigorSchema,
});
export type ScreenerConsulta = z.infer<typeof ScreenerConsultaSchema>;

const NUMERO = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const INTEIRO = /^\d+$/;
const FILTRO = new RegExp(`^(${INDICADORES_FILTRAVEIS.join('|')})_(min|max)$`);

/** Query string as received: every value a string (one per name; repeated names are refused earlier). */
export const ScreenerParametrosSchema = z
  .record(z.string(), z.string())
  .transform((q, ctx): ScreenerConsulta => {
    const erro = (campo: string, message: string) =>
      ctx.issues.push({ code: 'custom', message, input: q[campo], path: [campo] });
    const filtros: Filtro[] = [];
    let ano: number | undefined;
    let as_of: string | undefined;
    let limite = LIMITE_PADRAO_SCREENER;
    let recibo = false;
    let rigor: ScreenerConsulta['rigor'] = 'padrao';
    for (const [nome, valor] of Object.entries(q)) {
      const f = FILTRO.exec(nome);
      if (f !== null) {
        if (!NUMERO.test(valor) || !Number.isFinite(Number(valor)))
          erro(nome, `${nome} must be a number, got "${valor}"`);
        else
          filtros.push({
            indicador: f[1] as IndicadorFiltravel,
            operador: f[2] as 'min' | 'max',
            valor: Number(valor),
          });
        continue;
      }
      switch (nome) {
        case 'ano':
          if (!INTEIRO.test(valor) || !AnoSchema.safeParse(Number(valor)).success)
            erro(nome, `ano must be a year, got "${valor}"`);
          else ano = Number(valor);
          break;
        case 'as_of':
          if (!DataSchema.safeParse(valor).success)
            erro(nome, `as_of must be a date YYYY-MM-DD, got "${valor}"`);
          else as_of = valor;
          break;
        case 'limite':
          if (!INTEIRO.test(valor) || Number(valor) < 1 || Number(valor) > LIMITE_MAXIMO_SCREENER)
            erro(nome, `limite must be an integer from 1 to ${LIMITE_MAXIMO_SCREENER}, got "${valor}"`);
          else limite = Number(valor);
          break;
        case 'recibo':
          if (valor !== 'true' && valor !== 'false')
            erro(nome, `recibo must be true or false, got "${valor}"`);
          else recibo = valor === 'true';
          break;
        case 'rigor': {
          const r = RigorSchema.safeParse(valor);
          if (!r.success) erro(nome, `rigor must be padrao or estrito, got "${valor}"`);
          else rigor = r.data;
          break;
        }
        default:
          erro(nome, `unknown parameter ${nome}`);
      }
    }
    for (const min of filtros.filter((x) => x.operador === 'min')) {
      const max = filtros.find((x) => x.operador === 'max' && x.indicador === min.indicador);
      if (max !== undefined && min.valor > max.valor) {
        erro(
          `${min.indicador}_min`,
          `${min.indicador}_min (${min.valor}) is above ${min.indicador}_max (${max.valor})`,
        );
      }
    }
    const ordem = (x: Filtro) =>
      INDICADORES_FILTRAVEIS.indexOf(x.indicador) * 2 + (x.operador === 'min' ? 0 : 1);
    filtros.sort((a, b) => ordem(a) - ordem(b));
    return {
      filtros,
      ...(ano === undefined ? {} : { ano }),
      ...(as_of === undefined ? {} : { as_of }),
      limite,
      recibo,
      rigor,
    };
  })
  .pipe(ScreenerConsultaSchema);

/**
 * Reads `/screener` parameters from a URL query. A repeated name is refused (which value would
 * win is ambiguous, and invalid parameters are rejected, not ignored).
 */
export function lerParametrosScreener(
  params: URLSearchParams,
): ReturnType<typeof ScreenerParametrosSchema.safeParse> {
  const q: Record<string, string> = {};
  const repetidos: string[] = [];
  for (const [k, v] of params) {
    if (Object.hasOwn(q, k)) repetidos.push(k);
    q[k] = v;
  }
  if (repetidos.length > 0) {
    return z
      .record(z.string(), z.string())
      .superRefine((_, ctx) => {
        for (const k of repetidos)
          ctx.addIssue({ code: 'custom', message: `parameter ${k} given more than once`, path: [k] });
      })
      .pipe(ScreenerParametrosSchema)
      .safeParse(q);
  }
  return ScreenerParametrosSchema.safeParse(q);
}

/**
 * The `/screener` query string documented parameter by parameter (all strings, as received), for
 * the OpenAPI document. Parsing goes through ScreenerParametrosSchema, which accepts exactly these
 * names (a test keeps the two in step).
 */
export const ScreenerParametrosDocSchema = z
  .strictObject({
    ...Object.fromEntries(
      INDICADORES_FILTRAVEIS.flatMap((i) => [
        [`${i}_min`, z.string().optional().describe(`Lower bound (inclusive) on ${i}; a number.`)],
        [`${i}_max`, z.string().optional().describe(`Upper bound (inclusive) on ${i}; a number.`)],
      ]),
    ),
    ano: z.string().optional().describe("Fiscal year; without it each company's latest year with data."),
    as_of: z
      .string()
      .optional()
      .describe('Date YYYY-MM-DD: only filings received and prices traded up to it.'),
    limite: z
      .string()
      .optional()
      .describe(`Rows returned, 1 to ${LIMITE_MAXIMO_SCREENER}; default ${LIMITE_PADRAO_SCREENER}.`),
    recibo: z
      .string()
      .optional()
      .describe('true or false (default): true freezes the answer at a permanent address.'),
    rigor: z.string().optional().describe('padrao (default) or estrito; applies to P/L only.'),
  })
  .describe('/screener query parameters; unknown parameters are refused.');

/** A P/L value used by a filter (our design for the spec's `multiplos` with `ressalvas`). */
export const MultiploUsadoSchema = z.strictObject({
  valor: z.number().describe('The multiple compared with the filter.'),
  dt_receb: DataSchema.describe('Reception date of the filing behind the value.'),
  data_preco: DataSchema.describe('Session of the price used (first on or after dt_receb).'),
  ressalvas: z
    .array(z.string().regex(/^[a-z0-9_]+$/))
    .describe(
      'Flags of this value accepted under rigor=padrao (adjustment done or light caveat); empty when none.',
    ),
});

export const ScreenerEmpresaSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  ano: AnoSchema.describe('Fiscal year of the values.'),
  indicadores: z
    .partialRecord(NomeIndicadorSchema, z.number())
    .describe('Unflagged indicator values of that year (our design: indicator name → value).'),
  disponivel_em: DataSchema.describe('Date from which this row was knowable (reception of its filing).'),
  nome: z.string().min(1),
  ticker: TickerSchema,
  multiplos: z
    .strictObject({ pl: MultiploUsadoSchema.optional(), pl_ttm: MultiploUsadoSchema.optional() })
    .optional()
    .describe('Present with a P/L filter: the value used, its dates and caveats.'),
});
export type ScreenerEmpresa = z.infer<typeof ScreenerEmpresaSchema>;

/** The frozen part of the answer: what a receipt's `resultado` holds and what its sha256 covers. */
export const ScreenerResultadoSchema = z
  .strictObject({
    total: z.number().int().nonnegative().describe('Companies matching (before limite).'),
    filtros: z.array(FiltroSchema),
    empresas: z.array(ScreenerEmpresaSchema),
    nota: NotaSchema,
    as_of: DataSchema.optional().describe('Present when the query used as_of.'),
    criterio: z.string().min(1).describe('How rows were chosen (year, flags, rigor).'),
    limite_conhecido: z
      .string()
      .min(1)
      .describe('Survivorship-bias caveat: the universe is companies active today.'),
  })
  .refine((r) => r.empresas.length <= r.total, { message: 'more rows than total', path: ['empresas'] });
export type ScreenerResultado = z.infer<typeof ScreenerResultadoSchema>;

export const ReciboResumoSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .describe('Receipt id.'),
    url: UrlSchema.describe('Readable receipt address.'),
    json: UrlSchema.describe('Receipt JSON address (/recibo/{id}.json).'),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('Hex sha256 of the canonical JSON of resultado.'),
    criado_em: TimestampSchema,
    versao_do_dado: versaoDoDado(),
    como_conferir: z.string().min(1).describe('How to recompute sha256 (canonical JSON rules).'),
  })
  .describe('Present when recibo=true.');

export const ForaDoFiltroSchema = z
  .strictObject({
    n: z.number().int().nonnegative().describe('Companies left out by the P/L rules.'),
    por_motivo: z
      .record(z.string().min(1), z.number().int().positive())
      .describe('Reason (flag, or sem_valor) → number of companies (our design).'),
    resumo: z.string().min(1).describe('The same in plain Portuguese.'),
  })
  .describe('Present with a P/L filter: how many companies were left out and why.');

export const ScreenerRespostaSchema = z
  .strictObject({
    ...ScreenerResultadoSchema.shape,
    recibo: ReciboResumoSchema.optional(),
    fora_do_filtro: ForaDoFiltroSchema.optional(),
  })
  .refine((r) => r.empresas.length <= r.total, { message: 'more rows than total', path: ['empresas'] })
  .describe('Screener answer (/screener).');
export type ScreenerResposta = z.infer<typeof ScreenerRespostaSchema>;
