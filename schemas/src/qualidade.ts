import { z } from 'zod';
import { type BuildReport, InvarianteSchema, QuarentenaGrupoSchema } from './build-report.ts';
import { ARTEFATOS } from './catalogo.ts';
import { NotaSchema, TimestampSchema, versaoDoDado } from './comum.ts';

/** Path of the build report inside a build (the pipeline writes it last; the manifest lists it). */
export const CAMINHO_RELATORIO = ARTEFATOS.relatorio.caminho();

/**
 * `/qualidade.json` and the `/qualidade` page: what the build the reader is looking at checked. The
 * same facts as the build's `report.json` (invariants with counts and failures, quarantine, files
 * not recognised), with the totals a reader looks for first. Derived by `qualidadeDoRelatorio`, so the
 * route and the page can never disagree.
 */
export const QualidadeSchema = z
  .strictObject({
    versao_do_dado: versaoDoDado(),
    criado_em: TimestampSchema.describe('When the build ran.'),
    resumo: z.strictObject({
      invariantes: z.number().int().nonnegative().describe('Invariants checked in this build.'),
      verificados: z.number().int().nonnegative().describe('Rows or values checked, summed over invariants.'),
      com_falha: z.number().int().nonnegative().describe('Invariants with at least one failure.'),
      rigidas_com_falha: z
        .number()
        .int()
        .nonnegative()
        .describe('Hard invariants with a failure: always 0 in a published build (a failure stops it).'),
      quarentena: z.number().int().nonnegative().describe('Rows set aside in quarantine.'),
      nao_reconhecidos: z
        .number()
        .int()
        .nonnegative()
        .describe('Input files no source recognised (never read).'),
      tabelas: z.number().int().nonnegative().describe('Staging tables built.'),
      linhas_encenadas: z.number().int().nonnegative().describe('Rows staged, summed over tables.'),
    }),
    invariantes: z
      .array(InvarianteSchema)
      .describe('Every invariant, failing ones first, then by stage and name.'),
    quarentena: z.array(QuarentenaGrupoSchema),
    nao_reconhecidos: z.array(z.string()),
    tabelas: z.array(
      z.strictObject({
        tabela: z.string(),
        linhas: z.number().int().nonnegative(),
        arquivos: z.number().int(),
      }),
    ),
    nota: NotaSchema,
    nota_en: NotaSchema,
  })
  .describe('Data-quality report of the build being served (/qualidade.json).');
export type Qualidade = z.infer<typeof QualidadeSchema>;

/** The quality answer of a build, from its `report.json`. */
export function qualidadeDoRelatorio(r: BuildReport): Qualidade {
  const invariantes = [...r.invariantes].sort(
    (a, b) =>
      Number(b.falhas > 0) - Number(a.falhas > 0) ||
      a.etapa.localeCompare(b.etapa) ||
      a.nome.localeCompare(b.nome),
  );
  return {
    versao_do_dado: r.versao_do_dado,
    criado_em: r.criado_em,
    resumo: {
      invariantes: invariantes.length,
      verificados: invariantes.reduce((n, i) => n + i.verificados, 0),
      com_falha: invariantes.filter((i) => i.falhas > 0).length,
      rigidas_com_falha: invariantes.filter((i) => i.falhas > 0 && i.tipo === 'hard').length,
      quarentena: r.quarentena.total,
      nao_reconhecidos: r.nao_reconhecidos.length,
      tabelas: r.tabelas.length,
      linhas_encenadas: r.tabelas.reduce((n, t) => n + t.linhas, 0),
    },
    invariantes,
    quarentena: r.quarentena.grupos,
    nao_reconhecidos: r.nao_reconhecidos,
    tabelas: r.tabelas.map((t) => ({ tabela: t.tabela, linhas: t.linhas, arquivos: t.arquivos.length })),
    nota: 'Relatório do build servido: cada invariante conferida, quantos itens verificou e quantos falharam (uma invariante rígida que falha impede a publicação; uma branda só é relatada), as linhas postas de quarentena e os arquivos não reconhecidos.',
    nota_en:
      'Report of the build being served: every invariant checked, how many items it checked and how many failed (a failing hard invariant stops publication; a soft one is only reported), the rows set aside in quarantine and the files not recognised.',
  };
}
