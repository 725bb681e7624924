import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  FlagSchema,
  NotaSchema,
  TickerSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';

/** Our design for `/desafio`: curated hard cases, each with the value currently served. */
export const CasoDesafioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  cd_regulator: CdRegulatorSchema,
  ticker: TickerSchema.nullable(),
  nome: z.string().min(1),
  ano: AnoSchema,
  indicador: z.string().regex(/^[a-z0-9_]+$/),
  valor_servido: z.number().nullable(),
  flag: FlagSchema,
  por_que_e_dificil: z.string().min(1),
  o_que_fazemos: z.string().min(1),
  fontes: z.array(z.string().min(1)).min(1).describe('Regulator files (and lines) to redo the case.'),
  linhagem: UrlSchema.nullable(),
});

/** Fewer published cases than this is not a challenge page: the build leaves `/desafio` out. */
export const MIN_CASOS_DESAFIO = 10;

export const DesafioSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    casos: z.array(CasoDesafioSchema).min(MIN_CASOS_DESAFIO),
    nota: NotaSchema,
  })
  .describe('Curated hard cases (/desafio).');
export type Desafio = z.infer<typeof DesafioSchema>;
