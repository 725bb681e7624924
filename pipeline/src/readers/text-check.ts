import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { partesDoArquivo } from '../core/partes-do-arquivo.ts';
import { InputError } from '../core/source.ts';

export interface TextCheck {
  bytes: number;
  /** Non-blank lines, header included. */
  lines: number;
  /** Header line decoded with the declared encoding, without CR/LF and BOM. */
  header: string;
  /** Some byte is in 0x80–0x9F, which DuckDB's own latin-1 decoder refuses (see latin1ToUtf8). */
  c1Bytes: boolean;
}

/** Length of a valid UTF-8 multi-byte sequence starting at `i`, or 0. */
function utf8SequenceAt(buf: Uint8Array, i: number): number {
  const b = buf[i] ?? 0;
  const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
  if (need < 0 || i + need >= buf.length) return 0;
  for (let k = 1; k <= need; k++) {
    const c = buf[i + k] ?? 0;
    if (c < 0x80 || c > 0xbf) return 0;
  }
  return need + 1;
}

/** A UTF-8 multi-byte sequence as utf8SequenceAt accepts it, in the latin-1 view of the bytes. */
const UTF8_SEQUENCE =
  '[\\xc2-\\xdf][\\x80-\\xbf]|[\\xe0-\\xef][\\x80-\\xbf]{2}|[\\xf0-\\xf4][\\x80-\\xbf]{3}';
/**
 * A C1 byte (0x80–0x9F, which cannot start a sequence) or a UTF-8 sequence, whichever comes first: one
 * native pass over a chunk finds both (two passes cost 0.27 s more on 500 MB here).
 */
const C1_OR_UTF8 = new RegExp(`[\\x80-\\x9f]|${UTF8_SEQUENCE}`, 'g');
const ONLY_UTF8 = new RegExp(UTF8_SEQUENCE, 'g');

/** Any byte in [from, to) other than CR (a line of CRs only is blank). Usually decided by the first byte. */
function hasNonCr(buf: Buffer, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (buf[k] !== 0x0d) return true;
  return false;
}

/**
 * Lines of a file as the checks count them: non-blank lines, and a blank line followed by content stops
 * the check (it would shift `_linha`). Both scans below feed it, one call per line end.
 */
class LineTally {
  line = 1;
  hasContent = false;
  nonBlank = 0;
  private blankAt: number | null = null;
  constructor(private readonly arquivo: string) {}
  /** The current line ends (at a line feed, or at the end of the file). */
  end(): void {
    if (this.hasContent) {
      if (this.blankAt !== null)
        throw new InputError(
          this.arquivo,
          this.blankAt,
          null,
          'no blank line before the end of the file',
          '',
        );
      this.nonBlank++;
    } else if (this.blankAt === null) this.blankAt = this.line;
    this.line++;
    this.hasContent = false;
  }
}

/**
 * checkText of a latin-1 file in which no byte sequence looks like UTF-8 (nearly every CVM file), or
 * null when one does and the full scan must weigh them. Its bytes >= 0x80 are then all latin-1
 * characters, so only line feeds need a decision: Buffer.indexOf finds them natively, one call per line,
 * and native regexes find UTF-8-looking sequences and C1 bytes; the full scan visited every byte >= 0x80
 * in JS (15 M of them in the 214 ITR members of bench escala 0.1, against 2.5 M line feeds).
 */
async function latin1WithoutUtf8(path: string, arquivo: string): Promise<TextCheck | null> {
  let bytes = 0;
  const t = new LineTally(arquivo);
  let c1Bytes = false;
  const headerParts: Buffer[] = [];
  // The last 3 bytes of the previous chunk (latin-1), so a sequence split between chunks is seen.
  let tail = '';
  for await (const buf of partesDoArquivo(path)) {
    bytes += buf.length;
    const str = buf.toString('latin1');
    ONLY_UTF8.lastIndex = 0;
    if (ONLY_UTF8.test(tail + str.slice(0, 3))) return null;
    tail = str.slice(-3);
    let re = c1Bytes ? ONLY_UTF8 : C1_OR_UTF8;
    re.lastIndex = 0;
    for (let m = re.exec(str); m !== null; m = re.exec(str)) {
      // A one-byte match is a C1 byte; from there on only a UTF-8 sequence matters.
      if (m[0].length > 1) return null;
      c1Bytes = true;
      ONLY_UTF8.lastIndex = re.lastIndex;
      re = ONLY_UTF8;
    }
    let segStart = 0;
    for (let p = buf.indexOf(0x0a); p !== -1; p = buf.indexOf(0x0a, p + 1)) {
      if (!t.hasContent && hasNonCr(buf, segStart, p)) t.hasContent = true;
      if (t.line === 1) headerParts.push(buf.subarray(segStart, p));
      t.end();
      segStart = p + 1;
    }
    if (!t.hasContent && hasNonCr(buf, segStart, buf.length)) t.hasContent = true;
    if (t.line === 1) headerParts.push(buf.subarray(segStart));
  }
  t.end();
  if (bytes === 0 || t.nonBlank === 0) throw new InputError(arquivo, 1, null, 'a header line', 'empty file');
  const header = Buffer.concat(headerParts).toString('latin1').replace(/\r$/, '');
  return { bytes, lines: t.nonBlank, header, c1Bytes };
}

/**
 * One pass over the bytes: counts lines, refuses blank lines in the middle (they would shift `_linha`),
 * and checks the encoding. A file declared latin-1 whose accented characters are mostly valid UTF-8
 * sequences is UTF-8 (it would stage as mojibake such as `Ã§`); a file declared UTF-8 with an invalid
 * sequence is not UTF-8.
 */
export async function checkText(
  path: string,
  arquivo: string,
  encoding: 'latin-1' | 'utf-8',
): Promise<TextCheck> {
  if (encoding === 'latin-1') {
    const plain = await latin1WithoutUtf8(path, arquivo);
    if (plain) return plain;
  }
  let bytes = 0;
  const t = new LineTally(arquivo);
  let utf8Seqs = 0;
  let otherHigh = 0;
  let firstUtf8Line: number | null = null;
  let firstUtf8Sample = '';
  let c1Bytes = false;
  const headerParts: Buffer[] = [];
  let carry: Buffer = Buffer.alloc(0);

  // Only line feeds and bytes ≥ 0x80 need a decision; a native regex over the latin-1 view of the
  // chunk finds them, so plain ASCII runs are never visited byte by byte in JS.
  const scan = (buf: Buffer, upto: number): number => {
    const str = buf.toString('latin1', 0, upto);
    const re = /[\n\x80-\xff]/g;
    let segStart = 0;
    let end = upto;
    // `test`, not `exec`: no match object is allocated per line.
    while (re.test(str)) {
      const p = re.lastIndex - 1;
      if (!t.hasContent && hasNonCr(buf, segStart, p)) t.hasContent = true;
      if (t.line === 1) headerParts.push(buf.subarray(segStart, p));
      const b = buf[p] ?? 0;
      if (b === 0x0a) {
        t.end();
        segStart = p + 1;
        continue;
      }
      t.hasContent = true;
      const n = utf8SequenceAt(buf, p);
      if (n > 0) {
        utf8Seqs++;
        // UTF-8 continuation bytes 0x80–0x9F are C1 bytes in latin-1.
        for (let k = p + 1; k < p + n; k++) if ((buf[k] ?? 0) < 0xa0) c1Bytes = true;
        if (firstUtf8Line === null) {
          firstUtf8Line = t.line;
          firstUtf8Sample = buf.subarray(p, p + n).toString('latin1');
        }
        if (t.line === 1) headerParts.push(buf.subarray(p, p + n));
        segStart = p + n;
        re.lastIndex = p + n;
        end = Math.max(end, p + n);
        continue;
      }
      otherHigh++;
      if (b < 0xa0) c1Bytes = true;
      if (encoding === 'utf-8')
        throw new InputError(arquivo, t.line, null, 'UTF-8 text', `byte 0x${b.toString(16)}`);
      if (t.line === 1) headerParts.push(buf.subarray(p, p + 1));
      segStart = p + 1;
    }
    if (segStart < end) {
      if (!t.hasContent && hasNonCr(buf, segStart, end)) t.hasContent = true;
      if (t.line === 1) headerParts.push(buf.subarray(segStart, end));
    }
    return end;
  };

  for await (const chunk of partesDoArquivo(path)) {
    bytes += chunk.length;
    // The last 3 bytes wait for the next chunk so a multi-byte sequence split between chunks is seen whole.
    const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const done = scan(buf, Math.max(0, buf.length - 3));
    carry = buf.subarray(done);
  }
  scan(carry, carry.length);
  t.end();
  if (bytes === 0 || t.nonBlank === 0) throw new InputError(arquivo, 1, null, 'a header line', 'empty file');
  if (encoding === 'latin-1' && utf8Seqs > 0 && utf8Seqs >= otherHigh) {
    throw new InputError(
      arquivo,
      firstUtf8Line,
      null,
      'latin-1 text',
      `UTF-8 bytes read as latin-1: ${firstUtf8Sample}`,
    );
  }
  const raw = Buffer.concat(headerParts);
  let header = encoding === 'utf-8' ? raw.toString('utf8') : raw.toString('latin1');
  header = header.replace(/^\uFEFF/, '').replace(/\r$/, '');
  return { bytes, lines: t.nonBlank, header, c1Bytes };
}

/**
 * Rewrites a latin-1 file as UTF-8 for DuckDB. DuckDB's own latin-1 decoder refuses bytes 0x80–0x9F,
 * which real CVM files do contain (e.g. the FII 2021 monthly report has UTF-8 "Ã" = C3 83 inside a
 * latin-1 file); decoding here maps every byte to its code point, so nothing is lost or refused.
 */
export async function latin1ToUtf8(path: string, target: string): Promise<void> {
  await pipeline(
    partesDoArquivo(path),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        done(null, Buffer.from(chunk.toString('latin1'), 'utf8'));
      },
    }),
    createWriteStream(target),
  );
}
