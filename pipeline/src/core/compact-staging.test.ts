import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emVetoresCheios, withOneThread } from './staging.ts';

// Tables made here: ranges of numbers and their text, shaped the ways staging shapes its tables. An input's
// part of a staged table (StagingCache.save) is a rowid range of it, written through emVetoresCheios.
describe("an input's rows written through emVetoresCheios depend on the rows only", () => {
  let instance: DuckDBInstance;
  let db: DuckDBConnection;
  let dir: string;
  let fonte: string;
  const LINHAS = 300_000;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compact-staging-'));
    instance = await DuckDBInstance.create(':memory:', { threads: '4' });
    db = await instance.connect();
    // The input's rows, in small row groups so a parallel insert interleaves them into partial groups.
    fonte = join(dir, 'fonte.parquet');
    await db.run(
      `COPY (SELECT range AS a, (range * 7919 % 100003)::VARCHAR AS b FROM range(${LINHAS})) TO '${fonte}' (ROW_GROUP_SIZE 20000)`,
    );
  });
  afterAll(async () => {
    db.closeSync();
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  });

  /** sha256 of the rows `rowid >= from` of `t` written as Parquet on one thread, as the staging cache writes them. */
  const parte = async (t: string, from: number, cheios: boolean) => {
    const path = join(dir, `${t}-${cheios}.parquet`);
    const intervalo = `SELECT * FROM ${t} WHERE rowid >= ${from} AND rowid < ${from + LINHAS}`;
    const n = await withOneThread(db, () =>
      db.run(
        `COPY (${cheios ? emVetoresCheios(intervalo) : intervalo}) TO '${path}' (FORMAT PARQUET, COMPRESSION ZSTD)`,
      ),
    );
    expect(Number(n.rowsChanged)).toBe(LINHAS);
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  };

  it('staged alone on one thread, or after another input and on four threads, the part has the same bytes', async () => {
    await db.run('CREATE TABLE sozinha (a BIGINT, b VARCHAR)');
    await withOneThread(db, () => db.run(`INSERT INTO sozinha SELECT * FROM read_parquet('${fonte}')`));
    // Another input's 1,001 rows first: the part starts mid-vector and mid-row-group.
    await db.run('CREATE TABLE depois (a BIGINT, b VARCHAR)');
    await db.run("INSERT INTO depois SELECT -range, 'outra' FROM range(1001)");
    // The input's files appended one statement each, on four threads (staging appends file by file).
    for (const [de, ate] of [
      [0, 70001],
      [70001, 70002],
      [70002, 190000],
      [190000, LINHAS],
    ])
      await db.run(
        `INSERT INTO depois SELECT * FROM read_parquet('${fonte}') WHERE a >= ${de} AND a < ${ate} ORDER BY a`,
      );
    const esperado = await parte('sozinha', 0, true);
    expect(await parte('depois', 1001, true)).toBe(esperado);
    // Without full vectors the chunks the writer gets follow the table's storage, and so do the bytes.
    expect(await parte('depois', 1001, false)).not.toBe(esperado);
  });

  it('two parts written at once on two connections, DuckDB on one thread, each have the bytes written alone', async () => {
    // As core/salvamento-de-entradas.ts saves entries beside staging: each COPY runs on its caller's thread.
    const outra = await instance.connect();
    try {
      const escrever = (c: DuckDBConnection, t: string, from: number, path: string) =>
        c.run(
          `COPY (${emVetoresCheios(`SELECT * FROM ${t} WHERE rowid >= ${from} AND rowid < ${from + LINHAS}`)}) TO '${path}' (FORMAT PARQUET, COMPRESSION ZSTD)`,
        );
      const [p1, p2] = [join(dir, 'junto-1.parquet'), join(dir, 'junto-2.parquet')];
      await withOneThread(db, () =>
        Promise.all([escrever(db, 'depois', 1001, p1), escrever(outra, 'sozinha', 0, p2)]),
      );
      const esperado = await parte('sozinha', 0, true);
      for (const p of [p1, p2])
        expect(
          createHash('sha256')
            .update(await readFile(p))
            .digest('hex'),
        ).toBe(esperado);
    } finally {
      outra.closeSync();
    }
  });

  it('a range with rows deleted before it still gives the same bytes', async () => {
    await db.run('CREATE TABLE apagada (a BIGINT, b VARCHAR)');
    await db.run("INSERT INTO apagada SELECT -range, 'outra' FROM range(5000)");
    await db.run(`INSERT INTO apagada SELECT * FROM read_parquet('${fonte}')`);
    await db.run('DELETE FROM apagada WHERE a < 0 AND a % 7 = 0');
    expect(await parte('apagada', 5000, true)).toBe(await parte('sozinha', 0, true));
  });
});
