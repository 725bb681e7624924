import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { bytesDasTabelas } from '../test-support/memoria.ts';
import { comprimir } from './staging.ts';

// Rows made here: 2 M statement-like rows (a repeated account code and name, a small number).
describe('comprimir', () => {
  it("compresses an in-memory table's appended rows, which keep their values", async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const db = await instance.connect();
    try {
      await db.run(
        `CREATE TABLE stg_feito_aqui AS SELECT range AS _linha, '1.01.0' || (range % 9) AS cd_conta,
           'Ativo Circulante e Realizável a Longo Prazo ' || (range % 40) AS ds_conta, range % 1000 AS vl_conta
         FROM range(2000000)`,
      );
      const antes = await bytesDasTabelas(db);
      await comprimir(db);
      const depois = await bytesDasTabelas(db);
      // Uncompressed, the names alone are ~100 MB; compressed, the table is a few MB.
      expect(antes).toBeGreaterThan(80 << 20);
      expect(depois).toBeLessThan(antes / 5);
      const [[n, soma, linhas]] = (
        await db.runAndReadAll('SELECT count(*), sum(vl_conta), count(DISTINCT ds_conta) FROM stg_feito_aqui')
      ).getRows() as [[bigint, bigint, bigint]];
      expect([Number(n), Number(soma), Number(linhas)]).toEqual([2_000_000, 999_000_000, 40]);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});
