import { describe, expect, it } from 'vitest';
import { formatarReaisPorAcao, formatarValor, numero } from './formato.ts';

describe('number display', () => {
  it('keeps every published decimal of a provento per share', () => {
    // data/sample/raw/b3/empresas/GetListedCashDividends_AMBEVSA.json: AMBEV DIVIDENDO approved 09/12/2021, valueCash "0,1334".
    expect(formatarReaisPorAcao(0.1334, 'pt')).toBe('R$\u00a00,1334');
    expect(formatarReaisPorAcao(0.1334, 'en')).toBe('R$0.1334');
  });

  it('shows fractions as percentages and times with an x, per language', () => {
    // Display rules only: the inputs are made here, not financial figures.
    expect(formatarValor(0.25, 'fracao', 'pt')).toBe('25,0%');
    expect(formatarValor(0.25, 'fracao', 'en')).toBe('25.0%');
    expect(formatarValor(2.5, 'vezes', 'pt')).toBe('2,50x');
    expect(formatarValor(7, 'inteiro_0_9', 'en')).toBe('7');
  });

  it('makes one formatter per locale and options, and the same output as a fresh one', () => {
    // Options made here: a fresh object with the same content finds the same formatter; another locale does not.
    const a = numero('pt-BR', { style: 'percent', maximumFractionDigits: 2 });
    expect(numero('pt-BR', { style: 'percent', maximumFractionDigits: 2 })).toBe(a);
    expect(numero('en-US', { style: 'percent', maximumFractionDigits: 2 })).not.toBe(a);
    expect(numero('pt-BR', { style: 'percent', maximumFractionDigits: 1 })).not.toBe(a);
    expect(a.format(0.12345)).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 }).format(0.12345),
    );
    expect(a.format(0.12345)).toBe('12,35%');
  });
});
