import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, FlagSchema, NotaSchema } from './comum.ts';

/** Our design for `/empresas/{ticker}/scores`: the F-score with its nine criteria open. */
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

export const ScoresEmpresaSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    f_score: z.array(FScoreAnoSchema),
    score_valor: z
      .null()
      .describe(
        'Second (value) score: needs P/L and P/VP, computed by the market marts after this file is written; null until a stage after them publishes it.',
      ),
    score_valor_flag: z
      .literal('score_valor_sem_multiplos')
      .describe('Why score_valor is null (field dictionary, flag score_valor_sem_multiplos).'),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('Nine-criteria score with open criteria (/empresas/{ticker}/scores).');
export type ScoresEmpresa = z.infer<typeof ScoresEmpresaSchema>;
