import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * Bytes read at a time when a file is streamed (hashed, searched, checked): Node's default of 64 KiB made
 * hashing the 233 MB `precos` CSV 40% slower, and files here run to gigabytes.
 */
export const PEDACO_DE_LEITURA = 1 << 20;

/** The file's bytes in chunks of PEDACO_DE_LEITURA (a bulk CSV can be larger than a Buffer or string can be). */
export const partesDoArquivo = (path: string): AsyncIterable<Buffer> =>
  createReadStream(path, { highWaterMark: PEDACO_DE_LEITURA });

/** sha256 of a file, hex, read in chunks; `aCadaParte` sees every chunk too (a search in the same pass). */
export async function sha256DoArquivo(path: string, aCadaParte?: (parte: Buffer) => void): Promise<string> {
  const hash = createHash('sha256');
  for await (const parte of partesDoArquivo(path)) {
    hash.update(parte);
    aCadaParte?.(parte);
  }
  return hash.digest('hex');
}
