import { describe, expect, it } from 'vitest';
import { avaliar, traco } from './serie.ts';

// Values made here (rules and geometry only, no financial meaning).
describe('avaliar: when a series may be drawn', () => {
  it('draws three or more values with no gap and no flag, trimming empty ends', () => {
    const a = avaliar([
      { rotulo: '2019', valor: null },
      { rotulo: '2020', valor: 1 },
      { rotulo: '2021', valor: 2 },
      { rotulo: '2022', valor: -1 },
      { rotulo: '2023', valor: null },
    ]);
    expect(a).toEqual({
      desenhar: true,
      pontos: [
        { rotulo: '2020', valor: 1 },
        { rotulo: '2021', valor: 2 },
        { rotulo: '2022', valor: -1 },
      ],
    });
  });

  it('refuses two values, a gap inside the series and a flagged value, saying which', () => {
    expect(
      avaliar([
        { rotulo: 'a', valor: 1 },
        { rotulo: 'b', valor: 2 },
      ]),
    ).toEqual({
      desenhar: false,
      motivo: 'poucos',
      n: 2,
    });
    const lacuna = avaliar([
      { rotulo: 'a', valor: 1 },
      { rotulo: 'b', valor: null },
      { rotulo: 'c', valor: 2 },
      { rotulo: 'd', valor: 3 },
    ]);
    expect(lacuna).toEqual({ desenhar: false, motivo: 'lacuna', n: 3 });
    const flag = avaliar([
      { rotulo: 'a', valor: 1 },
      { rotulo: 'b', valor: 2, flag: 'preco_distante' },
      { rotulo: 'c', valor: 3 },
    ]);
    expect(flag).toEqual({ desenhar: false, motivo: 'flag', n: 3 });
  });

  it('a flag on an empty leading value only explains the emptiness: the rest is drawn', () => {
    const a = avaliar([
      { rotulo: '2010', valor: null, flag: 'conta_ausente' },
      { rotulo: '2011', valor: 1 },
      { rotulo: '2012', valor: 2 },
      { rotulo: '2013', valor: 3 },
    ]);
    expect(a.desenhar).toBe(true);
  });
});

describe('traco', () => {
  it('puts the high value at the top, the low at the bottom, and marks zero when inside', () => {
    const t = traco([2, -2, 0], 100, 40, 0);
    expect(t.pontos).toBe('0,0 50,40 100,20');
    expect(t.zero).toBe(20);
    expect(traco([1, 2, 3], 100, 40, 0).zero).toBeNull();
  });
});
