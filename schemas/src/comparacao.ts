import { z } from 'zod';
import { CdRegulatorSchema, DinheiroSchema, versaoDoDado } from './comum.ts';

/** A sector is compared when at least this many of its companies have liquidity and indicator rows. */
export const MIN_EMPRESAS_SETOR = 3;
/** Small-caps window (docs/site.md): market cap up to R$ 5 billion, mean traded value at least R$ 500 thousand. */
export const SMALL_CAPS = { market_cap_max: 5e9, volume_medio_min: 5e5 } as const;

/** Liquidity of one company: COTAHIST traded value (VOLTOT) of all its codes added per session, averaged. */
export const LiquidezSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  volume_medio: DinheiroSchema.nonnegative().describe(
    'Mean traded value per published session, all the company’s trading codes added (BRL).',
  ),
  sessoes: z.number().int().positive().describe('Sessions with at least one trade of any of its codes.'),
});
export type Liquidez = z.infer<typeof LiquidezSchema>;

/** A sector with enough liquid companies with indicators to compare them; companies most liquid first. */
export const SetorComparavelSchema = z.strictObject({
  setor: z.string().min(1).describe('Regulator sector label (FCA), as the company index gives it.'),
  empresas: z
    .array(z.strictObject({ cd_regulator: CdRegulatorSchema, volume_medio: DinheiroSchema.nonnegative() }))
    .min(1),
});

export const SmallCapSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  market_cap: DinheiroSchema.positive().describe('Market value of the valuation (multiplos.json).'),
  volume_medio: DinheiroSchema.nonnegative(),
});

/**
 * `json/mercado/comparacao.json` (pipeline/src/marts/site): the numbers the site's comparison pages
 * show that no other artefact carries: liquidity, comparable sectors and the small-caps window.
 */
export const ComparacaoSchema = z.strictObject({
  versao_do_dado: versaoDoDado(),
  parametros: z.strictObject({
    min_empresas_setor: z.number().int().positive(),
    small_caps_market_cap_max: DinheiroSchema.positive(),
    small_caps_volume_medio_min: DinheiroSchema.nonnegative(),
  }),
  liquidez: z.array(LiquidezSchema).describe('Companies with a published price series, by cd_regulator.'),
  setores: z.array(SetorComparavelSchema),
  small_caps: z.array(SmallCapSchema).describe('Most liquid first.'),
});
export type Comparacao = z.infer<typeof ComparacaoSchema>;
