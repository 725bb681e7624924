import { describe, expect, it } from 'vitest';
import { CnpjSchema, DataSchema, FlagSchema, TickerSchema, TimestampSchema, UrlSchema } from './comum.ts';
import { FlagConhecidaSchema, flagsDesconhecidas, juntarFlags, separarFlags } from './flags.ts';

describe('comum', () => {
  it('dates are ISO calendar dates that exist', () => {
    expect(DataSchema.safeParse('2024-02-29').success).toBe(true);
    expect(DataSchema.safeParse('2023-02-29').success).toBe(false);
    expect(DataSchema.safeParse('29/02/2024').success).toBe(false);
  });
  it('timestamps need an offset', () => {
    expect(TimestampSchema.safeParse('2026-11-22T03:00:00-03:00').success).toBe(true);
    expect(TimestampSchema.safeParse('2026-11-22T03:00:00Z').success).toBe(true);
    expect(TimestampSchema.safeParse('2026-11-22T03:00:00').success).toBe(false);
  });
  it('tickers, cnpj and urls', () => {
    expect(TickerSchema.safeParse('B3SA3').success).toBe(true);
    expect(TickerSchema.safeParse('BOVA11').success).toBe(true);
    expect(TickerSchema.safeParse('wege3').success).toBe(false);
    expect(CnpjSchema.safeParse('84.429.695/0001-11').success).toBe(true);
    expect(CnpjSchema.safeParse('84429695000111').success).toBe(false);
    expect(UrlSchema.safeParse('/acoes/WEGE3').success).toBe(true);
    expect(UrlSchema.safeParse('https://example.org/x').success).toBe(true);
    expect(UrlSchema.safeParse('acoes/WEGE3').success).toBe(false);
  });
  it('flag is null or values joined by ";"', () => {
    expect(FlagSchema.safeParse(null).success).toBe(true);
    expect(FlagSchema.safeParse('acoes_defasadas;pl_extremo').success).toBe(true);
    // joined incorrectly: still a string, but refused
    expect(FlagSchema.safeParse('acoes_defasadas, pl_extremo').success).toBe(false);
    expect(FlagSchema.safeParse('acoes_defasadas;').success).toBe(false);
    // not joined at all
    expect(FlagSchema.safeParse(['acoes_defasadas', 'pl_extremo']).success).toBe(false);
    expect(FlagSchema.safeParse('').success).toBe(false);
  });
});

describe('flags', () => {
  it('knows every flag value of the spec', () => {
    for (const f of [
      'denominador_sem_comparativo',
      'sem_acoes_em_circulacao',
      'acoes_do_fre_sem_tesouraria',
      'acoes_defasadas',
      'ttm_sem_trimestre_1_2010',
      'lucro_total_sem_minoritarios',
      'pl_negativo',
      'pl_extremo',
      'acumulado_sem_mes_anterior',
    ]) {
      expect(FlagConhecidaSchema.safeParse(f).success, f).toBe(true);
    }
    expect(FlagConhecidaSchema.safeParse('pl_muito_alto').success).toBe(false);
  });
  it('splits and joins', () => {
    expect(separarFlags(null)).toEqual([]);
    expect(separarFlags('a;b')).toEqual(['a', 'b']);
    expect(juntarFlags([])).toBeNull();
    expect(juntarFlags(['pl_extremo', 'acoes_defasadas', 'pl_extremo'])).toBe('pl_extremo;acoes_defasadas');
    expect(flagsDesconhecidas('pl_extremo;coisa_nova')).toEqual(['coisa_nova']);
  });
});
