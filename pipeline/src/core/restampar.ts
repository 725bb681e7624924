import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import {
  appendFile,
  copyFile,
  type FileHandle,
  mkdir,
  open,
  readFile,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { dirname } from 'node:path';
import { PEDACO_DE_LEITURA } from './partes-do-arquivo.ts';

/**
 * Below this offset of the version's first occurrence an artefact is read, patched and written whole: the
 * lineage packs hold the version in every record, and for a small prefix a kernel copy saves nothing.
 */
const COPIAR_A_PARTIR_DE = 64 * 1024;

/**
 * `buf` with every occurrence of `de` replaced by `para`, left to right, as `String.replaceAll` on the
 * UTF-8 text would (UTF-8 is self-synchronising: a match of the bytes is a match of the characters).
 * On bytes, not on a decoded string: the restamped artefacts of a nightly build are every company's
 * JSON (291 MiB at bench scale 0.1), and decoding, replacing and encoding them cost 3× this.
 */
export function substituirBytes(buf: Buffer, de: string, para: string): Buffer {
  const agulha = Buffer.from(de, 'utf8');
  const novo = Buffer.from(para, 'utf8');
  if (!agulha.length) throw new Error('substituirBytes: empty text to replace');
  const achados: number[] = [];
  for (let k = buf.indexOf(agulha); k !== -1; k = buf.indexOf(agulha, k + agulha.length)) achados.push(k);
  // Same length (a version and the next one): patched in place, no copy of the file.
  if (agulha.length === novo.length) {
    for (const k of achados) novo.copy(buf, k);
    return buf;
  }
  const partes: Buffer[] = [];
  let inicio = 0;
  for (const k of achados) {
    partes.push(buf.subarray(inicio, k), novo);
    inicio = k + agulha.length;
  }
  partes.push(buf.subarray(inicio));
  return Buffer.concat(partes);
}

/** Fills `buf` from `fh` at `posicao` (a read may return fewer bytes than asked). */
async function lerTudo(fh: FileHandle, buf: Buffer, posicao: number, arquivo: string): Promise<void> {
  for (let feito = 0; feito < buf.length; ) {
    const { bytesRead } = await fh.read(buf, feito, buf.length - feito, posicao + feito);
    if (bytesRead === 0)
      throw new Error(
        `${arquivo}: ended at byte ${posicao + feito}, before the ${buf.length} bytes expected`,
      );
    feito += bytesRead;
  }
}

const naoComecaEm = (de: string, antiga: string, desde: number) =>
  new Error(`${de}: the version ${antiga} does not start at the recorded byte ${desde}`);

/**
 * Writes at `para` the artefact `de` with its version `antiga` re-stamped as `nova`, given `desde`, the
 * byte offset of the version's first occurrence (recorded when the artefact was written). The bytes before
 * it are the same in both files, and at full scale they are most of what a nightly build re-stamps (a
 * company's quarterly facts hold the version once, at their end: 2.1 of the 3.1 GB re-stamped), so they are
 * copied by the kernel (`copyFile`, a clone where the file system can) and only read to be hashed; the rest
 * is read, patched and appended. Read into memory, patched and written whole, the same 2.1 GB took 6.3 s of
 * a 49 s nightly build (docs/benchmarks.md, "Re-stamping from the version's first byte").
 */
export async function restampar(
  de: string,
  para: string,
  desde: number,
  antiga: string,
  nova: string,
): Promise<{ bytes: number; sha256: string }> {
  await mkdir(dirname(para), { recursive: true });
  if (desde < COPIAR_A_PARTIR_DE) {
    const lidos = await readFile(de);
    // The recorded byte must start the version's first occurrence, as below: a cached file that changed
    // since it was saved is refused, not re-stamped and published.
    if (lidos.indexOf(antiga) !== desde) throw naoComecaEm(de, antiga, desde);
    const bytes = substituirBytes(lidos, antiga, nova);
    await writeFile(para, bytes);
    return { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  const hash = createHash('sha256');
  let cauda: Buffer;
  const fh = await open(de, 'r');
  const copia = copyFile(de, para, constants.COPYFILE_FICLONE);
  try {
    const { size } = await fh.stat();
    if (desde + Buffer.byteLength(antiga) > size)
      throw new Error(
        `${de}: the version's first byte was recorded at ${desde}, past the file's ${size} bytes`,
      );
    const buf = Buffer.allocUnsafe(Math.min(PEDACO_DE_LEITURA, desde));
    for (let pos = 0; pos < desde; pos += buf.length) {
      const parte = pos + buf.length <= desde ? buf : buf.subarray(0, desde - pos);
      await lerTudo(fh, parte, pos, de);
      hash.update(parte);
    }
    cauda = Buffer.allocUnsafe(size - desde);
    await lerTudo(fh, cauda, desde, de);
  } catch (e) {
    await copia.catch(() => undefined);
    throw e;
  } finally {
    await fh.close();
  }
  // A wrong offset would leave the old version in the copied bytes: the recorded byte must start it.
  if (!cauda.subarray(0, Buffer.byteLength(antiga)).equals(Buffer.from(antiga, 'utf8')))
    throw naoComecaEm(de, antiga, desde);
  const novaCauda = substituirBytes(cauda, antiga, nova);
  await copia;
  await truncate(para, desde);
  await appendFile(para, novaCauda);
  hash.update(novaCauda);
  return { bytes: desde + novaCauda.length, sha256: hash.digest('hex') };
}
