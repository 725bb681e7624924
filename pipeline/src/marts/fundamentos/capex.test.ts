import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { amostraPublicada } from '../../testing/amostra.ts';
import { consultar } from '../../testing/consulta.ts';

/** Capex and free cash flow on the real sample, read back from the shared real build. */
let cur: string;
const pq = (set: string): string => `'${join(cur, 'parquet', `${set}.parquet`)}'`;

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
}, 600_000);

describe('capex for fcf (DFC_MI 6.02 lines by label)', () => {
  it('ENERGISA 2016: 6.02.04 included, the disposal 6.02.07 and the 6.01 gain excluded; fcf = 6.01 + capex', async () => {
    // cvm/dfp/por-empresa/dfp_cia_aberta_DFC_MI_con_2016.csv (MIL): line 297 6.01 = 1765051; line 363
    // 6.02.04 "Aplicações no imobilizado e intangível" = -1321267; line 365 6.02.05 = 0; line 369 6.02.07
    // "Alienação de bens do imobilizado e intangível" = 52139; line 323 6.01.01.12 (gain on disposal) = 46845
    const r = await consultar(`SELECT cd_conta, decisao, valor, linha, fco, capex, fcf FROM ${pq('capex')}
      WHERE cd_regulator = 15253 AND ano = 2016 ORDER BY cd_conta`);
    expect(r.map((x) => [x.cd_conta, x.decisao, x.valor, x.linha])).toEqual([
      ['6.01.01.12', 'excluida', 46845000, '323'],
      ['6.02.04', 'incluida', -1321267000, '363'],
      ['6.02.05', 'incluida', 0, '365'],
      ['6.02.07', 'excluida', 52139000, '369'],
    ]);
    expect(r[0]).toMatchObject({ fco: 1765051000, capex: -1321267000, fcf: 1765051000 - 1321267000 });
    // the annual multiple carries the same fcf; no yield because that price is months after DT_RECEB
    const [m] = await consultar(
      `SELECT fcf, fcf_yield, flag FROM ${pq('multiplos')} WHERE cd_regulator = 15253 AND ano = 2016`,
    );
    expect(m).toEqual({ fcf: 1765051000 - 1321267000, fcf_yield: null, flag: 'preco_distante' });
  });

  it('CIELO 2019: "Adições ao Imobilizado e Intangível, Líquido da Provisão" is the capex', async () => {
    // dfp_cia_aberta_DFC_MI_con_2019.csv line 517: 6.02.05 = -1194640 (MIL); line 455 (6.01.01.04 residual
    // cost of disposals) is an operating adjustment, not capex
    const r = await consultar(`SELECT cd_conta, decisao, linha, capex, fcf FROM ${pq('capex')}
      WHERE cd_regulator = 21733 AND ano = 2019 ORDER BY cd_conta`);
    expect(r.map((x) => [x.cd_conta, x.decisao, x.linha])).toEqual([
      ['6.01.01.04', 'excluida', '455'],
      ['6.02.05', 'incluida', '517'],
    ]);
    expect(r[1]?.capex).toBe(-1194640000);
  });

  it('the rule holds on every candidate of the sample: included = 6.02, no inflow word, not nested', async () => {
    const [r] = await consultar(`SELECT count(*) AS n,
        count(*) FILTER (WHERE decisao = 'incluida' AND cd_conta NOT LIKE '6.02.%') AS fora,
        count(*) FILTER (WHERE decisao = 'incluida'
          AND regexp_matches(lower(strip_accents(ds_conta)), 'alienac|venda|baixa|recebiment')) AS entrada,
        count(*) FILTER (WHERE fcf IS NOT NULL AND fcf <> fco + capex) AS conta_errada
      FROM ${pq('capex')}`);
    expect(Number(r?.n)).toBeGreaterThan(100);
    expect(Number(r?.fora)).toBe(0);
    expect(Number(r?.entrada)).toBe(0);
    expect(Number(r?.conta_errada)).toBe(0);
  });
});
