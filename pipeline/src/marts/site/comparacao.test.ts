import { SMALL_CAPS } from '@fundamentos/schemas/comparacao';
import { describe, expect, it } from 'vitest';
import { contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { montarComparacao } from './comparacao.ts';

/**
 * Made here (test-local fixture): companies reduced to the columns the comparison reads; volumes, years
 * and market caps are invented shapes, not financial facts. The real sample's comparison is checked by
 * tests/e2e/site.test.ts through the pages. These are the assertions site/src/data/comparacao.test.ts
 * made when the site computed the same numbers.
 */
async function montar(
  empresas: { cd: number; ticker: string; setor: string; volumes: number[]; anos: number[]; mc?: number }[],
) {
  const { ctx, capturado } = await contextoMemoria();
  await ctx.db.run(`
    CREATE TABLE mart_empresas (cd_regulator INTEGER, setor VARCHAR, ticker_atual VARCHAR, tickers VARCHAR[]);
    CREATE TABLE int_mercado_precos_empresa (cd_regulator INTEGER, ticker VARCHAR, data DATE, volume DOUBLE);
    CREATE TABLE mart_indicadores (cd_regulator INTEGER, ano INTEGER, nome VARCHAR, valor DOUBLE, flag VARCHAR);
    CREATE TABLE int_mercado_valuation (cd_regulator INTEGER, ano INTEGER, market_cap DOUBLE);`);
  for (const e of empresas) {
    await ctx.db.run(
      `INSERT INTO mart_empresas VALUES (${e.cd}, '${e.setor}', '${e.ticker}', ['${e.ticker}'])`,
    );
    for (const [i, v] of e.volumes.entries())
      await ctx.db.run(
        `INSERT INTO int_mercado_precos_empresa VALUES (${e.cd}, '${e.ticker}', DATE '2022-02-0${i + 1}', ${v})`,
      );
    for (const ano of e.anos)
      await ctx.db.run(`INSERT INTO mart_indicadores VALUES (${e.cd}, ${ano}, 'roe', 0.1, NULL)`);
    if (e.mc !== undefined)
      await ctx.db.run(`INSERT INTO int_mercado_valuation VALUES (${e.cd}, 2022, ${e.mc})`);
  }
  const c = await montarComparacao({ ...ctx, versao_do_dado: '2026-01-02-teste|1' });
  return { c, invariantes: capturado.invariantes };
}

describe('mart_site_* (comparison numbers of the site)', () => {
  it('liquidity is the mean traded value per published session; none without prices', async () => {
    const { c } = await montar([
      { cd: 1, ticker: 'AAAA3', setor: 'S', volumes: [10, 30], anos: [2022] },
      { cd: 2, ticker: 'BBBB3', setor: 'S', volumes: [], anos: [2022] },
    ]);
    expect(c.liquidez).toEqual([{ cd_regulator: 1, volume_medio: 20, sessoes: 2 }]);
  });

  it('keeps sectors with three comparable companies, most liquid first', async () => {
    const { c, invariantes } = await montar([
      { cd: 1, ticker: 'AAAA3', setor: 'Energia Elétrica', volumes: [1], anos: [2021, 2022] },
      { cd: 2, ticker: 'BBBB3', setor: 'Energia Elétrica', volumes: [3], anos: [2022] },
      { cd: 3, ticker: 'CCCC3', setor: 'Energia Elétrica', volumes: [2], anos: [2020, 2022] },
      { cd: 4, ticker: 'DDDD3', setor: 'Energia Elétrica', volumes: [9], anos: [] },
      { cd: 5, ticker: 'EEEE3', setor: 'Bancos', volumes: [5], anos: [2022] },
    ]);
    expect(c.setores.map((s) => s.setor)).toEqual(['Energia Elétrica']);
    expect(c.setores[0]?.empresas.map((e) => e.cd_regulator)).toEqual([2, 3, 1]);
    expect(invariantes.every((i) => i.falhas === 0)).toBe(true);
  });

  it('small caps: market cap up to the ceiling and liquidity from the floor, most liquid first', async () => {
    const { c } = await montar([
      { cd: 1, ticker: 'AAAA3', setor: 'S', volumes: [6e5], anos: [2022], mc: 1e9 },
      { cd: 2, ticker: 'BBBB3', setor: 'S', volumes: [9e5], anos: [2022], mc: SMALL_CAPS.market_cap_max },
      { cd: 3, ticker: 'CCCC3', setor: 'S', volumes: [9e6], anos: [2022], mc: 6e9 },
      { cd: 4, ticker: 'DDDD3', setor: 'S', volumes: [4e5], anos: [2022], mc: 1e9 },
      { cd: 5, ticker: 'EEEE3', setor: 'S', volumes: [7e5], anos: [2022], mc: 0 },
    ]);
    expect(c.small_caps).toEqual([
      { cd_regulator: 2, market_cap: 5e9, volume_medio: 9e5 },
      { cd_regulator: 1, market_cap: 1e9, volume_medio: 6e5 },
    ]);
  });
});
