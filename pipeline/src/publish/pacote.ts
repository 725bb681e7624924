import type { Artefato } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { caminhoDoMembro, membroDe, textoDoPacote } from '@fundamentos/schemas/pacotes';
import type { z } from 'zod';
import type { ArtefactWriter } from '../core/stage.ts';

/**
 * Writes one pack (schemas/src/pacotes.ts): every member validated with the catalogue entry's schema as
 * a JSON artefact would be, serialised the same way, then the pack as one `text` artefact listed in the
 * manifest under the entry's name. Members are given by the path they answer at; all must belong to the
 * same pack.
 */
export async function escreverPacote<S extends z.ZodType>(
  writer: ArtefactWriter,
  a: { name: string; artefato: Artefato<string, S>; membros: Array<{ path: string; data: z.input<S> }> },
): Promise<ManifestEntry> {
  const { schema, nome } = a.artefato;
  const primeiro = a.membros[0];
  if (!primeiro) throw new Error(`${a.name}: a pack needs at least one member`);
  const pacote = membroDe(primeiro.path)?.pacote;
  if (!pacote) throw new Error(`${primeiro.path}: not a path published in a pack`);
  const linhas: Array<[string, string]> = [];
  for (const m of a.membros) {
    const onde = membroDe(m.path);
    if (onde?.pacote !== pacote) throw new Error(`${m.path}: not a member of ${pacote}`);
    const parsed = schema.safeParse(m.data);
    if (!parsed.success) throw new Error(`${m.path}: does not match ${nome}: ${parsed.error.message}`);
    if (caminhoDoMembro(pacote, onde.chave) !== m.path) throw new Error(`${m.path}: pack key mismatch`);
    linhas.push([onde.chave, JSON.stringify(parsed.data)]);
  }
  return writer.text({
    name: a.name,
    path: pacote,
    schemaName: nome,
    content: textoDoPacote(linhas),
    rows: linhas.length,
  });
}
