import { describe, expect, it } from 'vitest';
import { DividendosSchema } from './dividendos.ts';

// Made here from the spec's "Dividends" table. Values are placeholders (not exchange data),
// except the price 30.95 of WEGE3 on 2022-02-03 (COTAHIST_D03022022.TXT line 804).
const provento = (data_com: string) => ({
  tipo_acao: 'ON',
  tipo: 'JRS CAP PROPRIO',
  acao_corporativa: 'JRS CAP PROPRIO',
  valor: 0.1,
  data_aprovacao: data_com,
  data_com,
  preco_com: 30.95,
  flag: null,
});
const exemplo = {
  cd_regulator: 5410,
  citacao: 'Fonte: B3.',
  citacao_en: 'Source: B3.',
  proventos: [provento('2022-02-03'), provento('2021-12-01')],
  resumo_anual: [{ ano: 2021, total: 0.1, n: 1 }],
  dividend_yield_12m: {
    valor: 0.01,
    proventos_12m: 0.2,
    preco: 30.95,
    data_preco: '2022-02-03',
    ticker_preco: 'WEGE3',
    classe: 'ON',
  },
  cobertura: {
    situacao: 'com_proventos',
    n_proventos: 2,
    verificado_em: '2026-11-21',
    significado: 'a B3 respondeu e há proventos',
  },
  nota: 'Valores brutos.',
  nota_en: 'Gross amounts.',
};

describe('dividendos', () => {
  it('accepts a minimal answer', () => {
    expect(DividendosSchema.parse(exemplo).proventos).toHaveLength(2);
  });
  it('refuses oldest-first order', () => {
    const invertido = { ...exemplo, proventos: [...exemplo.proventos].reverse() };
    expect(DividendosSchema.safeParse(invertido).success).toBe(false);
  });
  it('refuses a null preco_com without flag, a Brazilian date and a string amount', () => {
    const semPreco = { ...provento('2022-02-03'), preco_com: null };
    expect(DividendosSchema.safeParse({ ...exemplo, proventos: [semPreco] }).success).toBe(false);
    const comFlag = { ...semPreco, flag: 'sem_pregao_na_data_com' };
    expect(DividendosSchema.safeParse({ ...exemplo, proventos: [comFlag] }).success).toBe(true);
    const dataBr = { ...provento('2022-02-03'), data_com: '03/02/2022' };
    expect(DividendosSchema.safeParse({ ...exemplo, proventos: [dataBr] }).success).toBe(false);
    const texto = { ...provento('2022-02-03'), valor: '0,10' };
    expect(DividendosSchema.safeParse({ ...exemplo, proventos: [texto] }).success).toBe(false);
  });
});
