import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildReportSchema } from '@fundamentos/schemas/build-report';
import { type Dividendos, DividendosSchema } from '@fundamentos/schemas/dividendos';
import { type Multiplos, MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { ScoresEmpresaSchema } from '@fundamentos/schemas/scores';
import { type ScreenerSnapshot, ScreenerSnapshotSchema } from '@fundamentos/schemas/screener-snapshot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tabelaDeStagingPublicada } from '../../publish/staging-publicado.ts';
import { amostraPublicada } from '../../testing/amostra.ts';
import { consultar } from '../../testing/consulta.ts';
import { gravidadePlSql } from './multiplos.ts';

/**
 * Real sample through the real build (`amostraPublicada()`): COTAHIST_D25062021.TXT and
 * COTAHIST_D03022022.TXT are the only sessions we have; DT_RECEB from the DFP index files; share
 * counts from dfp_cia_aberta_composicao_capital_2024.csv; AMBEV cash events from
 * b3/empresas/GetListedCashDividends_AMBEVSA.json. Everything is read back from the published files.
 */
let cur: string;

const pq = (set: string): string => `'${join(cur, 'parquet', `${set}.parquet`)}'`;
async function json<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  return schema.parse(JSON.parse(await readFile(join(cur, path), 'utf8')));
}

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
}, 600_000);

describe('session rule (first session on or after DT_RECEB) on real dates', () => {
  it('prices exist for exactly the two real sessions of our COTAHIST files', async () => {
    expect(
      await consultar(`SELECT DISTINCT CAST(data AS VARCHAR) AS d FROM ${pq('precos')} ORDER BY 1`),
    ).toEqual([{ d: '2021-06-25' }, { d: '2022-02-03' }]);
  });

  it('a session months after the reception is refused: preco kept, multiples null, preco_distante', async () => {
    // SANTANDER 2020: latest VERSAO received 2021-02-26; next session in our files is 2021-06-25
    // (COTAHIST_D25062021.TXT line 619: SANB11 UNT close 42.17)
    const [r] = await consultar(`SELECT CAST(dt_receb AS VARCHAR) AS receb, CAST(data_preco AS VARCHAR) AS dp,
        ticker_preco, preco, market_cap, pl, flag, flag_pl FROM ${pq('multiplos')} WHERE cd_regulator = 20532 AND ano = 2020`);
    expect(r).toEqual({
      receb: '2021-02-26',
      dp: '2021-06-25',
      ticker_preco: 'SANB11',
      preco: 42.17,
      market_cap: null,
      pl: null,
      flag: 'preco_distante;fcf_nao_calculado',
      flag_pl: 'preco_distante',
    });
    expect((await consultar(`SELECT ${gravidadePlSql("'preco_distante'")} AS g`))[0]?.g).toBe('bloqueante');
  });

  it('every annual multiple is priced on the first session of its code on or after its reception', async () => {
    const [r] = await consultar(`SELECT count(*) AS n,
        count(*) FILTER (WHERE m.data_preco < m.dt_receb) AS antes,
        count(*) FILTER (WHERE m.data_preco <> (SELECT min(p.data) FROM ${pq('precos')} p
          WHERE p.ticker = m.ticker_preco AND p.data >= m.dt_receb)) AS nao_primeira
      FROM ${pq('multiplos')} m`);
    expect(Number(r?.n)).toBeGreaterThan(100);
    expect(Number(r?.antes)).toBe(0);
    expect(Number(r?.nao_primeira)).toBe(0);
  });
});

describe('share counts: units vs thousands on the real mixed-unit file', () => {
  it('Eletrobras (line 4, counts in thousands) ×1000; Cielo (line 24, units) kept; VALE (line 459) refused', async () => {
    const r =
      await consultar(`SELECT cd_regulator, on_emitidas, pn_emitidas, escala, on_circulacao, pn_circulacao, flag, linha
      FROM ${pq('acoes')} WHERE cd_regulator IN (2437, 21733, 4170)
        AND arquivo LIKE '%dfp_cia_aberta_composicao_capital_2024.csv' ORDER BY cd_regulator`);
    expect(r).toEqual([
      // CENTRAIS ELET BRAS: 2027011 ON, 280088 PN issued; 52224 ON, 7241 PN in treasury
      {
        cd_regulator: 2437,
        on_emitidas: 2027011,
        pn_emitidas: 280088,
        escala: 1000,
        on_circulacao: 1974787000,
        pn_circulacao: 272847000,
        flag: 'acoes_em_milhares',
        linha: '4',
      },
      // VALE writes 4539008 (thousands) but the sample has no equity of VALE to test it: never used
      {
        cd_regulator: 4170,
        on_emitidas: 4539008,
        pn_emitidas: 0,
        escala: null,
        on_circulacao: null,
        pn_circulacao: null,
        flag: 'escala_acoes_indeterminada',
        linha: '459',
      },
      // CIELO: 2668174120 ON issued, 5842 treasury
      {
        cd_regulator: 21733,
        on_emitidas: 2668174120,
        pn_emitidas: 0,
        escala: 1,
        on_circulacao: 2668168278,
        pn_circulacao: 0,
        flag: null,
        linha: '24',
      },
    ]);
  });

  it('market cap per class at each class price: Eletrobras on 2022-02-03', async () => {
    // COTAHIST_D03022022.TXT line 332 ELET3 (ON) close 34.34; line 333 ELET6 (PNB, most traded PN) close 33.45
    const j: Multiplos = await json('json/empresas/2437/multiplos.json', MultiplosSchema);
    expect(j.valuation?.data_preco).toBe('2022-02-03');
    expect(j.valuation?.preco).toBe(34.34);
    expect(j.valuation?.acoes).toBe(1974787000 + 272847000);
    expect(j.valuation?.market_cap).toBeCloseTo(1974787000 * 34.34 + 272847000 * 33.45, 0);
    expect(j.valuation?.flags_acoes).toEqual(['acoes_em_milhares', 'acoes_defasadas']);
  });

  it('a count that cannot be checked never gives a market cap (VALE)', async () => {
    // VALE3 trades on 2022-02-03 (COTAHIST_D03022022.TXT line 781) but its count has no scale, and the
    // sample has no balance sheet of VALE: no valuation and no priced multiple
    expect((await json('json/empresas/4170/multiplos.json', MultiplosSchema)).valuation).toBeNull();
    const [r] = await consultar(
      `SELECT count(*) FILTER (WHERE market_cap IS NOT NULL) AS n FROM ${pq('multiplos')} WHERE cd_regulator = 4170`,
    );
    expect(Number(r?.n)).toBe(0);
  });
});

describe('AMBEV proventos from the real B3 answer', () => {
  it('events, data_com, B3 close when our COTAHIST lacks the session, coverage and 12-month yield', async () => {
    const d: Dividendos = await json('json/empresas/23264/dividendos.json', DividendosSchema);
    expect(d.cobertura.situacao).toBe('com_proventos');
    expect(d.cobertura.n_proventos).toBe(29);
    // $.results[0] and [1]: approved 2021-12-09, last day with entitlement 2021-12-17; our COTAHIST has
    // no 2021-12-17 session, B3 gives closingPricePriorExDate 16.07 dated 2021-12-17 (the data_com)
    expect(d.proventos.slice(0, 2)).toEqual([
      {
        tipo_acao: 'ON',
        tipo: 'DIVIDENDO',
        acao_corporativa: 'Dividendo',
        valor: 0.1334,
        data_aprovacao: '2021-12-09',
        data_com: '2021-12-17',
        preco_com: 16.07,
        flag: 'preco_com_fechamento_b3',
      },
      {
        tipo_acao: 'ON',
        tipo: 'JRS CAP PROPRIO',
        acao_corporativa: 'Juros sobre capital próprio',
        valor: 0.4702,
        data_aprovacao: '2021-12-09',
        data_com: '2021-12-17',
        preco_com: 16.07,
        flag: 'preco_com_fechamento_b3',
      },
    ]);
    // ABEV3 close 14.46 on 2022-02-03 (COTAHIST_D03022022.TXT line 33); the 2021-01-13 event is outside the window
    expect(d.dividend_yield_12m?.ticker_preco).toBe('ABEV3');
    expect(d.dividend_yield_12m?.proventos_12m).toBeCloseTo(0.1334 + 0.4702, 10);
    expect(d.dividend_yield_12m?.valor).toBeCloseTo((0.1334 + 0.4702) / 14.46, 10);
    expect(d.resumo_anual.find((a) => a.ano === 2021)).toEqual({ ano: 2021, total: 0.6803, n: 3 });
  });

  it('the set records the source of every preco_com and the rule holds on every AMBEV event', async () => {
    const r = await consultar(`SELECT d.fonte_preco_com AS fonte, d.flag, count(*) AS n,
        count(*) FILTER (WHERE d.preco_com = CAST(s.closingpricepriorexdate AS DOUBLE)) AS igual_b3,
        count(*) FILTER (WHERE s.dateclosingpricepriorexdate = s.lastdatepriorex) AS b3_na_data_com
      FROM ${pq('dividendos')} d JOIN ${tabelaDeStagingPublicada(cur, 'stg_b3_proventos_dinheiro')} s ON s._arquivo = d.arquivo AND s._linha = d.linha
      WHERE d.cd_regulator = 23264 GROUP BY ALL ORDER BY 1 NULLS LAST`);
    // no AMBEV data_com falls on one of our two sessions, so no event is priced from COTAHIST; an event
    // stays null only where B3 dates its close on another day than data_com
    for (const g of r) {
      if (g.fonte === 'b3_fechamento_data_com') {
        expect(g.flag).toBe('preco_com_fechamento_b3');
        expect(g.igual_b3).toBe(g.n);
        expect(g.b3_na_data_com).toBe(g.n);
      } else {
        expect(g.fonte).toBeNull();
        expect(g.flag).toBe('sem_pregao_na_data_com');
        expect(g.b3_na_data_com).toBe('0');
      }
    }
    expect(r.map((g) => g.fonte)).toContain('b3_fechamento_data_com');
    expect(r.reduce((s, g) => s + Number(g.n), 0)).toBe(29);
  });

  it('the valuation set holds the numbers of multiplos.json and dividendos.json (one mart, two projections)', async () => {
    // Eletrobras (2437): the valuation block of its multiplos.json, row for row in the bulk set
    const m: Multiplos = await json('json/empresas/2437/multiplos.json', MultiplosSchema);
    const val = m.valuation;
    expect(val?.lpa).not.toBeNull();
    const [v] =
      await consultar(`SELECT CAST(data_preco AS VARCHAR) AS data_preco, preco, ano, acoes, market_cap, ev,
        divida_liquida, lpa, vpa, proventos_12m, dy_12m, proventos_ano, payout, fco, fcf, p_fco, p_fcf
      FROM ${pq('valuation')} WHERE cd_regulator = 2437`);
    expect(v).toEqual({
      data_preco: val?.data_preco,
      preco: val?.preco,
      ano: val?.ano,
      acoes: val?.acoes,
      market_cap: val?.market_cap,
      ev: val?.ev,
      divida_liquida: val?.divida_liquida,
      lpa: val?.lpa,
      vpa: val?.vpa,
      proventos_12m: val?.proventos_12m,
      dy_12m: val?.dy_12m,
      proventos_ano: val?.proventos_ano,
      payout: val?.payout,
      fco: val?.fco,
      fcf: val?.fcf,
      p_fco: val?.p_fco,
      p_fcf: val?.p_fcf,
    });
    // AMBEV (23264): the 12-month yield of its dividendos.json is the set's dy_12m, to the last bit
    const d: Dividendos = await json('json/empresas/23264/dividendos.json', DividendosSchema);
    const [a] = await consultar(`SELECT ticker_preco, classe, n_proventos, proventos_12m, dy_12m
      FROM ${pq('valuation')} WHERE cd_regulator = 23264`);
    expect(a).toEqual({
      ticker_preco: d.dividend_yield_12m?.ticker_preco,
      classe: d.dividend_yield_12m?.classe,
      n_proventos: String(d.cobertura.n_proventos),
      proventos_12m: d.dividend_yield_12m?.proventos_12m,
      dy_12m: d.dividend_yield_12m?.valor,
    });
  });

  it('the score_valor set holds the rows of scores.json (Bradesco, 906)', async () => {
    const s = await json('json/empresas/906/scores.json', ScoresEmpresaSchema);
    const r =
      await consultar(`SELECT ano, valor, flag, pl, pvp, posicao_lucro_preco, posicao_vp_preco, universo
      FROM ${pq('score_valor')} WHERE cd_regulator = 906 ORDER BY ano`);
    expect(s.score_valor.length).toBeGreaterThan(0);
    expect(r.map((x) => ({ ...x, universo: Number(x.universo) }))).toEqual(s.score_valor);
  });

  it('a company without a B3 answer says so instead of claiming no proventos', async () => {
    const d: Dividendos = await json('json/empresas/21733/dividendos.json', DividendosSchema);
    expect(d.cobertura.situacao).toBe('sem_dados_da_bolsa');
    expect(d.proventos).toEqual([]);
  });
});

describe('screener snapshot', () => {
  it('rows carry disponivel_em = dt_receb and data_preco never before it', async () => {
    const s: ScreenerSnapshot = await json('json/screener.json', ScreenerSnapshotSchema);
    expect(s.linhas.length).toBeGreaterThan(100);
    for (const l of s.linhas) {
      expect(l.disponivel_em).toBe(l.dt_receb);
      if (l.data_preco !== null) expect(l.data_preco >= l.dt_receb).toBe(true);
    }
    const santander = s.linhas.find((l) => l.cd_regulator === 20532 && l.ano === 2020);
    expect(santander?.pl_gravidade).toBe('bloqueante');
  });

  it('every hard invariant of the market marts holds on the sample', async () => {
    const rep = await json('report.json', BuildReportSchema);
    const nomes = [
      'precos_um_por_codigo_e_pregao',
      'precos_codigo_no_formato',
      'acoes_uma_linha_por_documento',
      'multiplos_preco_nao_antes_do_recebimento',
      'multiplos_pl_nulo_tem_flag',
      'proventos_valor_e_data_com',
    ];
    for (const n of nomes) expect(rep.invariantes.find((i) => i.nome === n)?.falhas).toBe(0);
  });
});
