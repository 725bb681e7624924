import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type EtfLista, EtfListaSchema, type EtfRecurso, EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { VigiaEventosArtefatoSchema } from '@fundamentos/schemas/eventos';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageDelimited } from '../../readers/delimited.ts';
import { recordingReporter, samplePath } from '../../sources/b3/test-helpers.ts';
import { cdaBlocoSpec, cdaPlSpec } from '../../sources/fundos/cda.ts';
import { infDiarioSpec } from '../../sources/fundos/inf-diario.ts';
import { cadFiSpec, registroClasseSpec, registroFundoSpec } from '../../sources/fundos/registro.ts';
import { amostraPublicada } from '../../testing/amostra.ts';
import { contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { montarEtfs } from './montar.ts';

const LISTA = samplePath('raw/b3/etf/etfs-listados-20231014.csv');
const COTAHIST = samplePath('raw/b3/cotahist/COTAHIST_D03022022.TXT');

/** COTAHIST type-01 record read by position in JavaScript (layout: docs/sources.md §3), apart from the reader. */
function registroCotahist(linha: number) {
  const l = readFileSync(COTAHIST, 'latin1').split('\r\n')[linha - 1] ?? '';
  return {
    data: `${l.slice(2, 6)}-${l.slice(6, 8)}-${l.slice(8, 10)}`,
    codbdi: l.slice(10, 12),
    codneg: l.slice(12, 24).trim(),
    preult: Number(l.slice(108, 121)) / 100,
    voltot: Number(l.slice(170, 188)) / 100,
  };
}

describe('ETF artefacts of the real sample', () => {
  let cur: string;
  let lista: EtfLista;
  let bova: EtfRecurso;
  beforeAll(async () => {
    cur = join(await amostraPublicada(), 'current');
    lista = EtfListaSchema.parse(JSON.parse(await readFile(join(cur, 'json/etfs.json'), 'utf8')));
    bova = EtfRecursoSchema.parse(
      JSON.parse(await readFile(join(cur, 'json/etfs/BOVA11/index.json'), 'utf8')),
    );
  }, 900_000);

  it('lists every row of the real B3 ETF list (83 data lines), each with its own resource in the manifest', async () => {
    const linhas = readFileSync(LISTA, 'latin1')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const codigos = linhas.slice(1).map((l) => `${l.split(';')[3]}11`);
    expect(codigos).toHaveLength(83);
    expect(lista.map((e) => e.ticker)).toEqual([...codigos].sort());
    const m = ManifestSchema.parse(JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')));
    const paths = new Set(m.artefatos.map((a) => a.path));
    expect(paths.has('json/etfs.json')).toBe(true);
    for (const t of codigos) expect(paths.has(`json/etfs/${t}/index.json`), t).toBe(true);
  });

  it('BOVA11: list line 42 and the real close of COTAHIST_D03022022.TXT line 1115', () => {
    const r = registroCotahist(1115);
    expect(r).toMatchObject({ data: '2022-02-03', codbdi: '14', codneg: 'BOVA11', preult: 107.77 });
    expect(bova.ultimo_fechamento).toEqual({
      data: r.data,
      fechamento: r.preult,
      volume: r.voltot,
      origem: 'b3/cotahist/COTAHIST_D03022022.TXT:1115',
    });
    expect(bova.cadastro).toMatchObject({
      ticker: 'BOVA11',
      sigla: 'BOVA',
      nome: 'ISHARES IBOVESPA FUNDO DE ÍNDICE',
      emissor: 'ISHARES',
      indice_nome: 'IBOV',
      isin: 'BRBOVACTF003',
      origem_lista: 'b3/etf/etfs-listados-20231014.csv:42',
    });
    expect(lista.find((e) => e.ticker === 'BOVA11')).toEqual({
      ticker: 'BOVA11',
      nome: 'ISHARES IBOVESPA FUNDO DE ÍNDICE',
      indice: 'IBOV',
      cnpj: null,
      ultimo_fechamento: 107.77,
      ultima_sessao: '2022-02-03',
    });
    // two sessions in the sample, both with BOVA11 (COTAHIST_D25062021.TXT line 1029 has its other close)
    expect(bova.cobertura.precos).toEqual({ n: 2, de: '2021-06-25', ate: '2022-02-03' });
    expect(bova.agio_30_pregoes.map((a) => [a.data, a.preco])).toEqual([
      ['2022-02-03', 107.77],
      ['2021-06-25', 122.5],
    ]);
  });

  it('no real fund file in the sample: CNPJ, quota and premium are null with the flag and the source that would fill them', () => {
    expect(bova.cadastro.cnpj).toBeNull();
    expect(bova.cadastro.flag).toBe('etf_sem_cnpj;indice_semi_curado');
    expect(bova.ultimo_informe).toBeNull();
    expect(bova.ultimo_agio).toEqual({
      data: '2022-02-03',
      preco: 107.77,
      cota: null,
      agio: null,
      flag: 'etf_sem_cnpj',
    });
    expect(bova.carteira).toBeNull();
    expect(bova.retornos_pela_cota).toBeNull();
    expect(bova.taxa_efetiva_mensal).toEqual([]);
    expect(bova.taxa_media_12m).toBeNull();
    expect(bova.liquidez_media_60).toBeNull();
    const lacunas = Object.fromEntries(bova.lacunas.map((l) => [l.campo, l.flag]));
    expect(lacunas).toMatchObject({
      'cadastro.cnpj': 'etf_sem_cnpj',
      ultimo_informe: 'etf_sem_cnpj',
      carteira: 'etf_sem_cnpj',
      retornos_pela_cota: 'etf_sem_cnpj',
      taxa_efetiva_mensal: 'sem_fonte_de_despesas',
      liquidez_media_60: 'pregoes_insuficientes',
      'cadastro.id_fnet': 'sem_fonte_no_pipeline',
    });
    for (const l of bova.lacunas) expect(l.fonte.length).toBeGreaterThan(10);
    // every source label has its English sibling, a different text (a copy would be Portuguese on /en/)
    for (const l of bova.lacunas) expect(l.fonte_en).not.toBe(l.fonte);
    expect(Object.keys(bova.fontes_en)).toEqual(Object.keys(bova.fontes));
    // only labels made of file and column names read the same in both languages
    expect(Object.keys(bova.fontes).filter((g) => bova.fontes[g] === bova.fontes_en[g])).toEqual([
      'ultimo_informe',
      'ultimo_fechamento',
      'retornos_pela_cota',
    ]);
    expect(bova.pares.criterio_en).toMatch(/^same index/);
    // seven months between the two sessions: no window has a start value within 7 days, none is stretched
    expect(bova.retornos_pelo_preco?.flag).toBe('janela_sem_cobertura');
    expect(Object.values(bova.retornos_pelo_preco?.janelas ?? {})).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('peers: the other ETFs whose Índice column says IBOV in the real list', () => {
    const ibov = readFileSync(LISTA, 'latin1')
      .split('\n')
      .slice(1)
      .filter((l) => l.split(';')[4] === 'IBOV')
      .map((l) => `${l.split(';')[3]}11`)
      .filter((t) => t !== 'BOVA11')
      .sort();
    expect(ibov.length).toBe(7);
    expect(bova.pares).toMatchObject({ n: 7, tickers: ibov, agio: null, taxa: null });
  });

  it('an ETF that did not trade in either session has no close, and says so', async () => {
    const sem = lista.filter((e) => e.ultima_sessao === null);
    expect(sem.length).toBeGreaterThan(0);
    const t = sem[0]?.ticker ?? '';
    const r = EtfRecursoSchema.parse(
      JSON.parse(await readFile(join(cur, `json/etfs/${t}/index.json`), 'utf8')),
    );
    const cotahist = ['COTAHIST_D03022022.TXT', 'COTAHIST_D25062021.TXT']
      .map((f) => readFileSync(samplePath(`raw/b3/cotahist/${f}`), 'latin1'))
      .join('');
    expect(cotahist).not.toContain(`14${t.padEnd(12)}010`);
    expect(r.ultimo_fechamento).toBeNull();
    expect(r.agio_30_pregoes).toEqual([]);
    expect(r.lacunas.find((l) => l.campo === 'ultimo_fechamento')?.flag).toBe('sem_pregao');
  });
});

/**
 * The sample's made-here fund files of three real ETF codes (data/sample/raw/feitos-aqui/cvm/fundos-etf,
 * every fund number invented; see its README) against the real closes of COTAHIST. Expected values are
 * written from the fixture lines cited, not read back from the mart.
 */
describe('ETFs linked in the sample by the made-here CVM fund files (feitos-aqui/cvm/fundos-etf)', () => {
  const F = 'feitos-aqui/cvm/fundos-etf';
  let cur: string;
  const recurso = async (t: string) =>
    EtfRecursoSchema.parse(JSON.parse(await readFile(join(cur, `json/etfs/${t}/index.json`), 'utf8')));
  beforeAll(async () => {
    cur = join(await amostraPublicada(), 'current');
  }, 900_000);

  it('links exactly IVVB11, SMAL11 and SPXI11, by the legal name of the B3 list', async () => {
    const lista = EtfListaSchema.parse(JSON.parse(await readFile(join(cur, 'json/etfs.json'), 'utf8')));
    expect(lista.filter((e) => e.cnpj !== null).map((e) => [e.ticker, e.cnpj])).toEqual([
      ['IVVB11', '99.999.999/0011-63'],
      ['SMAL11', '99.999.999/0013-25'],
      ['SPXI11', '99.999.999/0012-44'],
    ]);
  });

  it('IVVB11: registry, daily report, premium, returns, portfolio, overlap and peers from the fixture lines', async () => {
    const r = await recurso('IVVB11');
    // cad_fi.csv line 2 (fee, legacy fields); registro_fundo_classe.zip registro_classe.csv line 2 (class code
    // 100011, start 2014-10-15, net assets 5e9 on 2022-01-31) and registro_fundo.csv line 2 (manager, administrator)
    expect(r.cadastro).toMatchObject({
      cnpj: '99.999.999/0011-63',
      codigo_regulator: '100011',
      situacao: 'Em Funcionamento Normal',
      data_inicio: '2014-10-15',
      gestor: 'GESTORA FICTICIA (FEITO AQUI)',
      administrador: 'ADMINISTRADORA FICTICIA (FEITO AQUI)',
      custodiante: 'CUSTODIANTE FICTICIO (FEITO AQUI)',
      auditor: 'AUDITORIA FICTICIA (FEITO AQUI)',
      pl_registro: 5_000_000_000,
      pl_registro_data: '2022-01-31',
      taxa_adm_declarada: 0.23,
      taxa_adm_origem: `${F}/cad_fi.csv:2`,
      isin: 'BRIVVBCTF001',
      origem_cadastro: [
        `${F}/cad_fi.csv:2`,
        `${F}/registro_fundo_classe.zip:registro_classe.csv:2`,
        `${F}/registro_fundo_classe.zip:registro_fundo.csv:2`,
      ],
      flag: 'indice_semi_curado',
    });
    // inf_diario_fi_202202.zip, member line 5: 2022-02-03, quota 259, PL 4.96e9, redemptions 25.9e6, 160300 holders
    expect(r.ultimo_informe).toEqual({
      data: '2022-02-03',
      cota: 259,
      pl: 4_960_000_000,
      cotistas: 160_300,
      captacao: 0,
      resgate: 25_900_000,
      data_entrega: null,
      origem: `${F}/inf_diario_fi_202202.zip:inf_diario_fi_202202.csv:5`,
    });
    // real closes: COTAHIST_D03022022.TXT line 1151 (260.50), COTAHIST_D25062021.TXT line 1056 (228.60);
    // quotas of the same dates: 259 (above) and 228.4 (inf_diario_fi_202106.zip line 5)
    expect(r.agio_30_pregoes.map((a) => [a.data, a.preco, a.cota, a.flag])).toEqual([
      ['2022-02-03', 260.5, 259, null],
      ['2021-06-25', 228.6, 228.4, null],
    ]);
    expect(r.agio_30_pregoes[0]?.agio).toBeCloseTo(260.5 / 259 - 1, 12);
    expect(r.agio_30_pregoes[1]?.agio).toBeCloseTo(228.6 / 228.4 - 1, 12);
    // 1m by quota: 2022-02-03 against 2022-01-03 (inf_diario_fi_202201.zip line 2, quota 262.1)
    expect(r.retornos_pela_cota?.janelas['1m']).toBeCloseTo(259 / 262.1 - 1, 12);
    expect(r.retornos_pela_cota?.mil_reais['1m']).toBeCloseTo((1000 * 259) / 262.1, 9);
    expect(r.retornos_pela_cota?.janelas['3m']).toBeNull();
    expect(r.cobertura.informes).toEqual({ n: 5, de: '2021-06-24', ate: '2022-02-03' });
    // cda_fi_202201.zip: PL 1e9; AAPL34 550e6, MSFT34 450e6. SPXI11 the same month: 500e6, 450e6, AMZO34 50e6
    expect(r.carteira).toMatchObject({
      competencia: '2022-01-31',
      n_posicoes: 2,
      pl: 1_000_000_000,
      maiores: [
        { ativo: 'AAPL34', valor: 550_000_000, fracao: 0.55 },
        { ativo: 'MSFT34', valor: 450_000_000, fracao: 0.45 },
      ],
      por_tipo: [['Ativos codificados (ações, BDRs…)', 1]],
    });
    expect(r.carteira?.sobreposicao_mesmo_indice.map((s) => s.ticker)).toEqual(['SPXI11']);
    expect(r.carteira?.sobreposicao_mesmo_indice[0]?.sobreposicao).toBeCloseTo(0.5 + 0.45, 12);
    // peers: the list's other SP500 rows (lines 16 SPXB, 61 SPXI); only SPXI11 has a premium, 252.88 / 252.7 − 1
    // (COTAHIST_D03022022.TXT line 1172; inf_diario_fi_202202.zip line 6)
    expect(r.pares).toMatchObject({ n: 2, tickers: ['SPXB11', 'SPXI11'], taxa: null });
    expect(r.pares.agio).toBeCloseTo(252.88 / 252.7 - 1, 12);
    const lacunas = r.lacunas.map((l) => l.campo);
    for (const c of ['cadastro.cnpj', 'ultimo_informe', 'carteira', 'retornos_pela_cota'])
      expect(lacunas).not.toContain(c);
    expect(lacunas).toContain('liquidez_media_60');
  });

  it('SMAL11: a discount on 2022-02-03 and the fee text of the registry', async () => {
    const r = await recurso('SMAL11');
    // COTAHIST_D03022022.TXT line 1170 (114.53) against inf_diario_fi_202202.zip line 7 (115.4)
    expect(r.ultimo_agio?.agio).toBeCloseTo(114.53 / 115.4 - 1, 12);
    expect(r.cadastro).toMatchObject({
      taxa_adm_declarada: 0.5,
      taxa_adm_texto: '0,50% a.a. sobre o patrimônio líquido',
      taxa_adm_origem: `${F}/cad_fi.csv:4`,
    });
    // the only SMLL peer in the list (SMAB11) has no fund file: no premium to take a median of
    expect(r.pares).toMatchObject({ n: 1, tickers: ['SMAB11'], agio: null });
  });

  it('the ETF watcher on the sample: exactly the events the fixture lines produce', async () => {
    const { eventos } = VigiaEventosArtefatoSchema.parse(
      JSON.parse(await readFile(join(cur, 'json/vigia/eventos.json'), 'utf8')),
    );
    const etf = eventos.filter((e) => e.classe === 'etfs');
    expect(
      etf.map((e) => [
        e.tipo,
        e.ticker,
        e.periodo_anterior,
        e.periodo_novo,
        e.data,
        e.indicador,
        e.faixa_antes,
        e.faixa_depois,
      ]),
    ).toEqual([
      // premium bands (−2%, −0.5%, +0.5%, +2%): IVVB11 0.09% → 0.58%, SMAL11 −0.13% → −0.75%
      [
        'faixa_agio',
        'IVVB11',
        '2021-06-25',
        '2022-02-03',
        '2022-02-03',
        'agio',
        'de -0,5% a menos de 0,5%',
        'de 0,5% a menos de 2%',
      ],
      [
        'faixa_agio',
        'SMAL11',
        '2021-06-25',
        '2022-02-03',
        '2022-02-03',
        'agio',
        'de -0,5% a menos de 0,5%',
        'de -2% a menos de -0,5%',
      ],
      // overlap IVVB11 × SPXI11: December min(.6,.25) + min(.4,.15) = 0.4, January 0.95 (bands 50%, 90%)
      [
        'sobreposicao_mudou',
        'IVVB11',
        '2021-12',
        '2022-01',
        '2022-01-31',
        'sobreposicao:SPXI11',
        'abaixo de 50%',
        '90% ou mais',
      ],
      [
        'sobreposicao_mudou',
        'SPXI11',
        '2021-12',
        '2022-01',
        '2022-01-31',
        'sobreposicao:IVVB11',
        'abaixo de 50%',
        '90% ou mais',
      ],
      // cad_fi_hist.zip cad_fi_hist_taxa_adm.csv lines 2 → 3: 0.3 → 0.23 from 2019-07-01
      ['taxa_mudou', 'IVVB11', '2014-10-15', '2019-07-01', '2019-07-01', 'taxa_adm', null, null],
    ]);
    const [agioIvvb, , sobre, , taxa] = etf;
    expect(agioIvvb?.antes).toBeCloseTo(228.6 / 228.4 - 1, 12);
    expect(agioIvvb?.depois).toBeCloseTo(260.5 / 259 - 1, 12);
    expect(sobre?.antes).toBeCloseTo(0.25 + 0.15, 12);
    expect(sobre?.texto_en).toBe(
      'IVVB11: portfolio overlap with SPXI11 went from 40.0% (band below 50%) in 2021-12 to 95.0% (band 90% or more) in 2022-01.',
    );
    expect([taxa?.antes, taxa?.depois, taxa?.fonte]).toEqual([
      0.3,
      0.23,
      `Cadastro CVM, histórico da taxa de administração (${F}/cad_fi_hist.zip:cad_fi_hist_taxa_adm.csv:3)`,
    ]);
    expect(taxa?.texto).toBe(
      'IVVB11: taxa de administração declarada no cadastro passou de 0,30% a.a. (desde 2014-10-15) para 0,23% a.a. (desde 2019-07-01).',
    );
  });
});

describe('montarEtfs on the made-here fund fixtures (data/sample/raw/feitos-aqui/fundos)', () => {
  /** The fund fixtures staged by the real readers, plus the made-here list and sessions below. */
  async function preparar() {
    const { ctx } = await contextoMemoria();
    const db = ctx.db;
    await db.run(
      'CREATE TABLE _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
    );
    const fundos = 'raw/feitos-aqui/fundos';
    for (const [spec, f] of [
      [cadFiSpec, 'cad_fi.csv'],
      [registroFundoSpec, 'registro_fundo.csv'],
      [registroClasseSpec, 'registro_classe.csv'],
      [infDiarioSpec, 'inf_diario_fi_202401.csv'],
      [infDiarioSpec, 'inf_diario_fi_202410.csv'],
      [cdaBlocoSpec, 'cda_fi_BLC_4_202409.csv'],
      [cdaPlSpec, 'cda_fi_PL_202409.csv'],
    ] as const) {
      const path = samplePath(`${fundos}/${f}`);
      await stageDelimited(db, spec, { path, arquivo: basename(path) }, recordingReporter());
    }
    // MADE HERE: an ETF list naming the fictitious fund of the fixtures (cad_fi.csv / registro_fundo.csv
    // legal name), a second unlinked ETF, and placeholder sessions (prices are not market data).
    await db.run(`
      CREATE TABLE stg_b3_etf_listados AS SELECT * FROM (VALUES
        ('FUNDO FICTICIO DE ÍNDICE (FEITO AQUI)', 'FICT IND', 'FICTICIA', 'FICT', 'IBOV', 'feito-aqui.csv', 2, '20240101'),
        ('OUTRO FUNDO (FEITO AQUI)', 'OUTRO', 'FICTICIA', 'FICU', NULL, 'feito-aqui.csv', 3, '20240101')
      ) t(razao_social, fundo, emissor, codigo, indice, _arquivo, _linha, _data);
      CREATE TABLE mart_mercado_precos AS SELECT ticker, CAST(data AS DATE) AS data, fechamento, volume, codisi, codbdi, arquivo, linha
      FROM (VALUES
        ('FICT11', '2024-01-02', 10.2, 1000.0, 'XXFICTCTF000', '14', 'feito-aqui.TXT', 1),
        ('FICT11', '2024-01-03', 10.1, 2000.0, 'XXFICTCTF000', '14', 'feito-aqui.TXT', 2),
        ('FICT11', '2024-02-02', 10.5, 3000.0, 'XXFICTCTF000', '14', 'feito-aqui.TXT', 3)
      ) t(ticker, data, fechamento, volume, codisi, codbdi, arquivo, linha);
      CREATE TABLE int_mercado_sessoes AS SELECT DISTINCT data FROM mart_mercado_precos;
    `);
    return ctx;
  }

  it('links by legal name, computes the premium only on dates with both price and quota, reads the CDA', async () => {
    const ctx = await preparar();
    const { lista, recursos } = await montarEtfs(ctx);
    for (const r of recursos) EtfRecursoSchema.parse(r);
    EtfListaSchema.parse(lista);
    const fict = recursos.find((r) => r.cadastro.ticker === 'FICT11');
    expect(fict?.cadastro).toMatchObject({
      cnpj: '99.999.999/0002-72',
      codigo_regulator: '99997',
      situacao: 'Em Funcionamento Normal',
      data_inicio: '2024-04-01',
      gestor: 'GESTORA FICTICIA',
      administrador: 'ADMINISTRADORA FICTICIA',
      custodiante: null,
      pl_registro: 1200000,
      pl_registro_data: '2024-09-30',
      origem_cadastro: ['cad_fi.csv:2', 'cad_fi.csv:3', 'registro_fundo.csv:2'],
      flag: 'indice_semi_curado',
    });
    // inf_diario_fi_202410.csv line 2 is the newest report; the 202401 file has the two January quotas
    expect(fict?.ultimo_informe).toEqual({
      data: '2024-10-01',
      cota: 12,
      pl: 1200000,
      cotistas: 12,
      captacao: 0,
      resgate: 0,
      data_entrega: null,
      origem: 'inf_diario_fi_202410.csv:2',
    });
    expect(fict?.agio_30_pregoes).toEqual([
      { data: '2024-02-02', preco: 10.5, cota: null, agio: null, flag: 'sem_cota_na_data' },
      { data: '2024-01-03', preco: 10.1, cota: 10.133456789012, agio: expect.any(Number), flag: null },
      { data: '2024-01-02', preco: 10.2, cota: 10.123456789012, agio: expect.any(Number), flag: null },
    ]);
    expect(fict?.agio_30_pregoes[2]?.agio).toBeCloseTo(10.2 / 10.123456789012 - 1, 12);
    expect(fict?.ultimo_agio?.flag).toBe('sem_cota_na_data');
    // 1m window: 2024-02-02 back to 2024-01-02, a session on the target date
    expect(fict?.retornos_pelo_preco?.janelas['1m']).toBeCloseTo(10.5 / 10.2 - 1, 12);
    expect(fict?.retornos_pelo_preco?.mil_reais['1m']).toBeCloseTo(1000 * (10.5 / 10.2), 9);
    expect(fict?.retornos_pelo_preco?.janelas['3m']).toBeNull();
    expect(fict?.cobertura.informes).toEqual({ n: 3, de: '2024-01-02', ate: '2024-10-01' });
    // cda_fi_PL_202409.csv: PL 1500; block 4 positions 1000 (FICT3) and 500 (FICT4)
    expect(fict?.carteira).toMatchObject({
      competencia: '2024-09-30',
      n_posicoes: 2,
      pl: 1500,
      maiores: [
        { ativo: 'FICT3', valor: 1000, fracao: 1000 / 1500 },
        { ativo: 'FICT4', valor: 500, fracao: 500 / 1500 },
      ],
      por_tipo: [['Ativos codificados (ações, BDRs…)', 1]],
    });
    expect(fict?.lacunas.map((l) => l.campo)).not.toContain('carteira');

    const outro = recursos.find((r) => r.cadastro.ticker === 'FICU11');
    expect(outro?.cadastro.cnpj).toBeNull();
    expect(outro?.ultimo_fechamento).toBeNull();
    expect(Object.fromEntries(outro?.lacunas.map((l) => [l.campo, l.flag]) ?? [])).toMatchObject({
      'cadastro.cnpj': 'etf_sem_cnpj',
      'cadastro.indice_nome': 'sem_indice',
      ultimo_fechamento: 'sem_pregao',
      pares: 'sem_indice',
    });
    expect(lista.map((l) => [l.ticker, l.cnpj, l.ultimo_fechamento])).toEqual([
      ['FICT11', '99.999.999/0002-72', 10.5],
      ['FICU11', null, null],
    ]);
  });

  it('the stated fee comes from the newest non-cancelled cad_fi row, with its line (made here)', async () => {
    const { recursos } = await montarEtfs(await preparar());
    const fict = recursos.find((r) => r.cadastro.ticker === 'FICT11');
    // feitos-aqui/fundos/cad_fi.csv line 3: EM FUNCIONAMENTO NORMAL, TAXA_ADM 0.3, INF_TAXA_ADM empty.
    expect(fict?.cadastro).toMatchObject({
      taxa_adm_declarada: 0.3,
      taxa_adm_texto: null,
      taxa_adm_origem: 'cad_fi.csv:3',
    });
    // The effective fee still has no source: the stated one does not stand in for it.
    expect(fict?.taxa_media_12m).toBeNull();
    const outro = recursos.find((r) => r.cadastro.ticker === 'FICU11');
    expect(outro?.cadastro.taxa_adm_declarada).toBeNull();
  });

  it("overlap with a same-index ETF, the peers' median premium, and a name with two CNPJs", async () => {
    const ctx = await preparar();
    // MADE HERE: a second fictitious IBOV fund (CNPJ 88.888.888/0001-88) with its own CDA month and one
    // quota, and two registry rows sharing a legal name under different CNPJs. Not fund data.
    await ctx.db.run(`
      INSERT INTO stg_b3_etf_listados VALUES
        ('SEGUNDO FUNDO (FEITO AQUI)', 'SEGUNDO', 'FICTICIA', 'FICV', 'IBOV', 'feito-aqui.csv', 4, '20240101'),
        ('FUNDO DUPLO (FEITO AQUI)', 'DUPLO', 'FICTICIA', 'FICD', NULL, 'feito-aqui.csv', 5, '20240101');
      INSERT INTO stg_cvm_registro_classe (cnpj_classe, denominacao_social, _arquivo, _linha) VALUES
        ('88888888000188', 'Segundo  Fundo (Feito Aqui)', 'feito-aqui.csv', 10),
        ('77777777000177', 'FUNDO DUPLO (FEITO AQUI)', 'feito-aqui.csv', 11),
        ('66666666000166', 'FUNDO DUPLO (FEITO AQUI)', 'feito-aqui.csv', 12);
      INSERT INTO stg_cvm_cda_pl (cnpj_fundo_classe, dt_comptc, vl_patrim_liq, _arquivo, _linha) VALUES
        ('88.888.888/0001-88', DATE '2024-09-30', 1000, 'feito-aqui.csv', 20);
      INSERT INTO stg_cvm_cda_blc (cnpj_fundo_classe, dt_comptc, cd_ativo, vl_merc_pos_final, _bloco, _arquivo, _linha) VALUES
        ('88.888.888/0001-88', DATE '2024-09-30', 'FICT3', 500, '4', 'feito-aqui.csv', 21),
        ('88.888.888/0001-88', DATE '2024-09-30', 'OUTRA3', 500, '4', 'feito-aqui.csv', 22);
      INSERT INTO stg_cvm_inf_diario (cnpj_fundo_classe, dt_comptc, vl_quota, vl_patrim_liq, _arquivo, _linha) VALUES
        ('88.888.888/0001-88', DATE '2024-01-02', 10, 1000, 'feito-aqui.csv', 30);
      INSERT INTO mart_mercado_precos VALUES ('FICV11', DATE '2024-01-02', 10.1, 500.0, 'XXFICVCTF000', '14', 'feito-aqui.TXT', 4);
    `);
    const { recursos } = await montarEtfs(ctx);
    const de = (t: string) => recursos.find((r) => r.cadastro.ticker === t);
    // names compare without case or repeated spaces
    expect(de('FICV11')?.cadastro.cnpj).toBe('88.888.888/0001-88');
    // FICT3 is 1000/1500 of FICT11 and 500/1000 of FICV11: the smaller share is in common
    expect(de('FICT11')?.carteira?.sobreposicao_mesmo_indice).toEqual([
      { ticker: 'FICV11', nome: 'SEGUNDO FUNDO (FEITO AQUI)', sobreposicao: 0.5 },
    ]);
    expect(de('FICV11')?.carteira?.sobreposicao_mesmo_indice.map((x) => x.ticker)).toEqual(['FICT11']);
    // FICV11's only session has a quota (10.1 / 10 − 1); FICT11's newest has none, so it adds no premium
    expect(de('FICT11')?.pares).toMatchObject({ n: 1, tickers: ['FICV11'] });
    expect(de('FICT11')?.pares.agio).toBeCloseTo(10.1 / 10 - 1, 12);
    expect(de('FICV11')?.pares.agio).toBeNull();
    const duplo = de('FICD11');
    expect(duplo?.cadastro.cnpj).toBeNull();
    // the rows that matched are still shown: they are why no CNPJ was chosen
    expect(duplo?.cadastro.origem_cadastro).toEqual(['feito-aqui.csv:11', 'feito-aqui.csv:12']);
    expect(duplo?.lacunas.find((l) => l.campo === 'cadastro.cnpj')?.flag).toBe('etf_cnpj_ambiguo');
  });
});
