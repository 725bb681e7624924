import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { CollectingReporter } from '../core/reporter.ts';
import type { DelimitedSourceSpec, InputFile } from '../core/source.ts';
import { InputError } from '../core/source.ts';
import { createStagingTables, ensureQuarantineTable } from '../core/staging.ts';
import { cvmSources } from '../sources/cvm/index.ts';
import { dataLines, SAMPLE_RAW } from '../test-support/sample.ts';
import { prepareDelimitedFiles, stageDelimited, stageDelimitedFiles } from './delimited.ts';

// Real members: the DFP 2010 and 2011 DFC_MD con and ind files of data/sample/raw/cvm/dfp/ano-completo.
// One more file is made here from the first 6 lines of the 2010 con file with three rows broken on
// purpose (a non-numeric VL_CONTA, an unknown ORDEM_EXERC, a repeated row), so quarantine is exercised.
const DIR = join(SAMPLE_RAW, 'cvm/dfp/ano-completo');
const REAIS = [
  'dfp_cia_aberta_DFC_MD_con_2010.csv',
  'dfp_cia_aberta_DFC_MD_ind_2010.csv',
  'dfp_cia_aberta_DFC_MD_con_2011.csv',
  'dfp_cia_aberta_DFC_MD_ind_2011.csv',
];
const root = mkdtempSync(join(tmpdir(), 'delimited-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const spec = cvmSources.find((s) => s.fileName.test(REAIS[0] ?? '')) as DelimitedSourceSpec;
const real = readFileSync(join(DIR, REAIS[0] ?? ''))
  .toString('latin1')
  .split('\n')
  .slice(0, 6);
const header = (real[0] ?? '').split(';');
const col = (name: string) => header.indexOf(name);
const setField = (l: string, i: number, v: string) =>
  l
    .split(';')
    .map((c, k) => (k === i ? v : c))
    .join(';');
const broken = [
  real[0],
  real[1],
  setField(real[2] ?? '', col('VL_CONTA'), 'abc'),
  setField(real[3] ?? '', col('ORDEM_EXERC'), 'ANTEPENÚLTIMO'),
  real[4],
  real[4],
] as string[];
const FEITO = 'dfp_cia_aberta_DFC_MD_con_2012.csv';
writeFileSync(join(root, FEITO), Buffer.from(`${broken.join('\n')}\n`, 'latin1'));

const files: InputFile[] = [
  ...REAIS.map((f) => ({ path: join(DIR, f), arquivo: `dfp.zip:${f}` })),
  { path: join(root, FEITO), arquivo: `dfp.zip:${FEITO}` },
];

async function fresh(): Promise<DuckDBConnection> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await ensureQuarantineTable(db);
  await createStagingTables(db, [spec]);
  return db;
}
const dump = async (db: DuckDBConnection, sql: string) =>
  JSON.stringify((await db.runAndReadAll(sql)).getRowsJson());

/** `db`, counting the typed temp tables built on it. */
function countingTyped(db: DuckDBConnection): { db: DuckDBConnection; typed: () => number } {
  let n = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'run') return Reflect.get(target, prop, receiver);
      return (...args: Parameters<DuckDBConnection['run']>) => {
        if (args[0].startsWith('CREATE TEMP TABLE _typed_')) n++;
        return target.run(...args);
      };
    },
  });
  return { db: proxy, typed: () => n };
}

/** `fs` staged file by file (`one`) and together (`many`, counting its typed temp tables). */
async function bothWays(fs: InputFile[]) {
  const one = await fresh();
  const perFile = [];
  for (const f of fs) perFile.push(await stageDelimited(one, spec, f, new CollectingReporter(one), root));
  const many = await fresh();
  const { db, typed } = countingTyped(many);
  const together = await stageDelimitedFiles(db, spec, fs, new CollectingReporter(many), root);
  return { one, perFile, many, together, typed };
}

describe('stageDelimitedFiles: several members of one spec in one pass', () => {
  it('stages, quarantines and counts exactly as staging the files one by one', async () => {
    // Counts the typed tables built, to see that the five files really went through one statement.
    const { one, perFile, many, together, typed } = await bothWays(files);
    expect(typed()).toBe(1);

    expect(together).toEqual(perFile);
    // Staged + quarantined rows are the data lines of each file, counted independently of the reader.
    for (const [j, f] of files.entries()) {
      const s = together[j];
      expect((s?.rows ?? 0) + (s?.quarantined ?? 0)).toBe(dataLines(f.path));
    }
    const staged = `SELECT * FROM ${spec.staged} ORDER BY _arquivo, _linha`;
    expect(await dump(many, staged)).toBe(await dump(one, staged));
    const q = 'SELECT * FROM _quarantine ORDER BY ALL';
    expect(await dump(many, q)).toBe(await dump(one, q));
    const motivos = (
      await many.runAndReadAll(
        `SELECT linha, motivo FROM _quarantine WHERE arquivo = 'dfp.zip:${FEITO}' ORDER BY 1`,
      )
    ).getRowsJson();
    expect(motivos).toEqual([
      ['3', 'nao_numerico'],
      ['4', 'codigo_desconhecido'],
      ['6', 'duplicada'],
    ]);
  });

  it('typed together, inserted a few files at a time: the same rows in the same order as file by file', async () => {
    // The build types a batch of inputs' files together and inserts them input by input (pairs here,
    // as the con and ind members of one zip): staged rows must land in the order staging the files one
    // by one gives, since the staging cache reloads inputs in that order.
    const one = await fresh();
    for (const f of files) await stageDelimited(one, spec, f, new CollectingReporter(one), root);
    const many = await fresh();
    const [pending, ...others] = await prepareDelimitedFiles(
      many,
      spec,
      files,
      new CollectingReporter(many),
      root,
    );
    expect(others).toEqual([]);
    expect(await dump(many, `SELECT count(*) FROM ${spec.staged}`)).toBe('[["0"]]');
    const inserted = [];
    for (let j = 0; j < files.length; j += 2)
      inserted.push(...((await pending?.insert(new Set(files.slice(j, j + 2).map((f) => f.arquivo)))) ?? []));
    await pending?.drop();
    expect(inserted.map((s) => s.arquivo)).toEqual(files.map((f) => f.arquivo));
    // No ORDER BY: insertion order is what is compared.
    const staged = `SELECT * FROM ${spec.staged}`;
    expect(await dump(many, staged)).toBe(await dump(one, staged));
    const q = 'SELECT * FROM _quarantine';
    expect(await dump(many, q)).toBe(await dump(one, q));
  });

  it('members with nothing to quarantine go straight from read_csv into the staged table, in file order', async () => {
    // The four real members: no typed temp table is built, and the staged rows (insertion order, no
    // ORDER BY) and counts are what staging the files one by one gives.
    const reais = files.slice(0, REAIS.length);
    const { one, perFile, many, together, typed } = await bothWays(reais);
    expect(typed()).toBe(0);
    expect(together).toEqual(perFile);
    expect(together.every((s) => s.quarantined === 0 && s.rows > 0)).toBe(true);
    const staged = `SELECT * FROM ${spec.staged}`;
    expect(await dump(many, staged)).toBe(await dump(one, staged));
    expect(await dump(many, 'SELECT count(*) FROM _quarantine')).toBe('[["0"]]');
  });

  it('a key repeated inside a member, with every value valid, rolls the straight append back and is quarantined as before', async () => {
    // Made here: the first 5 lines of the real 2010 con member, then its line 5 again (line 6).
    const REPETIDA = 'dfp_cia_aberta_DFC_MD_con_2014.csv';
    writeFileSync(
      join(root, REPETIDA),
      Buffer.from(`${[...real.slice(0, 5), real[4]].join('\n')}\n`, 'latin1'),
    );
    const dupFiles = [files[1] as InputFile, { path: join(root, REPETIDA), arquivo: `dfp.zip:${REPETIDA}` }];
    const { one, perFile, many, together, typed } = await bothWays(dupFiles);
    // The straight append found the repeat, rolled back, and the group was typed into a temp table.
    expect(typed()).toBe(1);
    expect(together).toEqual(perFile);
    expect(together[1]).toMatchObject({ rows: 4, quarantined: 1 });
    const staged = `SELECT * FROM ${spec.staged}`;
    expect(await dump(many, staged)).toBe(await dump(one, staged));
    expect(
      (await many.runAndReadAll('SELECT arquivo, linha, motivo FROM _quarantine')).getRowsJson(),
    ).toEqual([[`dfp.zip:${REPETIDA}`, '6', 'duplicada']]);
  });

  it('a member that does not parse is staged alone and its InputError names it', async () => {
    const BAD = 'dfp_cia_aberta_DFC_MD_ind_2012.csv';
    const short = [real[0], real[1], (real[2] ?? '').split(';').slice(0, 5).join(';')];
    writeFileSync(join(root, BAD), Buffer.from(`${short.join('\n')}\n`, 'latin1'));
    const db = await fresh();
    const e = await stageDelimitedFiles(
      db,
      spec,
      [files[0] as InputFile, { path: join(root, BAD), arquivo: `dfp.zip:${BAD}` }],
      new CollectingReporter(db),
      root,
    ).then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toContain(BAD);
  });
});
