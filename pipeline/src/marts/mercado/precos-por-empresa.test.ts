import { PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import { describe, expect, it } from 'vitest';
import { fatoresAjuste, precosEmpresa } from './precos-por-empresa.ts';

// Real: ABEV3 (AMBEV, cd 23264) closes PREULT 0000000001695 on 2021-06-25 (COTAHIST_D25062021.TXT line 28)
// and 0000000001446 on 2022-02-03 (COTAHIST_D03022022.TXT line 33); volumes left at 0 here (not asserted).
const abev = [
  { cd_regulator: 23264, ticker: 'ABEV3', data: '2021-06-25', fechamento: 16.95, volume: 0, fator_ajuste: 1 },
  { cd_regulator: 23264, ticker: 'ABEV3', data: '2022-02-03', fechamento: 14.46, volume: 0, fator_ajuste: 1 },
];

describe('precos.json per company', () => {
  it('keeps the raw closes in date order and no factor when none is known', () => {
    const p = PrecosEmpresaSchema.parse(precosEmpresa(23264, abev, 'v'));
    expect(p.tickers).toHaveLength(1);
    expect(p.tickers[0]?.sessoes.map((s) => [s.data, s.fechamento])).toEqual([
      ['2021-06-25', 16.95],
      ['2022-02-03', 14.46],
    ]);
    expect(p.tickers[0]?.fatores_ajuste).toEqual([]);
  });

  it('keeps factors apart as runs closed by their last session (made-here factor 0.5)', () => {
    const feito = [
      { ...abev[0], fator_ajuste: 0.5 },
      { ...abev[0], data: '2021-07-01', fator_ajuste: 0.5 },
      { ...abev[1] },
    ] as typeof abev;
    expect(fatoresAjuste(feito)).toEqual([{ ate: '2021-07-01', fator: 0.5 }]);
    // the closes themselves are not multiplied
    expect(precosEmpresa(23264, feito, 'v').tickers[0]?.sessoes[0]?.fechamento).toBe(16.95);
  });

  it('one entry per trading code', () => {
    const dois = [...abev, { ...abev[1], ticker: 'ABEV4' }] as typeof abev;
    expect(precosEmpresa(23264, dois, 'v').tickers.map((t) => t.ticker)).toEqual(['ABEV3', 'ABEV4']);
  });
});
