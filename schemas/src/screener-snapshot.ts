import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, DataSchema, FlagSchema, VersaoDoDadoSchema } from './comum.ts';

/**
 * How strict a screener is allowed to be with each P/L flag (spec `rigor`): `ajuste_feito` (the
 * pipeline corrected something and the value is sound), `ressalva_leve` (value sound, caveat shown),
 * `bloqueante` (the value must not pass a filter). rigor=padrao accepts the first two; estrito none.
 */
export const GravidadeFlagSchema = z.enum(['ajuste_feito', 'ressalva_leve', 'bloqueante']);
export type GravidadeFlag = z.infer<typeof GravidadeFlagSchema>;

export const ClassificacaoFlagsPlSchema = z
  .array(
    z.strictObject({
      flag: z.string().regex(/^[a-z0-9_]+$/),
      gravidade: GravidadeFlagSchema,
      significado: z.string().min(1),
    }),
  )
  .describe('Every flag a P/L row can carry, with its severity for the screener.');
export type ClassificacaoFlagsPl = z.infer<typeof ClassificacaoFlagsPlSchema>;

const numeroOuNulo = z.number().nullable();

/**
 * One row of the screener snapshot: a company and fiscal year with every indicator and multiple and
 * their flags. `disponivel_em` is the reception date of the filing (the row is unknowable before
 * it); `data_preco` is the first session on or after it. An `as_of` query keeps rows with
 * `disponivel_em <= as_of` and, per company, the latest such year: no look-ahead.
 */
export const ScreenerSnapshotLinhaSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  ano: AnoSchema,
  nome: z.string().min(1),
  ticker: z.string().nullable().describe('Current trading code; null when the company has none.'),
  disponivel_em: DataSchema,
  dt_receb: DataSchema,
  indicadores: z.record(z.string(), numeroOuNulo).describe('Indicator name → value (null when flagged).'),
  flags_indicadores: z.record(z.string(), FlagSchema).describe('Indicator name → flag.'),
  data_preco: DataSchema.nullable(),
  preco: numeroOuNulo,
  market_cap: numeroOuNulo,
  pl: numeroOuNulo,
  pvp: numeroOuNulo,
  ev_ebitda: numeroOuNulo,
  fcf_yield: numeroOuNulo,
  flag_multiplos: FlagSchema,
  flag_pl: FlagSchema.describe('Flags of the annual P/L alone (a subset of flag_multiplos).'),
  pl_gravidade: GravidadeFlagSchema.nullable().describe(
    'Worst severity among the P/L flags; null when the P/L has no flag.',
  ),
  pl_ttm: numeroOuNulo.describe(
    "12-month P/L of the latest statement (ITR quarter 1–3, or the DFP as quarter 4) received before the company's next DFP (for its latest row: the latest of all); null when flagged or when there is none. An as_of query re-reads it from pl_12m.",
  ),
  pl_ttm_ano: AnoSchema.nullable().describe('Fiscal year of that statement; null when there is none.'),
  pl_ttm_trimestre: z.number().int().min(1).max(4).nullable().describe('1–3: ITR; 4: the DFP.'),
  pl_ttm_dt_receb: DataSchema.nullable(),
  pl_ttm_data_preco: DataSchema.nullable().describe("First session on or after the ITR's dt_receb."),
  flag_pl_ttm: FlagSchema.describe(
    'Flags of the 12-month P/L (e.g. ttm_sem_trimestre_<q>_<year>, pl_negativo).',
  ),
  pl_ttm_gravidade: GravidadeFlagSchema.nullable().describe(
    'Worst severity among the 12-month P/L flags; null when it has no flag.',
  ),
});
export type ScreenerSnapshotLinha = z.infer<typeof ScreenerSnapshotLinhaSchema>;

/**
 * The 12-month P/L of one statement (mart_fundamentos_pl_12m): an ITR quarter (1–3) or a DFP (4). The
 * screener's `pl_ttm` at `as_of` is the latest of a company's (by period) received by then.
 */
export const ScreenerPl12mSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  ano: AnoSchema,
  trimestre: z.number().int().min(1).max(4).describe('1–3: ITR; 4: the DFP (annual P/L).'),
  dt_receb: DataSchema,
  data_preco: DataSchema.nullable(),
  pl: numeroOuNulo,
  flag: FlagSchema,
  gravidade: GravidadeFlagSchema.nullable(),
});
export type ScreenerPl12m = z.infer<typeof ScreenerPl12mSchema>;

export const ScreenerSnapshotSchema = z
  .strictObject({
    versao_do_dado: VersaoDoDadoSchema,
    regra_as_of: z.string().min(1),
    classificacao_flags_pl: ClassificacaoFlagsPlSchema,
    linhas: z.array(ScreenerSnapshotLinhaSchema),
    pl_12m: z
      .array(ScreenerPl12mSchema)
      .optional()
      .describe(
        "Every statement's 12-month P/L; absent in snapshots made before it existed (the rows' pl_ttm is then used).",
      ),
  })
  .describe('Screener snapshot (json/screener.json); the same rows as parquet/screener.parquet.');
export type ScreenerSnapshot = z.infer<typeof ScreenerSnapshotSchema>;
