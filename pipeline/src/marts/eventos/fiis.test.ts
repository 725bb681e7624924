import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type EventoPublicado, VigiaEventosArtefatoSchema } from '@fundamentos/schemas/eventos';
import { beforeAll, describe, expect, it } from 'vitest';
import { executar } from '../../core/sql.ts';
import { amostraPublicada } from '../../testing/amostra.ts';
import { montarSerieMensal } from '../fiis/mensal.ts';
import { contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { FAIXA_PVP_FII, PARAMETROS_FAIXAS } from './faixas.ts';
import { SQL_EVENTOS_FII, verificarEventosFii } from './fiis.ts';
import { montarEventos } from './publicacao.ts';
import { sqlMartEventos } from './sql.ts';

/**
 * MADE HERE, placeholders (no real fund): one fictitious fund FEIT11 with five months of closes, a
 * flat monthly distribution of 0.70 per quota and four quarterly reports in the staged layout of
 * `inf_trimestral_fii_imovel` / `_geral` (docs/sources.md §5.2). The sample has no fund with consecutive
 * month-end closes, a real distributions answer or a real quarterly report, so these kinds fire nowhere
 * in it (docs/vigia.md).
 */
const FIXTURE = `
  CREATE TABLE mart_fiis AS SELECT 'FEIT11' AS ticker, '00.000.000/0001-00' AS cnpj, 'BRFEITCTF000' AS isin,
    'FII FEITO AQUI' AS nome;
  CREATE TABLE int_fii_informes AS SELECT * FROM (VALUES
    ('00.000.000/0001-00', DATE '2030-01-01', 1, DATE '2030-02-10', 10.0, 'feito-aqui.csv:2'),
    ('00.000.000/0001-00', DATE '2030-02-01', 1, DATE '2030-03-10', 10.0, 'feito-aqui.csv:3'),
    ('00.000.000/0001-00', DATE '2030-03-01', 2, DATE '2030-04-20', 10.0, 'feito-aqui.csv:4')
  ) t(cnpj, competencia, versao, data_entrega, vp_cota, fonte_geral);
  CREATE TABLE mart_fii_pvp (ticker VARCHAR, competencia DATE, pvp DOUBLE, flag VARCHAR);
  -- closes: 2030-03-29 is 2 days before the month end; 2030-04-10 is 20 (more than 7: preco_distante)
  CREATE TABLE int_fii_cotacoes AS SELECT * FROM (VALUES
    ('FEIT11', DATE '2030-01-31', 100.0, 'BRFEITCTF000', 'CI', 'c.txt', 1),
    ('FEIT11', DATE '2030-02-27', 90.0, 'BRFEITCTF000', 'CI', 'c.txt', 2),
    ('FEIT11', DATE '2030-02-28', 100.0, 'BRFEITCTF000', 'CI', 'c.txt', 3),
    ('FEIT11', DATE '2030-03-29', 50.0, 'BRFEITCTF000', 'CI', 'c.txt', 4),
    ('FEIT11', DATE '2030-04-10', 100.0, 'BRFEITCTF000', 'CI', 'c.txt', 5),
    ('FEIT11', DATE '2030-05-31', 100.0, 'BRFEITCTF000', 'CI', 'c.txt', 6)
  ) t(ticker, data, fechamento, codisi, especi, arquivo, linha);
  -- 0.70 RENDIMENTO with data com on each month end from 2029-02 to 2030-05, plus one amortisation
  CREATE TABLE mart_fii_proventos AS
    SELECT 'FEIT11' AS ticker, 'RENDIMENTO' AS tipo, 0.7 AS valor, CAST(last_day(m) AS DATE) AS data_com,
      'p.json' AS arquivo, false AS feito_aqui
    FROM range(DATE '2029-02-01', DATE '2030-06-01', INTERVAL 1 MONTH) r(m)
    UNION ALL SELECT 'FEIT11', 'AMORTIZACAO', 5.0, DATE '2030-03-15', 'p.json', false;
  -- the types the build gives these columns
  ALTER TABLE int_fii_cotacoes ALTER fechamento TYPE DOUBLE;
  ALTER TABLE mart_fii_proventos ALTER valor TYPE DOUBLE;
  CREATE TABLE stg_cvm_fii_trimestral_geral AS SELECT * FROM (VALUES
    ('00.000.000/0001-00', DATE '2029-12-31', 1, DATE '2030-01-30', 'g.csv', 2),
    ('00.000.000/0001-00', DATE '2030-03-31', 1, DATE '2030-04-30', 'g.csv', 3),
    ('00.000.000/0001-00', DATE '2030-06-30', 1, DATE '2030-07-30', 'g.csv', 4),
    ('00.000.000/0001-00', DATE '2030-09-30', 1, DATE '2030-10-30', 'g.csv', 5),
    ('00.000.000/0001-00', DATE '2030-09-30', 2, DATE '2030-11-05', 'g.csv', 6)
  ) t(cnpj_fundo_classe, data_referencia, versao, data_entrega, _arquivo, _linha);
  CREATE TABLE stg_cvm_fii_trimestral_imovel AS SELECT * FROM (VALUES
    -- 2029T4: revenue shares add up to 1, so the unit is a fraction: (0.02 + 0.04) / 2 = 0.03
    ('00.000.000/0001-00', DATE '2029-12-31', 1, 'GALPAO A', 1000.0, 0.02, 0.5, 'i.csv', 2),
    ('00.000.000/0001-00', DATE '2029-12-31', 1, 'GALPAO B', 1000.0, 0.04, 0.5, 'i.csv', 3),
    -- 2030T1: shares add up to 100, a percent: (5 × 3000 + 25 × 1000) / 4000 = 10 → 0.10
    ('00.000.000/0001-00', DATE '2030-03-31', 1, 'GALPAO A', 3000.0, 5.0, 60.0, 'i.csv', 4),
    ('00.000.000/0001-00', DATE '2030-03-31', 1, 'GALPAO B', 1000.0, 25.0, 40.0, 'i.csv', 5),
    -- 2030T2: shares add up to 60: the unit is not stated, vacancy null and flagged
    ('00.000.000/0001-00', DATE '2030-06-30', 1, 'GALPAO A', 1000.0, 30.0, 30.0, 'i.csv', 6),
    ('00.000.000/0001-00', DATE '2030-06-30', 1, 'GALPAO B', 1000.0, 30.0, 30.0, 'i.csv', 7),
    -- 2030T3: version 2 (0.25) replaces version 1 (0.01); the flagged 2030T2 before it gives no event
    ('00.000.000/0001-00', DATE '2030-09-30', 1, 'GALPAO A', 1000.0, 0.01, 1.0, 'i.csv', 8),
    ('00.000.000/0001-00', DATE '2030-09-30', 2, 'GALPAO A', 1000.0, 0.25, 1.0, 'i.csv', 9)
  ) t(cnpj_fundo_classe, data_referencia, versao, nome_imovel, area, percentual_vacancia, percentual_receitas_fii,
      _arquivo, _linha);`;

describe('REIT monthly series and its watcher kinds (made-here tables)', () => {
  it('month-end yield and weighted vacancy per month; faixa_dy and faixa_vacancia only from unflagged pairs', async () => {
    const { ctx, capturado } = await contextoMemoria();
    await ctx.db.run(FIXTURE);
    await montarSerieMensal(ctx);
    // columns: month, version, close date, close, 12-month income, months, yield, its flag, vacancy, quarter
    const serie = (
      await ctx.db.runAndReadAll(
        `SELECT strftime(competencia, '%Y-%m'), versao, CAST(data_preco AS VARCHAR), preco, round(rendimento_12m, 6),
           CAST(n_meses AS INTEGER), round(dy_12m, 6), flag_dy, round(vacancia, 6), CAST(vacancia_referencia AS VARCHAR)
         FROM mart_fii_mensal ORDER BY competencia`,
      )
    ).getRowsJson();
    // 12 data com of 0.70 in every window = 8.40; the amortisation of 2030-03-15 is not income.
    expect(serie).toEqual([
      ['2030-01', 1, '2030-01-31', 100, 8.4, 12, 0.084, null, 0.03, '2029-12-31'],
      ['2030-02', 1, '2030-02-28', 100, 8.4, 12, 0.084, null, 0.03, '2029-12-31'],
      ['2030-03', 2, '2030-03-29', 50, 8.4, 12, 0.168, null, 0.03, '2029-12-31'],
      ['2030-04', null, '2030-04-10', 100, 8.4, 12, null, 'preco_distante', 0.1, '2030-03-31'],
      ['2030-05', null, '2030-05-31', 100, 8.4, 12, 0.084, null, 0.1, '2030-03-31'],
    ]);
    const semFlagDeVacancia = await ctx.db.runAndReadAll(
      'SELECT count(*) FROM mart_fii_mensal WHERE flag_vacancia IS NULL',
    );
    expect(semFlagDeVacancia.getRowsJson()).toEqual([['5']]);
    const trimestres = (
      await ctx.db.runAndReadAll(
        `SELECT CAST(data_referencia AS VARCHAR) AS ref, versao, round(vacancia, 6) AS vac, flag
         FROM int_fii_vacancia_trimestral ORDER BY data_referencia`,
      )
    ).getRowObjectsJson();
    expect(trimestres).toEqual([
      { ref: '2029-12-31', versao: 1, vac: 0.03, flag: null },
      { ref: '2030-03-31', versao: 1, vac: 0.1, flag: null },
      { ref: '2030-06-30', versao: 1, vac: null, flag: 'vacancia_unidade_nao_confirmada' },
      { ref: '2030-09-30', versao: 2, vac: 0.25, flag: null },
    ]);

    await executar(
      ctx.db,
      [SQL_EVENTOS_FII, sqlMartEventos(['fii_dy', 'fii_vacancia'])].join('\n'),
      PARAMETROS_FAIXAS,
    );
    // the P/VP pairs come from SQL_EVENTOS_FUNDOS (tested in eventos.test.ts); none here
    await ctx.db.run('CREATE TABLE int_eventos_fii_pvp (ticker VARCHAR, comp_novo DATE, conta BOOLEAN)');
    await verificarEventosFii(ctx);
    const es = await montarEventos({ db: ctx.db, versao_do_dado: '2030-12-01-feito|1' });
    // 2030-01 → 02 stays in 6–10%; 03 → 04 and 04 → 05 read the flagged April yield (0.168 → 0.084 is no
    // event either: the months are not consecutive pairs with two counted numbers).
    // 2030T1 → T2 and T2 → T3 read the flagged T2 vacancy, though 0.10 → 0.25 crosses 20%.
    expect(
      es.map((e) => [
        e.tipo,
        e.periodo_anterior,
        e.periodo_novo,
        e.data,
        e.antes,
        e.depois,
        e.faixa_antes,
        e.faixa_depois,
      ]),
    ).toEqual([
      [
        'faixa_vacancia',
        '2029T4',
        '2030T1',
        '2030-04-30',
        0.03,
        0.1,
        'abaixo de 5%',
        'de 10% a menos de 20%',
      ],
      ['faixa_dy', '2030-02', '2030-03', '2030-03-29', 0.084, 0.168, 'de 6% a menos de 10%', '14% ou mais'],
    ]);
    const [vac, dy] = es;
    expect(dy?.texto).toBe(
      'FEIT11: DY 12 meses passou de 8,4% (faixa de 6% a menos de 10%) em 2030-02 para 16,8% (faixa 14% ou mais) em 2030-03.',
    );
    expect(dy?.texto_en).toBe(
      'FEIT11: 12-month yield went from 8.4% (band from 6% to under 10%) in 2030-02 to 16.8% (band 14% or more) in 2030-03.',
    );
    expect(dy?.fonte).toBe('COTAHIST c.txt:4; proventos B3 p.json');
    expect(vac?.fonte).toBe('Informe trimestral 2030T1 v1 (i.csv:4)');
    expect(vac?.texto_en).toBe(
      'FEIT11: vacancy went from 3.0% (band below 5%) in 2029Q4 to 10.0% (band from 10% to under 20%) in 2030Q1.',
    );
    expect(es.every((e) => e.classe === 'fiis' && e.cd_regulator === null && e.indicador !== null)).toBe(
      true,
    );
    expect(
      capturado.invariantes.filter((i) => i.falhas > 0).map((i) => i.nome),
      'every check beside the REIT SQL holds',
    ).toEqual([]);
  });
});

/** A published CSV set of the sample as rows keyed by header (these sets hold no quoted commas). */
async function csv(cur: string, nome: string): Promise<Record<string, string>[]> {
  const [cab = '', ...ls] = (await readFile(join(cur, `csv/${nome}.csv`), 'utf8')).trim().split('\n');
  const h = cab.split(',');
  return ls.map((l) => Object.fromEntries(l.split(',').map((v, i) => [h[i], v])));
}

describe('REIT monthly series and REIT events of the real sample', () => {
  let cur: string;
  let eventos: EventoPublicado[];
  beforeAll(async () => {
    cur = join(await amostraPublicada(), 'current');
    eventos = VigiaEventosArtefatoSchema.parse(
      JSON.parse(await readFile(join(cur, 'json/vigia/eventos.json'), 'utf8')),
    ).eventos;
  }, 900_000);

  it('month-end price, yield and flags from the real rows (csv/fiis_mensal.csv)', async () => {
    const m = await csv(cur, 'fiis_mensal');
    const de = (t: string, c: string) => m.find((r) => r.ticker === t && r.competencia === c);
    // FLRP11 2021-06: version 2 of the report (inf_mensal_fii_geral_2021.csv line 598); its last close of
    // June is 1305.05 on 2021-06-25 (COTAHIST_D25062021.TXT line 848), 5 days before the month end; no
    // distributions answer for the fund, so the yield is null with its flag.
    expect(de('FLRP11', '2021-06-01')).toMatchObject({
      versao: '2',
      data_preco: '2021-06-25',
      preco: '1305.05',
      fonte_preco: 'b3/cotahist/COTAHIST_D25062021.TXT:848',
      dy_12m: '',
      flag_dy: 'sem_fonte_de_rendimentos',
      vacancia: '',
      flag_vacancia: 'sem_informe_trimestral',
    });
    // MXRF11 2022-02: the only February close is 2022-02-03 (COTAHIST_D03022022.TXT line 995), 25 days
    // before the month end: more than 7, so no month-end yield (preco_distante); no report of that month.
    expect(de('MXRF11', '2022-02-01')).toMatchObject({
      versao: '',
      data_preco: '2022-02-03',
      preco: '9.4',
      flag_dy: 'preco_distante;sem_fonte_de_rendimentos',
    });
    // HGLG11 2026-08: the real close 148.34 of 2026-08-31 (excerpt line 16) over the made-here
    // distributions: 12.00 in 12 months, the same figure as the fund's dy_12m; flagged as made here.
    expect(de('HGLG11', '2026-08-01')).toMatchObject({
      data_preco: '2026-08-31',
      preco: '148.34',
      rendimento_12m: '12.0',
      n_meses: '12',
      flag_dy: 'proventos_feitos_aqui',
      feito_aqui: 'true',
    });
    expect(Number(de('HGLG11', '2026-08-01')?.dy_12m)).toBeCloseTo(12 / 148.34, 12);
    // one row per fund and month
    expect(new Set(m.map((r) => `${r.ticker}|${r.competencia}`)).size).toBe(m.length);
  });

  it('P/VP bands on the sample: 7 counted month pairs (GSFI11, PRSN11B), none changes band, so no faixa_pvp', async () => {
    // GSFI11 reports 2020-12 .. 2021-05 were all delivered on 2021-06-21 and priced at 4.96 on 2021-06-25
    // (COTAHIST_D25062021.TXT line 856): P/VP about 0.36; PRSN11B 2021-09 .. 11 at 1.42 on 2022-02-03
    // (COTAHIST_D03022022.TXT line 1016): about 3.8.
    const pvp = (await csv(cur, 'fiis_pvp')).filter((r) => r.pvp !== '' && r.flag === '');
    const chave = new Map(pvp.map((r) => [`${r.ticker}|${r.competencia}`, r]));
    const seguinte = (c: string) => {
      const d = new Date(`${c}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 1);
      return d.toISOString().slice(0, 10);
    };
    const pares = pvp.flatMap((a) => {
      const b = chave.get(`${a.ticker}|${seguinte(a.competencia ?? '')}`);
      return b ? [[a, b] as const] : [];
    });
    expect(
      pares.map(([a, b]) => `${a.ticker} ${a.competencia?.slice(0, 7)}>${b.competencia?.slice(0, 7)}`),
    ).toEqual([
      'GSFI11 2020-12>2021-01',
      'GSFI11 2021-01>2021-02',
      'GSFI11 2021-02>2021-03',
      'GSFI11 2021-03>2021-04',
      'GSFI11 2021-04>2021-05',
      'PRSN11B 2021-09>2021-10',
      'PRSN11B 2021-10>2021-11',
    ]);
    const faixa = (v: string | undefined) => FAIXA_PVP_FII.rotulo(Number(v)).pt;
    expect(pares.map(([a, b]) => [faixa(a.pvp), faixa(b.pvp)])).toEqual([
      ...Array(5).fill(['abaixo de 0,9', 'abaixo de 0,9']),
      ...Array(2).fill(['1,1 ou mais', '1,1 ou mais']),
    ]);
    expect(eventos.filter((e) => e.tipo === 'faixa_pvp')).toEqual([]);
  });

  it('no yield or vacancy event on the sample: every month-end yield is flagged or alone, no real quarterly report', () => {
    const fiis = new Set(eventos.filter((e) => e.classe === 'fiis').map((e) => e.tipo));
    expect([...fiis]).toEqual(['informe_reenviado']);
  });
});
