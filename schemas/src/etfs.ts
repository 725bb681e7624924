import { z } from 'zod';
import { CnpjSchema, DataSchema, FlagSchema, TickerSchema, versaoDoDado } from './comum.ts';

/**
 * ETF resource as published (`json/etfs/<ticker>/index.json`, route `/etfs/{ticker}`) and the list
 * `json/etfs.json`. Unlike `etf.ts` (the spec's shape with every value present), every value here that
 * no staged file supplies is `null`, and `lacunas` says which flag explains it and which source would
 * fill it: the sample has no real fund report, so most CVM-based groups are empty.
 */

const numeroOuNulo = (d: string) => z.number().nullable().describe(d);
const textoOuNulo = (d: string) => z.string().min(1).nullable().describe(d);
const dataOuNula = (d: string) => DataSchema.nullable().describe(d);

/** `arquivo:linha` of the staged row a value was read from (relative to the raw directory). */
export const OrigemSchema = z
  .string()
  .regex(/^.+:\d+$/, 'origem must be <arquivo>:<linha>')
  .describe('File (relative to the raw directory) and line the value was read from.');

export const EtfCadastroSchema = z.strictObject({
  cnpj: CnpjSchema.nullable().describe(
    'Fund (class) CNPJ when the B3 list row links to exactly one CVM fund.',
  ),
  codigo_regulator: textoOuNulo('Fund code at the regulator (Codigo_CVM / CD_CVM).'),
  nome: z.string().min(1).describe('Legal name in the B3 ETF list (Razão Social).'),
  nome_pregao: z.string().min(1).describe('Short name in the B3 ETF list (Fundo).'),
  emissor: z.string().min(1).describe('Issuer brand in the B3 ETF list (Emissor).'),
  ticker: TickerSchema,
  sigla: z
    .string()
    .regex(/^[A-Z0-9]{4}$/)
    .describe('B3 root code (Código in the list).'),
  tipo_b3: z.literal('ETF').describe('Type at the exchange: every row of the B3 "ETFs listados" list.'),
  isin: textoOuNulo('ISIN of the quota (COTAHIST CODISI) when the code traded in a session of the build.'),
  situacao: textoOuNulo('Status at the regulator.'),
  data_inicio: dataOuNula('Start of activity at the regulator.'),
  gestor: textoOuNulo('Manager at the regulator.'),
  administrador: textoOuNulo('Administrator at the regulator.'),
  escriturador: textoOuNulo('Registrar (no staged file carries it).'),
  custodiante: textoOuNulo('Custodian at the regulator.'),
  auditor: textoOuNulo('Auditor at the regulator.'),
  id_fnet: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('Fund id at B3 Fundos.NET (no staged file carries it).'),
  cotas_emitidas: numeroOuNulo('Quotas issued (no staged file carries it for ETFs).'),
  cotas_data: dataOuNula('Date of cotas_emitidas.'),
  indice_nome: textoOuNulo("Index in the B3 list's Índice column (semi-curated by the list's author)."),
  pl_registro: numeroOuNulo('Net assets in the regulator registry (BRL).'),
  pl_registro_data: dataOuNula('Date of pl_registro.'),
  taxa_adm_declarada: numeroOuNulo(
    "Stated management fee (cad_fi TAXA_ADM) as the registry writes it; not the effective fee (taxa_efetiva_mensal). Our design: the spec's ETF resource has only the effective fee.",
  ),
  taxa_adm_texto: textoOuNulo(
    'Stated fee as text (cad_fi INF_TAXA_ADM), when the registry gives it that way.',
  ),
  taxa_adm_origem: textoOuNulo('cad_fi file:line of the stated fee.'),
  origem_lista: OrigemSchema.describe('Line of the B3 ETF list this ETF comes from.'),
  origem_cadastro: z.array(OrigemSchema).describe('Registry rows (cad_fi, registro_*) matched by name.'),
  flag: FlagSchema,
});
export type EtfCadastro = z.infer<typeof EtfCadastroSchema>;

export const EtfAgioSchema = z.strictObject({
  data: DataSchema,
  preco: z.number().positive().describe('Close of the session (COTAHIST PREULT / FATCOT).'),
  cota: numeroOuNulo('Quota value of the same date (inf_diario VL_QUOTA); null when not reported.'),
  agio: numeroOuNulo('preco / cota − 1 (fraction); null unless both exist for the same date.'),
  flag: FlagSchema,
});
export type EtfAgio = z.infer<typeof EtfAgioSchema>;

export const JANELAS_RETORNO_ETF = ['1m', '3m', '1a', '2a', '5a', '10a'] as const;
export const JanelaRetornoEtfSchema = z.enum(JANELAS_RETORNO_ETF);

export const EtfRetornosSchema = z.strictObject({
  janelas: z
    .record(JanelaRetornoEtfSchema, z.number().nullable())
    .describe('Window → return (fraction); null when no value exists near the window start.'),
  ate: DataSchema.describe('End of every window: the newest date with a value.'),
  mil_reais: z
    .record(JanelaRetornoEtfSchema, z.number().nullable())
    .describe('Window → value in BRL of 1,000 BRL invested at its start.'),
  flag: FlagSchema,
});

const IntervaloSchema = z.strictObject({
  n: z.number().int().nonnegative(),
  de: DataSchema.nullable(),
  ate: DataSchema.nullable(),
});

export const LacunaSchema = z.strictObject({
  campo: z.string().min(1).describe('Field (or field group) published as null or empty.'),
  flag: z.string().regex(/^[a-z0-9_]+$/),
  fonte: z.string().min(1).describe('The source that would fill it.'),
  fonte_en: z.string().min(1).describe('fonte in English.'),
});
export type Lacuna = z.infer<typeof LacunaSchema>;

export const EtfRecursoSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    cadastro: EtfCadastroSchema,
    ultimo_informe: z
      .strictObject({
        data: DataSchema,
        cota: z.number(),
        pl: z.number(),
        cotistas: z.number().int().nonnegative().nullable(),
        captacao: z.number().nullable(),
        resgate: z.number().nullable(),
        data_entrega: dataOuNula('Delivery date (the daily report file carries none).'),
        origem: OrigemSchema,
      })
      .nullable(),
    ultimo_fechamento: z
      .strictObject({
        data: DataSchema,
        fechamento: z.number().positive(),
        volume: z.number().nonnegative().describe('Traded volume of the session (BRL, COTAHIST VOLTOT).'),
        origem: OrigemSchema,
      })
      .nullable(),
    ultimo_agio: EtfAgioSchema.nullable(),
    agio_30_pregoes: z.array(EtfAgioSchema).max(30).describe('Newest first.'),
    taxa_efetiva_mensal: z.array(
      z.strictObject({
        competencia: DataSchema,
        despesa: z.number(),
        pl_medio: z.number(),
        taxa_efetiva_aa: z.number().nullable(),
        flag: FlagSchema,
      }),
    ),
    taxa_media_12m: numeroOuNulo('Average of the 12 newest taxa_efetiva_aa; null with fewer months.'),
    carteira: z
      .strictObject({
        competencia: DataSchema,
        n_posicoes: z.number().int().nonnegative(),
        pl: z.number(),
        maiores: z.array(
          z.strictObject({
            ativo: z.string().min(1),
            tipo: z.string().min(1),
            valor: z.number(),
            fracao: z.number().nullable(),
          }),
        ),
        por_tipo: z.array(z.tuple([z.string().min(1), z.number().nullable()])),
        sobreposicao_mesmo_indice: z.array(
          z.strictObject({ ticker: TickerSchema, nome: z.string().min(1), sobreposicao: z.number() }),
        ),
        origem: z.string().min(1).describe('CDA files read.'),
      })
      .nullable(),
    retornos_pela_cota: EtfRetornosSchema.nullable(),
    retornos_pelo_preco: EtfRetornosSchema.nullable(),
    pares: z.strictObject({
      n: z.number().int().nonnegative(),
      criterio: z.string().min(1),
      criterio_en: z.string().min(1).describe('criterio in English.'),
      tickers: z.array(TickerSchema),
      agio: numeroOuNulo('Median of the peers\u2019 newest premium.'),
      taxa: numeroOuNulo('Median of the peers\u2019 taxa_media_12m.'),
    }),
    liquidez_media_60: numeroOuNulo(
      'Average traded volume (BRL) of the 60 newest sessions; null with fewer.',
    ),
    cobertura: z.strictObject({ precos: IntervaloSchema, informes: IntervaloSchema }),
    fontes: z.record(z.string().min(1), z.string().min(1)).describe('Field group → source label.'),
    fontes_en: z
      .record(z.string().min(1), z.string().min(1))
      .describe('fontes in English, with the same field groups.'),
    lacunas: z
      .array(LacunaSchema)
      .describe('Every null or empty group: its flag and the source that would fill it.'),
  })
  .refine((e) => Object.keys(e.fontes).join() === Object.keys(e.fontes_en).join(), {
    message: 'fontes_en must have the same field groups as fontes',
    path: ['fontes_en'],
  })
  .describe('ETF (/etfs/{ticker}).');
export type EtfRecurso = z.infer<typeof EtfRecursoSchema>;

export const EtfListaItemSchema = z.strictObject({
  ticker: TickerSchema,
  nome: z.string().min(1),
  indice: z.string().min(1).nullable(),
  cnpj: CnpjSchema.nullable(),
  ultimo_fechamento: z.number().positive().nullable(),
  ultima_sessao: DataSchema.nullable(),
});
export const EtfListaSchema = z.array(EtfListaItemSchema).describe('Every listed ETF (json/etfs.json).');
export type EtfLista = z.infer<typeof EtfListaSchema>;
