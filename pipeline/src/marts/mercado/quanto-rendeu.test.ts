import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { type QuantoRendeu, QuantoRendeuSchema } from '@fundamentos/schemas/quanto-rendeu';
import { beforeAll, describe, expect, it } from 'vitest';
import { tabelaDeStagingPublicada } from '../../publish/staging-publicado.ts';
import { amostraPublicada } from '../../testing/amostra.ts';
import { consultar } from '../../testing/consulta.ts';
import { FLAGS_RENDEU } from './quanto-rendeu.ts';

/**
 * Real sample through the real build: COTAHIST has only 2021-06-25 and 2022-02-03, IBOV only 2022
 * (GetPortfolioDay_IndexStatistics_IBOV_2022.json), Selic series 11 from 2019-01-02 (bcb/selic.json).
 * So no horizon has a start session within 7 days, and the only non-null values are Selic windows
 * starting in 2019 or later; those are recomputed here from the staged Parquet.
 */
let cur: string;
let artefatos: string[];

const rendeu = async (cd: number): Promise<QuantoRendeu> =>
  QuantoRendeuSchema.parse(
    JSON.parse(await readFile(join(cur, 'json', 'empresas', String(cd), 'quanto-rendeu.json'), 'utf8')),
  );

/** Independent Selic: every staged daily rate of series 11 dated in [ini, fim), compounded in JS. */
async function selic(ini: string, fim: string): Promise<{ valor: number; n: number }> {
  const rs = await consultar(`SELECT DISTINCT CAST(data AS VARCHAR) AS d, CAST(valor AS VARCHAR) AS v
    FROM ${tabelaDeStagingPublicada(cur, 'stg_bcb_sgs')} WHERE serie = '11' AND data >= DATE '${ini}' AND data < DATE '${fim}'`);
  return { valor: rs.reduce((f, r) => f * (1 + Number(r.v) / 100), 1000), n: rs.length };
}

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
  const m = ManifestSchema.parse(JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')));
  artefatos = m.artefatos.map((a) => a.path).filter((p) => p.endsWith('/quanto-rendeu.json'));
}, 600_000);

describe('quanto-rendeu.json on the real sample', () => {
  it('one artefact per company with a price file, listed in the manifest', async () => {
    const m = ManifestSchema.parse(JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')));
    const comPrecos = m.artefatos
      .filter((a) => a.path.endsWith('/precos.json'))
      .map((a) => a.path.split('/')[2]);
    expect(artefatos.map((p) => p.split('/')[2]).sort()).toEqual(comPrecos.sort());
  });

  it('ABEV3: last session 2022-02-03; no start session near any asked date; Selic recomputed from the Parquet', async () => {
    const r = await rendeu(23264);
    // COTAHIST_D03022022.TXT line 33: ABEV3 PREULT 0000000001446
    expect(r).toMatchObject({
      ticker: 'ABEV3',
      ate: '2022-02-03',
      preco_ate: 14.46,
      fator_ate: 1,
      fonte_ate: 'b3/cotahist/COTAHIST_D03022022.TXT:33',
      classe: 'ON',
      indice_nome: 'IBOV',
      selic_serie: '11',
    });
    expect(r.horizontes.map((h) => [h.anos, h.data_pedida, h.data_inicio, h.dias_ate_inicio])).toEqual([
      [1, '2021-02-03', '2021-06-25', 142],
      [3, '2019-02-03', '2021-06-25', 873],
      [5, '2017-02-03', '2021-06-25', 1603],
      [10, '2012-02-03', '2021-06-25', 3430],
    ]);
    for (const h of r.horizontes) {
      expect(h.mil_reais_preco).toEqual({ valor: null, flag: FLAGS_RENDEU.inicioDistante });
      // AMBEV has a B3 proventos answer, but without a start price there is nothing to add it to
      expect(h.mil_reais_com_proventos.flag).toBe(FLAGS_RENDEU.inicioDistante);
      // IBOV is staged for 2022 only: nothing within 7 days of a 2021 or earlier start
      expect(h.indice).toMatchObject({ valor: null, flag: FLAGS_RENDEU.indice });
      expect(h.selic.data_inicio).toBe(h.data_pedida);
    }
    for (const anos of [1, 3]) {
      const h = r.horizontes.find((x) => x.anos === anos);
      const esperado = await selic(h?.data_pedida ?? '', '2022-02-03');
      expect(h?.selic.flag).toBeNull();
      expect(h?.selic.taxas).toBe(esperado.n);
      expect(h?.selic.valor).toBeCloseTo(esperado.valor, 9);
      expect(h?.selic.fontes).toEqual(['bcb/selic.json (série 11)']);
    }
    // the series starts 2019-01-02: windows from 2017 and 2012 are not covered
    for (const anos of [5, 10])
      expect(r.horizontes.find((x) => x.anos === anos)?.selic).toMatchObject({
        valor: null,
        flag: FLAGS_RENDEU.selic,
      });
  });

  it('publishes the rules, note and citation in English too, with the same keys and data version', async () => {
    const r = await rendeu(23264);
    expect(Object.keys(r.regras_en)).toEqual(Object.keys(r.regras));
    for (const k of Object.keys(r.regras) as (keyof QuantoRendeu['regras'])[])
      expect(r.regras_en[k]).not.toBe(r.regras[k]);
    expect(r.nota_en).toMatch(/^Past returns computed from the public files; not investment advice\./);
    const versao = r.citacao.split('versão do dado ')[1];
    expect(versao).toBeTruthy();
    expect(r.citacao_en).toBe(
      `Source: B3 (COTAHIST, GetListedCashDividends, GetPortfolioDay IBOV) and BCB (SGS 11); recomputed by fundamentos, data version ${versao}`,
    );
  });

  it('PETR4: no B3 proventos answer, but the missing start session is the reason given first', async () => {
    const r = await rendeu(9512);
    expect(r).toMatchObject({ ticker: 'PETR4', ate: '2022-02-03' });
    expect(r.horizontes[0]?.mil_reais_com_proventos).toMatchObject({
      valor: null,
      flag: FLAGS_RENDEU.inicioDistante,
    });
  });

  it('no company has a code value in the sample, and every null says why with a known flag', async () => {
    const conhecidas = new Set<string>(Object.values(FLAGS_RENDEU));
    const semPregao: number[] = [];
    for (const p of artefatos) {
      const r = await rendeu(Number(p.split('/')[2]));
      if (r.ate === null) semPregao.push(r.cd_regulator);
      for (const h of r.horizontes) {
        expect(h.mil_reais_preco.valor).toBeNull();
        for (const m of [h.mil_reais_preco, h.mil_reais_com_proventos, h.indice, h.selic])
          if (m.valor === null) expect(conhecidas.has(m.flag ?? ''), `${p} ${m.flag}`).toBe(true);
      }
    }
    // companies whose main code (the index's ticker) never traded in the two sessions but another code did
    expect(semPregao.length).toBeGreaterThan(0);
    expect(semPregao.length).toBeLessThan(artefatos.length);
  });
});
