import { describe, expect, it } from 'vitest';
import { diasDaSemana, semanaDe, ultimaSemanaFechada } from '../src/vigia/semana.ts';

const semanaIso = (d: Date): string => semanaDe(d.toISOString().slice(0, 10));

// Expected values from the ISO 8601 calendar (e.g. `date -d 2021-01-03 +%G-%V` gives 2020-53).
describe('ISO weeks (YYYY-WW)', () => {
  it('numbers weeks across year ends', () => {
    expect(semanaIso(new Date('2021-01-03T12:00:00Z'))).toBe('2020-53');
    expect(semanaIso(new Date('2021-01-04T00:00:00Z'))).toBe('2021-01');
    expect(semanaIso(new Date('2024-12-30T00:00:00Z'))).toBe('2025-01');
    expect(semanaIso(new Date('2026-11-22T23:59:59Z'))).toBe('2026-47');
    expect(semanaIso(new Date('2026-11-23T00:00:00Z'))).toBe('2026-48');
  });

  it('gives the Monday and Sunday of a week, and null for a week that does not exist', () => {
    expect(diasDaSemana('2020-53')).toEqual({ de: '2020-12-28', ate: '2021-01-03' });
    expect(diasDaSemana('2025-01')).toEqual({ de: '2024-12-30', ate: '2025-01-05' });
    expect(diasDaSemana('2026-47')).toEqual({ de: '2026-11-16', ate: '2026-11-22' });
    expect(diasDaSemana('2021-53')).toBeNull();
    expect(diasDaSemana('2026-00')).toBeNull();
    expect(diasDaSemana('2026-4')).toBeNull();
  });

  it('the closed week is the one before the current week, whatever the day', () => {
    expect(ultimaSemanaFechada(new Date('2026-11-23T11:00:00Z'))).toBe('2026-47');
    expect(ultimaSemanaFechada(new Date('2026-11-29T23:00:00Z'))).toBe('2026-47');
    expect(ultimaSemanaFechada(new Date('2021-01-04T11:00:00Z'))).toBe('2020-53');
  });
});
