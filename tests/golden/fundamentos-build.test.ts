import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lerPublicado } from '@fundamentos/pipeline/publish/publicado';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { consultar } from '@fundamentos/pipeline/testing/consulta';
import { type BuildReport, BuildReportSchema } from '@fundamentos/schemas/build-report';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { type Manifest, ManifestSchema } from '@fundamentos/schemas/manifest';
import { ScoresEmpresaSchema } from '@fundamentos/schemas/scores';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The fundamentals marts inside the real build (staging by the core readers, every mart, atomic
 * publication), through the shared sample build: the published files are read back from disk.
 */
let dir: string;
let manifest: Manifest;
let report: BuildReport;

beforeAll(async () => {
  dir = join(await amostraPublicada(), 'current');
  manifest = ManifestSchema.parse(JSON.parse(await ler('manifest.json')));
  report = BuildReportSchema.parse(JSON.parse(await ler('report.json')));
});

const ler = async (p: string): Promise<string> => readFile(join(dir, p), 'utf8');

describe('fundamentals in the real build of the sample', () => {
  it('publishes through the manifest with the hard checks passing, at the fixed clock', async () => {
    expect(manifest.versao_do_dado).toBe('2026-01-02-amostra|1');
    const nomes = new Set(manifest.artefatos.map((a) => a.path));
    for (const p of [
      'json/empresas.json',
      'json/tickers.json',
      'json/dicionario.json',
      'json/desafio.json',
      'auditoria/universo.txt',
      'json/empresas/15253/index.json',
      'parquet/indicadores.parquet',
      'csv/reapresentacoes.csv',
    ])
      expect(nomes.has(p), p).toBe(true);
    // Per-year audits are members of the company's pack: the pack is listed, the year is inside it.
    expect(nomes.has('json/empresas/15253/auditoria/dep_amort/pacote.tsv')).toBe(true);
    expect(await lerPublicado(dir, 'json/empresas/15253/auditoria/dep_amort/2016.json')).toMatch(
      /^\{"cd_regulator":15253,"ano":2016,/,
    );
    const balanco = report.invariantes.find((i) => i.nome === 'ativo_igual_passivo_mais_pl');
    expect(balanco?.falhas).toBe(0);
    expect(balanco?.verificados).toBeGreaterThan(100);
  });

  // por-empresa/dfp_cia_aberta_DRE_con_2016.csv, Energisa 015253, MIL: l.257 3.11 195786, l.213 3.01 11810695
  it('the file on disk carries the value derived by hand from the real rows', async () => {
    const ind = IndicadoresSchema.parse(JSON.parse(await ler('json/empresas/15253/indicadores.json')));
    const m = ind.indicadores.find((l) => l.ano === 2016 && l.nome === 'margem_liquida');
    expect(m?.valor).toBeCloseTo(195786 / 11810695, 12);
    expect(ind.contas_usadas.lucro_2016).toBe('DRE 3.11 (con, exercício 2016)');
  });

  it('the CSV set has one line per row the manifest announces', async () => {
    const e = manifest.artefatos.find((a) => a.path === 'csv/indicadores.csv');
    const p = manifest.artefatos.find((a) => a.path === 'parquet/indicadores.parquet');
    const csv = (await ler('csv/indicadores.csv')).trimEnd().split('\n');
    expect(csv[0]).toBe('cd_regulator,ano,nome,valor,flag');
    expect(csv.length - 1).toBe(e?.rows);
    expect(p?.rows).toBe(e?.rows);
  });

  it('the DFC_MD restatements of 2010–2018 are the 161 the MANIFEST cross-checks count (40+27+47+14+4+18+2+2+7)', async () => {
    const linhas = (await ler('csv/reapresentacoes.csv')).trimEnd().split('\n').slice(1);
    // columns: ano,demo,cd_conta,valor_ultimo,valor_penult,dif_rel,agreg,sem_valor,cd_regulator
    const dfcMd = linhas.filter((l) => {
      const c = l.split(',');
      return c[1] === 'DFC_MD' && c[6] === 'con' && Number(c[0]) >= 2010 && Number(c[0]) <= 2018;
    });
    expect(dfcMd).toHaveLength(161);
  });

  it('scores.json: the value score follows the P/L flags instead of estimating (metodologia 9.1)', async () => {
    // ENERGISA (15253): every annual multiple of the sample is priced months after DT_RECEB (only the
    // 2021-06-25 and 2022-02-03 sessions exist), so every P/L is null with preco_distante
    const s = ScoresEmpresaSchema.parse(JSON.parse(await ler('json/empresas/15253/scores.json')));
    const m = await consultar(
      `SELECT ano, flag_pl FROM '${join(dir, 'parquet', 'multiplos.parquet')}' WHERE cd_regulator = 15253 ORDER BY ano`,
    );
    expect(m.length).toBeGreaterThan(0);
    expect(s.score_valor.map((a) => a.ano)).toEqual(m.map((r) => r.ano));
    for (const a of s.score_valor) {
      expect(a.valor).toBeNull();
      expect(a.flag).toBe('preco_distante');
    }
    // the rule on whatever real values exist: a score only where P/L and P/VP are both published and
    // the P/L has no blocking flag; the sample has none, so nobody is in any universe
    const [n] = await consultar(
      `SELECT count(*) FILTER (WHERE pl IS NOT NULL AND pvp IS NOT NULL) AS limpos FROM '${join(dir, 'parquet', 'multiplos.parquet')}'`,
    );
    expect(Number(n?.limpos)).toBe(0);
    expect(s.score_valor.every((a) => a.universo === 0)).toBe(true);
  });
});
