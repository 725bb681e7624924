import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createArtefactWriter, VERIFICAR_TEXTO_A_CADA, verificarTextoJson } from './artefact-writer.ts';

const Schema = z.strictObject({ a: z.number(), b: z.array(z.string()) });
const alvo = { path: 'json/x.json', schemaName: 'x', schema: Schema };
const root = await mkdtemp(join(tmpdir(), 'writer-texto-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('writer.jsonTexto: JSON text written elsewhere, held to the schema and to JSON.stringify', () => {
  it('accepts exactly the bytes JSON.stringify writes for the parsed value', () => {
    expect(verificarTextoJson({ ...alvo, texto: '{"a":1.5,"b":["x\\u001b"]}' })).toBe(1);
  });

  it('rejects text that parses to the same value but is written differently, naming the byte', () => {
    expect(() => verificarTextoJson({ ...alvo, texto: '{"a":2.0,"b":[]}' })).toThrow(/differs .* at byte 6:/);
    expect(() => verificarTextoJson({ ...alvo, texto: '{"b":[],"a":1}' })).toThrow(/differs/);
    expect(() => verificarTextoJson({ ...alvo, texto: '{"a":1,"b":["\\u001B"]}' })).toThrow(/differs/);
  });

  it('rejects text that does not parse or does not fit the schema', () => {
    expect(() => verificarTextoJson({ ...alvo, texto: '{"a":1,' })).toThrow(/does not parse/);
    expect(() => verificarTextoJson({ ...alvo, texto: '{"a":"1","b":[]}' })).toThrow(/does not match x/);
  });

  it('the real writer writes the text with a newline, checks the first one in full, and takes objects only', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const w = createArtefactWriter(root, db);
    if (!w.jsonTexto) throw new Error('the real writer has jsonTexto');
    const bytes = (t: string) => [Buffer.from(t, 'utf8')];
    await expect(w.jsonTexto({ ...alvo, name: 'x', texto: bytes('{"a":1.0,"b":[]}') })).rejects.toThrow(
      /differs/,
    );
    const w2 = createArtefactWriter(root, db);
    const e = await w2.jsonTexto?.({ ...alvo, name: 'x', texto: bytes('{"a":1,"b":[]}') });
    expect(e).toMatchObject({ path: 'json/x.json', rows: 1, format: 'json', bytes: 15 });
    await w2.concluir();
    expect(await readFile(join(root, 'json/x.json'), 'utf8')).toBe('{"a":1,"b":[]}\n');
    await expect(w2.jsonTexto?.({ ...alvo, name: 'x', texto: bytes('[1]') })).rejects.toThrow(/JSON objects/);
    expect(VERIFICAR_TEXTO_A_CADA).toBeGreaterThan(1);
  });
});

describe('writer.parquet then writer.csv of the same SQL (a bulk set)', () => {
  // made here: a HUGEINT column (sum of BIGINT) reads back from Parquet as another type, so that CSV must
  // come from the query; the others from the Parquet file just written
  const consultas = {
    simples: `SELECT i, i * 1.5 AS d, 'x,"' || i AS s, DATE '2020-01-01' + CAST(i AS INTEGER) AS dia, [i, NULL] AS l
              FROM range(2500) t(i) ORDER BY i DESC`,
    hugeint: 'SELECT i, sum(i) OVER (ORDER BY i) AS acumulado FROM range(40) t(i) ORDER BY i',
  };
  for (const [nome, sql] of Object.entries(consultas))
    it(`${nome}: the CSV has the bytes and count of a CSV written from the query alone`, async () => {
      const db = await (await DuckDBInstance.create(':memory:')).connect();
      const a = { name: nome, schemaName: 'conjunto', sql };
      const so = await createArtefactWriter(root, db).csv({ ...a, path: `so/${nome}.csv` });
      const w = createArtefactWriter(root, db);
      const p = await w.parquet({ ...a, path: `par/${nome}.parquet` });
      const c = await w.csv({ ...a, path: `par/${nome}.csv` });
      expect(await readFile(join(root, `par/${nome}.csv`), 'utf8')).toBe(
        await readFile(join(root, `so/${nome}.csv`), 'utf8'),
      );
      expect({ rows: c.rows, sha256: c.sha256, bytes: c.bytes }).toEqual({
        rows: so.rows,
        sha256: so.sha256,
        bytes: so.bytes,
      });
      expect(p.rows).toBe(nome === 'simples' ? 2500 : 40);
      expect(c.rows).toBe(p.rows);
    });
});

describe('writer.posicaoDaVersao: where artefacts hold the build version first (the stage cache re-stamps those from there)', () => {
  // Made here: a version, artefacts with and without it, a CSV whose rows hold it past the first chunk.
  const VERSAO = '2026-11-24-teste|7';
  it('answers from the bytes it wrote, for JSON, text and CSV; Parquet and unknown paths are not answered', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const w = createArtefactWriter(root, db, VERSAO);
    const S = z.strictObject({ versao_do_dado: z.string() });
    const base = { schemaName: 's', schema: S };
    await w.json({ ...base, name: 'com', path: 'v/com.json', data: { versao_do_dado: VERSAO } });
    await w.json({
      ...base,
      name: 'sem',
      path: 'v/sem.json',
      data: { versao_do_dado: '2026-11-24-teste|6' },
    });
    await w.text({ name: 't', path: 'v/t.txt', schemaName: 't', content: `x ${VERSAO}\n`, rows: 1 });
    const sql = `SELECT i, CASE WHEN i = 199999 THEN '${VERSAO}' ELSE 'x' END AS v FROM range(200000) t(i) ORDER BY i`;
    await w.parquet({ name: 'p', path: 'v/p.parquet', schemaName: 'p', sql });
    const csv = await w.csv({ name: 'c', path: 'v/c.csv', schemaName: 'c', sql });
    expect(csv.bytes).toBeGreaterThan(1 << 20);
    await w.csv({ name: 'c2', path: 'v/c2.csv', schemaName: 'c', sql: 'SELECT 1 AS i' });
    // The CSV's header `i,v` and rows `0,x` … `199998,x` come before the version's row.
    let antes = 'i,v\n'.length;
    for (let i = 0; i < 199999; i++) antes += `${i},x\n`.length;
    expect(
      ['v/com.json', 'v/sem.json', 'v/t.txt', 'v/c.csv', 'v/c2.csv'].map((p) => w.posicaoDaVersao?.(p)),
    ).toEqual(['{"versao_do_dado":"'.length, null, 2, antes + '199999,'.length, null]);
    expect(w.posicaoDaVersao?.('v/p.parquet')).toBeUndefined();
    expect(w.posicaoDaVersao?.('v/nunca.json')).toBeUndefined();
    // Without the version the writer does not answer: the stage cache then reads the file.
    const semVersao = createArtefactWriter(root, db);
    await semVersao.json({ ...base, name: 'com', path: 'v/com.json', data: { versao_do_dado: VERSAO } });
    expect(semVersao.posicaoDaVersao?.('v/com.json')).toBeUndefined();
  });
});

describe('writes beside the stage: entries at once, files on disk by concluir', () => {
  // Made here: files of a few bytes to 6 MB (beyond the bytes the writer holds at once with 16 in flight),
  // one path written twice, and a path whose rename must fail.
  const S = z.strictObject({ i: z.number(), texto: z.string() });
  const base = { schemaName: 's', schema: S };
  it('every file is on disk with the bytes its entry hashes; the last artefact at a path wins', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const w = createArtefactWriter(root, db);
    const entradas = [];
    for (let i = 0; i < 60; i++)
      entradas.push(
        await w.json({
          ...base,
          name: `f${i}`,
          path: `lado/${i % 7}/f${i}.json`,
          data: { i, texto: 'é'.repeat(i * 50_000) },
        }),
      );
    const ultima = await w.json({
      ...base,
      name: 'f3',
      path: 'lado/3/f3.json',
      data: { i: -3, texto: 'de novo' },
    });
    await w.concluir();
    for (const e of [...entradas.filter((x) => x.path !== ultima.path), ultima]) {
      const bytes = await readFile(join(root, e.path));
      expect({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({
        bytes: e.bytes,
        sha256: e.sha256,
      });
    }
    expect(JSON.parse(await readFile(join(root, 'lado/3/f3.json'), 'utf8'))).toEqual({
      i: -3,
      texto: 'de novo',
    });
    expect((await readdir(join(root, 'lado/3'))).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('a write that fails is thrown by concluir and by the next write, naming the path, with no temp file left', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const w = createArtefactWriter(root, db);
    // A folder where the file should go: the rename onto it fails.
    await mkdir(join(root, 'falha/x.json/dentro'), { recursive: true });
    await w.json({ ...base, name: 'x', path: 'falha/x.json', data: { i: 1, texto: 'a' } });
    await expect(w.concluir()).rejects.toThrow('falha/x.json: not written:');
    await expect(
      w.json({ ...base, name: 'y', path: 'falha/y.json', data: { i: 2, texto: 'b' } }),
    ).rejects.toThrow('falha/x.json: not written:');
    expect((await readdir(join(root, 'falha'))).sort()).toEqual(['x.json']);
  });
});
