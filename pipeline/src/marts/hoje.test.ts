import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Hoje, HojeSchema } from '@fundamentos/schemas/hoje';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { beforeAll, describe, expect, it } from 'vitest';
import { amostraPublicada } from '../testing/amostra.ts';
import { contextoMemoria } from './fundamentos/amostra/contexto-memoria.ts';
import { montarHoje } from './hoje.ts';

/**
 * json/hoje.json of the real sample build. The sample's newest DT_RECEB of any index is 2025-09-23
 * (data/sample/raw/cvm/dfp/ano-completo/dfp_cia_aberta_2024.csv line 511, OCEÂNICA, DFP 2024 version 2);
 * the only other reception in the 7 days up to it is line 260 (AEGEA, DFP 2024 version 3, 2025-09-19).
 * The newest COTAHIST session of the sample is 2022-02-03 (COTAHIST_D03022022.TXT), before the window.
 */
let hoje: Hoje;
let cur: string;
beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
  hoje = HojeSchema.parse(JSON.parse(await readFile(join(cur, 'json/hoje.json'), 'utf8')));
}, 600_000);

describe('json/hoje.json (real sample)', () => {
  it('is listed in the manifest and carries the build version', async () => {
    const m = ManifestSchema.parse(JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')));
    expect(m.artefatos.some((a) => a.path === 'json/hoje.json')).toBe(true);
    expect(hoje.versao_do_dado).toBe(m.versao_do_dado);
  });

  it('the window is the 7 days up to the newest reception date in the data, not the build date', () => {
    expect(hoje.ate).toBe('2025-09-23');
    expect(hoje.de).toBe('2025-09-17');
    expect(hoje.nota).toContain('2025-09-23');
  });

  it('lists each filing received in the window with its version and index line; version > 1 is a resubmission', () => {
    const docs = hoje.mudancas.flatMap((m) => (m.documento === undefined ? [] : [m.documento]));
    expect(docs).toEqual([
      {
        cd_regulator: 26956,
        empresa: expect.any(String),
        doc: 'DFP',
        versao: 2,
        reapresentacao: true,
        dt_refer: '2024-12-31',
        dt_receb: '2025-09-23',
        fonte: 'cvm/dfp/ano-completo/dfp_cia_aberta_2024.csv:511',
      },
      {
        cd_regulator: 23396,
        empresa: expect.any(String),
        doc: 'DFP',
        versao: 3,
        reapresentacao: true,
        dt_refer: '2024-12-31',
        dt_receb: '2025-09-19',
        fonte: 'cvm/dfp/ano-completo/dfp_cia_aberta_2024.csv:260',
      },
    ]);
    expect(hoje.mudancas[0]?.texto).toContain('reapresentado (versão 2)');
    expect(hoje.mudancas[0]?.texto_en).toContain('resubmitted (version 2)');
  });

  it('names the newest price session even though it is outside the window', () => {
    expect(hoje.ultima_sessao?.data).toBe('2022-02-03');
    expect(hoje.ultima_sessao?.arquivos).toEqual(['b3/cotahist/COTAHIST_D03022022.TXT']);
    expect(hoje.mudancas.some((m) => m.tipo === 'precos')).toBe(false);
  });
});

describe('montarHoje (made-here tables)', () => {
  it('restatements revealed in the window, a session inside it, newest first', async () => {
    // MADE HERE: fictitious company 999020 and placeholder rows (not financial data).
    const { ctx } = await contextoMemoria();
    await ctx.db.run(`
      CREATE TABLE stg_cvm_doc_indice AS SELECT * FROM (VALUES
        ('DFP', 'FEITA AQUI SA', '099020', 1, DATE '2030-12-31', DATE '2031-03-10', 'feito-aqui.csv', 2),
        ('ITR', 'FEITA AQUI SA', '099020', 2, DATE '2030-09-30', DATE '2031-03-08', 'feito-aqui.csv', 3),
        ('DFP', 'FEITA AQUI SA', '099020', 1, DATE '2029-12-31', DATE '2030-03-10', 'feito-aqui.csv', 4)
      ) t(_doc, denom_cia, cd_cvm, versao, dt_refer, dt_receb, _arquivo, _linha);
      CREATE TABLE mart_empresas AS SELECT 99020 AS cd_regulator, 'FEITA AQUI' AS nome, 'FEIT3' AS ticker_atual;
      CREATE TABLE mart_reapresentacoes AS SELECT * FROM (VALUES
        (99020, 2029, 'DRE', '3.01', 2030, 1, DATE '2031-03-10'),
        (99020, 2029, 'DRE', '3.02', 2030, 1, DATE '2031-03-10'),
        (99020, 2028, 'DRE', '3.01', 2029, 1, DATE '2030-03-10')
      ) t(cd_regulator, ano, demo, cd_conta, ano_filing_seguinte, versao_seguinte, dt_receb_seguinte);
      CREATE TABLE mart_mercado_precos AS SELECT * FROM (VALUES
        ('FEIT3', DATE '2031-03-09', 'cotahist-feito-aqui.txt'), ('OUTR3', DATE '2031-03-09', 'cotahist-feito-aqui.txt'),
        ('FEIT3', DATE '2031-03-05', 'cotahist-feito-aqui.txt')
      ) t(ticker, data, arquivo);`);
    const h = HojeSchema.parse(await montarHoje(ctx));
    expect([h.de, h.ate]).toEqual(['2031-03-04', '2031-03-10']);
    expect(h.mudancas.map((m) => [m.data, m.tipo])).toEqual([
      ['2031-03-10', 'documento_recebido'],
      ['2031-03-10', 'reapresentacao'],
      ['2031-03-09', 'precos'],
      ['2031-03-08', 'documento_recebido'],
    ]);
    expect(h.mudancas[1]?.reapresentacao).toEqual({
      cd_regulator: 99020,
      empresa: 'FEITA AQUI',
      ano: 2029,
      ano_filing: 2030,
      versao: 1,
      dt_receb: '2031-03-10',
      n_contas: 2,
    });
    expect(h.mudancas[1]?.url).toBe('/empresas/FEIT3/reapresentacoes');
    expect(h.mudancas[3]?.documento?.reapresentacao).toBe(true);
    expect(h.mudancas[0]?.documento?.reapresentacao).toBe(false);
    expect(h.ultima_sessao).toEqual({
      data: '2031-03-09',
      n_codigos: 2,
      arquivos: ['cotahist-feito-aqui.txt'],
    });
  });
});
