import { z } from 'zod';

/** `<YYYY-MM-DD>-<label>|<n>`: build date (America/Sao_Paulo), build label, sequence number. */
export const VersaoDoDadoSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\|\d+$/);

export const ManifestEntrySchema = z.object({
  name: z.string().min(1),
  path: z.string().min(1),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  schema: z.string().min(1),
  format: z.enum(['json', 'parquet', 'csv', 'text']),
});
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

export const ManifestSchema = z.object({
  versao_do_dado: VersaoDoDadoSchema,
  criado_em: z.string().datetime({ offset: true }),
  schema_version: z.literal(1),
  artefatos: z.array(ManifestEntrySchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;
