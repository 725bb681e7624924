/**
 * Whether `texto` occurs in bytes fed chunk by chunk, a match possibly straddling two chunks. Only the
 * last `k` bytes fed (k = the text's length less one) are kept and joined to the next chunk's first `k`:
 * joining whole chunks copied every byte scanned.
 */
export function procuraEmPartes(texto: string): { parte(chunk: Buffer): boolean; readonly achou: boolean } {
  const agulha = Buffer.from(texto, 'utf8');
  if (!agulha.length) throw new Error('procuraEmPartes: empty text');
  const k = agulha.length - 1;
  let resto: Buffer = Buffer.alloc(0);
  let achou = false;
  return {
    /** Feeds the next chunk; true once the text has been seen. */
    parte(chunk) {
      if (achou) return true;
      if (k > 0 && resto.length && Buffer.concat([resto, chunk.subarray(0, k)]).includes(agulha))
        achou = true;
      else if (chunk.includes(agulha)) achou = true;
      else {
        const cauda = chunk.length >= k ? chunk : Buffer.concat([resto, chunk]);
        resto = cauda.subarray(Math.max(0, cauda.length - k));
      }
      return achou;
    },
    get achou() {
      return achou;
    },
  };
}
