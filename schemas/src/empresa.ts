import { z } from 'zod';
import {
  CdRegulatorSchema,
  CitacaoSchema,
  CnpjSchema,
  NotaSchema,
  TickerSchema,
  UrlSchema,
} from './comum.ts';

export const RECURSOS_DA_EMPRESA = [
  'indicadores',
  'multiplos',
  'fatos',
  'dividendos',
  'scores',
  'reapresentacoes',
  'trimestres',
] as const;
export const NomeRecursoSchema = z.enum(RECURSOS_DA_EMPRESA);

export const RecursoSchema = z.strictObject({
  url: UrlSchema.describe('Address of the resource for this company.'),
  o_que: z.string().min(1).describe('What the resource contains, in one sentence.'),
  o_que_en: z.string().min(1).describe('o_que in English.'),
  exige_chave: z.boolean().describe('Whether the resource needs an X-API-Key for this company.'),
  ausente: z
    .strictObject({ motivo: z.string().min(1), motivo_en: z.string().min(1) })
    .optional()
    .describe(
      'Present only when this build did not publish the resource for the company: why (its url answers 404).',
    ),
});

/** Fields shared by the company index and each element of the `/empresas` list. */
const identificacao = {
  ticker: TickerSchema.describe('Main trading code of the company.'),
  tickers: z.array(TickerSchema).min(1).describe('All trading codes of the company.'),
  nome: z.string().min(1).describe('Company name.'),
  cnpj: CnpjSchema,
  cd_regulator: CdRegulatorSchema.describe('Regulator company code.'),
  setor: z.string().min(1).describe('Sector.'),
  tipo: z.string().min(1).describe('Kind of accounts plan (e.g. geral for general companies).'),
  pagina: UrlSchema.describe('Company page.'),
};

/**
 * One element of `GET /empresas`. The spec does not show the list's elements; our design is the
 * identification part of the company index, so a client can go from the list to any resource.
 */
export const EmpresaListaItemSchema = z
  .strictObject(identificacao)
  .describe(
    'One company of the /empresas list (our design: the identification fields of the company index).',
  );
export type EmpresaListaItem = z.infer<typeof EmpresaListaItemSchema>;

/** `GET /empresas`: a JSON list of companies. */
export const EmpresasListaSchema = z
  .array(EmpresaListaItemSchema)
  .describe('All companies covered (/empresas).');

export const EmpresaIndiceSchema = z
  .strictObject({
    ...identificacao,
    citacao: CitacaoSchema,
    citacao_en: CitacaoSchema.describe('citacao in English.'),
    cobertura: z
      .strictObject({
        primeiro_ano: z.number().int().describe('First fiscal year with data.'),
        ultimo_ano: z.number().int().describe('Last fiscal year with data.'),
        reapresentacoes: z.number().int().nonnegative().describe('Number of restatements recorded.'),
      })
      .refine((c) => c.primeiro_ano <= c.ultimo_ano, { message: 'primeiro_ano after ultimo_ano' }),
    recursos: z
      .strictObject({
        indicadores: RecursoSchema,
        multiplos: RecursoSchema,
        fatos: RecursoSchema,
        dividendos: RecursoSchema,
        scores: RecursoSchema,
        reapresentacoes: RecursoSchema,
        trimestres: RecursoSchema,
        fatos_trimestrais: RecursoSchema.optional().describe(
          'Quarterly facts (/fatos?trimestral=true); listed only when the build has an ITR of the company.',
        ),
      })
      .describe('Every resource of the company with its address and whether it needs a key.'),
    chave: z
      .strictObject({
        necessaria_para: z.string().min(1).describe('Which resources need a key.'),
        degustacao_aberta: z.array(TickerSchema).describe('Trial tickers answered without a key.'),
        como_obter: UrlSchema.describe('Where to get a key.'),
      })
      .describe('How keys apply to this company.'),
    linhagem: z
      .string()
      .refine((s) => s.includes('{ano}') && s.includes('{indicador}'), {
        message: 'linhagem must contain {ano} and {indicador}',
      })
      .describe('URL template of the lineage route, with {ano} and {indicador}.'),
    metodologia: UrlSchema.describe('Methodology page.'),
    nota: NotaSchema.describe('States that the index carries no financial number.'),
  })
  .describe('Company index (/empresas/{ticker}): identification and links, no financial number.');
export type EmpresaIndice = z.infer<typeof EmpresaIndiceSchema>;
