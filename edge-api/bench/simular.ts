import { createHash } from 'node:crypto';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Manifest } from '@fundamentos/schemas/manifest';

/**
 * A next build beside a published one, as a nightly build would be (for the upload's bench and tests):
 * the same files (symlinks to `atual`) except the first `mudar` JSON artefacts, whose bytes get a line
 * appended, with the manifest updated and sequence number `n`. Returns the new build's folder.
 */
export async function simularProximoBuild(
  atual: string,
  manifesto: Manifest,
  onde: string,
  n: number,
  mudar: number,
): Promise<string> {
  const versao = manifesto.versao_do_dado.replace(/\|\d+$/, `|${n}`);
  const dir = join(onde, versao.replace('|', '.'));
  const mudados = new Set(
    manifesto.artefatos
      .filter((a) => a.format === 'json')
      .slice(0, mudar)
      .map((a) => a.path),
  );
  const artefatos = [];
  for (const a of manifesto.artefatos) {
    const destino = join(dir, a.path);
    await mkdir(dirname(destino), { recursive: true });
    if (!mudados.has(a.path)) {
      await symlink(join(atual, a.path), destino);
      artefatos.push(a);
      continue;
    }
    const bytes = Buffer.concat([await readFile(join(atual, a.path)), Buffer.from(`{"build":${n}}\n`)]);
    await writeFile(destino, bytes);
    artefatos.push({ ...a, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({ ...manifesto, versao_do_dado: versao, artefatos }),
  );
  return dir;
}
