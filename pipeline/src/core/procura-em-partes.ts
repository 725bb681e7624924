/**
 * Where `texto` first occurs in bytes fed chunk by chunk, a match possibly straddling two chunks. Only the
 * last `k` bytes fed (k = the text's length less one) are kept and joined to the next chunk's first `k`:
 * joining whole chunks copied every byte scanned.
 */
export function procuraEmPartes(texto: string): {
  parte(chunk: Buffer): boolean;
  readonly achou: boolean;
  /** Byte offset of the first occurrence in all that was fed, or null while there is none. */
  readonly posicao: number | null;
} {
  const agulha = Buffer.from(texto, 'utf8');
  if (!agulha.length) throw new Error('procuraEmPartes: empty text');
  const k = agulha.length - 1;
  let resto: Buffer = Buffer.alloc(0);
  /** Bytes fed before the current chunk. */
  let lidos = 0;
  let posicao: number | null = null;
  return {
    /** Feeds the next chunk; true once the text has been seen. */
    parte(chunk) {
      if (posicao !== null) return true;
      const naJuncao =
        k > 0 && resto.length ? Buffer.concat([resto, chunk.subarray(0, k)]).indexOf(agulha) : -1;
      const noPedaco = naJuncao === -1 ? chunk.indexOf(agulha) : -1;
      if (naJuncao !== -1) posicao = lidos - resto.length + naJuncao;
      else if (noPedaco !== -1) posicao = lidos + noPedaco;
      else {
        const cauda = chunk.length >= k ? chunk : Buffer.concat([resto, chunk]);
        resto = cauda.subarray(Math.max(0, cauda.length - k));
      }
      lidos += chunk.length;
      return posicao !== null;
    },
    get achou() {
      return posicao !== null;
    },
    get posicao() {
      return posicao;
    },
  };
}
