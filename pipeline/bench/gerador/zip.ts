import { createWriteStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export interface Membro {
  nome: string;
  /** Produces the member's bytes in chunks; called only when yazl reaches this member. */
  conteudo: () => AsyncIterable<Buffer>;
}

/**
 * Writes a zip whose bytes depend only on its members: a fixed DOS timestamp built from local
 * fields (so the time zone does not matter) and no extended-timestamp field.
 */
export async function escreverZip(
  caminho: string,
  membros: Membro[],
  data: [number, number, number],
): Promise<void> {
  await mkdir(dirname(caminho), { recursive: true });
  const tmp = `${caminho}.tmp`;
  const zip = new ZipFile();
  const saida = createWriteStream(tmp);
  zip.outputStream.pipe(saida);
  const mtime = new Date(data[0], data[1] - 1, data[2], 3, 0, 0);
  for (const m of membros) {
    zip.addReadStreamLazy(
      m.nome,
      { mtime, mode: 0o100644, forceDosTimestamp: true, compressionLevel: 6 },
      (cb) => cb(null, Readable.from(m.conteudo())),
    );
  }
  zip.end();
  await finished(saida);
  await rename(tmp, caminho);
}

/** Joins lines into latin-1 chunks of about 1 MiB. */
export class Blocos {
  private partes: string[] = [];
  private tamanho = 0;

  constructor(private readonly fimDeLinha: '\n' | '\r\n') {}

  /** Adds a line; returns a chunk when enough has accumulated. */
  linha(texto: string): Buffer | null {
    this.partes.push(texto, this.fimDeLinha);
    this.tamanho += texto.length + this.fimDeLinha.length;
    return this.tamanho >= 1 << 20 ? this.esvaziar() : null;
  }

  esvaziar(): Buffer | null {
    if (this.tamanho === 0) return null;
    const b = Buffer.from(this.partes.join(''), 'latin1');
    this.partes = [];
    this.tamanho = 0;
    return b;
  }
}

/** Writes a bare file atomically (temp name, then rename). */
export async function escreverArquivo(caminho: string, conteudo: Buffer): Promise<void> {
  await mkdir(dirname(caminho), { recursive: true });
  await writeFile(`${caminho}.tmp`, conteudo);
  await rename(`${caminho}.tmp`, caminho);
}
