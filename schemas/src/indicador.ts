import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, FlagSchema, NotaSchema, UrlSchema } from './comum.ts';
import { NomeIndicadorSchema, ProvenienciaSchema } from './indicadores.ts';

const Distribuicao = z.strictObject({
  n: z.number().int().nonnegative().describe('Companies with a non-null value that year.'),
  p10: z.number().nullable(),
  p25: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
});

/** Our design for `/empresas/{ticker}/indicadores/{nome}`. */
export const IndicadorEmpresaSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    nome: NomeIndicadorSchema,
    setor: z.string().min(1),
    serie: z.array(
      z.strictObject({
        ano: AnoSchema,
        valor: z.number().nullable(),
        flag: FlagSchema,
        mediana_setor: z
          .number()
          .nullable()
          .describe('Median of the non-null values of the same sector that year.'),
        n_setor: z.number().int().nonnegative(),
        universo: Distribuicao.describe('Distribution over every company with a non-null value that year.'),
      }),
    ),
    metodologia: ProvenienciaSchema,
    linhagem: UrlSchema.describe('Lineage route template for one year of this indicator.'),
    nota: NotaSchema,
    citacao: CitacaoSchema,
  })
  .describe('One indicator of one company: yearly series, sector median and universe distribution.');
export type IndicadorEmpresa = z.infer<typeof IndicadorEmpresaSchema>;
