import { describe, expect, it } from 'vitest';
import {
  MultiploAnualSchema,
  MultiplosSchema,
  MultiploTrimestralSchema,
  ValuationSchema,
} from './multiplos.ts';

// Price: data/sample/raw/b3/cotahist/COTAHIST_D03022022.TXT line 804, WEGE3 PREULT 30.95 on
// 2022-02-03. Dates of reception and the multiples themselves are made here (not company data).
const anual = {
  cd_regulator: 5410,
  ano: 2021,
  dt_receb: '2022-02-03',
  data_preco: '2022-02-03',
  preco: 30.95,
  market_cap: null,
  pl: null,
  pvp: null,
  ev_ebitda: null,
  fcf_yield: null,
  flag: 'sem_acoes_em_circulacao',
  preco_de: 'preço de 03/02/2022',
};
const trimestral = {
  cd_regulator: 5410,
  ano: 2021,
  trimestre: 3,
  dt_receb: '2022-02-03',
  data_preco: '2022-02-03',
  preco: 30.95,
  market_cap: null,
  lucro_ttm: null,
  pl_ttm: null,
  pvp: null,
  flag: 'acoes_defasadas',
};
const valuation = {
  data_preco: '2022-02-03',
  preco: 30.95,
  ano: 2021,
  acoes: null,
  flags_acoes: ['sem_acoes_em_circulacao'],
  market_cap: null,
  ev: null,
  divida_liquida: null,
  lpa: null,
  vpa: null,
  dy_12m: null,
  proventos_12m: null,
  payout: null,
  proventos_ano: null,
  fco: null,
  fcf: null,
  p_fco: null,
  p_fcf: null,
};

describe('multiplos', () => {
  it('accepts annual and quarterly rows and a valuation', () => {
    const r = MultiplosSchema.parse({
      cd_regulator: 5410,
      citacao: 'Fonte: regulator DFP/ITR e B3 COTAHIST.',
      citacao_en: 'Source: regulator DFP/ITR and B3 COTAHIST.',
      anuais: [anual],
      trimestrais: [trimestral],
      valuation,
      nota: 'Preço da primeira sessão a partir da data de recebimento.',
      nota_en: 'Price of the first session from the reception date.',
    });
    expect(r.anuais[0]?.preco).toBe(30.95);
  });
  it('refuses a price taken before the filing was received (look-ahead)', () => {
    expect(MultiploAnualSchema.safeParse({ ...anual, data_preco: '2021-12-30' }).success).toBe(false);
    expect(MultiploTrimestralSchema.safeParse({ ...trimestral, data_preco: '2021-12-30' }).success).toBe(
      false,
    );
  });
  it('refuses a 4th quarter, a missing preco_de and flags as an array', () => {
    expect(MultiploTrimestralSchema.safeParse({ ...trimestral, trimestre: 4 }).success).toBe(false);
    const { preco_de: _p, ...semPrecoDe } = anual;
    expect(MultiploAnualSchema.safeParse(semPrecoDe).success).toBe(false);
    expect(MultiploAnualSchema.safeParse({ ...anual, flag: ['acoes_defasadas'] }).success).toBe(false);
  });
  it('valuation keeps flags_acoes as an array and refuses a joined string there', () => {
    expect(ValuationSchema.safeParse({ ...valuation, flags_acoes: 'a;b' }).success).toBe(false);
    expect(ValuationSchema.safeParse({ ...valuation, flags_acoes: ['a;b'] }).success).toBe(false);
  });
});
