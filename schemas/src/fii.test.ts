import { describe, expect, it } from 'vitest';
import { FiiSchema } from './fii.ts';

// Real values: data/sample/raw/cvm/fii/inf_mensal_fii_geral_2021.csv line 7547 (MXRF11 register,
// report 2021-05-01 delivered 2021-06-11) and inf_mensal_fii_complemento_2021.csv line 7547
// (393767 cotistas, PL 2259874256.91, Valor_Patrimonial_Cotas 9.997689); price 10.06 on 2021-06-25
// from b3/cotahist/COTAHIST_D25062021.TXT line 915. The sample has no session between 06-11 and
// 06-25, so data_preco here exercises the schema, not the real first session. pvp and the
// proventos row are placeholders made here.
const fii = {
  cadastro: {
    cnpj: '97.521.225/0001-25',
    ticker: 'MXRF11',
    isin: 'BRMXRFCTF008',
    nome: 'FII MAXI RENDA',
    segmento: 'Híbrido',
    mandato: 'Renda',
    tipo_gestao: 'Ativa',
    publico_alvo: 'INVESTIDORES EM GERAL',
    data_funcionamento: '2011-07-04',
  },
  ultimo_informe: { cotistas: 393767, pl: 2259874256.91, competencia: '2021-05-01' },
  pvp: [
    {
      competencia: '2021-05-01',
      data_entrega: '2021-06-11',
      data_preco: '2021-06-25',
      preco: 10.06,
      vp_cota: 9.997689,
      pvp: null,
      flag: 'acumulado_sem_mes_anterior',
    },
  ],
  dy_12m: null,
  vacancia: [],
  proventos_recentes: [
    {
      tipo: 'Rendimento',
      valor: 0.05,
      data_com: '2021-06-30',
      data_pagamento: '2021-07-14',
      relativo_a: '2021-06',
      flag: null,
    },
  ],
  nota: 'Preço da primeira sessão a partir da entrega do informe.',
};

describe('fii', () => {
  it('accepts a fund built from the real sample', () => {
    expect(FiiSchema.parse(fii).ultimo_informe.cotistas).toBe(393767);
  });
  it('refuses a price before the report delivery, a bad ISIN and a missing mandato', () => {
    const antes = [{ ...fii.pvp[0], data_preco: '2021-06-10' }];
    expect(FiiSchema.safeParse({ ...fii, pvp: antes }).success).toBe(false);
    expect(FiiSchema.safeParse({ ...fii, cadastro: { ...fii.cadastro, isin: 'MXRF11' } }).success).toBe(
      false,
    );
    const { mandato: _m, ...semMandato } = fii.cadastro;
    expect(FiiSchema.safeParse({ ...fii, cadastro: semMandato }).success).toBe(false);
    expect(FiiSchema.safeParse({ ...fii, cadastro: { ...fii.cadastro, mandato: null } }).success).toBe(true);
  });
  it('refuses cotistas as a decimal', () => {
    expect(
      FiiSchema.safeParse({ ...fii, ultimo_informe: { ...fii.ultimo_informe, cotistas: 393767.5 } }).success,
    ).toBe(false);
  });
});
