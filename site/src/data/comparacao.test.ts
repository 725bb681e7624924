import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import type { Indicadores } from '@fundamentos/schemas/indicadores';
import type { PrecosEmpresa } from '@fundamentos/schemas/precos';
import { describe, expect, it } from 'vitest';
import { anoComum, setoresComparaveis, slugSetor, volumeMedio } from './comparacao.ts';
import type { EmpresaPublicada } from './empresas.ts';

// Made here: companies reduced to the fields the comparison reads; volumes and years are invented
// shapes, not financial facts (the real-sample comparison is checked by tests/e2e/site.test.ts).
function empresa(ticker: string, setor: string, volumes: number[], anos: number[]): EmpresaPublicada {
  const precos = {
    cd_regulator: 1,
    citacao: 'feito aqui',
    nota: 'feito aqui',
    tickers: [
      {
        ticker,
        fatores_ajuste: [],
        sessoes: volumes.map((v, i) => ({ data: `2022-02-0${i + 1}`, fechamento: 1, volume: v })),
      },
    ],
  } satisfies PrecosEmpresa;
  const indicadores = {
    indicadores: anos.map((ano) => ({ ano, nome: 'roe', valor: 0.1, flag: null })),
  } as unknown as Indicadores;
  return {
    indice: { ticker, setor } as EmpresaIndice,
    indicadores,
    reapresentacoes: null,
    multiplos: null,
    dividendos: null,
    precos: volumes.length ? precos : null,
  };
}

describe('sector comparison', () => {
  it('liquidity is the mean traded value per published session; null without prices', () => {
    expect(volumeMedio(empresa('AAAA3', 'S', [10, 30], [2022]))).toBe(20);
    expect(volumeMedio(empresa('AAAA3', 'S', [], [2022]))).toBeNull();
  });

  it('keeps sectors with three comparable companies, most liquid first', () => {
    const es = [
      empresa('AAAA3', 'Energia Elétrica', [1], [2021, 2022]),
      empresa('BBBB3', 'Energia Elétrica', [3], [2022]),
      empresa('CCCC3', 'Energia Elétrica', [2], [2020, 2022]),
      empresa('DDDD3', 'Energia Elétrica', [9], []),
      empresa('EEEE3', 'Bancos', [5], [2022]),
    ];
    const s = setoresComparaveis(es);
    expect(s.map((x) => x.slug)).toEqual(['energia-eletrica']);
    expect(s[0]?.empresas.map((e) => e.empresa.indice.ticker)).toEqual(['BBBB3', 'CCCC3', 'AAAA3']);
    expect(anoComum(s[0]?.empresas.map((e) => e.empresa) ?? [])).toBe(2022);
  });

  it('no common year gives null', () => {
    expect(anoComum([empresa('AAAA3', 'S', [1], [2021]), empresa('BBBB3', 'S', [1], [2022])])).toBeNull();
    expect(slugSetor('Agricultura (Açúcar, Álcool e Cana)')).toBe('agricultura-acucar-alcool-e-cana');
  });
});
