import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type FiiLista,
  FiiListaSchema,
  type FiiRecurso,
  FiiRecursoSchema,
  ReapresentacoesFiiSchema,
} from '@fundamentos/schemas/fiis';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { beforeAll, describe, expect, it } from 'vitest';
import { amostraPublicada } from '../../testing/amostra.ts';
import { contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { montarFiis } from './publicacao.ts';
import { garantirTabelasFiis, SQL_FIIS } from './sql.ts';

/**
 * The REIT artefacts of the real sample build. Lines cited are file lines (header = line 1) of
 * data/sample/raw; the sample's only COTAHIST sessions are 2021-06-25 and 2022-02-03.
 */
let cur: string;
let lista: FiiLista;
const fundo = async (t: string): Promise<FiiRecurso> =>
  FiiRecursoSchema.parse(JSON.parse(await readFile(join(cur, `json/fiis/${t}/index.json`), 'utf8')));

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
  lista = FiiListaSchema.parse(JSON.parse(await readFile(join(cur, 'json/fiis.json'), 'utf8')));
}, 600_000);

describe('json/fiis.json and json/fiis/<ticker>/ (real sample)', () => {
  it('lists every fund artefact in the manifest with the build version', async () => {
    const m = ManifestSchema.parse(JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')));
    const paths = new Set(m.artefatos.map((a) => a.path));
    expect(paths.has('json/fiis.json')).toBe(true);
    for (const f of lista.fundos) {
      expect(paths.has(`json/fiis/${f.ticker}/index.json`), f.ticker).toBe(true);
      expect(paths.has(`json/fiis/${f.ticker}/reapresentacoes.json`), f.ticker).toBe(true);
    }
    expect(lista.versao_do_dado).toBe(m.versao_do_dado);
    expect(lista.fundos.length).toBeGreaterThan(200);
    expect(lista.sem_codigo).toBeGreaterThan(0);
  });

  it("MXRF11: register and newest report from the CVM files, code from the ISIN's COTAHIST rows", async () => {
    // inf_mensal_fii_geral_2021.csv line 7554 and inf_mensal_fii_complemento_2021.csv line 7554
    // (2021-12 report, version 1, delivered 2022-01-17: 488875 holders, PL 2321102708.4);
    // ISIN BRMXRFCTF008 trades as MXRF11 in COTAHIST_D25062021.TXT line 915 (CODBDI 12).
    const f = await fundo('MXRF11');
    expect(f.cadastro).toEqual({
      cnpj: '97.521.225/0001-25',
      ticker: 'MXRF11',
      isin: 'BRMXRFCTF008',
      nome: 'FII MAXI RENDA',
      segmento: 'Híbrido',
      mandato: 'Renda',
      tipo_gestao: 'Ativa',
      publico_alvo: 'INVESTIDORES EM GERAL',
      data_funcionamento: '2011-07-04',
    });
    expect(f.ultimo_informe).toEqual({ cotistas: 488875, pl: 2321102708.4, competencia: '2021-12-01' });
    expect(f.nota).toContain('cvm/fii/inf_mensal_fii_geral_2021.csv:7554');
    expect(f.nota).toContain('cvm/fii/inf_mensal_fii_complemento_2021.csv:7554');
    // the English note carries the same report, version, delivery date and source lines
    expect(f.nota_en).toContain(
      'CVM monthly report of 2021-12-01 (version 1, delivered on 2022-01-17): general cvm/fii/inf_mensal_fii_geral_2021.csv:7554; complement cvm/fii/inf_mensal_fii_complemento_2021.csv:7554.',
    );
    expect(f.nota_en).not.toContain('Informe mensal');
    expect(lista.nota_en).toContain(`${lista.sem_codigo} funds without a single code`);
    expect(lista.fundos.find((x) => x.ticker === 'MXRF11')).toEqual({
      ticker: 'MXRF11',
      cnpj: '97.521.225/0001-25',
      nome: 'FII MAXI RENDA',
      segmento: 'Híbrido',
      pl: 2321102708.4,
      competencia: '2021-12-01',
    });
    // 24 monthly reports (2020-01 .. 2021-12), one P/VP row each, oldest first.
    expect(f.pvp.map((p) => p.competencia)).toHaveLength(24);
    expect(f.pvp[0]?.competencia).toBe('2020-01-01');
  });

  it('an ISIN claimed by two funds gives neither a code', () => {
    // BRSARECTF006 (SARE11, COTAHIST_D25062021.TXT line 979) is the ISIN of the 2021-12 reports of
    // both 32.903.702/0001-71 and 23.570.871/0001-46 (inf_mensal_fii_geral_2021.csv).
    expect(lista.fundos.some((f) => f.ticker === 'SARE11')).toBe(false);
    expect(lista.fundos.some((f) => f.cnpj === '32.903.702/0001-71' || f.cnpj === '23.570.871/0001-46')).toBe(
      false,
    );
  });

  it('P/VP is point in time: first session on or after delivery, at most 7 days later', async () => {
    // FLRP11: 2021-05 report delivered 2021-06-18 (inf_mensal_fii_geral_2021.csv line 597), NAV per
    // quota 1662.331951 (complemento line 597); first session 2021-06-25 (7 days), close 1305.05
    // (COTAHIST_D25062021.TXT line 848).
    const flrp = await fundo('FLRP11');
    expect(flrp.pvp.find((p) => p.competencia === '2021-05-01')).toEqual({
      competencia: '2021-05-01',
      data_entrega: '2021-06-18',
      data_preco: '2021-06-25',
      preco: 1305.05,
      vp_cota: 1662.331951,
      pvp: 1305.05 / 1662.331951,
      flag: null,
    });
    // MXRF11: 2021-05 report delivered 2021-06-11 (geral line 7547); the first session in our files is
    // 14 days later: price kept, P/VP refused.
    const mxrf = await fundo('MXRF11');
    expect(mxrf.pvp.find((p) => p.competencia === '2021-05-01')).toEqual({
      competencia: '2021-05-01',
      data_entrega: '2021-06-11',
      data_preco: '2021-06-25',
      preco: 10.06,
      vp_cota: 9.997689,
      pvp: null,
      flag: 'preco_distante',
    });
    // MALL11: 2021-12 report delivered 2022-02-07 (geral line 3674), after the newest session.
    const mall = await fundo('MALL11');
    expect(mall.pvp.find((p) => p.competencia === '2021-12-01')).toMatchObject({
      data_entrega: '2022-02-07',
      data_preco: null,
      preco: null,
      pvp: null,
      flag: 'sem_preco_do_fundo',
    });
  });

  it('no distribution source: empty proventos, null 12-month yield with its flag, price of the newest session', async () => {
    const f = await fundo('MXRF11');
    expect(f.proventos_recentes).toEqual([]);
    // COTAHIST_D03022022.TXT line 995: MXRF11 closed at 9.40 on 2022-02-03.
    expect(f.dy_12m).toEqual({
      data_base: '2022-02-03',
      data_preco: '2022-02-03',
      preco: 9.4,
      rendimento_12m: null,
      n_meses: 0,
      dy_12m: null,
      flag: 'sem_fonte_de_rendimentos',
    });
    expect(f.vacancia).toEqual([]);
  });

  it('HGLG11: 12-month yield from the B3 distributions answer over the newest close (excerpt of Aug 2026)', async () => {
    // Price: COTAHIST_RECORTE_M082026_HGLG11_NVHO11.TXT line 16, HGLG11 closed at 148.34 on 2026-08-31
    // (real B3 record). Distributions: feitos-aqui/b3/fundos/GetListedSupplementFunds_0_HGLG_7.json, MADE
    // HERE: 12 RENDIMENTO of 1.00 with data com 2025-09-30 … 2026-08-31; the 0.30 on ISIN BRHGLGR09M16
    // (another ISIN), the AMORTIZACAO of 0.50 and the 2025-08-29 entry (outside the window) do not count.
    const f = await fundo('HGLG11');
    expect(f.dy_12m).toEqual({
      data_base: '2026-08-31',
      data_preco: '2026-08-31',
      preco: 148.34,
      rendimento_12m: 12,
      n_meses: 12,
      dy_12m: 12 / 148.34,
      flag: 'proventos_feitos_aqui',
    });
    expect(f.proventos_recentes).toHaveLength(13);
    expect(f.proventos_recentes[0]).toEqual({
      tipo: 'RENDIMENTO',
      valor: 1,
      data_com: '2026-08-31',
      data_pagamento: '2026-09-15',
      relativo_a: 'Agosto/2026',
      flag: 'proventos_feitos_aqui',
    });
    expect(f.proventos_recentes.filter((p) => p.tipo === 'AMORTIZACAO')).toEqual([
      {
        tipo: 'AMORTIZACAO',
        valor: 0.5,
        data_com: '2026-06-30',
        data_pagamento: '2026-07-14',
        relativo_a: 'Junho/2026',
        flag: 'proventos_feitos_aqui',
      },
    ]);
    expect(f.proventos_recentes.every((p) => p.valor !== 0.3)).toBe(true);
  });

  it('NVHO11: a fund without a distributions answer keeps a null yield at its newest close (excerpt)', async () => {
    // COTAHIST_RECORTE_M082026_HGLG11_NVHO11.TXT line 17: NVHO11 closed at 12.50 on 2026-08-31.
    const f = await fundo('NVHO11');
    expect(f.proventos_recentes).toEqual([]);
    expect(f.dy_12m).toMatchObject({ data_base: '2026-08-31', preco: 12.5, dy_12m: null, n_meses: 0 });
    expect(f.dy_12m.flag).toBe('sem_fonte_de_rendimentos');
  });

  it('data com checked against the ex-income marker of the real COTAHIST rows (soft invariant)', async () => {
    // HGLG11 data com 2026-07-31 → first quote 2026-08-03 `CI  ER` (excerpt line 2); data com 2022-01-31 →
    // 2022-02-03 `CI  ER` (COTAHIST_D03022022.TXT line 939). The other data com have no quote within 5 days.
    const report = JSON.parse(await readFile(join(cur, 'report.json'), 'utf8')) as {
      invariantes: { nome: string; verificados: number; falhas: number }[];
    };
    const inv = report.invariantes.find((i) => i.nome === 'fiis_data_com_confere_marca_ex');
    expect(inv).toMatchObject({ verificados: 2, falhas: 0 });
    expect(report.invariantes.find((i) => i.nome === 'fiis_dy_nulo_so_sem_fonte')).toMatchObject({
      falhas: 0,
    });
  });

  it('restatements: months whose current version is above 1, with its delivery date', async () => {
    // inf_mensal_fii_geral_2020.csv lines 6068 and 6070: MXRF11's 2020-01 and 2020-03 reports are
    // version 2, delivered 2020-02-19 and 2020-04-20.
    const r = ReapresentacoesFiiSchema.parse(
      JSON.parse(await readFile(join(cur, 'json/fiis/MXRF11/reapresentacoes.json'), 'utf8')),
    );
    expect(r.fundo).toEqual({ cnpj: '97.521.225/0001-25', ticker: 'MXRF11', nome: 'FII MAXI RENDA' });
    expect(r.versoes).toEqual([
      { competencia: '2020-01-01', versao: 2, data_entrega: '2020-02-19' },
      { competencia: '2020-03-01', versao: 2, data_entrega: '2020-04-20' },
    ]);
    // The CVM file keeps only the current version of each month: nothing to compare.
    expect(r.capturadas).toEqual([]);
  });
});

describe('montarFiis (made-here tables)', () => {
  it('two staged versions of one month give before/after rows; the newest version wins', async () => {
    // MADE HERE: fictitious fund, ISIN and code; placeholder numbers, not financial data.
    const { ctx } = await contextoMemoria();
    await ctx.db.run(`
      CREATE TABLE stg_cvm_fii_mensal_geral AS SELECT * FROM (VALUES
        ('99.999.999/0001-91', DATE '2030-01-01', 1, DATE '2030-02-10', 'BRXXXXCTF000', 'FUNDO FEITO AQUI', 'Logística', 'Renda', 'Ativa', 'INVESTIDORES EM GERAL', DATE '2020-01-02', 'f.csv', 2),
        ('99.999.999/0001-91', DATE '2030-01-01', 2, DATE '2030-02-20', 'BRXXXXCTF000', 'FUNDO FEITO AQUI', 'Logística', 'Renda', 'Ativa', 'INVESTIDORES EM GERAL', DATE '2020-01-02', 'g.csv', 2)
      ) t(cnpj_fundo_classe, data_referencia, versao, data_entrega, codigo_isin, nome_fundo_classe, segmento_atuacao,
          mandato, tipo_gestao, publico_alvo, data_funcionamento, _arquivo, _linha);
      CREATE TABLE stg_cvm_fii_mensal_complemento AS SELECT * FROM (VALUES
        ('99.999.999/0001-91', DATE '2030-01-01', 1, 10, 1000.0, 10.0, 'f2.csv', 2),
        ('99.999.999/0001-91', DATE '2030-01-01', 2, 10, 1200.0, 12.0, 'g2.csv', 2)
      ) t(cnpj_fundo_classe, data_referencia, versao, total_numero_cotistas, patrimonio_liquido,
          valor_patrimonial_cotas, _arquivo, _linha);
      CREATE TABLE stg_cvm_fii_trimestral_imovel (cnpj_fundo_classe VARCHAR, data_referencia DATE, versao INTEGER,
        nome_imovel VARCHAR, percentual_vacancia DOUBLE);
      CREATE TABLE mart_mercado_precos AS SELECT * FROM (VALUES
        ('XXXX11', DATE '2030-02-24', 6.0, 'BRXXXXCTF000', 'CI', '12', 'c.txt', 3)
      ) t(ticker, data, fechamento, codisi, especi, codbdi, arquivo, linha);
      CREATE TABLE int_mercado_sessoes AS SELECT DISTINCT data FROM mart_mercado_precos;
      CREATE OR REPLACE MACRO int_mercado_primeira_sessao(d) AS (SELECT min(data) FROM int_mercado_sessoes WHERE data >= d);
    `);
    await garantirTabelasFiis(ctx.db);
    await ctx.db.run(SQL_FIIS);
    const r = await montarFiis({
      db: ctx.db,
      versao_do_dado: '2030-03-01-feito|1',
      data_build: '2030-03-01',
    });
    const f = r.fundos[0];
    expect(f?.ultimo_informe).toEqual({ cotistas: 10, pl: 1200, competencia: '2030-01-01' });
    // Delivered 2030-02-20, session 2030-02-24 (4 days): 6 / 12.
    expect(f?.pvp).toEqual([
      {
        competencia: '2030-01-01',
        data_entrega: '2030-02-20',
        data_preco: '2030-02-24',
        preco: 6,
        vp_cota: 12,
        pvp: 0.5,
        flag: null,
      },
    ]);
    const reap = r.reapresentacoes[0];
    expect(reap?.versoes).toEqual([{ competencia: '2030-01-01', versao: 2, data_entrega: '2030-02-20' }]);
    expect(reap?.capturadas.map((c) => [c.campo, c.antes, c.depois])).toEqual([
      ['data_entrega', '2030-02-10', '2030-02-20'],
      ['pl', 1000, 1200],
      ['vp_cota', 10, 12],
    ]);
    expect(reap?.capturadas[0]?.capturado_em).toBe('2030-03-01T00:00:00-03:00');
    expect(r.lista.fundos.map((x) => x.ticker)).toEqual(['XXXX11']);
  });
});
