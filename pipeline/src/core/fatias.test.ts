import { describe, expect, it } from 'vitest';
import { faixaDeEmpresas, fatias } from './fatias.ts';

describe('fatias: companies a slice at a time', () => {
  it('cuts a list into consecutive slices of at most n, in order, the last one shorter', () => {
    expect([...fatias([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...fatias([9, 10], 25)]).toEqual([[9, 10]]);
    expect([...fatias([], 3)]).toEqual([]);
  });

  it('refuses a slice size that would loop forever or skip items', () => {
    expect(() => [...fatias([1], 0)]).toThrow(/positive integer/);
    expect(() => [...fatias([1], 1.5)]).toThrow(/positive integer/);
  });

  it('writes the range of an ascending slice, on the column asked for', () => {
    expect(faixaDeEmpresas([906, 1023, 25020])).toBe('cd_regulator BETWEEN 906 AND 25020');
    expect(faixaDeEmpresas([4170], 'i.cd_regulator')).toBe('i.cd_regulator BETWEEN 4170 AND 4170');
  });

  it('refuses what could not be a range of company codes', () => {
    expect(() => faixaDeEmpresas([])).toThrow(/empty slice/);
    expect(() => faixaDeEmpresas([25020, 906])).toThrow(/ascending/);
    expect(() => faixaDeEmpresas([1, Number.NaN])).toThrow(/not an integer/);
  });
});
