import { DuckDBInstance } from '@duckdb/node-api';
import { expect, it } from 'vitest';
import { SESSAO_MAIS_PROXIMA } from './acoes.ts';

// Made here: a reference date (2020-06-30, a Tuesday in this fixture's calendar) with no session, the
// sessions one day either side, inserted later-first so that "the first row met" is the later one.
it('a reference date between two equally near sessions takes the earlier, whatever the rows order', async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`CREATE TABLE a AS SELECT DATE '2020-06-30' AS dt_refer`);
  const escolha = async (ordem: string[]) => {
    await db.run(
      `CREATE OR REPLACE TABLE p AS SELECT CAST(d AS DATE) AS data FROM unnest([${ordem.map((d) => `'${d}'`).join(', ')}]) t(d)`,
    );
    const r = await db.runAndReadAll(`SELECT CAST(${SESSAO_MAIS_PROXIMA} AS VARCHAR) AS d FROM a, p`);
    return r.getRowObjectsJson()[0]?.d;
  };
  expect(await escolha(['2020-07-01', '2020-06-29', '2020-06-26'])).toBe('2020-06-29');
  expect(await escolha(['2020-06-29', '2020-07-01'])).toBe('2020-06-29');
  // a strictly nearer session still wins over an earlier one
  expect(await escolha(['2020-06-26', '2020-07-01'])).toBe('2020-07-01');
  db.closeSync();
});
