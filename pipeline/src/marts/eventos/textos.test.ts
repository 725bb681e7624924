import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { frase, fraseReapresentacao, PARAMETROS_TEXTOS, sqlMensagem } from './textos.ts';

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

describe('the sentences written once (ui/src/eventos, made-here values)', () => {
  it('the restatement sentence agrees with its count in both languages (hoje.json and the watcher share it)', () => {
    const v = { quem: 'XPTO3', ano_filing: 2024, ano: 2023 };
    expect(fraseReapresentacao('pt', { ...v, n: 1 })).toBe('XPTO3: a DFP 2024 mudou 1 conta de 2023.');
    expect(fraseReapresentacao('pt', { ...v, n: 12 })).toBe('XPTO3: a DFP 2024 mudou 12 contas de 2023.');
    expect(fraseReapresentacao('en', { ...v, n: 1 })).toBe('XPTO3: the 2024 DFP changed 1 account of 2023.');
    expect(fraseReapresentacao('en', { ...v, n: 1603 })).toBe(
      'XPTO3: the 2024 DFP changed 1603 accounts of 2023.',
    );
  });

  it('a price session of one code reads in the singular', () => {
    expect(frase('pt', (t) => t.hoje.precos, { data: '2030-01-02', n: 1 })).toBe(
      'Preços da sessão de 2030-01-02: 1 código.',
    );
    expect(frase('en', (t) => t.hoje.precos, { data: '2030-01-02', n: 2 })).toBe(
      'Prices of the 2030-01-02 session: 2 codes.',
    );
  });
});
