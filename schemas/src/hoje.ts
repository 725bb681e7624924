import { z } from 'zod';
import {
  AnoSchema,
  CdRegulatorSchema,
  DataSchema,
  NotaSchema,
  TextoSchema,
  TickerSchema,
  TimestampSchema,
  UrlSchema,
  versaoDoDado,
} from './comum.ts';

/** A filing version received by the regulator in the window (one row of a DFP/ITR/FRE/FCA index). */
export const DocumentoRecebidoSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  empresa: z.string().min(1),
  doc: z.string().min(1).describe('Document category as the index names it (DFP, ITR, FRE, FCA).'),
  versao: z.number().int().positive().describe('VERSAO of the index; above 1 the filing is a resubmission.'),
  reapresentacao: z.boolean().describe('versao > 1.'),
  dt_refer: DataSchema,
  dt_receb: DataSchema,
  fonte: z.string().min(1).describe('Index file and line (`file:line`, relative to the raw directory).'),
});
export type DocumentoRecebido = z.infer<typeof DocumentoRecebidoSchema>;

/** Figures of a fiscal year that a filing received in the window restated (mart_reapresentacoes). */
export const ReapresentacaoReveladaSchema = z.strictObject({
  cd_regulator: CdRegulatorSchema,
  empresa: z.string().min(1),
  ano: AnoSchema.describe('Fiscal year whose figures changed.'),
  ano_filing: AnoSchema.describe('Filing (DFP year) that brought the new figures.'),
  versao: z.number().int().positive(),
  dt_receb: DataSchema,
  n_contas: z.number().int().positive().describe('Accounts whose value changed.'),
});
export type ReapresentacaoRevelada = z.infer<typeof ReapresentacaoReveladaSchema>;

export const MudancaSchema = z
  .strictObject({
    data: DataSchema.describe('Day of the change (reception date for filings, session for prices).'),
    tipo: z
      .enum(['documento_recebido', 'evento', 'reapresentacao', 'precos'])
      .describe('What changed: a filing received, a watcher event, a restatement, prices of a session.'),
    texto: TextoSchema,
    texto_en: TextoSchema,
    ticker: TickerSchema.nullable().describe('Asset concerned, or null for market-wide changes.'),
    url: UrlSchema.nullable(),
    documento: DocumentoRecebidoSchema.optional().describe('Present when tipo = documento_recebido.'),
    reapresentacao: ReapresentacaoReveladaSchema.optional().describe('Present when tipo = reapresentacao.'),
  })
  .refine((m) => (m.tipo === 'documento_recebido') === (m.documento !== undefined), {
    message: 'documento goes with tipo documento_recebido, and only with it',
    path: ['documento'],
  })
  .refine((m) => (m.tipo === 'reapresentacao') === (m.reapresentacao !== undefined), {
    message: 'reapresentacao goes with tipo reapresentacao, and only with it',
    path: ['reapresentacao'],
  });
export type Mudanca = z.infer<typeof MudancaSchema>;

export const UltimaSessaoSchema = z.strictObject({
  data: DataSchema.describe('Newest price session in the build (COTAHIST).'),
  n_codigos: z.number().int().positive().describe('Trading codes with a standard-lot close that day.'),
  arquivos: z.array(z.string().min(1)).min(1).describe('COTAHIST files holding that session.'),
});

export const HojeSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    gerado_em: TimestampSchema.describe(
      'Build day at 00:00 in São Paulo: builds are reproducible, so no wall-clock time is stored.',
    ),
    de: DataSchema.describe('First day of the window.'),
    ate: DataSchema.describe('Last day of the window: the newest reception date (DT_RECEB) in the data.'),
    mudancas: z
      .array(MudancaSchema)
      .refine((ms) => ms.every((m, i) => i === 0 || (ms[i - 1]?.data ?? m.data) >= m.data), {
        message: 'mudancas must be newest first',
      }),
    ultima_sessao: UltimaSessaoSchema.nullable()
      .optional()
      .describe('Newest price session, even when it falls before the window; null without prices.'),
    nota: NotaSchema,
  })
  .refine((h) => h.de <= h.ate, { message: 'de after ate', path: ['de'] })
  .refine((h) => h.mudancas.every((m) => m.data >= h.de && m.data <= h.ate), {
    message: 'a change falls outside the window',
    path: ['mudancas'],
  })
  .describe('What changed in recent days (/hoje as JSON); our design.');
export type Hoje = z.infer<typeof HojeSchema>;
