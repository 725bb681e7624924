import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compactScan,
  compactStagingTable,
  jaCompacta,
  LINHAS_POR_ROW_GROUP,
  withOneThread,
} from './staging.ts';

// Tables made here: ranges of numbers and their text, shaped the ways staging shapes its tables.
describe('compactStagingTable skips tables already compact', () => {
  let instance: DuckDBInstance;
  let db: DuckDBConnection;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compact-staging-'));
    instance = await DuckDBInstance.create(':memory:', { threads: '4' });
    db = await instance.connect();
  });
  afterAll(async () => {
    db.closeSync();
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  });

  const linhas = (t: string) =>
    db.runAndReadAll(`SELECT a, b FROM ${t}`).then((r) => r.getRows().map((x) => `${x[0]}|${x[1]}`));
  /** sha256 of the table written as Parquet on one thread, as staging_parquet writes it. */
  const parquet = async (t: string, sql = `SELECT * FROM ${t}`) => {
    const path = join(dir, `${t}.parquet`);
    await withOneThread(db, () => db.run(`COPY (${sql}) TO '${path}' (FORMAT PARQUET, COMPRESSION ZSTD)`));
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  };
  const grupos = async (t: string) =>
    (
      await db.runAndReadAll(
        `SELECT sum(count) FROM pragma_storage_info('${t}') WHERE column_id = 0 AND column_path = '[0, 0]' GROUP BY row_group_id ORDER BY row_group_id`,
      )
    )
      .getRows()
      .map((r) => Number(r[0]));

  it('a table appended in order on one thread is left as it is, and the copy would have the same row groups', async () => {
    await withOneThread(db, async () => {
      await db.run('CREATE TABLE um (a BIGINT, b VARCHAR)');
      await db.run('INSERT INTO um SELECT range, range::VARCHAR FROM range(300000)');
      await db.run('INSERT INTO um SELECT range, range::VARCHAR FROM range(300000, 305000)');
    });
    expect(await grupos('um')).toEqual([LINHAS_POR_ROW_GROUP, LINHAS_POR_ROW_GROUP, 305000 - 2 * 122880]);
    expect(await jaCompacta(db, 'um')).toBe(true);
    const antes = await parquet('um');
    expect(await compactStagingTable(db, 'um')).toBe(false);
    await withOneThread(db, () => db.run('CREATE TABLE um_copia AS SELECT * FROM um'));
    expect(await grupos('um_copia')).toEqual(await grupos('um'));
    expect(await parquet('um_copia')).toBe(antes);
  });

  it('a table inserted on several threads (partial row groups) is copied, its rows kept in order', async () => {
    const fonte = join(dir, 'fonte.parquet');
    await db.run(
      `COPY (SELECT range AS a, range::VARCHAR AS b FROM range(300000)) TO '${fonte}' (ROW_GROUP_SIZE 50000)`,
    );
    await db.run('CREATE TABLE varios (a BIGINT, b VARCHAR)');
    await db.run(`INSERT INTO varios SELECT * FROM read_parquet(['${fonte}', '${fonte}']) WHERE a % 7 <> 0`);
    expect((await grupos('varios')).slice(0, -1).some((n) => n !== LINHAS_POR_ROW_GROUP)).toBe(true);
    expect(await jaCompacta(db, 'varios')).toBe(false);
    const rows = await linhas('varios');
    expect(await compactStagingTable(db, 'varios')).toBe(true);
    expect(await jaCompacta(db, 'varios')).toBe(true);
    expect(await linhas('varios')).toEqual(rows);
  });

  it('a table with deleted rows is copied, and then writes the Parquet of the same rows appended in one go', async () => {
    await withOneThread(db, async () => {
      await db.run('CREATE TABLE apagada AS SELECT range AS a, range::VARCHAR AS b FROM range(250000)');
      await db.run('DELETE FROM apagada WHERE a IN (7, 130000)');
      await db.run(
        'CREATE TABLE inteira AS SELECT range AS a, range::VARCHAR AS b FROM range(250000) WHERE range NOT IN (7, 130000)',
      );
    });
    // The row groups still count the deleted rows: only the row count tells them apart.
    expect(await grupos('apagada')).toEqual([
      LINHAS_POR_ROW_GROUP,
      LINHAS_POR_ROW_GROUP,
      250000 - 2 * 122880,
    ]);
    expect(await jaCompacta(db, 'apagada')).toBe(false);
    expect(await parquet('apagada')).not.toBe(await parquet('inteira'));
    expect(await compactStagingTable(db, 'apagada')).toBe(true);
    expect(await jaCompacta(db, 'apagada')).toBe(true);
    expect(await parquet('apagada')).toBe(await parquet('inteira'));
  });

  it('compactScan writes the bytes of the compacted copy from a table inserted on several threads with rows deleted, without copying it', async () => {
    const fonte = join(dir, 'fonte-scan.parquet');
    await db.run(
      `COPY (SELECT range AS a, (range * 7919 % 100003)::VARCHAR AS b FROM range(400000)) TO '${fonte}' (ROW_GROUP_SIZE 50000)`,
    );
    await db.run('CREATE TABLE espalhada (a BIGINT, b VARCHAR)');
    for (const resto of [0, 1, 2])
      await db.run(
        `INSERT INTO espalhada SELECT * FROM read_parquet(['${fonte}', '${fonte}']) WHERE a % 3 = ${resto}`,
      );
    await db.run('DELETE FROM espalhada WHERE a % 997 = 3');
    const sql = await compactScan(db, 'espalhada');
    expect(sql).not.toBeNull();
    const escrito = await parquet('espalhada', sql ?? '');
    expect(await parquet('espalhada')).not.toBe(escrito);
    expect(await jaCompacta(db, 'espalhada')).toBe(false);
    expect(await compactStagingTable(db, 'espalhada')).toBe(true);
    expect(await parquet('espalhada')).toBe(escrito);
    expect(await compactScan(db, 'espalhada')).toBeNull();
  });

  it('an empty table is compact', async () => {
    await db.run('CREATE TABLE vazia (a BIGINT, b VARCHAR)');
    expect(await jaCompacta(db, 'vazia')).toBe(true);
  });
});
