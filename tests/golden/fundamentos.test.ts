import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lerPublicado } from '@fundamentos/pipeline/publish/publicado';
import { AMOSTRA_RAW, amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { consultar } from '@fundamentos/pipeline/testing/consulta';
import type { AuditoriaDepAmort } from '@fundamentos/schemas/auditoria';
import { type BuildReport, BuildReportSchema } from '@fundamentos/schemas/build-report';
import type { Desafio } from '@fundamentos/schemas/desafio';
import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import { entradaDoDicionario, FLAGS_DA_SPEC, separarFlags } from '@fundamentos/schemas/flags';
import type { IndicadorEmpresa } from '@fundamentos/schemas/indicador';
import { type Indicadores, IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import type { Linhagem } from '@fundamentos/schemas/linhagem';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import type { ReapresentacoesEmpresa } from '@fundamentos/schemas/reapresentacoes';
import type { ScoresEmpresa } from '@fundamentos/schemas/scores';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Golden tests of the fundamentals marts on the real sample (data/sample/raw), read back from the files
 * the real `build()` published (shared sample build, one per content hash). Every expected number below
 * was derived by hand from the rows cited next to it (file, company, account, line, VL_CONTA); all cited
 * files are MIL, so BRL = VL_CONTA × 1000.
 */
const RAW = AMOSTRA_RAW;

let dir: string;
let report: BuildReport;
const jsons = new Map<string, unknown>();

/** The JSON artefacts the tests below read, loaded once from the published build. */
const LIDOS = [
  'json/desafio.json',
  'json/dicionario.json',
  'json/tickers.json',
  'json/empresas/1023/index.json',
  'json/empresas/15253/scores.json',
  'json/empresas/15253/reapresentacoes.json',
  'json/empresas/15253/indicadores/margem_liquida.json',
  'json/empresas/15253/linhagem/2016/margem_liquida.json',
  'json/empresas/15253/linhagem/2016/ebitda.json',
  'json/empresas/15253/auditoria/dep_amort/2016.json',
  'json/empresas/15539/auditoria/dep_amort/2016.json',
  'json/empresas/15539/auditoria/dep_amort/2018.json',
  'json/empresas/21733/auditoria/dep_amort/2019.json',
  ...[15253, 1023, 21610].map((cd) => `json/empresas/${cd}/indicadores.json`),
];

beforeAll(async () => {
  dir = join(await amostraPublicada(), 'current');
  report = BuildReportSchema.parse(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')));
  for (const p of LIDOS) {
    // Lineage, D&A audits and per-indicator series are members of per-company packs: read as served.
    const texto = await lerPublicado(dir, p);
    if (texto === null) throw new Error(`${p} is not published`);
    jsons.set(p, JSON.parse(texto));
  }
});

function json<T>(path: string): T {
  const v = jsons.get(path);
  if (v === undefined) throw new Error(`artefact ${path} is not in LIDOS`);
  return v as T;
}

function indicador(cd: number, ano: number, nome: string): { valor: number | null; flag: string | null } {
  const l = json<Indicadores>(`json/empresas/${cd}/indicadores.json`).indicadores.find(
    (x) => x.ano === ano && x.nome === nome,
  );
  if (!l) throw new Error(`no ${nome} ${ano} for ${cd}`);
  return { valor: l.valor, flag: l.flag };
}

const parquet = (set: string): string => `'${join(dir, 'parquet', `${set}.parquet`)}'`;

describe('Energisa (CD_CVM 015253), DFP 2016 consolidated', () => {
  // por-empresa/dfp_cia_aberta_DRE_con_2016.csv, VERSAO 1, MIL:
  //   l.212 3.01 PENÚLTIMO 12178539 | l.213 3.01 ÚLTIMO 11810695 | l.217 3.03 ÚLTIMO 1826607
  //   l.233 3.05 ÚLTIMO 1116579 | l.257 3.11 ÚLTIMO 195786 | l.259 3.11.01 ÚLTIMO 154717
  it('margins divide by 3.01 of the same column', () => {
    expect(indicador(15253, 2016, 'margem_liquida').valor).toBeCloseTo(195786 / 11810695, 12);
    expect(indicador(15253, 2016, 'margem_bruta').valor).toBeCloseTo(1826607 / 11810695, 12);
    expect(indicador(15253, 2016, 'margem_ebit').valor).toBeCloseTo(1116579 / 11810695, 12);
  });

  it('revenue growth uses the PENÚLTIMO comparative of the same filing', () => {
    expect(indicador(15253, 2016, 'cresc_receita_1a').valor).toBeCloseTo(11810695 / 12178539 - 1, 12);
  });

  it('5-year growth is null with denominador_sem_comparativo: the 2012 filing is not in the sample', () => {
    expect(indicador(15253, 2016, 'cresc_receita_5a_cagr')).toEqual({
      valor: null,
      flag: 'denominador_sem_comparativo',
    });
  });

  // por-empresa/dfp_cia_aberta_DFC_MI_con_2016.csv l.311 6.01.01.06 "Depreciação e amortização" ÚLTIMO 703644
  it('EBITDA = 3.05 + the D&A line chosen by label, and the audit shows it', () => {
    expect(indicador(15253, 2016, 'ebitda').valor).toBe((1116579 + 703644) * 1000);
    const a = json<AuditoriaDepAmort>('json/empresas/15253/auditoria/dep_amort/2016.json');
    expect(a.dep_amort).toBe(703644 * 1000);
    const incluidas = a.candidatos.filter((c) => c.decisao === 'incluida');
    expect(incluidas.map((c) => [c.cd_conta, c.ds_conta, c.fonte])).toEqual([
      [
        '6.01.01.06',
        'Depreciação e amortização',
        'cvm/dfp/por-empresa/dfp_cia_aberta_DFC_MI_con_2016.csv:311',
      ],
    ]);
  });

  // por-empresa/dfp_cia_aberta_BPP_con_2016.csv: l.574/575 2.03 PENÚLTIMO 3318170 / ÚLTIMO 4773041,
  //   l.626/627 2.03.09 (não controladores) PENÚLTIMO 1106517 / ÚLTIMO 1091174
  it('ROE = 3.11.01 / average equity of the controlling shareholders', () => {
    const media = (4773041 - 1091174 + (3318170 - 1106517)) / 2;
    expect(indicador(15253, 2016, 'roe').valor).toBeCloseTo(154717 / media, 12);
  });

  // BPP l.395 2.01.04 ÚLTIMO 1534659, l.485 2.02.01 ÚLTIMO 6069233, l.394/484 PENÚLTIMO 1511118 / 6422878;
  // DRE l.241 3.07 ÚLTIMO 344080, l.243 3.08 ÚLTIMO -96814
  it('ROIC = EBIT × (1 − effective tax) / average (equity + gross debt)', () => {
    const nopat = 1116579 * (1 - 96814 / 344080);
    const capital = (4773041 + 1534659 + 6069233 + 3318170 + 1511118 + 6422878) / 2;
    expect(indicador(15253, 2016, 'roic').valor).toBeCloseTo(nopat / capital, 12);
  });

  // por-empresa/dfp_cia_aberta_DRE_con_2015.csv l.235: 3.07 ÚLTIMO -181279 (a pre-tax loss)
  it('ROIC with a pre-tax loss has no effective rate: null with roic_sem_aliquota_efetiva, never 34% assumed', () => {
    expect(indicador(15253, 2015, 'roic')).toEqual({ valor: null, flag: 'roic_sem_aliquota_efetiva' });
  });

  // index ano-completo/dfp_cia_aberta_2016.csv l.25: 015253, VERSAO 1, DT_RECEB 2017-03-23
  it('point in time: the published 2016 fact carries the DT_RECEB of its filing and its source line', async () => {
    const r =
      await consultar(`SELECT CAST(dt_receb AS VARCHAR) AS dt_receb, versao, arquivo, linha FROM ${parquet('fatos')}
      WHERE cd_regulator = 15253 AND ano = 2016 AND demo = 'DRE' AND cd_conta = '3.01'`);
    expect(r).toEqual([
      {
        dt_receb: '2017-03-23',
        versao: 1,
        arquivo: 'cvm/dfp/por-empresa/dfp_cia_aberta_DRE_con_2016.csv',
        linha: '213',
      },
    ]);
  });
});

describe('Banco do Brasil (CD_CVM 001023), DFP 2019: bank chart', () => {
  it("is read as a bank from the filing's own 3.01 label, and chart-less indicators are null with a flag", () => {
    // por-empresa/dfp_cia_aberta_DRE_con_2019.csv l.3: 3.01 "Receitas da Intermediação Financeira"
    const idx = json<EmpresaIndice>('json/empresas/1023/index.json');
    expect(idx.tipo).toBe('banco');
    expect(idx.ticker).toBe('BBAS3');
    for (const nome of ['margem_ebit', 'ebitda', 'liquidez_corrente', 'divida_liquida', 'roic', 'f_score']) {
      expect(indicador(1023, 2019, nome)).toEqual({ valor: null, flag: 'plano_financeiro_nao_aplicavel' });
    }
  });

  // DRE_con_2019 l.73 3.09 "Lucro/Prejuízo Consolidado do Período" 18888318 (bank chart before 2020);
  // BPA_con_2019 l.2/3 1 "Ativo Total" PENÚLTIMO 1396507474 / ÚLTIMO 1452266807
  it('ROA finds the profit line by label (3.09 on the pre-2020 bank chart)', () => {
    expect(indicador(1023, 2019, 'roa').valor).toBeCloseTo(18888318 / ((1452266807 + 1396507474) / 2), 12);
  });
});

describe('B3 (CD_CVM 021610), DFP 2019: no indirect cash-flow statement', () => {
  // DRE_con_2019 l.805 3.01 6576507, l.845 3.05 3232141; no DFC_MI_*_2019.csv row has CD_CVM 021610
  it('EBITDA is null with sem_dfc_indireta while the margins are published', () => {
    expect(indicador(21610, 2019, 'ebitda')).toEqual({ valor: null, flag: 'sem_dfc_indireta' });
    expect(indicador(21610, 2019, 'dl_ebitda').valor).toBeNull();
    expect(indicador(21610, 2019, 'margem_ebit').valor).toBeCloseTo(3232141 / 6576507, 12);
  });
});

describe('D&A label rule on real traps', () => {
  it('Neoenergia 2016: regulatory "Parcela A" amortization under 6.01 is excluded', () => {
    // por-empresa/dfp_cia_aberta_DFC_MI_con_2016.csv l.609 6.01.03.01 "Amortização dos Valores de compensação da Parcela A…"
    const a = json<AuditoriaDepAmort>('json/empresas/15539/auditoria/dep_amort/2016.json');
    const c = a.candidatos.find((x) => x.cd_conta === '6.01.03.01');
    expect(c?.decisao).toBe('excluida');
    expect(c?.fonte).toBe('cvm/dfp/por-empresa/dfp_cia_aberta_DFC_MI_con_2016.csv:609');
  });

  it('Neoenergia 2018: loan "amortização" in 6.03 is excluded, mais-valia amortization in 6.01 is included', () => {
    // DFC_MI_con_2018.csv l.543 6.01.01.02 1128058, l.547 6.01.01.04 "Amortização de mais-valia" 177061,
    // l.671 6.03.03 "Amortização de principal de empréstimo e financiamento"
    const a = json<AuditoriaDepAmort>('json/empresas/15539/auditoria/dep_amort/2018.json');
    const dec = Object.fromEntries(a.candidatos.map((c) => [c.cd_conta, c.decisao]));
    expect(dec).toMatchObject({ '6.01.01.02': 'incluida', '6.01.01.04': 'incluida', '6.03.03': 'excluida' });
    expect(a.dep_amort).toBe((1128058 + 177061) * 1000);
  });

  it('Cielo 2019: amortization of debt issuance costs is excluded', () => {
    // DFC_MI_con_2019.csv l.473 6.01.01.18 "Amortização de custos de emissão de dívidas"
    const a = json<AuditoriaDepAmort>('json/empresas/21733/auditoria/dep_amort/2019.json');
    expect(a.candidatos.find((c) => c.cd_conta === '6.01.01.18')?.decisao).toBe('excluida');
  });
});

describe('restatements', () => {
  it('DFC_MD con 2010–2018 vs the next year, counted by an independent query on the raw files', async () => {
    // Independent: straight from the CSVs, no version or aggregation logic; MANIFEST.md cross-checks report
    // 40, 27, 47, 14, 4, 18, 2, 2, 7 differing (cnpj, conta, dt_fim) keys for 2010→2011 … 2018→2019.
    const glob = `${RAW}/cvm/dfp/ano-completo/dfp_cia_aberta_DFC_MD_con_20[01]*.csv`;
    const r = await consultar(`
      WITH r AS (
        SELECT CAST(regexp_extract(filename, '(\\d{4})\\.csv', 1) AS INT) AS arq, CNPJ_CIA, CD_CONTA, DT_FIM_EXERC, ORDEM_EXERC,
               CAST(VL_CONTA AS DECIMAL(38,10)) * CASE ESCALA_MOEDA WHEN 'MIL' THEN 1000 ELSE 1 END AS v
        FROM read_csv('${glob}', encoding='latin-1', delim=';', quote='', all_varchar=true, filename=true))
      SELECT u.arq, count(*) FILTER (WHERE u.v <> p.v) AS n FROM r u, r p
      WHERE p.arq = u.arq + 1 AND u.ORDEM_EXERC LIKE 'Ú%' AND p.ORDEM_EXERC LIKE 'PEN%'
        AND (p.CNPJ_CIA, p.CD_CONTA, p.DT_FIM_EXERC) = (u.CNPJ_CIA, u.CD_CONTA, u.DT_FIM_EXERC)
      GROUP BY u.arq ORDER BY u.arq`);
    const independente = r.map((x) => Number(x.n));
    expect(independente).toEqual([40, 27, 47, 14, 4, 18, 2, 2, 7]);
    const publicado = await consultar(`
      SELECT ano, count(*) AS n FROM ${parquet('reapresentacoes')}
      WHERE demo = 'DFC_MD' AND agreg = 'con' AND ano BETWEEN 2010 AND 2018 GROUP BY 1 ORDER BY 1`);
    expect(publicado.map((x) => Number(x.n))).toEqual(independente);
  });

  it('the company JSON carries the rows with their first and next publication', () => {
    const r = json<ReapresentacoesEmpresa>('json/empresas/15253/reapresentacoes.json');
    expect(r.total).toBe(r.reapresentacoes.length);
    expect(r.total).toBeGreaterThan(0);
    for (const l of r.reapresentacoes) {
      expect(l.valor_ultimo).not.toBe(l.valor_penult);
      if (l.sem_valor === null)
        expect(l.dif_rel).toBeCloseTo((l.valor_penult! - l.valor_ultimo!) / Math.abs(l.valor_ultimo!), 12);
    }
  });
});

describe('published lists, dictionary and audit universe', () => {
  it('tickers.json sends an old FCA code to the current one', () => {
    // fca_cia_aberta_valor_mobiliario_2018…2022: Gafisa GAFS3; 2024: GFSA3 (same CNPJ 01.545.826/0001-07)
    const t =
      json<Record<string, { cd_regulator: number; ticker_atual: string; vigente?: boolean }>>(
        'json/tickers.json',
      );
    expect(t.GAFS3).toEqual({ cd_regulator: 16101, ticker_atual: 'GFSA3', vigente: false });
    expect(t.GFSA3).toEqual({ cd_regulator: 16101, ticker_atual: 'GFSA3', vigente: true });
  });

  // fca_cia_aberta_valor_mobiliario_2024.csv l.850 ALPA3 (ordinárias) and l.852 ALPA4 (preferenciais), no end date
  it('a live class beside the main code is marked vigente: it answers as itself, not 301', () => {
    const t =
      json<Record<string, { cd_regulator: number; ticker_atual: string; vigente?: boolean }>>(
        'json/tickers.json',
      );
    expect(t.ALPA3).toEqual({ cd_regulator: 10456, ticker_atual: 'ALPA4', vigente: true });
    expect(t.ALPA4).toEqual({ cd_regulator: 10456, ticker_atual: 'ALPA4', vigente: true });
  });

  it('the dictionary has the 13 indicators and a meaning for every flag the build emitted and the spec names', async () => {
    const d: Dicionario = DicionarioSchema.parse(json('json/dicionario.json'));
    expect(d.indicadores.map((i) => i.nome).sort()).toHaveLength(13);
    const conhecidas = new Set(d.flags.map((f) => f.flag));
    for (const f of FLAGS_DA_SPEC) expect(conhecidas.has(f)).toBe(true);
    const emitidas = await consultar(
      `SELECT DISTINCT flag FROM ${parquet('indicadores')} WHERE flag IS NOT NULL`,
    );
    expect(emitidas.length).toBeGreaterThan(3);
    for (const { flag } of emitidas)
      for (const f of separarFlags(String(flag))) expect(conhecidas.has(f), f).toBe(true);
  });

  it('every flag value in any published set (indicators, multiples, dividends, quarters, screener…) is described', async () => {
    const d: Dicionario = DicionarioSchema.parse(json('json/dicionario.json'));
    const conhecidas = new Set(d.flags.map((f) => f.flag));
    const manifesto = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
    const sets = manifesto.artefatos
      .filter(
        (a) =>
          a.format === 'parquet' &&
          !a.path.startsWith('parquet/stg_') &&
          a.path !== 'parquet/_quarantine.parquet',
      )
      .map((a) => a.path);
    const emitidas = new Set<string>();
    for (const p of sets) {
      const cols = await consultar(`DESCRIBE SELECT * FROM '${join(dir, p)}'`);
      for (const { column_name } of cols.filter((c) => String(c.column_name).startsWith('flag'))) {
        const vals = await consultar(
          `SELECT DISTINCT CAST("${String(column_name)}" AS VARCHAR) AS f FROM '${join(dir, p)}' WHERE "${String(column_name)}" IS NOT NULL`,
        );
        for (const { f } of vals) for (const x of separarFlags(String(f))) emitidas.add(x);
      }
    }
    // The sample publishes flagged multiples too: the scan reads more than the fundamentals' own set.
    expect(emitidas.has('plano_financeiro_nao_aplicavel')).toBe(true);
    const semSignificado = [...emitidas].filter((f) => !conhecidas.has(entradaDoDicionario(f)));
    expect(semSignificado).toEqual([]);
  });

  it('universo.txt lists each published non-null value once, sorted', async () => {
    const linhas = (await readFile(join(dir, 'auditoria/universo.txt'), 'utf8')).trimEnd().split('\n');
    expect(linhas.length).toBeGreaterThan(100);
    expect(new Set(linhas).size).toBe(linhas.length);
    expect(linhas).toContain('15253|2016|ebitda');
    expect(linhas).not.toContain('21610|2019|ebitda');
    const chave = (l: string) =>
      l
        .split('|')
        .map((x, i) => (i < 2 ? x.padStart(8, '0') : x))
        .join('|');
    expect(linhas.map(chave)).toEqual([...linhas.map(chave)].sort());
  });

  it('checks: assets = liabilities + equity holds; 3.11 = 3.11.01 + 3.11.02 fails softly on the real Gafisa 2021 case', () => {
    const bal = report.invariantes.find((i) => i.nome === 'ativo_igual_passivo_mais_pl');
    expect(bal?.tipo).toBe('hard');
    expect(bal?.falhas).toBe(0);
    expect(bal?.verificados).toBeGreaterThan(100);
    // por-empresa/dfp_cia_aberta_DRE_con_2021.csv, Gafisa: 3.11 = 81050, 3.11.01 = 81254, 3.11.02 = -205 (MANIFEST)
    const lucro = report.invariantes.find((i) => i.nome === 'lucro_igual_controladores_mais_minoritarios');
    expect(lucro?.tipo).toBe('soft');
    expect(lucro?.falhas).toBeGreaterThan(0);
  });

  it('the Gafisa 2021 1-unit mismatch is kept as published, not corrected', async () => {
    const r = await consultar(`
      SELECT cd_conta, CAST(valor AS DOUBLE) AS v FROM ${parquet('fatos')}
      WHERE cd_regulator = 16101 AND ano = 2021 AND demo = 'DRE' AND agreg = 'con'
        AND cd_conta IN ('3.11', '3.11.01', '3.11.02') ORDER BY cd_conta`);
    expect(r.map((x) => [x.cd_conta, Number(x.v)])).toEqual([
      ['3.11', 81050000],
      ['3.11.01', 81254000],
      ['3.11.02', -205000],
    ]);
  });
});

describe('scores, indicator series, lineage and the challenge', () => {
  it('scores.json opens the nine F-score criteria and their sum is the published value', () => {
    const s = json<ScoresEmpresa>('json/empresas/15253/scores.json');
    const ano = s.f_score.find((f) => f.ano === 2016);
    expect(ano?.criterios).toHaveLength(9);
    const soma = ano?.criterios.reduce((a, c) => a + (c.ponto ?? 0), 0);
    expect(ano?.valor).toBe(soma);
    expect(indicador(15253, 2016, 'f_score').valor).toBe(soma);
    // DRE_con_2016 l.257 3.11 ÚLTIMO 195786 > 0; BPP l.576/577 capital 2.03.01 1260000 → 2795963 (issued shares)
    const c = Object.fromEntries(ano?.criterios.map((x) => [x.nome, x.ponto]) ?? []);
    expect(c.roa_positivo).toBe(1);
    expect(c.sem_emissao).toBe(0);
  });

  it('the indicator series carries the sector median and the universe distribution', () => {
    const s = json<IndicadorEmpresa>('json/empresas/15253/indicadores/margem_liquida.json');
    const a = s.serie.find((x) => x.ano === 2016);
    expect(a?.valor).toBeCloseTo(195786 / 11810695, 12);
    expect(a?.n_setor).toBeGreaterThan(0);
    expect(a?.universo.n).toBeGreaterThanOrEqual(a?.n_setor ?? 0);
    expect(a?.universo.p10).toBeLessThanOrEqual(a?.universo.p90 ?? Number.NEGATIVE_INFINITY);
  });

  it('lineage of a margin lists the two regulator lines with file and line', () => {
    const m = json<Linhagem>('json/empresas/15253/linhagem/2016/margem_liquida.json');
    const ult = m.entradas
      .filter((e) => e.coluna === 'ULTIMO')
      .map((e) => [e.papel, e.cd_conta, e.valor, e.fonte]);
    expect(ult).toEqual(
      expect.arrayContaining([
        ['lucro', '3.11', 195786000, 'cvm/dfp/por-empresa/dfp_cia_aberta_DRE_con_2016.csv:257'],
        ['receita', '3.01', 11810695000, 'cvm/dfp/por-empresa/dfp_cia_aberta_DRE_con_2016.csv:213'],
      ]),
    );
    const e = json<Linhagem>('json/empresas/15253/linhagem/2016/ebitda.json');
    expect(e.auditoria_dep_amort).toBe('/auditoria/dep_amort/15253/2016');
  });

  it('all 12 hard cases serve exactly the value and flag of the published indicators file', async () => {
    const d = json<Desafio>('json/desafio.json');
    expect(d.casos.map((c) => c.id)).toEqual([
      'bb-2019-sem-ebit',
      'bb-2019-lucro-3-09',
      'b3-2019-sem-dfc-mi',
      'neoenergia-2016-parcela-a',
      'neoenergia-2018-amortizacao-de-divida',
      'cielo-2019-custo-de-emissao',
      'energisa-2016-minoritarios',
      'energisa-2016-sem-comparativo-5a',
      'gafisa-2021-subtotal',
      'porto-seguro-2019-plano-geral',
      'bb-seguridade-2019-plano-seguros',
      'santander-2021-subtotal-banco',
    ]);
    for (const c of d.casos) {
      const publicado = IndicadoresSchema.parse(
        JSON.parse(await readFile(join(dir, `json/empresas/${c.cd_regulator}/indicadores.json`), 'utf8')),
      ).indicadores.find((l) => l.ano === c.ano && l.nome === c.indicador);
      expect(publicado, c.id).toBeDefined();
      expect({ valor: c.valor_servido, flag: c.flag }, c.id).toEqual({
        valor: publicado?.valor,
        flag: publicado?.flag,
      });
    }
    // The cases whose point is a null: the served value is that null with its reason.
    const nulos = Object.fromEntries(
      d.casos.filter((c) => c.valor_servido === null).map((c) => [c.id, c.flag]),
    );
    expect(nulos).toMatchObject({
      'bb-2019-sem-ebit': 'plano_financeiro_nao_aplicavel',
      'b3-2019-sem-dfc-mi': 'sem_dfc_indireta',
      'energisa-2016-sem-comparativo-5a': 'denominador_sem_comparativo',
      'bb-seguridade-2019-plano-seguros': 'plano_financeiro_nao_aplicavel',
    });
  });

  it('the challenge serves at least ten real cases with the value of this build', () => {
    const d = json<Desafio>('json/desafio.json');
    expect(d.casos.length).toBeGreaterThanOrEqual(10);
    const bb = d.casos.find((c) => c.id === 'bb-2019-sem-ebit');
    expect(bb).toMatchObject({
      valor_servido: null,
      flag: 'plano_financeiro_nao_aplicavel',
      ticker: 'BBAS3',
    });
    const energisa = d.casos.find((c) => c.id === 'energisa-2016-minoritarios');
    expect(energisa?.valor_servido).toBe(indicador(15253, 2016, 'roe').valor);
  });
});
