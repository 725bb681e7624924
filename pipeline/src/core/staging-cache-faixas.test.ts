import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { openStagingCache } from './staging-cache.ts';

// Made here: three inputs appended by one statement, as a batch is, each entry cut from its row range.
const root = mkdtempSync(join(tmpdir(), 'cache-faixas-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const meta = (arquivo: string) => ({ arquivo, resultados: [], notas: [] });

describe('staging cache entries bounded by row ranges', () => {
  it('each input of a batch appended at once gets exactly its rows, in order', async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const db = await instance.connect();
    const cache = await openStagingCache(root);
    await db.run(
      'CREATE TABLE _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
    );
    await db.run('CREATE TABLE stg_feito_aqui (v INTEGER, _arquivo VARCHAR, _linha BIGINT)');
    // Rows already there before the batch (an earlier batch) stay out of every entry.
    await db.run("INSERT INTO stg_feito_aqui VALUES (0, 'antes.csv', 2)");
    const before = await cache.mark(db, ['stg_feito_aqui']);
    expect(before.get('stg_feito_aqui')).toBe(1);
    await db.run(
      "INSERT INTO stg_feito_aqui VALUES (1, 'a.csv', 2), (2, 'a.csv', 3), (3, 'b.csv', 2), (4, 'c.csv', 2), (5, 'c.csv', 3), (6, 'c.csv', 4)",
    );
    await db.run("INSERT INTO _quarantine VALUES ('x', 'b.csv', 3, 'v', 'z', 'nao_numerico')");
    const faixas = [
      { key: 'a', stg: { from: 1, rows: 2 }, q: { from: 0, rows: 0 } },
      { key: 'b', stg: { from: 3, rows: 1 }, q: { from: 0, rows: 1 } },
      { key: 'c', stg: { from: 4, rows: 3 }, q: { from: 1, rows: 0 } },
    ];
    for (const f of faixas)
      await cache.save(
        db,
        f.key,
        new Map([
          ['stg_feito_aqui', f.stg],
          ['_quarantine', f.q],
        ]),
        meta(`${f.key}.csv`),
      );
    const valores = async (key: string, tabela: string) =>
      (await db.runAndReadAll(`SELECT * FROM read_parquet('${join(cache.dir, key, `${tabela}.parquet`)}')`))
        .getRows()
        .map((r) => r.map(String).join(','));
    expect(await valores('a', 'stg_feito_aqui')).toEqual(['1,a.csv,2', '2,a.csv,3']);
    expect(await valores('b', 'stg_feito_aqui')).toEqual(['3,b.csv,2']);
    expect(await valores('c', 'stg_feito_aqui')).toEqual(['4,c.csv,2', '5,c.csv,3', '6,c.csv,4']);
    expect(await valores('b', '_quarantine')).toEqual(['x,b.csv,3,v,z,nao_numerico']);
    // The entry records each table file's size and sha256: the publication links the file as the input's part.
    const parte = cache.parte('c', 'stg_feito_aqui');
    expect((await cache.lookup('c'))?.tabelas).toEqual([
      {
        tabela: 'stg_feito_aqui',
        linhas: 3,
        bytes: statSync(parte).size,
        sha256: createHash('sha256').update(readFileSync(parte)).digest('hex'),
      },
    ]);
    expect((await cache.lookup('b'))?.quarentena).toBe(1);
    // A range past what the table holds is never saved as an entry.
    await expect(
      cache.save(db, 'd', new Map([['stg_feito_aqui', { from: 6, rows: 2 }]]), meta('d.csv')),
    ).rejects.toThrow(/holds 1 rows of d.csv, expected 2/);
    expect(await cache.lookup('d')).toBeNull();
    db.closeSync();
    instance.closeSync();
  });
});
