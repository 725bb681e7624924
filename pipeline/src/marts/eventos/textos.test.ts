import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { PARAMETROS_TEXTOS, sqlMensagem } from './textos.ts';

/** One row of a SQL expression over made-here values, with the watcher's bound words. */
async function valor(expr: string): Promise<unknown> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const st = await db.prepare(
      `SELECT ${expr} AS v FROM (SELECT 2023 AS ano, 'a {ano} b' AS motivo, 14 AS n)`,
    );
    for (let p = 1; p <= st.parameterCount; p++) {
      const v = PARAMETROS_TEXTOS[st.parameterName(p)];
      if (v === undefined) throw new Error(`no value for $${st.parameterName(p)}`);
      st.bindValue(p, v);
    }
    return (await st.runAndReadAll()).getRowObjectsJson()[0]?.v;
  } finally {
    db.closeSync();
  }
}

describe('the watcher words SQL fills row by row (ui/src/eventos, made-here values)', () => {
  it('fills a bound template per row in each language, the free text last and left as it is', async () => {
    expect(await valor(sqlMensagem('motivo.antes', 'pt', { ano: 'ano', motivo: 'motivo' }))).toBe(
      'Antes (2023): a {ano} b',
    );
    expect(await valor(sqlMensagem('motivo.depois', 'en', { ano: 'ano', motivo: 'motivo' }))).toBe(
      'After (2023): a {ano} b',
    );
    expect(await valor(sqlMensagem('motivo.mais_contas', 'pt', { n: 'n - 10' }))).toBe('+4 contas');
    expect(await valor(sqlMensagem('motivo.mais_contas', 'en', { n: 'n - 10' }))).toBe('+4 accounts');
  });

  it('refuses a template without all its values, or with one it does not have', () => {
    expect(() => sqlMensagem('motivo.antes', 'pt', { ano: 'ano' })).toThrow(/ano, motivo/);
    expect(() => sqlMensagem('motivo.mais_contas', 'pt', { n: 'n', ano: 'ano' })).toThrow(
      /motivo.mais_contas/,
    );
  });
});
