import { VersaoDoDadoSchema } from '@fundamentos/schemas/manifest';
import { z } from 'zod';

/**
 * Layout of a publication in R2 (bucket ARTEFATOS), shared by the worker that reads it and the upload
 * module that writes it (docs/architecture.md, "Deploy"):
 * - `objetos/<sha256>`: every artefact's bytes, addressed by content. A build that did not change a
 *   file uploads nothing for it, and an object never changes once written, so readers may cache it.
 * - `builds/<dir_da_versao>/manifest.json` and `report.json`: one build (path → sha256 in the manifest).
 * - `current.json`: which build answers, written last.
 */
export const CHAVE_ATUAL = 'current.json';
export const PREFIXO_OBJETOS = 'objetos/';

export const chaveDoObjeto = (sha256: string): string => `${PREFIXO_OBJETOS}${sha256}`;
export const prefixoDoBuild = (dirDaVersao: string): string => `builds/${dirDaVersao}/`;

/** `current.json` at the bucket root: which uploaded build answers. */
export const AtualSchema = z.object({
  versao_do_dado: VersaoDoDadoSchema,
  /** `builds/<dir_da_versao>/`, with the trailing slash. */
  prefixo: z.string().regex(/^builds\/[^/]+\/$/),
});
export type Atual = z.infer<typeof AtualSchema>;
