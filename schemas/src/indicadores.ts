import { z } from 'zod';
import { AnoSchema, CdRegulatorSchema, CitacaoSchema, FlagSchema, NotaSchema, UrlSchema } from './comum.ts';

/** Unit of an indicator value (spec table "Indicator names", column Unit). */
export const UnidadeSchema = z
  .enum(['fracao_nominal', 'brl', 'vezes', 'fracao', 'inteiro_0_9'])
  .describe(
    'Unit: fracao (0.08 = 8%), fracao_nominal (not inflation-adjusted), brl, vezes (times), inteiro_0_9.',
  );
export type Unidade = z.infer<typeof UnidadeSchema>;

/** Profit base of an indicator (spec column "Profit base"; null = n/a). */
export const BaseLucroSchema = z
  .enum(['operacional_total', 'consolidado_total', 'controladores', 'nopat_total'])
  .describe(
    'Which profit the indicator uses: operacional_total (EBIT/EBITDA of the group), consolidado_total (net profit including non-controlling interests), controladores (profit attributable to controlling shareholders), nopat_total (EBIT after tax, group total).',
  );
export type BaseLucro = z.infer<typeof BaseLucroSchema>;

export interface DefinicaoIndicador {
  readonly unidade: Unidade;
  readonly base_lucro: BaseLucro | null;
  /** The spec's one-line meaning, kept here so the dictionary and the OpenAPI text agree. */
  readonly significado: string;
}

/** The 13 indicators of the spec, with unit and profit base. Order is the spec's. */
export const INDICADORES = {
  cresc_receita_1a: {
    unidade: 'fracao_nominal',
    base_lucro: null,
    significado:
      'revenue(year) / revenue(year-1) - 1; the prior year is the restated comparative published with the year',
  },
  cresc_receita_5a_cagr: {
    unidade: 'fracao_nominal',
    base_lucro: null,
    significado: '(revenue(year) / revenue(year-5))^(1/5) - 1, same comparative rule',
  },
  divida_liquida: {
    unidade: 'brl',
    base_lucro: null,
    significado: 'gross debt - cash - financial investments',
  },
  dl_ebitda: { unidade: 'vezes', base_lucro: null, significado: 'net debt / EBITDA' },
  ebitda: {
    unidade: 'brl',
    base_lucro: 'operacional_total',
    significado:
      'EBIT + depreciation/amortization from the indirect cash-flow statement; null with flag when that statement is absent',
  },
  liquidez_corrente: {
    unidade: 'vezes',
    base_lucro: null,
    significado: 'current assets / current liabilities',
  },
  margem_bruta: {
    unidade: 'fracao',
    base_lucro: 'consolidado_total',
    significado: 'gross result / net revenue',
  },
  margem_ebit: { unidade: 'fracao', base_lucro: 'consolidado_total', significado: 'EBIT / net revenue' },
  margem_liquida: {
    unidade: 'fracao',
    base_lucro: 'consolidado_total',
    significado: 'consolidated net profit (includes non-controlling) / net revenue',
  },
  f_score: {
    unidade: 'inteiro_0_9',
    base_lucro: 'consolidado_total',
    significado:
      'sum of 9 yes/no criteria (profitability, leverage/liquidity, efficiency), 1 point each; partial score carries a flag',
  },
  roa: {
    unidade: 'fracao',
    base_lucro: 'consolidado_total',
    significado: 'consolidated total profit / average total assets',
  },
  roe: {
    unidade: 'fracao',
    base_lucro: 'controladores',
    significado: "controlling-shareholders' profit / average controlling equity",
  },
  roic: { unidade: 'fracao', base_lucro: 'nopat_total', significado: 'NOPAT / average invested capital' },
} as const satisfies Record<string, DefinicaoIndicador>;

export type NomeIndicador = keyof typeof INDICADORES;
export const NOMES_INDICADORES = Object.keys(INDICADORES) as [NomeIndicador, ...NomeIndicador[]];
export const NomeIndicadorSchema = z
  .enum(NOMES_INDICADORES)
  .describe('One of the 13 indicator names of the spec.');

/** Names the verdict and the screener also accept: the 13 indicators plus the price multiples. */
export const NOMES_COM_MULTIPLOS = [...NOMES_INDICADORES, 'pl', 'pvp'] as const;
export const NomeIndicadorOuMultiploSchema = z
  .enum(NOMES_COM_MULTIPLOS)
  .describe('An indicator name, or pl (price to earnings) / pvp (price to book).');

export const IndicadorLinhaSchema = z
  .strictObject({
    ano: AnoSchema.describe('Fiscal year.'),
    nome: NomeIndicadorSchema,
    valor: z
      .number()
      .nullable()
      .describe('Value in the unit of the indicator; null when doubtful (then flag says why).'),
    flag: FlagSchema,
  })
  .refine((l) => l.valor !== null || l.flag !== null, {
    message: 'a null valor must carry a flag saying why',
    path: ['flag'],
  });
export type IndicadorLinha = z.infer<typeof IndicadorLinhaSchema>;

export const ProvenienciaSchema = z.strictObject({
  titulo: z.string().min(1).describe('Human title of the indicator.'),
  formula: z.string().min(1).describe('Formula in words, as in the methodology page.'),
  contas_regulator: z
    .array(z.string().min(1))
    .describe('Regulator accounts (statement and CD_CONTA) the formula reads, e.g. "DRE 3.01".'),
  base_lucro: BaseLucroSchema.nullable().describe('Profit base, or null when the indicator uses no profit.'),
  unidade: UnidadeSchema,
  metodologia: UrlSchema.describe('Methodology page of this indicator.'),
});

/** `<statement> <account code> (<aggregation>, exercício <year>)`, e.g. `DRE 3.11 (con, exercício 2023)`. */
const CONTA_USADA = /^[A-Z][A-Z_]* [0-9][0-9.]* \((con|ind), exercício \d{4}\)$/;

/** Builds a `contas_usadas` value so every producer writes the same form. */
export function formatarContaUsada(c: {
  demo: string;
  cd_conta: string;
  agreg: 'con' | 'ind';
  ano: number;
}): string {
  return `${c.demo} ${c.cd_conta} (${c.agreg}, exercício ${c.ano})`;
}

export const AlertaMinoritariosSchema = z
  .strictObject({
    por_que: z.string().min(1).describe('Why the two profits differ and which one each indicator uses.'),
    por_que_en: z.string().min(1).describe('por_que in English.'),
    lucro_total_3_11: z.number().describe('Consolidated net profit, account 3.11 (BRL).'),
    lucro_controladores_3_11_01: z
      .number()
      .describe('Profit attributable to controlling shareholders, account 3.11.01 (BRL).'),
    diferenca_relativa: z.number().describe('Relative difference between the two profits (fraction).'),
    onde_isso_NAO_se_aplica: z.string().min(1).describe('Indicators where the difference does not matter.'),
    onde_isso_NAO_se_aplica_en: z.string().min(1).describe('onde_isso_NAO_se_aplica in English.'),
  })
  .describe(
    'Present only when non-controlling interests make total and controlling profit differ materially (our design: absent otherwise).',
  );

export const IndicadoresSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    tipo: z.string().min(1).describe('Kind of accounts plan (e.g. geral).'),
    indicadores: z
      .array(IndicadorLinhaSchema)
      .refine((ls) => ls.every((l, i) => i === 0 || (ls[i - 1]?.ano ?? l.ano) <= l.ano), {
        message: 'indicadores must be ordered by year',
      })
      .describe('One element per indicator per year, ordered by year.'),
    proveniencia: z
      .partialRecord(NomeIndicadorSchema, ProvenienciaSchema)
      .describe('Per indicator: title, formula, regulator accounts, profit base, unit, methodology.'),
    contas_usadas: z
      .record(
        z.string().min(1),
        z.string().regex(CONTA_USADA, 'expected "<statement> <account> (<con|ind>, exercício <year>)"'),
      )
      .describe('Internal account key → "<statement> <account code> (<aggregation>, exercício <year>)".'),
    dicionario: UrlSchema.describe('Field dictionary.'),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
    alerta_minoritarios: AlertaMinoritariosSchema.optional(),
    citacao: CitacaoSchema,
    citacao_en: CitacaoSchema.describe('citacao in English.'),
  })
  .describe('Indicators of one company (/empresas/{ticker}/indicadores).');
export type Indicadores = z.infer<typeof IndicadoresSchema>;
