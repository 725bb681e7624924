import { z } from 'zod';
import { CnpjSchema, DataSchema, FlagSchema, TickerSchema } from './comum.ts';

const numeroOuNulo = (d: string) => z.number().nullable().describe(d);

export const EtfCadastroSchema = z
  .strictObject({
    cnpj: CnpjSchema,
    codigo_regulator: z.string().min(1).describe('Fund code at the regulator.'),
    nome: z.string().min(1),
    ticker: TickerSchema,
    sigla: z.string().min(1).describe('Exchange acronym (ticker root).'),
    tipo_b3: z.string().min(1).describe('Fund type at the exchange.'),
    situacao: z.string().min(1),
    data_inicio: DataSchema,
    gestor: z.string().min(1),
    administrador: z.string().min(1).nullable(),
    escriturador: z.string().min(1),
    custodiante: z.string().min(1),
    auditor: z.string().min(1),
    id_fnet: z.number().int().positive().describe('Identifier of the fund at the exchange document system.'),
    cotas_emitidas: z.number().nonnegative(),
    cotas_data: DataSchema,
    indice_nome: z.string().min(1).describe('Index the ETF follows.'),
    pl_registro: z.number().describe('Net assets at registration (BRL).'),
    pl_registro_data: DataSchema,
  })
  .describe('The regulator name is written `regulator` in identifiers (codigo_regulator).');

const AgioSchema = z.strictObject({
  data: DataSchema,
  preco: z.number().positive(),
  cota: z.number().positive().describe('Net asset value per share (BRL).'),
  agio: z.number().nullable().describe('Premium over net asset value (fraction).'),
  flag: FlagSchema,
});

export const JANELAS_RETORNO = ['1m', '3m', '1a', '2a', '5a', '10a'] as const;
export const JanelaRetornoSchema = z.enum(JANELAS_RETORNO);

const RetornosSchema = z.strictObject({
  janelas: z
    .partialRecord(JanelaRetornoSchema, z.number().nullable())
    .describe('Window → return (fraction); null when the window is not covered.'),
  ate: DataSchema.describe('End of every window.'),
  mil_reais: z
    .partialRecord(JanelaRetornoSchema, z.number().nullable())
    .describe('Window → value in BRL of 1,000 BRL invested at its start.'),
});

const intervalo = z.strictObject({ n: z.number().int().nonnegative(), de: DataSchema, ate: DataSchema });

export const EtfSchema = z
  .strictObject({
    cadastro: EtfCadastroSchema,
    ultimo_informe: z.strictObject({
      data: DataSchema,
      cota: z.number().positive(),
      pl: z.number(),
      cotistas: z.number().int().nonnegative(),
      captacao: z.number().nonnegative(),
      resgate: z.number().nonnegative(),
      data_entrega: DataSchema,
    }),
    ultimo_fechamento: z.strictObject({ data: DataSchema, fechamento: z.number().positive() }),
    ultimo_agio: AgioSchema,
    agio_30_pregoes: z.array(AgioSchema).max(30),
    taxa_efetiva_mensal: z.array(
      z.strictObject({
        competencia: DataSchema,
        despesa: z.number().describe('Expenses of the month (BRL).'),
        pl_medio: z.number().describe('Average net assets of the month (BRL).'),
        taxa_efetiva_aa: numeroOuNulo('Expenses / average net assets, annualised (fraction).'),
        flag: FlagSchema,
      }),
    ),
    taxa_media_12m: numeroOuNulo(
      'Average annualised effective fee of the last 12 months; null with fewer months (our design).',
    ),
    carteira: z.strictObject({
      competencia: DataSchema,
      n_posicoes: z.number().int().nonnegative(),
      pl: z.number(),
      maiores: z
        .array(
          z.strictObject({
            ativo: z.string().min(1).describe('Holding code or name.'),
            tipo: z.string().min(1),
            valor: z.number().describe('Market value (BRL).'),
            fracao: z.number().describe('Share of net assets (fraction).'),
          }),
        )
        .describe('Top holdings (our design).'),
      por_tipo: z
        .array(z.tuple([z.string().min(1), z.number()]))
        .describe('[type label, share of net assets].'),
      sobreposicao_mesmo_indice: z
        .array(
          z.strictObject({
            ticker: TickerSchema,
            nome: z.string().min(1),
            sobreposicao: z.number().describe('Share of holdings in common (fraction).'),
          }),
        )
        .describe('ETFs on the same index and how much of the portfolio they share (our design).'),
    }),
    retornos_pela_cota: RetornosSchema,
    retornos_pelo_preco: RetornosSchema,
    pares: z.strictObject({
      n: z.number().int().nonnegative(),
      criterio: z.string().min(1),
      agio: numeroOuNulo('Median premium of the peers (our design).'),
      taxa: numeroOuNulo('Median effective fee of the peers (our design).'),
    }),
    liquidez_media_60: z
      .number()
      .nonnegative()
      .describe('Average traded volume of the last 60 sessions (BRL).'),
    cobertura: z.strictObject({ precos: intervalo, informes: intervalo }),
    fontes: z.record(z.string().min(1), z.string().min(1)).describe('Field group → source label.'),
  })
  .describe('ETF (/etfs/{ticker}).');
export type Etf = z.infer<typeof EtfSchema>;
