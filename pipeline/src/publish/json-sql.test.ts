import { DuckDBInstance, listValue } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import {
  type CampoJson,
  jsonComTexto,
  jsonData,
  jsonInteiro,
  jsonNumero,
  jsonObjetoPorLinha,
  jsonTexto,
  textosPorEmpresa,
} from './json-sql.ts';

const db = await (await DuckDBInstance.create(':memory:')).connect();

/**
 * Each text of `xs` through `expr(x)` in DuckDB, as the text it wrote. Numbers go in as their shortest
 * round-trip text and are cast back in SQL (exact: DuckDB parses decimal text correctly rounded).
 */
async function emSql(xs: readonly (string | null)[], expr: (c: string) => string) {
  const r = await db.runAndReadAll(
    `SELECT ${expr('x')} AS j FROM (SELECT unnest($1) AS x, generate_subscripts($1, 1) AS i) ORDER BY i`,
    [listValue([...xs])],
  );
  return r.getRowsJson().map((row) => String(row[0]));
}
/** The same through `jsonObjetoPorLinha`: each text of `xs` as the object `{"x": ...}` of one row. */
async function porLinha(xs: readonly (string | null)[], campo: (c: string) => CampoJson) {
  const o = jsonObjetoPorLinha({ x: campo('x') }, ['x']);
  const r = await db.runAndReadAll(
    `SELECT ${o.objeto} AS j FROM (SELECT ${o.selecao} FROM (SELECT unnest($1) AS x, generate_subscripts($1, 1) AS i)) ORDER BY i`,
    [listValue([...xs])],
  );
  return r.getRowsJson().map((row) => String(row[0]));
}
/** A number as text that keeps the sign of -0 (String(-0) is "0"). */
const texto = (x: number) => (Object.is(x, -0) ? '-0' : String(x));

/** A seeded generator (mulberry32), so a failure names the same values on every run. */
function aleatorio(semente: number) {
  let a = semente;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('JSON text written by DuckDB equals JSON.stringify', () => {
  it('doubles: edge cases and random values of every magnitude', async () => {
    const bordas = [
      0,
      -0,
      1,
      -1,
      0.1,
      0.2 + 0.1,
      123456000,
      -987654321.5,
      1e20,
      1e21,
      1.5e22,
      -1e21,
      999999999999999900000,
      1e-6,
      1e-7,
      1.5e-7,
      0.000001234,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 60),
      1e300,
      2.5e-300,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      5e-324,
      3.99,
      0.3333333333333333,
      1234.5678,
      100.25,
    ];
    const r = aleatorio(10);
    const bits = new DataView(new ArrayBuffer(8));
    const aleatorios: number[] = [];
    for (let i = 0; i < 3000; i++) {
      // Random bit patterns (every exponent), and BRL-like values with a few decimals.
      bits.setUint32(0, Math.floor(r() * 2 ** 32));
      bits.setUint32(4, Math.floor(r() * 2 ** 32));
      const x = bits.getFloat64(0);
      if (Number.isFinite(x)) aleatorios.push(x);
      aleatorios.push(Math.round((r() - 0.5) * 10 ** Math.floor(r() * 16)) / 10 ** Math.floor(r() * 11));
    }
    const xs = [...bordas, ...aleatorios];
    const numero = (c: string) => jsonNumero(`CAST(${c} AS DOUBLE)`);
    expect(await emSql(xs.map(texto), numero)).toEqual(xs.map((x) => JSON.stringify(x)));
    expect(await emSql([null], numero)).toEqual(['null']);
    const doubles = [...xs.map(texto), null];
    expect(await porLinha(doubles, (c) => ({ numero: `CAST(${c} AS DOUBLE)` }))).toEqual(
      [...xs, null].map((x) => JSON.stringify({ x })),
    );
  });

  it('NaN and infinities stop the query instead of becoming null', async () => {
    for (const v of ["'nan'", "'inf'", "'-inf'"])
      await expect(db.runAndReadAll(`SELECT ${jsonNumero(`CAST(${v} AS DOUBLE)`)}`)).rejects.toThrow(
        /non-finite number/,
      );
  });

  it('integers, and NULL', async () => {
    const r = await db.runAndReadAll(
      `SELECT ${jsonInteiro('x')} FROM (SELECT unnest([0, -5, 2025, 9007199254740991, NULL]::BIGINT[]) AS x, generate_subscripts([0,0,0,0,0], 1) AS i) ORDER BY i`,
    );
    expect(r.getRowsJson().map((row) => row[0])).toEqual(['0', '-5', '2025', '9007199254740991', 'null']);
  });

  it('dates: the ISO day JavaScript writes, zero-padded, from year 1 to 9999; other dates stop the query', async () => {
    const r = aleatorio(30);
    const dias = [
      '0001-01-01',
      '0999-12-31',
      '1000-01-01',
      '1986-01-02',
      '2024-02-29',
      '9999-12-31',
      // made here: random days of every century (0001-01-01 is -62,135,596,800,000 ms from the epoch)
      ...Array.from({ length: 500 }, () =>
        new Date(-62_135_596_800_000 + Math.floor(r() * 3_652_059) * 86_400_000).toISOString().slice(0, 10),
      ),
    ];
    const esperado = dias.map((d) => JSON.stringify(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)));
    expect(await emSql(dias, (c) => jsonData(`CAST(${c} AS DATE)`))).toEqual(esperado);
    expect(await emSql([null], (c) => jsonData(`CAST(${c} AS DATE)`))).toEqual(['null']);
    expect(await porLinha([...dias, null], (c) => ({ data: `CAST(${c} AS DATE)` }))).toEqual(
      [...esperado, 'null'].map((x) => `{"x":${x}}`),
    );
    for (const d of ["'infinity'", "'10000-01-01'", "'0044-03-15 (BC)'"])
      await expect(db.runAndReadAll(`SELECT ${jsonData(`CAST(${d} AS DATE)`)}`)).rejects.toThrow(
        /date outside the years 1 to 9999/,
      );
  });

  it('texts: every character below U+0100, quotes, backslashes, unicode, and random mixes', async () => {
    const simples = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i));
    const r = aleatorio(20);
    const alfabeto = [
      'a',
      'Ç',
      'ã',
      '"',
      '\\',
      '\n',
      '\u001b',
      '\u0000',
      '\u007f',
      '\u2028',
      '😀',
      ' ',
      'u',
      '0',
      '/',
    ];
    const mistos = Array.from({ length: 500 }, () =>
      Array.from({ length: Math.floor(r() * 12) }, () => alfabeto[Math.floor(r() * alfabeto.length)]).join(
        '',
      ),
    );
    const xs = [
      ...simples,
      '',
      'Receita de Venda de Bens e/ou Serviços',
      'a\\u001Bb',
      'tab\there',
      ...mistos,
    ];
    expect(await emSql(xs, jsonTexto)).toEqual(xs.map((x) => JSON.stringify(x)));
    expect(await emSql([null], jsonTexto)).toEqual(['null']);
    expect(await porLinha([...xs, null], (c) => ({ texto: c }))).toEqual(
      [...xs, null].map((x) => JSON.stringify({ x })),
    );
  });

  it('objects: keys in the order given, constants, and a field list that must match the keys', async () => {
    const o = jsonObjetoPorLinha(
      {
        b: { texto: "'x\"y'" },
        a: { numero: '1.50' },
        c: { inteiro: '7' },
        d: { constante: true },
        e: { constante: null },
      },
      ['a', 'b', 'c', 'd', 'e'],
    );
    const r = await db.runAndReadAll(`SELECT ${o.objeto} FROM (SELECT ${o.selecao} FROM (SELECT 1 AS uma))`);
    expect(r.getRowsJson()[0]?.[0]).toBe(JSON.stringify({ a: 1.5, b: 'x"y', c: 7, d: true, e: null }));
    expect(() => jsonObjetoPorLinha({ a: { inteiro: '1' } }, ['a', 'b'])).toThrow(/missing b/);
    expect(() => jsonObjetoPorLinha({ a: { inteiro: '1' }, z: { inteiro: '2' } }, ['a'])).toThrow(/extra z/);
  });
});

describe('JSON text carried as UTF-8 bytes from DuckDB to the file', () => {
  // Made here: accented and astral characters in both the envelope and the text, NULL text refused.
  it('textosPorEmpresa reads each company text as its UTF-8 bytes, in code order', async () => {
    const t = await textosPorEmpresa(
      db,
      `SELECT * FROM (VALUES (23264, '["ação 📈"]'), (9512, '[]'), (1, '["\\u0000 é"]')) v(cd, texto)`,
    );
    expect([...t.keys()]).toEqual([1, 9512, 23264]);
    expect(Buffer.from(t.get(23264) ?? []).equals(Buffer.from('["ação 📈"]', 'utf8'))).toBe(true);
    expect(Buffer.from(t.get(1) ?? []).toString('utf8')).toBe('["\\u0000 é"]');
    await expect(textosPorEmpresa(db, 'SELECT 7, NULL::VARCHAR')).rejects.toThrow(/company 7: no JSON text/);
  });

  it('jsonComTexto: the bytes of JSON.stringify with the array in place, the envelope keys in order', () => {
    const envelope = { cd_regulator: 9512, fatos: [], nota: 'Demonstrações, série histórica 📊' };
    const fatos = [{ conta: 'Receita líquida', valor: 1.5 }];
    const bytes = jsonComTexto(envelope, 'fatos', Buffer.from(JSON.stringify(fatos), 'utf8'));
    expect(Buffer.concat(bytes).equals(Buffer.from(JSON.stringify({ ...envelope, fatos }), 'utf8'))).toBe(
      true,
    );
    expect(() => jsonComTexto(envelope, 'tickers', Buffer.from('[]'))).toThrow(/no key tickers/);
  });
});
