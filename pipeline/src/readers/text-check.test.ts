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
