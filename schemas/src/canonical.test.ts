import { describe, expect, it } from 'vitest';
import {
  CanonicalJsonError,
  canonicalJson,
  canonicalJsonBytes,
  compararCodePoints,
  reprFloatPython,
  sha256Canonico,
  sha256Hex,
} from './canonical.ts';

// Expected strings below were written by hand from the rules of Python's json.dumps
// (sort_keys=True, separators=(',',':'), ensure_ascii=False) and float repr, then cross-checked once
// with CPython 3 outside the test suite.

describe('canonicalJson', () => {
  it('sorts keys recursively, no spaces, accented text kept as UTF-8', () => {
    const v = { b: 1, a: { d: [1, 2.5, 'ação'], c: null }, é: true, Z: false };
    expect(canonicalJson(v)).toBe('{"Z":false,"a":{"c":null,"d":[1,2.5,"ação"]},"b":1,"é":true}');
    const bytes = canonicalJsonBytes({ n: 'ç' });
    // {"n":"ç"} = 7 ASCII bytes + ç as C3 A7
    expect(Array.from(bytes)).toEqual([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0xa7, 0x22, 0x7d]);
  });

  it('writes numbers as Python would after loading our JSON', () => {
    // 1.0 is the same JS number as 1: our JSON says "1", Python loads an int, dumps "1".
    expect(canonicalJson([1.0, 1, -0])).toBe('[1,1,0]');
    expect(canonicalJson([0.1, 0.00001, 0.0001, 1.5e-7, -0.5, 123456789.123])).toBe(
      '[0.1,1e-05,0.0001,1.5e-07,-0.5,123456789.123]',
    );
    // integral below 1e21: plain digits (JSON.stringify has no exponent there, Python sees an int)
    expect(canonicalJson([1e16, 1e20])).toBe('[10000000000000000,100000000000000000000]');
    // from 1e21 JSON.stringify uses an exponent, Python sees a float
    expect(canonicalJson([1e21, 1e300, 5e-324])).toBe('[1e+21,1e+300,5e-324]');
  });

  it('formats floats like repr(float)', () => {
    expect(reprFloatPython(1)).toBe('1.0');
    expect(reprFloatPython(1e15)).toBe('1000000000000000.0');
    expect(reprFloatPython(1e16)).toBe('1e+16');
    expect(reprFloatPython(0.001)).toBe('0.001');
    expect(reprFloatPython(-2.5e-5)).toBe('-2.5e-05');
    expect(reprFloatPython(-0)).toBe('-0.0');
  });

  it('escapes exactly what Python escapes', () => {
    const s = 'aspas " barra \\ nova\nlinha tab\t ctrl\u0001 del\u007f \u2028 ç';
    expect(canonicalJson(s)).toBe(
      '"aspas \\" barra \\\\ nova\\nlinha tab\\t ctrl\\u0001 del\u007f \u2028 ç"',
    );
  });

  it('orders keys by code point, not UTF-16 unit', () => {
    // U+1F600 (surrogates D83D DE00) must come after U+FF5E, as in Python.
    expect(canonicalJson({ '\u{1F600}': 1, '\uFF5E': 2, a: 3 })).toBe('{"a":3,"～":2,"😀":1}');
    expect(compararCodePoints('\u{1F600}', '\uFF5E')).toBeGreaterThan(0);
    expect(compararCodePoints('ab', 'a')).toBeGreaterThan(0);
  });

  it('drops undefined members like JSON.stringify and refuses what JSON cannot carry', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ x: new Date(0) })).toThrow(/plain objects/);
    expect(() => canonicalJson({ x: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson('\uD800')).toThrow(/surrogate/);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vectors', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('hashes the canonical UTF-8 bytes of a screener result', async () => {
    const resultado = {
      total: 1,
      nota: 'Não é recomendação.',
      filtros: [{ indicador: 'roe', operador: 'min', valor: 0.15 }],
    };
    expect(canonicalJson(resultado)).toBe(
      '{"filtros":[{"indicador":"roe","operador":"min","valor":0.15}],"nota":"Não é recomendação.","total":1}',
    );
    expect(canonicalJsonBytes(resultado)).toHaveLength(106);
    // Python: hashlib.sha256(<the string above>.encode('utf-8')).hexdigest()
    expect(await sha256Canonico(resultado)).toBe(
      '5327e45662d50bf4674ca316e84451d46ca3837e7eefd37360594fdb6a2a284e',
    );
  });
});
