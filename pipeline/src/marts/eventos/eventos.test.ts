import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventoPublicado, VigiaEventosArtefatoSchema } from '@fundamentos/schemas/eventos';
import { beforeAll, describe, expect, it } from 'vitest';
import { specsFor } from '../../core/discover.ts';
import type { DelimitedSourceSpec } from '../../core/source.ts';
import { executar } from '../../core/sql.ts';
import { stageDelimited } from '../../readers/delimited.ts';
import { recordingReporter, samplePath } from '../../sources/b3/test-helpers.ts';
import { dfpItrSources } from '../../sources/cvm/dfp-itr.ts';
import { amostraPublicada } from '../../testing/amostra.ts';
import { contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { fatosStage } from '../fundamentos/fatos.ts';
import { trimestresStage } from '../fundamentos/trimestres.ts';
import { SQL_TRIMESTRAIS } from '../mercado/trimestrais.ts';
import { faixaDe } from '../veredito.ts';
import { FAIXA_PVP_FII, PARAMETROS_FAIXAS, sqlFaixa } from './faixas.ts';
import { montarEventos } from './publicacao.ts';
import { SQL_EVENTOS_BASE, SQL_EVENTOS_FUNDOS, SQL_EVENTOS_TRIMESTRAIS, sqlMartEventos } from './sql.ts';

/** One line of a real CVM file (latin-1, `;`), split; `n` is the 1-based line number (header = 1). */
function linha(arquivo: string, n: number): string[] {
  const l = readFileSync(samplePath(`raw/${arquivo}`), 'latin1').split('\n')[n - 1] ?? '';
  return l.replace(/\r$/, '').split(';');
}
/** VL_CONTA of a statement line (found by the header: BPA/BPP have no DT_INI_EXERC), in BRL (MIL here). */
const valorMil = (arquivo: string, n: number) =>
  Number(linha(arquivo, n)[linha(arquivo, 1).indexOf('VL_CONTA')]) * 1000;

let eventos: EventoPublicado[];
const de = (ticker: string, tipo: string) =>
  eventos
    .filter((e) => e.ticker === ticker && e.tipo === tipo)
    .map((e) => `${e.periodo_anterior}>${e.periodo_novo}`);

beforeAll(async () => {
  const cur = join(await amostraPublicada(), 'current');
  eventos = VigiaEventosArtefatoSchema.parse(
    JSON.parse(await readFile(join(cur, 'json/vigia/eventos.json'), 'utf8')),
  ).eventos;
}, 900_000);

describe('events of the real sample (GAFISA, GFSA3, CVM code 16101)', () => {
  const DRE21 = 'cvm/dfp/por-empresa/dfp_cia_aberta_DRE_con_2021.csv';
  const DRE22 = 'cvm/dfp/por-empresa/dfp_cia_aberta_DRE_con_2022.csv';

  it('profit 2021 → loss 2022: lucro_prejuizo from DRE 3.11 (2021 line 493, 2022 line 499), dated at the 2022 DFP reception', () => {
    const antes = valorMil(DRE21, 493);
    const depois = valorMil(DRE22, 499);
    expect([antes, depois]).toEqual([81_050_000, -83_192_000]);
    // DFP index 2022, line 44: GAFISA's version 2, the version the statements of 2022 are read from
    const indice = linha('cvm/dfp/ano-completo/dfp_cia_aberta_2022.csv', 44);
    expect([indice[4], indice[2]]).toEqual(['016101', '2']);
    const e = eventos.find(
      (x) => x.ticker === 'GFSA3' && x.tipo === 'lucro_prejuizo' && x.periodo_novo === '2022',
    );
    expect(e).toMatchObject({
      classe: 'empresas',
      periodo_anterior: '2021',
      indicador: 'lucro_liquido',
      antes,
      depois,
      data: indice[7],
      cd_regulator: 16101,
      fonte: 'DFP 2022 v2 (cvm/dfp/ano-completo/dfp_cia_aberta_2022.csv:44)',
      texto: 'GFSA3: passou de lucro (R$ 81,1 mi) em 2021 para prejuízo (R$ -83,2 mi) em 2022.',
      texto_en: 'GFSA3: went from a profit (BRL 81.1 million) in 2021 to a loss (BRL -83.2 million) in 2022.',
    });
  });

  it("net margin 2021 → 2022 left the verdict's 5–15% band for below 0% (3.11 / 3.01, lines 493/433 and 499/439)", () => {
    const m21 = valorMil(DRE21, 493) / valorMil(DRE21, 433);
    const m22 = valorMil(DRE22, 499) / valorMil(DRE22, 439);
    const e = eventos.find(
      (x) => x.ticker === 'GFSA3' && x.tipo === 'faixa_margem' && x.periodo_novo === '2022',
    );
    expect(e?.antes).toBeCloseTo(m21, 12);
    expect(e?.depois).toBeCloseTo(m22, 12);
    expect([e?.faixa_antes, e?.faixa_depois]).toEqual([
      faixaDe('margem_liquida', m21)?.pt,
      faixaDe('margem_liquida', m22)?.pt,
    ]);
    expect(e?.faixa_depois).toBe('abaixo de 0%');
    expect(e?.linhagem).toBe('/empresas/GFSA3/linhagem/2022/margem_liquida');
  });

  it('every GFSA3 company event, exactly (kinds and periods)', () => {
    expect(de('GFSA3', 'lucro_prejuizo')).toEqual(['2021>2022', '2020>2021', '2015>2016', '2014>2015']);
    expect(de('GFSA3', 'faixa_margem')).toEqual(['2021>2022', '2020>2021', '2015>2016', '2014>2015']);
    // No colour change: since ROIC of a year with a pre-tax loss is null with roic_sem_aliquota_efetiva
    // (issue 13, no 34% assumption), GAFISA's verdicts of 2014 and 2015 rest on the same count of numbers.
    expect(de('GFSA3', 'bandeira')).toEqual([]);
    expect(de('GFSA3', 'reapresentacao')).toEqual([
      '2021>2022',
      '2020>2021',
      '2019>2020',
      '2018>2019',
      '2017>2018',
      '2016>2017',
      '2015>2016',
      '2014>2015',
    ]);
  });

  it('a flagged number produces no event: GFSA3 dl_ebitda 2022 is null (denominador_nao_positivo), so 2021 → 2022 gives no faixa_divida', () => {
    // 2021 dl_ebitda 4.13 ("3x ou mais"); 2016–2018 and 2022 are flagged: no debt event at all for GFSA3,
    // while 2019 → 2020 (12.95 → 26.83) stays in the same band.
    expect(de('GFSA3', 'faixa_divida')).toEqual([]);
  });

  it('a restatement recorded gives reapresentacao: BPA 1.02.02.01.01 of 2021, 0 in the 2021 DFP (line 869), 272,009 thousand in the 2022 DFP (line 872)', () => {
    const antes = valorMil('cvm/dfp/por-empresa/dfp_cia_aberta_BPA_con_2021.csv', 869);
    const depois = valorMil('cvm/dfp/por-empresa/dfp_cia_aberta_BPA_con_2022.csv', 872);
    expect(linha('cvm/dfp/por-empresa/dfp_cia_aberta_BPA_con_2022.csv', 872)[8]).toBe('PEN\u00daLTIMO');
    const e = eventos.find(
      (x) => x.ticker === 'GFSA3' && x.tipo === 'reapresentacao' && x.periodo_novo === '2022',
    );
    expect(e).toMatchObject({
      periodo_anterior: '2021',
      antes,
      depois,
      motivos: [`BPA 1.02.02.01.01 Participações em Coligadas: ${antes} → ${depois}`],
      texto: 'GFSA3: a DFP 2022 mudou 1 conta de 2021.',
      data: '2023-03-29',
    });
  });

  it('REIT watcher: MXRF11 resubmitted months are informe_reenviado events (versions in the monthly report)', () => {
    expect(de('MXRF11', 'informe_reenviado')).toEqual(['2020-03>2020-03', '2020-01>2020-01']);
    expect(eventos.filter((e) => e.classe === 'fiis').every((e) => e.cd_regulator === null)).toBe(true);
  });

  it('newest first, every event in both languages', () => {
    expect(eventos.every((e, i) => i === 0 || (eventos[i - 1]?.data ?? '') >= e.data)).toBe(true);
    expect(eventos.every((e) => e.texto !== e.texto_en)).toBe(true);
  });
});

describe('fund bands (made-here values)', () => {
  it('P/VP bands: lower cut included, labels in both languages', async () => {
    expect(FAIXA_PVP_FII.rotulo(0.899).pt).toBe('abaixo de 0,9');
    expect(FAIXA_PVP_FII.rotulo(1).en).toBe('from 1 to under 1.1');
    expect(FAIXA_PVP_FII.rotulo(1.1).pt).toBe('1,1 ou mais');
    // the SQL fragment gives the same labels, bound from the rule (PARAMETROS_FAIXAS)
    const { ctx } = await contextoMemoria();
    await executar(
      ctx.db,
      `CREATE TABLE faixas_teste AS SELECT x, ${sqlFaixa(FAIXA_PVP_FII, 'x', 'pt')} AS pt, ${sqlFaixa(FAIXA_PVP_FII, 'x', 'en')} AS en
       FROM (VALUES (0.899), (0.9), (1.0), (1.1), (NULL)) v(x)`,
      PARAMETROS_FAIXAS,
    );
    const r = await ctx.db.runAndReadAll('SELECT pt, en FROM faixas_teste ORDER BY x NULLS LAST');
    expect(r.getRowsJson()).toEqual([
      ['abaixo de 0,9', 'below 0.9'],
      ['de 0,9 a menos de 1', 'from 0.9 to under 1'],
      ['de 1 a menos de 1,1', 'from 1 to under 1.1'],
      ['1,1 ou mais', '1.1 or more'],
      [null, null],
    ]);
  });
});

/**
 * MADE HERE, placeholders (not financial data): a fictitious company (CNPJ 99.999.999/9999-98, CD_CVM
 * 099998) in the real ITR layout (index and DRE_con, latin-1, `;`). No real ITR file has a reception
 * date in the sample, and the real WEG and Banco do Brasil quarters of 2025 produce no event (WEG stays
 * above 15% margin, BB's margin does not apply to a bank), so quarter events are tested here.
 * Q1 profit 10 / revenue 100; Q2 profit −5 / revenue 100 (3-month blocks only); Q3 profit 20 and only a
 * year-to-date revenue, so Q3's revenue is null with `acumulado_sem_mes_anterior` (Q2 has no YTD revenue).
 */
const CAB_IDX = 'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;CATEG_DOC;ID_DOC;DT_RECEB;LINK_DOC';
const CAB_DRE =
  'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;GRUPO_DFP;MOEDA;ESCALA_MOEDA;ORDEM_EXERC;DT_INI_EXERC;DT_FIM_EXERC;CD_CONTA;DS_CONTA;VL_CONTA;ST_CONTA_FIXA';
const EMP = '99.999.999/9999-98';
const NOME = 'EMPRESA TRIMESTRAL FEITA AQUI S.A.';
const indice = [
  ['2025-03-31', '2025-05-10'],
  ['2025-06-30', '2025-08-09'],
  ['2025-09-30', '2025-11-08'],
].map(
  ([ref, receb], i) =>
    `${EMP};${ref};1;${NOME};099998;ITR;99000${i};${receb};https://exemplo.invalid/itr${i}`,
);
const dre = (
  [
    ['2025-03-31', '2025-01-01', '3.01', 'Receita de Venda de Bens e/ou Serviços', '100'],
    ['2025-03-31', '2025-01-01', '3.11', 'Lucro/Prejuízo Consolidado do Período', '10'],
    ['2025-06-30', '2025-04-01', '3.01', 'Receita de Venda de Bens e/ou Serviços', '100'],
    ['2025-06-30', '2025-04-01', '3.11', 'Lucro/Prejuízo Consolidado do Período', '-5'],
    ['2025-06-30', '2025-01-01', '3.11', 'Lucro/Prejuízo Consolidado do Período', '5'],
    ['2025-09-30', '2025-01-01', '3.01', 'Receita de Venda de Bens e/ou Serviços', '300'],
    ['2025-09-30', '2025-07-01', '3.11', 'Lucro/Prejuízo Consolidado do Período', '20'],
    ['2025-09-30', '2025-01-01', '3.11', 'Lucro/Prejuízo Consolidado do Período', '25'],
  ] as const
).map(
  ([ref, ini, conta, ds, v]) =>
    `${EMP};${ref};1;${NOME};099998;DF Consolidado - Demonstração do Resultado;REAL;MIL;ÚLTIMO;${ini};${ref};${conta};${ds};${v}.0000000000;S`,
);

describe('quarter against the previous quarter (made-here ITR fixture)', () => {
  it('profit sign and margin band per quarter; a flagged quarter number produces no margin event; no Q4', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vigia-itr-feito-aqui-'));
    const { ctx } = await contextoMemoria();
    const db = ctx.db;
    await db.run(
      'CREATE TABLE _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
    );
    for (const [nome, linhas] of [
      ['itr_cia_aberta_2025.csv', [CAB_IDX, ...indice]],
      ['itr_cia_aberta_DRE_con_2025.csv', [CAB_DRE, ...dre]],
    ] as const) {
      const path = join(dir, nome);
      await writeFile(path, Buffer.from(`${linhas.join('\n')}\n`, 'latin1'));
      for (const spec of specsFor(dfpItrSources, nome))
        await stageDelimited(db, spec as DelimitedSourceSpec, { path, arquivo: nome }, recordingReporter());
    }
    // the DFP side of the staging tables stays empty; the price tables of the quarterly multiples too
    await db.run(`
      CREATE TABLE IF NOT EXISTS stg_cvm_doc_indice AS SELECT * FROM stg_cvm_doc_indice WHERE false;
      CREATE TABLE int_mercado_precos_empresa (cd_regulator INTEGER, ticker VARCHAR, data DATE, fechamento DOUBLE, volume DOUBLE);
      CREATE TABLE int_mercado_preco_classe (cd_regulator INTEGER, data DATE, classe VARCHAR, preco DOUBLE);
      CREATE TABLE int_mercado_acoes (cd_regulator INTEGER, dt_refer DATE, dt_receb DATE, on_circulacao DOUBLE, pn_circulacao DOUBLE, flag VARCHAR);
      CREATE TABLE int_fundamentos_ticker_atual (cd_regulator INTEGER, ticker_atual VARCHAR);
      CREATE TABLE mart_empresas AS SELECT 99998 AS cd_regulator, 'FEIT3' AS ticker_atual, '${NOME}' AS nome,
        'Setor feito aqui' AS setor, 'geral' AS tipo;`);
    await fatosStage.run(ctx);
    await trimestresStage.run(ctx);
    await db.run(SQL_TRIMESTRAIS);
    await executar(
      db,
      [SQL_EVENTOS_BASE, SQL_EVENTOS_TRIMESTRAIS, sqlMartEventos(['trimestral'])].join('\n'),
      PARAMETROS_FAIXAS,
    );
    const es = await montarEventos(ctx);
    expect(es.map((e) => [e.tipo, e.periodo_anterior, e.periodo_novo, e.antes, e.depois, e.data])).toEqual([
      ['lucro_prejuizo', '2025T2', '2025T3', -5000, 20000, '2025-11-08'],
      ['faixa_margem', '2025T1', '2025T2', 0.1, -0.05, '2025-08-09'],
      ['lucro_prejuizo', '2025T1', '2025T2', 10000, -5000, '2025-08-09'],
    ]);
    const margem = es.find((e) => e.tipo === 'faixa_margem');
    expect([margem?.faixa_antes, margem?.faixa_depois]).toEqual(['de 5% a menos de 15%', 'abaixo de 0%']);
    expect(margem?.documento).toBe('https://exemplo.invalid/itr1');
    expect(margem?.texto_en).toContain('2025Q1');
    // the flagged Q3 revenue: the pair is kept in int_eventos_pares_trimestrais and does not count
    const par = await db.runAndReadAll(
      "SELECT conta, flag_depois FROM int_eventos_pares_trimestrais WHERE indicador = 'margem_liquida' AND tri_novo = 3",
    );
    expect(par.getRowsJson()).toEqual([[false, 'acumulado_sem_mes_anterior']]);
  });
});

/**
 * MADE HERE, placeholders: the REIT and ETF marts' tables for one fictitious fund (FEIT11) and one
 * fictitious ETF (FETF11). The sample has no consecutive P/VP months, no linked ETF and one ETF list, so
 * these kinds fire nowhere in it.
 */
describe('REIT and ETF watchers (made-here mart tables)', () => {
  it('P/VP band, premium band and index change; flagged values and same-band moves give nothing', async () => {
    const { ctx } = await contextoMemoria();
    await ctx.db.run(`
      CREATE TABLE mart_fiis AS SELECT 'FEIT11' AS ticker, '00.000.000/0001-00' AS cnpj, 'FII FEITO AQUI' AS nome;
      CREATE TABLE int_fii_informes AS SELECT * FROM (VALUES
        ('00.000.000/0001-00', DATE '2021-01-01', 1, DATE '2021-02-10', 'feito-aqui.csv:2'),
        ('00.000.000/0001-00', DATE '2021-02-01', 1, DATE '2021-03-10', 'feito-aqui.csv:3'),
        ('00.000.000/0001-00', DATE '2021-03-01', 2, DATE '2021-04-20', 'feito-aqui.csv:4'),
        ('00.000.000/0001-00', DATE '2021-04-01', 1, DATE '2021-05-10', 'feito-aqui.csv:5')
      ) t(cnpj, competencia, versao, data_entrega, fonte_geral);
      CREATE TABLE mart_fii_pvp AS SELECT * FROM (VALUES
        ('FEIT11', '00.000.000/0001-00', DATE '2021-01-01', DATE '2021-02-10', 0.95, NULL),
        ('FEIT11', '00.000.000/0001-00', DATE '2021-02-01', DATE '2021-03-10', 1.05, NULL),
        ('FEIT11', '00.000.000/0001-00', DATE '2021-03-01', DATE '2021-04-20', NULL, 'preco_distante'),
        ('FEIT11', '00.000.000/0001-00', DATE '2021-04-01', DATE '2021-05-10', 1.2, NULL)
      ) t(ticker, cnpj, competencia, data_entrega, pvp, flag);
      CREATE TABLE int_etf_lista AS SELECT 'FETF11' AS ticker, 'ETF FEITO AQUI' AS nome;
      CREATE TABLE int_etf_precos AS SELECT * FROM (VALUES
        ('FETF11', DATE '2024-01-02', 'feito-aqui.TXT:1'), ('FETF11', DATE '2024-01-03', 'feito-aqui.TXT:2'),
        ('FETF11', DATE '2024-01-04', 'feito-aqui.TXT:3')
      ) t(ticker, data, origem);
      CREATE TABLE int_etf_agio AS SELECT * FROM (VALUES
        ('FETF11', DATE '2024-01-02', 0.001, NULL), ('FETF11', DATE '2024-01-03', 0.03, NULL),
        ('FETF11', DATE '2024-01-04', 0.004, NULL)
      ) t(ticker, data, agio, flag);
      CREATE TABLE stg_b3_etf_listados AS SELECT * FROM (VALUES
        ('FETF', 'IBOV', 'lista-a.csv', 2, DATE '2023-01-01'), ('FETF', 'IBXX', 'lista-b.csv', 2, DATE '2024-01-01')
      ) t(codigo, indice, _arquivo, _linha, _data);`);
    await executar(
      ctx.db,
      [SQL_EVENTOS_FUNDOS, sqlMartEventos(['fii_pvp', 'fii_reenvio', 'etf_agio', 'etf_indice'])].join('\n'),
      PARAMETROS_FAIXAS,
    );
    const es = await montarEventos(ctx);
    expect(
      es.map((e) => [e.classe, e.ticker, e.tipo, e.periodo_anterior, e.periodo_novo, e.antes, e.depois]),
    ).toEqual([
      ['etfs', 'FETF11', 'faixa_agio', '2024-01-03', '2024-01-04', 0.03, 0.004],
      ['etfs', 'FETF11', 'faixa_agio', '2024-01-02', '2024-01-03', 0.001, 0.03],
      ['etfs', 'FETF11', 'indice_mudou', '2023-01-01', '2024-01-01', 'IBOV', 'IBXX'],
      ['fiis', 'FEIT11', 'informe_reenviado', '2021-03', '2021-03', 1, 2],
      ['fiis', 'FEIT11', 'faixa_pvp', '2021-01', '2021-02', 0.95, 1.05],
    ]);
    // 2021-02 → 03 and 03 → 04 read the flagged March P/VP: no event, though 1.05 → 1.2 crosses 1.1
    const pvp = es.find((e) => e.tipo === 'faixa_pvp');
    expect([pvp?.faixa_antes, pvp?.faixa_depois]).toEqual(['de 0,9 a menos de 1', 'de 1 a menos de 1,1']);
    expect(pvp?.texto).toBe(
      'FEIT11: P/VP passou de 0,95 (faixa de 0,9 a menos de 1) em 2021-01 para 1,05 (faixa de 1 a menos de 1,1) em 2021-02.',
    );
    expect(es.find((e) => e.tipo === 'faixa_agio')?.faixa_depois).toBe('de -0,5% a menos de 0,5%');
  });
});
