import { z } from 'zod';
import { VersaoDoDadoSchema } from './manifest.ts';

/** One staged file: how many of its data rows reached the table and how many were quarantined. */
export const ArquivoEncenadoSchema = z.object({
  arquivo: z.string().min(1),
  fonte: z.string().min(1),
  linhas: z.number().int().nonnegative(),
  quarentena: z.number().int().nonnegative(),
});

export const TabelaEncenadaSchema = z.object({
  tabela: z.string().regex(/^stg_[a-z0-9_]+$/),
  fontes: z.array(z.string()),
  arquivos: z.array(ArquivoEncenadoSchema),
  linhas: z.number().int().nonnegative(),
});

export const QuarentenaGrupoSchema = z.object({
  fonte: z.string(),
  motivo: z.string(),
  n: z.number().int().positive(),
  exemplos: z.array(
    z.object({
      arquivo: z.string(),
      linha: z.number().int().nullable(),
      campo: z.string().nullable(),
      valor: z.string().nullable(),
    }),
  ),
});

export const InvarianteSchema = z.object({
  etapa: z.string(),
  nome: z.string(),
  tipo: z.enum(['hard', 'soft']),
  descricao: z.string(),
  verificados: z.number().int().nonnegative(),
  falhas: z.number().int().nonnegative(),
  exemplos: z.array(z.unknown()),
});

/** `report.json`: what the build read, what it set aside and why, and which checks it ran. */
export const BuildReportSchema = z.object({
  versao_do_dado: VersaoDoDadoSchema,
  criado_em: z.string().datetime({ offset: true }),
  schema_version: z.literal(1),
  tabelas: z.array(TabelaEncenadaSchema),
  quarentena: z.object({ total: z.number().int().nonnegative(), grupos: z.array(QuarentenaGrupoSchema) }),
  invariantes: z.array(InvarianteSchema),
  notas: z.array(z.object({ etapa: z.string(), mensagem: z.string() })),
  /** Files and zip members under the raw folder that no source recognised; never read. */
  nao_reconhecidos: z.array(z.string()),
  etapas: z.array(z.object({ nome: z.string(), artefatos: z.number().int().nonnegative() })),
});
export type BuildReport = z.infer<typeof BuildReportSchema>;
