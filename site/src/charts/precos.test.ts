import { describe, expect, it } from 'vitest';
import { JANELAS, janelaDesenhada, linha, MIN_SESSOES_LINHA, mesesAntes, sessoesDaJanela } from './precos.ts';

// Real closes of ABEV3: 16.95 on 2021-06-25 (COTAHIST_D25062021.TXT line 28), 14.46 on 2022-02-03
// (COTAHIST_D03022022.TXT line 33): the only two sessions of the sample.
const abev = [
  { data: '2021-06-25', fechamento: 16.95 },
  { data: '2022-02-03', fechamento: 14.46 },
];

describe('price chart windows', () => {
  it('counts months back from the last session, clamping the day', () => {
    expect(mesesAntes('2022-02-03', 12)).toBe('2021-02-03');
    expect(mesesAntes('2022-03-31', 1)).toBe('2022-02-28');
    expect(mesesAntes('2022-01-15', 1)).toBe('2021-12-15');
  });

  it('1a keeps both real sessions, 6m only the last, max everything', () => {
    expect(sessoesDaJanela(abev, '1a')).toHaveLength(2);
    expect(sessoesDaJanela(abev, '6m').map((s) => s.data)).toEqual(['2022-02-03']);
    expect(sessoesDaJanela(abev, 'max')).toEqual(abev);
    expect(sessoesDaJanela([], '1m')).toEqual([]);
  });

  it('draws the higher close higher (smaller y)', () => {
    const l = linha(abev, 100, 50, 0);
    expect(l.pontos).toBe('0,0 100,50');
    expect([l.min, l.max]).toEqual([14.46, 16.95]);
  });

  it('each window of a series is computed once, with the same sessions and line as computed afresh', () => {
    // Made here: twelve sessions of invented closes, enough for a line (MIN_SESSOES_LINHA).
    const serie = Array.from({ length: MIN_SESSOES_LINHA + 2 }, (_, i) => ({
      data: `2022-01-${String(i + 10).padStart(2, '0')}`,
      fechamento: 10 + (i % 3),
    }));
    for (const j of JANELAS) {
      const d = janelaDesenhada(serie, j);
      expect(janelaDesenhada(serie, j)).toBe(d);
      expect(d.sessoes).toEqual(sessoesDaJanela(serie, j));
      expect(d.linha).toEqual(d.sessoes.length >= MIN_SESSOES_LINHA ? linha(d.sessoes) : null);
    }
    expect(janelaDesenhada(abev, 'max').linha).toBeNull();
  });
});
