import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, FlagSchema, NotaSchema } from './comum.ts';

/** Our design for `/empresas/{ticker}/scores`: the F-score with its nine criteria open, and the value score. */
export const CriterioFScoreSchema = z.strictObject({
  nome: z.string().regex(/^[a-z0-9_]+$/),
  descricao: z.string().min(1),
  ponto: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .describe('1 met, 0 not met, null not computable.'),
});

export const FScoreAnoSchema = z.strictObject({
  ano: AnoSchema,
  valor: z.number().int().min(0).max(9).nullable(),
  flag: FlagSchema,
  criterios: z.array(CriterioFScoreSchema).length(9),
});

/** One exercise of the value score (metodologia 9.1): percentile positions of E/P and B/P in that year's universe. */
export const ScoreValorAnoSchema = z
  .strictObject({
    ano: AnoSchema,
    valor: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Mean of the two positions (0 = most expensive, 1 = cheapest); null with flag.'),
    flag: FlagSchema,
    pl: z.number().nullable().describe('P/L used (annual multiple, multiplos.json).'),
    pvp: z.number().nullable().describe('P/VP used (annual multiple, multiplos.json).'),
    posicao_lucro_preco: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Percentile position of 1/P/L in the universe (ties share the mean position).'),
    posicao_vp_preco: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Percentile position of 1/P/VP in the universe (ties share the mean position).'),
    universo: z
      .number()
      .int()
      .nonnegative()
      .describe('Companies of that year with P/L and P/VP published without a blocking flag.'),
  })
  .refine((a) => a.valor !== null || a.flag !== null, {
    message: 'a null score_valor must carry a flag',
    path: ['flag'],
  });
export type ScoreValorAno = z.infer<typeof ScoreValorAnoSchema>;

export const ScoresEmpresaSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    f_score: z.array(FScoreAnoSchema),
    score_valor: z
      .array(ScoreValorAnoSchema)
      .describe(
        'Value score per exercise with annual multiples (empty when the company has none in this build).',
      ),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('Nine-criteria score with open criteria and the value score (/empresas/{ticker}/scores).');
export type ScoresEmpresa = z.infer<typeof ScoresEmpresaSchema>;
