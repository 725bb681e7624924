import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { cvmSources } from '../sources/cvm/index.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';
import { discover, filesToStage, isIgnored, recognisedCount } from './discover.ts';

const root = mkdtempSync(join(tmpdir(), 'discover-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const INDEX_2010 = 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv';

async function zipOf(members: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of Object.entries(members)) zip.addBuffer(body, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('isIgnored', () => {
  it('passes over the download tool files and documentation, nothing else', () => {
    for (const name of [
      '_downloads.jsonl',
      'dfp_cia_aberta_2024.zip.part',
      'dfp_cia_aberta_2024.zip.part.json',
      'README.md',
      'README',
      'readme.txt',
      'MANIFEST.md',
    ])
      expect(isIgnored(name), name).toBe(true);
    for (const name of [
      'dfp_cia_aberta_2024.zip',
      'downloads.jsonl',
      'partes.csv',
      'dfp_cia_aberta_2024.json',
      'COTAHIST_A2024.TXT',
      'mdfile.csv',
    ])
      expect(isIgnored(name), name).toBe(false);
  });
});

describe('discover', () => {
  it('recognises the real index file loose and in a zip, ignores fetch bookkeeping and docs, lists the rest; zip members live only while staged', async () => {
    const raw = join(root, 'raw');
    let member = '';
    mkdirSync(join(raw, 'cvm_dfp'), { recursive: true });
    copyFileSync(join(SAMPLE_RAW, INDEX_2010), join(raw, 'cvm_dfp', 'dfp_cia_aberta_2010.csv'));
    // Made here: bookkeeping files as `fetch` leaves them, and documentation; their content is never read.
    writeFileSync(join(raw, '_downloads.jsonl'), '');
    writeFileSync(join(raw, 'cvm_dfp', 'dfp_cia_aberta_2011.zip.part'), 'PK');
    writeFileSync(join(raw, 'cvm_dfp', 'dfp_cia_aberta_2011.zip.part.json'), '{}');
    writeFileSync(join(raw, 'README.md'), '# notes');
    writeFileSync(join(raw, 'cvm_dfp', 'notas.txt'), 'not a source');
    writeFileSync(
      join(raw, 'cvm_dfp', 'pacote.zip'),
      await zipOf({
        'LEIAME.md': Buffer.from('doc'),
        'outro.csv': Buffer.from('a;b\n'),
        'dfp_cia_aberta_2010.csv': readFileSync(join(SAMPLE_RAW, INDEX_2010)),
      }),
    );
    const d = await discover(raw, cvmSources);
    expect(d.inputs.map((i) => [i.kind, i.arquivo])).toEqual([
      ['file', 'cvm_dfp/dfp_cia_aberta_2010.csv'],
      ['zip', 'cvm_dfp/pacote.zip'],
    ]);
    expect(recognisedCount(d)).toBe(2);
    // Listing a zip extracts nothing; members are extracted only when staging reaches them.
    const work = join(root, 'work');
    mkdirSync(work);
    expect(readdirSync(work)).toEqual([]);
    const seen: [string, string, boolean][] = [];
    for await (const r of filesToStage(d, work)) {
      seen.push([r.spec.id, r.file.arquivo, existsSync(r.file.path)]);
      if (r.file.arquivo.includes(':')) {
        // The extracted member is the real file, byte for byte.
        expect(readFileSync(r.file.path).equals(readFileSync(join(SAMPLE_RAW, INDEX_2010)))).toBe(true);
        member = r.file.path;
      }
    }
    expect(seen).toEqual([
      ['cvm_dfp_indice', 'cvm_dfp/dfp_cia_aberta_2010.csv', true],
      ['cvm_dfp_indice', 'cvm_dfp/pacote.zip:dfp_cia_aberta_2010.csv', true],
    ]);
    // Once staging moves past a zip, its extracted members and their folder are gone.
    expect(existsSync(member)).toBe(false);
    expect(readdirSync(work)).toEqual([]);
    expect(d.unrecognised).toEqual(['cvm_dfp/notas.txt', 'cvm_dfp/pacote.zip:outro.csv']);
    expect(d.ignored.sort()).toEqual([
      'README.md',
      '_downloads.jsonl',
      'cvm_dfp/dfp_cia_aberta_2011.zip.part',
      'cvm_dfp/dfp_cia_aberta_2011.zip.part.json',
      'cvm_dfp/pacote.zip:LEIAME.md',
    ]);
  });
});
