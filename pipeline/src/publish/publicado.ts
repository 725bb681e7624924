import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { membroDe, membroDoPacote } from '@fundamentos/schemas/pacotes';

/**
 * The bytes a path of a published build answers with, read from the build directory: its own file, or
 * its member of a pack (schemas/src/pacotes.ts), as the API serves it. Null when neither exists.
 */
export async function lerPublicado(dir: string, caminho: string): Promise<string | null> {
  const proprio = await readFile(join(dir, caminho), 'utf8').catch(() => null);
  if (proprio !== null) return proprio;
  const m = membroDe(caminho);
  if (!m) return null;
  const pacote = await readFile(join(dir, m.pacote), 'utf8').catch(() => null);
  return pacote === null ? null : membroDoPacote(pacote, m.chave);
}
