import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cvmSources } from '../sources/cvm/index.ts';
import { inputErrorOf as fail } from '../test-support/input-error.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';
import { checkText } from './text-check.ts';

// Text made here (no financial content): "Ação" in latin-1 is 41 E7 E3 6F; in UTF-8 41 C3 A7 C3 A3 6F.
const root = mkdtempSync(join(tmpdir(), 'texto-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (name: string, bytes: Buffer) => {
  const p = join(root, name);
  writeFileSync(p, bytes);
  return p;
};

describe('checkText', () => {
  it('accepts latin-1 text, counts non-blank lines, CRLF or LF', async () => {
    const p = file('ok.csv', Buffer.from('A;B\r\nAção;1\r\n\r\n', 'latin1'));
    expect(await checkText(p, 'ok.csv', 'latin-1')).toEqual({
      bytes: 15,
      lines: 2,
      header: 'A;B',
      c1Bytes: false,
    });
  });

  it('reports bytes 0x80–0x9F (refused by the latin-1 decoder of DuckDB), alone or inside a UTF-8 sequence', async () => {
    // Made here: 0x93 is a cp1252 left quote; C3 83 is UTF-8 "Ã" as in the real FII 2021 monthly report.
    const c1 = file('c1.csv', Buffer.from([0x41, 0x0a, 0x93, 0x78, 0xe7, 0x0a]));
    expect((await checkText(c1, 'c1.csv', 'latin-1')).c1Bytes).toBe(true);
    const seq = file('seq.csv', Buffer.from([0x41, 0x0a, 0xc3, 0x83, 0xe7, 0xe3, 0x0a]));
    expect((await checkText(seq, 'seq.csv', 'latin-1')).c1Bytes).toBe(true);
  });

  it('refuses UTF-8 declared as latin-1 even when the sequence straddles a 1 MiB read boundary', async () => {
    const pad = Buffer.alloc((1 << 20) - 1 - 4, 0x61);
    const p = file('utf8.csv', Buffer.concat([Buffer.from('A;B\n'), pad, Buffer.from('Ação\n', 'utf8')]));
    const e = await fail(checkText(p, 'utf8.csv', 'latin-1'));
    expect(e.linha).toBe(2);
  });

  it('latin-1 over several 1 MiB reads: lines, header and C1 bytes as written, a line cut by a read boundary counted once', async () => {
    // Made here: a 10-byte header and 150,000 lines of 18 bytes (2.6 MiB, so lines straddle reads), one 0x93 on file line 100,002.
    const linha = Buffer.from('x;A\xe7\xe3o;1234567890\n', 'latin1');
    const lines = Array.from({ length: 150_000 }, (_, k) =>
      k === 100_000 ? Buffer.from('x;A\x93\xe3o;1234567890\n', 'latin1') : linha,
    );
    const p = file('big.csv', Buffer.concat([Buffer.from('A\xe7\xe3o;B;C\r\n', 'latin1'), ...lines]));
    expect(await checkText(p, 'big.csv', 'latin-1')).toEqual({
      bytes: 10 + 150_000 * 18,
      lines: 150_001,
      header: 'Ação;B;C',
      c1Bytes: true,
    });
  });

  it('a C1 byte before a UTF-8 sequence in one read: the sequence still counts', async () => {
    // Made here: one cp1252 byte (0x93), then "ç" in UTF-8 (C3 A7): as many UTF-8 sequences as other
    // high bytes, so the file is refused as UTF-8 declared latin-1, naming line 3.
    const p = file('misto.csv', Buffer.from([0x41, 0x0a, 0x93, 0x78, 0x0a, 0x79, 0xc3, 0xa7, 0x0a]));
    const e = await fail(checkText(p, 'misto.csv', 'latin-1'));
    expect(e.linha).toBe(3);
  });

  it('refuses invalid bytes in a file declared UTF-8, naming the line', async () => {
    const p = file('latin.csv', Buffer.from('A;B\nx;1\nAção;2\n', 'latin1'));
    const e = await fail(checkText(p, 'latin.csv', 'utf-8'));
    expect([e.arquivo, e.linha]).toEqual(['latin.csv', 3]);
  });

  it('refuses a blank line before the end (it would shift line numbers)', async () => {
    const p = file('blank.csv', Buffer.from('A;B\n1;2\n\n3;4\n'));
    const e = await fail(checkText(p, 'blank.csv', 'latin-1'));
    expect(e.linha).toBe(3);
  });
});

describe('source file names', () => {
  it('no sample file matches two CVM sources (each CVM file lands in exactly one table)', () => {
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
    for (const p of walk(SAMPLE_RAW)) {
      const base = p.slice(p.lastIndexOf('/') + 1);
      const ids = cvmSources.filter((s) => s.fileName.test(base)).map((s) => s.id);
      expect(ids.length, `${relative(SAMPLE_RAW, p)}: ${ids.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });
});
