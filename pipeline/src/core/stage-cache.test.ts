import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../build.ts';
import { colunasConjuntosStage } from '../marts/conjuntos/index.ts';
import { eventosEmpresasStage } from '../marts/eventos/index.ts';
import { fundamentosStages } from '../marts/fundamentos/index.ts';
import { acoesStage } from '../marts/mercado/acoes.ts';
import { mercadoStages } from '../marts/mercado/index.ts';
import { multiplosStage } from '../marts/mercado/multiplos.ts';
import { precosStage } from '../marts/mercado/precos.ts';
import { lucroTrimestralStage } from '../marts/mercado/trimestrais.ts';
import { construtorDeBuilds, differences } from '../test-support/builds.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';

// The whole real sample with every mart, built into one `out` as the nightly job does: the second build
// has a new version (`|2`), so the artefacts restored from the stage cache must be re-stamped with it.
const root = mkdtempSync(join(tmpdir(), 'cache-etapas-'));
const raw = join(root, 'raw');
const cache = join(root, 'cache');
const NEW_DAY = 'b3/cotahist/COTAHIST_D03022022.TXT';
const DFP = 'cvm/dfp/parcial-2023/dfp_cia_aberta_DRE_con_2023.csv';
const FII = 'cvm/fii/inf_mensal_fii_geral_2021.csv';
const now = new Date('2026-11-22T15:00:00Z');
const run = construtorDeBuilds({ raw, root, label: 'cache', now });

const FUNDAMENTOS = fundamentosStages.map((s) => s.name);
// Stages outside the fundamentals whose inputs are the filings only: a new price day restores them too.
const SO_DOS_FILINGS = [lucroTrimestralStage, eventosEmpresasStage, colunasConjuntosStage].map((s) => s.name);
const MERCADO = mercadoStages.map((s) => s.name).filter((s) => !SO_DOS_FILINGS.includes(s));

beforeAll(() => {
  cpSync(SAMPLE_RAW, raw, { recursive: true, filter: (src) => !src.endsWith(NEW_DAY) });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('stage cache', () => {
  let first: BuildResult;

  it('a first build runs every stage and saves the cacheable ones', async () => {
    const { r } = await run('x', cache);
    first = r;
    expect(r.versao_do_dado).toBe('2026-11-22-cache|1');
    expect(r.etapas_do_cache).toEqual([]);
    expect(readdirSync(join(cache, 'etapas')).length).toBeGreaterThanOrEqual(FUNDAMENTOS.length);
  }, 300_000);

  it('one new COTAHIST day: the fundamentals stages come from the cache, the price stages run, and the publication equals a build from scratch', async () => {
    cpSync(join(SAMPLE_RAW, NEW_DAY), join(raw, NEW_DAY));
    const { r, lines } = await run('x', cache);
    expect(r.versao_do_dado).toBe('2026-11-22-cache|2');
    expect(r.etapas_do_cache).toEqual([...FUNDAMENTOS, ...SO_DOS_FILINGS]);
    for (const s of [...FUNDAMENTOS, ...SO_DOS_FILINGS])
      expect(lines).toContain(`${s}: from the stage cache`);
    for (const s of MERCADO) expect(r.etapas_do_cache).not.toContain(s);
    // The day's rows were staged beside the cached years, which were not loaded: mart_precos, their only
    // reader, read both in place.
    expect(lines).toContain('stg_b3_cotahist: read in place by the one stage that reads it, not loaded');
    // From scratch, into an out whose last version was |1, so both are |2.
    mkdirSync(join(root, 's', '2026-11-22-cache.1'), { recursive: true });
    const scratch = await run('s');
    expect(scratch.r.versao_do_dado).toBe(r.versao_do_dado);
    expect(differences(r, scratch.r)).toEqual([]);
    expect(r.manifest).toEqual(scratch.r.manifest);
    expect(r.report).toEqual(scratch.r.report);
    // The re-stamped artefacts name the new version, not the one they were first written under.
    const textos = r.manifest.artefatos
      .filter((e) => e.format !== 'parquet')
      .map((e) => readFileSync(join(r.dir, e.path), 'utf8'));
    expect(textos.filter((t) => t.includes(first.versao_do_dado))).toEqual([]);
    expect(textos.filter((t) => t.includes(r.versao_do_dado)).length).toBeGreaterThan(100);
  }, 600_000);

  it('a changed DFP file recomputes every fundamentals stage that reads the filings', async () => {
    const path = join(raw, DFP);
    const linhas = readFileSync(path, 'latin1').split('\n');
    // Made here: the same file without its last data row, as if CVM had republished it.
    writeFileSync(path, `${linhas.slice(0, -2).join('\n')}\n`, 'latin1');
    const { r } = await run('x', cache);
    const leemDfp = fundamentosStages.filter((s) => s.le?.some((t) => t.startsWith('stg_cvm_')));
    expect(leemDfp.map((s) => s.name)).toContain('mart_fatos');
    for (const s of [...FUNDAMENTOS, ...SO_DOS_FILINGS]) expect(r.etapas_do_cache).not.toContain(s);
  }, 300_000);

  it('a stage never saved (guardarNoCache) runs again, and the stages reading its unchanged tables still come from the cache', async () => {
    const path = join(raw, FII);
    const linhas = readFileSync(path, 'latin1').split('\n');
    // Made here: the real monthly FII file without its last data row, as if CVM had republished it.
    writeFileSync(path, `${linhas.slice(0, -2).join('\n')}\n`, 'latin1');
    const { r, lines } = await run('x', cache);
    for (const s of [precosStage, acoesStage]) {
      expect(s.guardarNoCache).toBe(false);
      expect(lines).toContain(`${s.name}: not saved in the stage cache (guardarNoCache)`);
      expect(r.etapas_do_cache).not.toContain(s.name);
    }
    // Reads the tables of both (recomputed from the same inputs, so keyed as before) and the filings.
    expect(multiplosStage.le).toEqual(
      expect.arrayContaining(['int_mercado_precos_empresa', 'int_mercado_preco_classe']),
    );
    expect(r.etapas_do_cache).toContain('mart_multiplos');
    expect(r.etapas_do_cache).not.toContain('mart_fiis');
    // mart_fiis alone reads the changed file's table (uso-das-tabelas.ts, `lidaPorUmaSo`), so its cached
    // files were left on disk though an input fed it (the funds' files have no key: no search for
    // cross-file duplicates loads them) and read in place with the file's new rows: the publication still
    // equals a build from scratch of the same files.
    expect(lines).toContain(
      'stg_cvm_fii_mensal_geral: read in place by the one stage that reads it, not loaded',
    );
    mkdirSync(join(root, 's2', '2026-11-22-cache.3'), { recursive: true });
    const scratch = await run('s2');
    expect(scratch.r.versao_do_dado).toBe(r.versao_do_dado);
    expect(differences(r, scratch.r)).toEqual([]);
    expect(r.report).toEqual(scratch.r.report);
  }, 300_000);
});
