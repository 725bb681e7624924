import { describe, expect, it } from 'vitest';
import { TickersSchema } from './tickers.ts';

describe('TickersSchema', () => {
  // fca_cia_aberta_valor_mobiliario_2018…2022: Gafisa GAFS3; 2024: GFSA3 (CD_CVM 016101)
  const gafisa = { cd_regulator: 16101, ticker_atual: 'GFSA3' };

  it('accepts an old code and the current one pointing at the same company', () => {
    expect(TickersSchema.parse({ GAFS3: gafisa, GFSA3: gafisa })).toEqual({ GAFS3: gafisa, GFSA3: gafisa });
  });

  it('refuses a key that is not a trading code and an unknown field', () => {
    expect(TickersSchema.safeParse({ gfsa3: gafisa }).success).toBe(false);
    expect(TickersSchema.safeParse({ GFSA3: { ...gafisa, nome: 'GAFISA' } }).success).toBe(false);
  });
});
