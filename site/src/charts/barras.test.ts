import { describe, expect, it } from 'vitest';
import { barras } from './barras.ts';

// Values made here (geometry only, no financial meaning).
describe('barras', () => {
  it('draws positives above and negatives below the zero line, and no bar for null', () => {
    const g = barras(
      [
        { rotulo: 'a', valor: 3 },
        { rotulo: 'b', valor: -1 },
        { rotulo: 'c', valor: null },
      ],
      300,
      120,
    );
    const [a, b, c] = g.barras;
    if (!a || !b || !c) throw new Error('expected three bars');
    expect(a.y + a.altura).toBeCloseTo(g.zero);
    expect(b.y).toBeCloseTo(g.zero);
    expect(a.altura).toBeCloseTo(3 * b.altura);
    expect(c.altura).toBe(0);
    expect(a.x + a.largura).toBeLessThanOrEqual(b.x);
    expect(c.x + c.largura).toBeLessThanOrEqual(300);
  });

  it('keeps the zero line at the bottom of the plot when every value is positive', () => {
    const g = barras([{ rotulo: 'a', valor: 2 }], 100, 100);
    expect(g.zero).toBeCloseTo(100 - 18);
  });
});
