import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import type { Indicadores } from '@fundamentos/schemas/indicadores';
import type { PrecosEmpresa } from '@fundamentos/schemas/precos';
import { describe, expect, it } from 'vitest';
import { anoComum, slugSetor } from './comparacao.ts';
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
  // Liquidity, comparable sectors and small caps are computed by the pipeline now (mart_site_*): their
  // assertions moved with them to pipeline/src/marts/site/comparacao.test.ts.
  it('the latest year every company given has indicator rows for', () => {
    const es = [
      empresa('AAAA3', 'Energia Elétrica', [1], [2021, 2022]),
      empresa('BBBB3', 'Energia Elétrica', [3], [2022]),
      empresa('CCCC3', 'Energia Elétrica', [2], [2020, 2022]),
    ];
    expect(anoComum(es)).toBe(2022);
  });

  it('no common year gives null', () => {
    expect(anoComum([empresa('AAAA3', 'S', [1], [2021]), empresa('BBBB3', 'S', [1], [2022])])).toBeNull();
    expect(slugSetor('Agricultura (Açúcar, Álcool e Cana)')).toBe('agricultura-acucar-alcool-e-cana');
  });
});
