import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '@fundamentos/pipeline/build';
import { fundamentosStages } from '@fundamentos/pipeline/marts/fundamentos/index';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The fundamentals marts inside the real build (staging by the core readers, atomic publication): the
 * sample is built once and the published files are read back from disk.
 */
const RAW = fileURLToPath(new URL('../../data/sample/raw', import.meta.url));
let out: string;
let resultado: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'fundamentos-golden-'));
  resultado = await build({
    raw: RAW,
    out,
    label: 'amostra',
    now: new Date('2026-01-02T12:00:00Z'),
    stages: fundamentosStages,
  });
});

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

const ler = async (p: string): Promise<string> => readFile(join(resultado.dir, p), 'utf8');

describe('fundamentals in the real build of the sample', () => {
  it('publishes through the manifest with the hard checks passing', () => {
    const nomes = new Set(resultado.manifest.artefatos.map((a) => a.path));
    for (const p of [
      'json/empresas.json',
      'json/tickers.json',
      'json/dicionario.json',
      'json/desafio.json',
      'auditoria/universo.txt',
      'json/empresas/15253/index.json',
      'json/empresas/15253/auditoria/dep_amort/2016.json',
      'parquet/indicadores.parquet',
      'csv/reapresentacoes.csv',
    ])
      expect(nomes.has(p), p).toBe(true);
    const balanco = resultado.report.invariantes.find((i) => i.nome === 'ativo_igual_passivo_mais_pl');
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
    const e = resultado.manifest.artefatos.find((a) => a.path === 'csv/indicadores.csv');
    const p = resultado.manifest.artefatos.find((a) => a.path === 'parquet/indicadores.parquet');
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
});
