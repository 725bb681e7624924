import { z } from 'zod';
import { CdRegulatorSchema, CitacaoSchema, NotaSchema } from './comum.ts';
import { MultiploTrimestralSchema } from './multiplos.ts';

/** `/empresas/{ticker}/trimestres`: quarterly ITR series with price and trailing-12-month profit. */
export const TrimestresSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    citacao: CitacaoSchema,
    trimestres: z
      .array(MultiploTrimestralSchema)
      .describe('One row per ITR (quarters 1 to 3), oldest first; price is point-in-time.'),
    nota: NotaSchema,
  })
  .describe('Quarterly series of one company.');
export type Trimestres = z.infer<typeof TrimestresSchema>;
