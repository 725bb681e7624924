import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BuildReportSchema } from '@fundamentos/schemas/build-report';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, build } from './build.ts';
import { tabelaDeStagingPublicada } from './publish/staging-publicado.ts';
import { cvmSources } from './sources/cvm/index.ts';
import { dataLines, query, SAMPLE_RAW } from './test-support/sample.ts';

// One staging-only build of the real sample (CVM sources, no marts) shared by every test in this file.
let out: string;
let r: BuildResult;
const pq = (t: string) =>
  t === '_quarantine'
    ? `read_parquet('${join(r.dir, 'parquet', '_quarantine.parquet')}')`
    : tabelaDeStagingPublicada(r.dir, t);

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'build-amostra-'));
  r = await build({
    raw: SAMPLE_RAW,
    out,
    label: 'amostra',
    sources: cvmSources,
    stages: [],
    now: new Date('2026-11-22T12:00:00Z'),
  });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('build of data/sample/raw (CVM staging)', () => {
  it('publishes under <out>/<versao> with current pointing at it, manifest and report valid', () => {
    expect(r.versao_do_dado).toBe('2026-11-22-amostra|1');
    expect(r.dir).toBe(join(out, '2026-11-22-amostra.1'));
    const manifest = ManifestSchema.parse(
      JSON.parse(readFileSync(join(out, 'current', 'manifest.json'), 'utf8')),
    );
    expect(manifest.versao_do_dado).toBe('2026-11-22-amostra|1');
    const report = BuildReportSchema.parse(
      JSON.parse(readFileSync(join(out, 'current', 'report.json'), 'utf8')),
    );
    expect(report.tabelas.map((t) => t.tabela)).toContain('stg_cvm_demonstracao');
    // One part per raw input a table holds rows of, named by the input's path (this build has no cacheDir:
    // its parts come from a scratch staging cache).
    expect(
      existsSync(
        join(
          out,
          'current',
          'parquet',
          'stg_cvm_demonstracao',
          'cvm_dfp_ano-completo_dfp_cia_aberta_DRA_con_2024.csv.parquet',
        ),
      ),
    ).toBe(true);
  });

  it('stages every data row of every recognised file: staged + quarantined = lines counted independently', () => {
    const files = r.report.tabelas.flatMap((t) => t.arquivos);
    expect(files.length).toBeGreaterThan(140);
    for (const f of files) {
      const [loose, member] = f.arquivo.split(':');
      if (member) continue; // zip members are checked in the fixture test
      expect({ arquivo: f.arquivo, n: f.linhas + f.quarentena }).toEqual({
        arquivo: f.arquivo,
        n: dataLines(join(SAMPLE_RAW, loose ?? '')),
      });
    }
  });

  it('publishes each staging table as parts that, less the cross-file duplicates, hold the rows the report gives', async () => {
    for (const t of r.report.tabelas) {
      const partes = r.manifest.artefatos.filter((a) => a.path.startsWith(`parquet/${t.tabela}/`));
      expect(t.linhas, t.tabela).toBe(t.arquivos.reduce((s, a) => s + a.linhas, 0));
      if (!t.arquivos.length) {
        // No input fed it: one empty part keeps its columns.
        expect(partes.map((p) => [p.path, p.rows])).toEqual([[`parquet/${t.tabela}/sem-entrada.parquet`, 0]]);
        continue;
      }
      expect(partes.length, t.tabela).toBeGreaterThan(0);
      const n = (await query(`SELECT count(*)::INTEGER n FROM ${pq(t.tabela)}`))[0]?.n;
      expect(n, t.tabela).toBe(t.linhas);
      // The parts keep the rows removed as cross-file duplicates (the real DFC_MD and FCA repeats below).
      expect(
        partes.reduce((s, p) => s + p.rows, 0),
        t.tabela,
      ).toBeGreaterThanOrEqual(t.linhas);
    }
  });

  it('quarantines only the real duplicated rows of the sample, keeping the first', async () => {
    // The real DFC_MD_ind 2022 file repeats PETRO RIO's rows: lines 126/127 (6.01 PENÚLTIMO) and 128/129 (6.01 ÚLTIMO).
    expect(r.report.quarentena.grupos.map((g) => g.motivo).every((m) => m === 'duplicada')).toBe(true);
    const q = await query(
      `SELECT linha FROM ${pq('_quarantine')} WHERE arquivo = 'cvm/dfp/ano-completo/dfp_cia_aberta_DFC_MD_ind_2022.csv' AND linha BETWEEN 126 AND 129 ORDER BY linha`,
    );
    expect(q.map((x) => Number(x.linha))).toEqual([127, 129]);
    const kept = await query(
      `SELECT _linha, vl_conta::VARCHAR v FROM ${pq('stg_cvm_demonstracao')} WHERE _arquivo = 'cvm/dfp/ano-completo/dfp_cia_aberta_DFC_MD_ind_2022.csv' AND cnpj_cia = '02.031.413/0001-69' AND cd_conta = '6.01' ORDER BY _linha`,
    );
    expect(kept).toEqual([
      { _linha: '126', v: '-3779.0000000000' },
      { _linha: '128', v: '2613340.0000000000' },
    ]);
    // FCA valor_mobiliario 2019–2024 repeat 32 rows byte for byte.
    expect(r.report.quarentena.grupos.find((g) => g.fonte === 'cvm_fca_valor_mobiliario')?.n).toBe(32);
  });

  it('keeps real values exactly, with file, line and file-name facts', async () => {
    // dfp_cia_aberta_DRA_con_2024.csv line 3: BB, 4.01, ÚLTIMO 2024, 29171564.0000000000 MIL.
    const dra = await query(
      `SELECT cd_cvm, escala_moeda, ordem_exerc, dt_ini_exerc::VARCHAR ini, vl_conta::VARCHAR v, typeof(vl_conta) t, _doc, _demo, _agreg, coluna_df
       FROM ${pq('stg_cvm_demonstracao')} WHERE _arquivo = 'cvm/dfp/ano-completo/dfp_cia_aberta_DRA_con_2024.csv' AND _linha = 3`,
    );
    expect(dra).toEqual([
      {
        cd_cvm: '001023',
        escala_moeda: 'MIL',
        ordem_exerc: 'ÚLTIMO',
        ini: '2024-01-01',
        v: '29171564.0000000000',
        t: 'DECIMAL(38,10)',
        _doc: 'DFP',
        _demo: 'DRA',
        _agreg: 'con',
        coluna_df: null,
      },
    ]);
    // por-empresa/dfp_cia_aberta_BPA_con_2014.csv line 3: BB, account 1 Ativo Total, 1278136948.0000000000; BPA has no DT_INI_EXERC.
    const bpa = await query(
      `SELECT cd_conta, ds_conta, vl_conta::VARCHAR v, dt_ini_exerc, dt_fim_exerc::VARCHAR fim FROM ${pq('stg_cvm_demonstracao')}
       WHERE _arquivo = 'cvm/dfp/por-empresa/dfp_cia_aberta_BPA_con_2014.csv' AND _linha = 3`,
    );
    expect(bpa).toEqual([
      {
        cd_conta: '1',
        ds_conta: 'Ativo Total',
        v: '1278136948.0000000000',
        dt_ini_exerc: null,
        fim: '2014-12-31',
      },
    ]);
    // ano-completo/dfp_cia_aberta_2010.csv lines 2–3: BB versions 1 and 2, ID_DOC 4822/4823, both received 2011-02-17.
    const idx = await query(
      `SELECT versao, id_doc, dt_receb::VARCHAR dt_receb, _doc FROM ${pq('stg_cvm_doc_indice')} WHERE _arquivo = 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv' AND _linha IN (2, 3) ORDER BY _linha`,
    );
    expect(idx).toEqual([
      { versao: 1, id_doc: '4822', dt_receb: '2011-02-17', _doc: 'DFP' },
      { versao: 2, id_doc: '4823', dt_receb: '2011-02-17', _doc: 'DFP' },
    ]);
    // cad_cia_aberta.csv line 2 writes CD_CVM 25224 without zeros; staging pads it.
    const cad = await query(
      `SELECT cd_cvm, denom_social FROM ${pq('stg_cvm_cad_cia_aberta')} WHERE _linha = 2`,
    );
    expect(cad).toEqual([{ cd_cvm: '025224', denom_social: '2W ECOBANK S.A.' }]);
  });

  it('keeps ESCALA_MOEDA per row and every VERSAO', async () => {
    // MANIFEST: DFC_MD_con 2010 has 587 MIL and 28 UNIDADE rows; the DFP 2010 index has versions up to 9.
    const esc = await query(
      `SELECT escala_moeda, count(*)::INTEGER n FROM ${pq('stg_cvm_demonstracao')} WHERE _arquivo = 'cvm/dfp/ano-completo/dfp_cia_aberta_DFC_MD_con_2010.csv' GROUP BY 1 ORDER BY 1`,
    );
    expect(esc).toEqual([
      { escala_moeda: 'MIL', n: 587 },
      { escala_moeda: 'UNIDADE', n: 28 },
    ]);
    const v = await query(
      `SELECT max(versao) m, count(*) FILTER (WHERE versao = 1)::INTEGER v1 FROM ${pq('stg_cvm_doc_indice')} WHERE _arquivo = 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'`,
    );
    expect(v).toEqual([{ m: 9, v1: 663 }]);
  });

  it('reads the made-here ITR and FRE zips member by member and the FCA geral fixture', async () => {
    const itr = await query(
      // the made-here zip only (the real 2025 ITR rows of raw/cvm/itr have their own tests)
      `SELECT _arquivo, _doc, _demo, escala_moeda, coluna_df FROM ${pq('stg_cvm_demonstracao')}
       WHERE _doc = 'ITR' AND _arquivo LIKE 'feitos-aqui/cvm/itr_cia_aberta_2024.zip:%' ORDER BY _arquivo, _linha`,
    );
    expect(itr.map((x) => x._arquivo)).toEqual([
      'feitos-aqui/cvm/itr_cia_aberta_2024.zip:itr_cia_aberta_BPA_con_2024.csv',
      'feitos-aqui/cvm/itr_cia_aberta_2024.zip:itr_cia_aberta_BPA_con_2024.csv',
      'feitos-aqui/cvm/itr_cia_aberta_2024.zip:itr_cia_aberta_DMPL_con_2024.csv',
      'feitos-aqui/cvm/itr_cia_aberta_2024.zip:itr_cia_aberta_DRE_con_2024.csv',
      'feitos-aqui/cvm/itr_cia_aberta_2024.zip:itr_cia_aberta_DRE_con_2024.csv',
    ]);
    expect(itr[2]).toMatchObject({ _demo: 'DMPL', coluna_df: 'Capital Social Integralizado' });
    const parecer = await query(`SELECT tp_relat_esp, tp_relat_aud, _doc FROM ${pq('stg_cvm_parecer')}`);
    expect(parecer).toEqual([
      { tp_relat_esp: 'Relatório de Revisão Especial - Sem Ressalva', tp_relat_aud: null, _doc: 'ITR' },
    ]);
    const fre = await query(
      `SELECT quantidade_total_acoes_circulacao q, percentual_total_acoes_circulacao::VARCHAR p FROM ${pq('stg_cvm_fre_distribuicao_capital')}`,
    );
    expect(fre).toEqual([{ q: '3', p: '50.0000000000' }]);
    const geral = await query(
      `SELECT codigo_cvm, mes_encerramento_exercicio_social m FROM ${pq('stg_cvm_fca_geral')}`,
    );
    expect(geral).toEqual([{ codigo_cvm: '099999', m: 3 }]);
    const docs = await query(
      `SELECT _doc, count(*)::INTEGER n FROM ${pq('stg_cvm_doc_indice')}
       WHERE _doc <> 'DFP' AND _arquivo <> 'feitos-aqui/cvm/itr_cia_aberta_2025.csv' GROUP BY 1 ORDER BY 1`,
    );
    expect(docs).toEqual([
      { _doc: 'FRE', n: 1 },
      { _doc: 'ITR', n: 2 },
    ]);
    // the made-here index of the real 2025 ITR rows: Q1 and Q2 of WEG and Banco do Brasil (data/sample/README.md)
    const itr2025 = await query(
      `SELECT count(*)::INTEGER n FROM ${pq('stg_cvm_doc_indice')} WHERE _arquivo = 'feitos-aqui/cvm/itr_cia_aberta_2025.csv'`,
    );
    expect(itr2025).toEqual([{ n: 4 }]);
  });

  it('lists files no source recognised instead of reading them', () => {
    expect(r.report.nao_reconhecidos).toContain('cvm/fii/inf_mensal_fii_geral_2020.csv');
    expect(r.report.nao_reconhecidos).toContain('b3/cotahist/COTAHIST_D03022022.TXT');
  });
});

describe('a staged table no input fed', () => {
  it('is published as one empty part with its columns, which the reader reads as an empty table', async () => {
    // The real register file alone: every other CVM table gets no input.
    const dir = mkdtempSync(join(tmpdir(), 'build-sem-entrada-'));
    try {
      const raw = join(dir, 'raw');
      mkdirSync(join(raw, 'cvm', 'cad'), { recursive: true });
      copyFileSync(
        join(SAMPLE_RAW, 'cvm', 'cad', 'cad_cia_aberta.csv'),
        join(raw, 'cvm', 'cad', 'cad_cia_aberta.csv'),
      );
      const b = await build({ raw, out: join(dir, 'out'), label: 'vazia', sources: cvmSources, stages: [] });
      const partes = (t: string) =>
        b.manifest.artefatos.filter((a) => a.path.startsWith(`parquet/${t}/`)).map((a) => [a.path, a.rows]);
      expect(partes('stg_cvm_cad_cia_aberta')).toEqual([
        [
          'parquet/stg_cvm_cad_cia_aberta/cvm_cad_cad_cia_aberta.csv.parquet',
          b.report.tabelas.find((t) => t.tabela === 'stg_cvm_cad_cia_aberta')?.linhas,
        ],
      ]);
      expect(partes('stg_cvm_demonstracao')).toEqual([
        ['parquet/stg_cvm_demonstracao/sem-entrada.parquet', 0],
      ]);
      const vazia = await query(
        `SELECT count(*)::INTEGER n, count(DISTINCT cd_conta)::INTEGER contas FROM ${tabelaDeStagingPublicada(b.dir, 'stg_cvm_demonstracao')}`,
      );
      expect(vazia).toEqual([{ n: 0, contas: 0 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('two raw files whose paths make one part name', () => {
  it('stop the build with both named, and the published version stays current', async () => {
    // The real register file at cvm/cad/ and again at cvm_cad/: both recognised (by file name), both `cvm_cad_cad_cia_aberta.csv`.
    const dir = mkdtempSync(join(tmpdir(), 'build-parte-repetida-'));
    try {
      const raw = join(dir, 'raw');
      const out = join(dir, 'out');
      const fonte = join(SAMPLE_RAW, 'cvm', 'cad', 'cad_cia_aberta.csv');
      mkdirSync(join(raw, 'cvm', 'cad'), { recursive: true });
      copyFileSync(fonte, join(raw, 'cvm', 'cad', 'cad_cia_aberta.csv'));
      const primeira = await build({ raw, out, label: 'parte', sources: cvmSources, stages: [] });
      mkdirSync(join(raw, 'cvm_cad'));
      copyFileSync(fonte, join(raw, 'cvm_cad', 'cad_cia_aberta.csv'));
      await expect(build({ raw, out, label: 'parte', sources: cvmSources, stages: [] })).rejects.toThrow(
        'staging_parquet: cvm/cad/cad_cia_aberta.csv and cvm_cad/cad_cia_aberta.csv both make the part parquet/stg_cvm_cad_cia_aberta/cvm_cad_cad_cia_aberta.csv.parquet',
      );
      expect(readFileSync(join(out, 'current', 'manifest.json'), 'utf8')).toBe(
        readFileSync(join(primeira.dir, 'manifest.json'), 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
