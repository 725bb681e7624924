import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { MultiplosDeClasseSchema, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { amostraPublicada } from '../../testing/amostra.ts';
import { consultar } from '../../testing/consulta.ts';

/**
 * Live share classes priced at their own close, on the real sample (`amostraPublicada()`), read back from
 * the published files. Sources of the hand computations:
 * - ELETROBRAS (cd 2437): profit attributable to owners 2022 = 3,635,377,000
 *   (cvm/dfp/por-empresa/dfp_cia_aberta_DRE_con_2022.csv line 203); equity 111,028,636,000 (BPP_con_2022
 *   line 315) minus non-controlling 523,840,000 (line 371); shares (dfp_cia_aberta_composicao_capital_2024.csv
 *   line 4, in thousands): (2,027,011 − 52,224 + 280,088 − 7,241) × 1000 = 2,247,634,000.
 *   COTAHIST_D03022022.TXT line 332: ELET3 close 34.34; line 333: ELET6 (PNB) close 33.45; ELET5 (PNA) has
 *   only an odd-lot line (1349, ELET5F, BDI 96): no standard-lot session.
 * - PETTENATI (cd 9539): profit attributable to owners 2023 = 48,997,920
 *   (cvm/dfp/parcial-2023/dfp_cia_aberta_DRE_con_2023.csv line 713); shares (composicao_capital_2024 line
 *   665) 16,016,924 ON + 32,029,564 PN = 48,046,488; COTAHIST_D03022022.TXT line 616: PTNT3 close 12.27.
 */
let cur: string;
const pq = (set: string): string => `'${join(cur, 'parquet', `${set}.parquet`)}'`;
async function json<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  return schema.parse(JSON.parse(await readFile(join(cur, path), 'utf8')));
}
const classe = (cd: number, ticker: string) =>
  json(ARTEFATOS.multiplos_classe.caminho({ cd, ticker }), MultiplosDeClasseSchema);

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
}, 600_000);

const LPA_ELET = 3_635_377_000 / 2_247_634_000;
const VPA_ELET = (111_028_636_000 - 523_840_000) / 2_247_634_000;

describe('a live class is priced at its own close (current valuation)', () => {
  it('ELET6 beside ELET3: P/L = 33.45 / LPA, P/VP = 33.45 / VPA; LPA and VPA are the company figures', async () => {
    const d = await classe(2437, 'ELET6');
    const v = d.classe.valuation;
    expect(d.classe.ticker_principal).toBe('ELET3');
    expect(d.classe.tipo_acao).toBe('PNB');
    expect(v?.data_preco).toBe('2022-02-03');
    expect(v?.preco).toBe(33.45);
    expect(v?.lpa).toBeCloseTo(LPA_ELET, 12);
    expect(v?.vpa).toBeCloseTo(VPA_ELET, 10);
    expect(Math.round((v?.pl ?? 0) * 100) / 100).toBe(20.68);
    expect(v?.pl).toBeCloseTo(33.45 / LPA_ELET, 10);
    expect(Math.round((v?.pvp ?? 0) * 100) / 100).toBe(0.68);
    // the company's own valuation is the same company figure per share, whichever class is asked
    expect(d.valuation?.lpa).toBe(v?.lpa);
  });

  it('PTNT3 beside PTNT4: P/L = 12.27 / (48,997,920 / 48,046,488) = 12.03', async () => {
    const v = (await classe(9539, 'PTNT3')).classe.valuation;
    expect(v?.preco).toBe(12.27);
    expect(v?.pl).toBeCloseTo(12.27 / (48_997_920 / 48_046_488), 10);
    expect(Math.round((v?.pl ?? 0) * 100) / 100).toBe(12.03);
  });

  it('ELET5 (no standard-lot session on 2022-02-03): price and multiples null with classe_sem_pregao, never another code’s price', async () => {
    const v = (await classe(2437, 'ELET5')).classe.valuation;
    expect(v?.preco).toBeNull();
    expect(v?.volume).toBeNull();
    expect(v?.pl).toBeNull();
    expect(v?.pvp).toBeNull();
    expect(v?.dy_12m).toBeNull();
    expect(v?.flag?.split(';')).toContain('classe_sem_pregao');
    // the company figures per share stay (they do not depend on the class)
    expect(v?.lpa).toBeCloseTo(LPA_ELET, 12);
  });

  it("the class rows' prices are each code's own close in the precos set (file:line of COTAHIST)", async () => {
    const r = await consultar(`SELECT ticker, preco, origem_preco FROM ${pq('valuation_classe')}
      WHERE cd_regulator = 2437 ORDER BY ticker`);
    expect(r).toEqual([
      { ticker: 'ELET3', preco: 34.34, origem_preco: expect.stringMatching(/COTAHIST_D03022022\.TXT:332$/) },
      { ticker: 'ELET5', preco: null, origem_preco: null },
      { ticker: 'ELET6', preco: 33.45, origem_preco: expect.stringMatching(/COTAHIST_D03022022\.TXT:333$/) },
    ]);
  });

  it("the class DY is the class's own proventos over its price: ABEV3 (AMBEV's ON) equals the company DY", async () => {
    // b3/empresas/GetListedCashDividends_AMBEVSA.json: every event is typeStock ON; ABEV3 close 14.46
    // (COTAHIST_D03022022.TXT line 33) is the price of the company's valuation as well
    const [c] = await consultar(`SELECT c.preco, c.proventos_12m, c.dy_12m, v.dy_12m AS dy_empresa
      FROM ${pq('valuation_classe')} c JOIN ${pq('valuation')} v USING (cd_regulator) WHERE c.ticker = 'ABEV3'`);
    expect(c?.preco).toBe(14.46);
    expect(c?.proventos_12m).toBeCloseTo(0.6036, 10);
    expect(c?.dy_12m).toBeCloseTo(0.6036 / 14.46, 12);
    expect(c?.dy_12m).toBe(c?.dy_empresa);
  });
});

describe('annual rows: the company row’s session, the class’s own close', () => {
  it('ENGI3 2020: priced at its own 2021-06-25 close (17.45, COTAHIST_D25062021.TXT line 318), multiples null (preco_distante)', async () => {
    const d = await classe(15253, 'ENGI3');
    const a = d.classe.anuais.find((r) => r.ano === 2020);
    const empresa = d.anuais.find((r) => r.ano === 2020);
    expect(a?.data_preco).toBe(empresa?.data_preco);
    expect(a?.dt_receb).toBe(empresa?.dt_receb);
    expect(a?.preco).toBe(17.45);
    expect(a?.pl).toBeNull();
    expect(a?.flag).toContain('preco_distante');
  });
});

describe('the main code answers as before', () => {
  it("a class's answer is the company's multiplos.json plus `classe`; the company's has no `classe`", async () => {
    const empresa = await json(ARTEFATOS.multiplos.caminho({ cd: 2437 }), MultiplosSchema);
    expect('classe' in empresa).toBe(false);
    const { classe: bloco, ...resto } = await classe(2437, 'ELET6');
    expect(resto).toEqual(empresa);
    expect(bloco.da_empresa).toContain('valuation');
  });

  it('no class artefact for a main code', async () => {
    const m = JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')) as {
      artefatos: { path: string }[];
    };
    const paths = new Set(m.artefatos.map((a) => a.path));
    expect(paths.has(ARTEFATOS.multiplos_classe.caminho({ cd: 2437, ticker: 'ELET6' }))).toBe(true);
    expect(paths.has(ARTEFATOS.multiplos_classe.caminho({ cd: 2437, ticker: 'ELET3' }))).toBe(false);
    expect(paths.has(ARTEFATOS.multiplos_classe.caminho({ cd: 9539, ticker: 'PTNT4' }))).toBe(false);
  });
});
