import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { comprimir } from './staging.ts';

// Rows made here: 2 M statement-like rows (a repeated account code and name, a small number).
describe('comprimir', () => {
  it("compresses an in-memory table's appended rows, which keep their values", async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const db = await instance.connect();
    const memoria = async () =>
      Number(
        (
          await db.runAndReadAll(
            "SELECT sum(memory_usage_bytes + temporary_storage_bytes) FROM duckdb_memory() WHERE tag = 'IN_MEMORY_TABLE'",
          )
        ).getRows()[0]?.[0] ?? 0,
      );
    try {
      await db.run(
        `CREATE TABLE stg_feito_aqui AS SELECT range AS _linha, '1.01.0' || (range % 9) AS cd_conta,
           'Ativo Circulante e Realizável a Longo Prazo ' || (range % 40) AS ds_conta, range % 1000 AS vl_conta
         FROM range(2000000)`,
      );
      const antes = await memoria();
      await comprimir(db);
      const depois = await memoria();
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
