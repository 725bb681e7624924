import type { Dividendos } from '@fundamentos/schemas/dividendos';
import type { Multiplos } from '@fundamentos/schemas/multiplos';
import type { ScreenerSnapshot } from '@fundamentos/schemas/screener-snapshot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildContext } from '../../core/stage.ts';
import { SAMPLE_RAW } from '../../test-support/sample.ts';
import { type Capturado, contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { prepararAmostraMercado } from './amostra/staging-mercado.ts';
import { mercadoStages } from './index.ts';
import { gravidadePl } from './multiplos.ts';

/**
 * Real sample: COTAHIST_D25062021.TXT and COTAHIST_D03022022.TXT are the only sessions we have;
 * DT_RECEB from the DFP index files; share counts from dfp_cia_aberta_composicao_capital_2024.csv;
 * AMBEV cash events from b3/empresas/GetListedCashDividends_AMBEVSA.json.
 */
let ctx: BuildContext;
let cap: Capturado;

async function q(sql: string): Promise<Record<string, unknown>[]> {
  return (await ctx.db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
}

beforeAll(async () => {
  ({ ctx, capturado: cap } = await contextoMemoria());
  await prepararAmostraMercado(ctx, SAMPLE_RAW);
  for (const s of mercadoStages) await s.run(ctx);
}, 240_000);

describe('session rule (first session on or after DT_RECEB) on real dates', () => {
  it('uses the calendar of our COTAHIST files: exactly the two real sessions', async () => {
    expect(await q('SELECT CAST(data AS VARCHAR) AS d FROM mkt_sessoes ORDER BY 1')).toEqual([
      { d: '2021-06-25' },
      { d: '2022-02-03' },
    ]);
  });

  it('a filing received on a day without session takes the next one; same-day reception keeps the day', async () => {
    // dfp_cia_aberta_2021.csv line 10: CIELO (021733) VERSAO 1 received 2022-02-02 (no session in our files)
    // line 27: SANTANDER (020532) VERSAO 1 received 2022-02-03 (a session); dfp_cia_aberta_2024.csv
    // line 586: 025747 received Saturday 2025-03-29, after our last session
    const r = await q(`SELECT cd_cvm, versao, CAST(dt_receb AS VARCHAR) AS receb,
        CAST(mkt_primeira_sessao(dt_receb) AS VARCHAR) AS sessao FROM stg_cvm_doc_indice
      WHERE (cd_cvm IN ('021733', '020532') AND year(dt_refer) = 2021 AND versao = 1)
         OR (cd_cvm = '025747' AND versao = 1 AND dt_receb = '2025-03-29') ORDER BY cd_cvm`);
    expect(r).toEqual([
      { cd_cvm: '020532', versao: 1, receb: '2022-02-03', sessao: '2022-02-03' },
      { cd_cvm: '021733', versao: 1, receb: '2022-02-02', sessao: '2022-02-03' },
      { cd_cvm: '025747', versao: 1, receb: '2025-03-29', sessao: null },
    ]);
  });

  it('a session months after the reception is refused: preco kept, multiples null, preco_distante', async () => {
    // SANTANDER 2020: latest VERSAO received 2021-02-26; next session in our files is 2021-06-25
    // (COTAHIST_D25062021.TXT line 619: SANB11 UNT close 42.17)
    const [r] =
      await q(`SELECT CAST(dt_receb AS VARCHAR) AS receb, CAST(data_preco AS VARCHAR) AS dp, ticker_preco, preco,
        market_cap, pl, flag FROM mkt_multiplos_anuais WHERE cd_regulator = 20532 AND ano = 2020`);
    expect(r).toEqual({
      receb: '2021-02-26',
      dp: '2021-06-25',
      ticker_preco: 'SANB11',
      preco: 42.17,
      market_cap: null,
      pl: null,
      flag: 'preco_distante;fcf_nao_calculado',
    });
    expect(gravidadePl('preco_distante')).toBe('bloqueante');
  });

  it('no annual multiple anywhere uses a price dated before its reception', async () => {
    const [r] = await q(
      'SELECT count(*) AS n, count(*) FILTER (WHERE data_preco < dt_receb) AS antes FROM mkt_multiplos_anuais',
    );
    expect(Number(r?.n)).toBeGreaterThan(100);
    expect(Number(r?.antes)).toBe(0);
  });
});

describe('share counts: units vs thousands on the real mixed-unit file', () => {
  it('Eletrobras (line 4, counts in thousands) ×1000; Cielo (line 24, units) kept; no equity → refused', async () => {
    const r =
      await q(`SELECT cd_regulator, on_emitidas, pn_emitidas, escala, on_circulacao, pn_circulacao, flag, linha
      FROM mkt_acoes WHERE cd_regulator IN (2437, 21733, 4170) ORDER BY cd_regulator`);
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
    const j = cap.json.get('json/empresas/2437/multiplos.json') as Multiplos;
    expect(j.valuation?.data_preco).toBe('2022-02-03');
    expect(j.valuation?.preco).toBe(34.34);
    expect(j.valuation?.acoes).toBe(1974787000 + 272847000);
    expect(j.valuation?.market_cap).toBeCloseTo(1974787000 * 34.34 + 272847000 * 33.45, 0);
    expect(j.valuation?.flags_acoes).toEqual(['acoes_em_milhares', 'acoes_defasadas']);
  });

  it('a count that cannot be checked never gives a market cap (VALE)', async () => {
    // VALE3 trades on 2022-02-03 (COTAHIST_D03022022.TXT line 781) but its count has no scale
    const r = await q(
      'SELECT ticker_preco, market_cap, flags_acoes FROM mkt_valuation WHERE cd_regulator = 4170',
    );
    expect(r).toEqual([
      { ticker_preco: 'VALE3', market_cap: null, flags_acoes: 'escala_acoes_indeterminada;acoes_defasadas' },
    ]);
    // and the published resource has no valuation at all (no balance sheet of VALE in the sample)
    expect((cap.json.get('json/empresas/4170/multiplos.json') as Multiplos).valuation).toBeNull();
  });
});

describe('AMBEV proventos from the real B3 answer', () => {
  it('events, data_com, missing session price flagged, coverage and 12-month yield', () => {
    const d = cap.json.get('json/empresas/23264/dividendos.json') as Dividendos;
    expect(d.cobertura.situacao).toBe('com_proventos');
    expect(d.cobertura.n_proventos).toBe(29);
    // $.results[0] and [1]: approved 2021-12-09, last day with entitlement 2021-12-17
    expect(d.proventos.slice(0, 2)).toEqual([
      {
        tipo_acao: 'ON',
        tipo: 'DIVIDENDO',
        acao_corporativa: 'Dividendo',
        valor: 0.1334,
        data_aprovacao: '2021-12-09',
        data_com: '2021-12-17',
        preco_com: null,
        flag: 'sem_pregao_na_data_com',
      },
      {
        tipo_acao: 'ON',
        tipo: 'JRS CAP PROPRIO',
        acao_corporativa: 'Juros sobre capital próprio',
        valor: 0.4702,
        data_aprovacao: '2021-12-09',
        data_com: '2021-12-17',
        preco_com: null,
        flag: 'sem_pregao_na_data_com',
      },
    ]);
    // ABEV3 close 14.46 on 2022-02-03 (COTAHIST_D03022022.TXT line 33); the 2021-01-13 event is outside the window
    expect(d.dividend_yield_12m?.ticker_preco).toBe('ABEV3');
    expect(d.dividend_yield_12m?.proventos_12m).toBeCloseTo(0.1334 + 0.4702, 10);
    expect(d.dividend_yield_12m?.valor).toBeCloseTo((0.1334 + 0.4702) / 14.46, 10);
    expect(d.resumo_anual.find((a) => a.ano === 2021)).toEqual({ ano: 2021, total: 0.6803, n: 3 });
  });

  it('a company without a B3 answer says so instead of claiming no proventos', () => {
    const d = cap.json.get('json/empresas/21733/dividendos.json') as Dividendos;
    expect(d.cobertura.situacao).toBe('sem_dados_da_bolsa');
    expect(d.proventos).toEqual([]);
  });
});

describe('screener snapshot', () => {
  it('rows carry disponivel_em = dt_receb and data_preco never before it', () => {
    const s = cap.json.get('json/screener.json') as ScreenerSnapshot;
    expect(s.linhas.length).toBeGreaterThan(100);
    for (const l of s.linhas) {
      expect(l.disponivel_em).toBe(l.dt_receb);
      if (l.data_preco !== null) expect(l.data_preco >= l.dt_receb).toBe(true);
    }
    const santander = s.linhas.find((l) => l.cd_regulator === 20532 && l.ano === 2020);
    expect(santander?.pl_gravidade).toBe('bloqueante');
  });

  it('every hard invariant of the market marts holds on the sample', () => {
    const nomes = [
      'precos_um_por_codigo_e_pregao',
      'precos_codigo_no_formato',
      'acoes_uma_linha_por_documento',
      'multiplos_preco_nao_antes_do_recebimento',
      'multiplos_pl_nulo_tem_flag',
      'proventos_valor_e_data_com',
    ];
    for (const n of nomes) expect(cap.invariantes.find((i) => i.nome === n)?.falhas).toBe(0);
  });
});
