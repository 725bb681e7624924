import { z } from 'zod';
import {
  CdRegulatorSchema,
  CitacaoSchema,
  DataSchema,
  FlagSchema,
  NotaSchema,
  TickerSchema,
} from './comum.ts';

/** Horizons of `/quanto-rendeu/{ticker}`, in years counted back from the last published session. */
export const HORIZONTES_RENDEU = [1, 3, 5, 10] as const;

const comFlag = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({
    valor: z.number().positive().nullable().describe('What 1,000 BRL became, BRL; null with a flag.'),
    flag: FlagSchema,
    ...shape,
  });
const MEDIDAS = ['mil_reais_preco', 'mil_reais_com_proventos', 'indice', 'selic'] as const;

/** Where a number was read: the staged file (relative to the raw tree) and its line or JSON path. */
export const FonteRendeuSchema = z
  .string()
  .min(1)
  .describe(
    'Source file and line (or JSON path) of one value used, e.g. `b3/cotahist/COTAHIST_D03022022.TXT:33`.',
  );

export const HorizonteRendeuSchema = z
  .strictObject({
    anos: z.literal(HORIZONTES_RENDEU).describe('Horizon in years.'),
    data_pedida: DataSchema.nullable().describe(
      '`ate` minus the horizon (calendar years); null without `ate`.',
    ),
    data_inicio: DataSchema.nullable().describe(
      'First session of the code on or after data_pedida (shown even when too far, see flag).',
    ),
    preco_inicio: z.number().positive().nullable().describe('Raw close on data_inicio (PREULT / FATCOT).'),
    fator_inicio: z
      .number()
      .positive()
      .nullable()
      .describe('fator_ajuste of data_inicio as published in the price mart (1 when no event is known).'),
    dias_ate_inicio: z.number().int().nonnegative().nullable().describe('data_inicio − data_pedida, days.'),
    fonte_inicio: FonteRendeuSchema.nullable(),
    mil_reais_preco: comFlag({}).describe(
      'Price only: 1000 × (close on ate × its factor) / (close on data_inicio × its factor).',
    ),
    mil_reais_com_proventos: comFlag({
      proventos_por_acao: z
        .number()
        .nonnegative()
        .nullable()
        .describe('Σ cash proventos per share bought on data_inicio (each × its factor), BRL.'),
      n_proventos: z.number().int().nonnegative().nullable(),
      fontes: z.array(FonteRendeuSchema),
    }).describe(
      'Price plus cash proventos with data_com in [data_inicio, ate), kept in cash (not reinvested).',
    ),
    indice: comFlag({
      data_inicio: DataSchema.nullable().describe('First index close on or after the window start.'),
      data_fim: DataSchema.nullable().describe('Last index close on or before ate.'),
      pontos_inicio: z.number().positive().nullable(),
      pontos_fim: z.number().positive().nullable(),
      fontes: z.array(FonteRendeuSchema),
    }).describe('1000 × index close at the end / index close at the start.'),
    selic: comFlag({
      data_inicio: DataSchema.nullable().describe(
        'Window start: data_inicio, or data_pedida when the code has no usable start.',
      ),
      taxas: z
        .number()
        .int()
        .nonnegative()
        .nullable()
        .describe('Daily rates compounded (dates in [start, ate)).'),
      fontes: z.array(z.string().min(1)),
    }).describe('1000 × Π (1 + daily rate / 100) over the window.'),
  })
  .superRefine((h, ctx) => {
    // a null value always says why: the flag's meaning is in the field dictionary
    for (const m of MEDIDAS)
      if (h[m].valor === null && h[m].flag === null)
        ctx.addIssue({ code: 'custom', message: 'a null valor needs a flag saying why', path: [m, 'flag'] });
  });
export type HorizonteRendeu = z.infer<typeof HorizonteRendeuSchema>;

const RegrasRendeuSchema = z.strictObject({
  inicio: z.string().min(1),
  preco: z.string().min(1),
  com_proventos: z.string().min(1),
  indice: z.string().min(1),
  selic: z.string().min(1),
});

/**
 * `json/empresas/<cd>/quanto-rendeu.json` (page `/quanto-rendeu/{ticker}`): what 1,000 BRL in the
 * company's main code became over 1, 3, 5 and 10 years up to its last session, price only and with
 * cash proventos, against the market index and the policy rate. Every null says why in its flag.
 */
export const QuantoRendeuSchema = z
  .strictObject({
    cd_regulator: CdRegulatorSchema,
    ticker: TickerSchema.describe('Main trading code of the company (the `ticker` of its index).'),
    ate: DataSchema.nullable().describe(
      'Last published session of that code; null when it never traded in our files.',
    ),
    preco_ate: z.number().positive().nullable().describe('Raw close on ate.'),
    fator_ate: z
      .number()
      .positive()
      .nullable()
      .describe('fator_ajuste of ate as published in the price mart.'),
    fonte_ate: FonteRendeuSchema.nullable(),
    classe: z
      .enum(['ON', 'PN'])
      .nullable()
      .describe('Share class of the code read from its ISIN; null for units and funds.'),
    indice_nome: z.string().min(1).describe('Index compared against (B3 code, e.g. IBOV).'),
    selic_serie: z.string().min(1).describe('BCB SGS series of the policy rate (11 = Selic, % per day).'),
    horizontes: z.array(HorizonteRendeuSchema).length(HORIZONTES_RENDEU.length),
    regras: RegrasRendeuSchema,
    regras_en: RegrasRendeuSchema.describe('regras in English.'),
    citacao: CitacaoSchema,
    citacao_en: CitacaoSchema.describe('citacao in English.'),
    nota: NotaSchema,
    nota_en: NotaSchema.describe('nota in English.'),
  })
  .describe('What 1,000 BRL became (1, 3, 5, 10 years): price, with proventos, index, Selic.');
export type QuantoRendeu = z.infer<typeof QuantoRendeuSchema>;
