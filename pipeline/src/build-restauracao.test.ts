import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { build } from './build.ts';
import type { Stage } from './core/stage.ts';
import { cvmSources } from './sources/cvm/index.ts';
import { hashesOfCurrent } from './test-support/builds.ts';
import { SAMPLE_RAW } from './test-support/sample.ts';

/**
 * A restored stage's files are linked and re-stamped into the build (StageCache.run). A cached file that
 * changed since it was saved must fail the build naming the file, with nothing published lost and nothing
 * left behind, and a good restore must publish what the stage wrote with the new version.
 */
const root = mkdtempSync(join(tmpdir(), 'build-restauracao-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const raw = join(root, 'raw');
const out = join(root, 'out');
const cacheDir = join(root, 'cache');
const now = new Date('2026-11-25T12:00:00Z');
const Contagem = z.object({ versao_do_dado: z.string(), n: z.number() });

/** Made here: a stage over one staged table whose artefact holds the version, so a restore re-stamps it. */
const contar = (name: string, tabela: string): Stage => ({
  name,
  le: [tabela],
  cria: [name],
  async run(ctx) {
    await ctx.db.run(`CREATE OR REPLACE TABLE ${name} AS SELECT count(*) AS n FROM ${tabela}`);
    const n = Number((await ctx.db.runAndReadAll(`SELECT n FROM ${name}`)).getRows()[0]?.[0]);
    return [
      await ctx.writer.json({
        name,
        path: `json/${name}.json`,
        schemaName: 'Contagem',
        schema: Contagem,
        data: { versao_do_dado: ctx.versao_do_dado, n },
      }),
    ];
  },
});
const stages = [
  contar('mart_indice', 'stg_cvm_doc_indice'),
  contar('mart_cadastro', 'stg_cvm_cad_cia_aberta'),
];
const opts = { raw, out, cacheDir, label: 'restauracao', sources: cvmSources, now, stages };

/** The stage cache's copy of a stage's artefact (cache/etapas/<key>/arquivos/…). */
function noCache(path: string): string[] {
  const etapas = join(cacheDir, 'etapas');
  return readdirSync(etapas)
    .map((k) => join(etapas, k, 'arquivos', path))
    .filter((p) => existsSync(p));
}

beforeAll(() => {
  mkdirSync(raw, { recursive: true });
  // Real CVM files (data/sample/raw, see its MANIFEST).
  cpSync(
    join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
    join(raw, 'dfp_cia_aberta_2010.csv'),
  );
});

describe('restored stages', () => {
  it('a restore re-stamps the version and the manifest lists what was written', async () => {
    await build(opts);
    // A new input only the second stage reads: the first is restored, its file re-stamped.
    cpSync(join(SAMPLE_RAW, 'cvm/cad/cad_cia_aberta.csv'), join(raw, 'cad_cia_aberta.csv'));
    const r = await build(opts);
    expect(r.etapas_do_cache).toContain('mart_indice');
    expect(r.etapas_do_cache).not.toContain('mart_cadastro');
    const texto = readFileSync(join(r.dir, 'json/mart_indice.json'), 'utf8');
    expect(JSON.parse(texto)).toMatchObject({ versao_do_dado: r.versao_do_dado });
    const entrada = r.manifest.artefatos.find((a) => a.path === 'json/mart_indice.json');
    expect(entrada?.sha256).toBe(createHash('sha256').update(texto).digest('hex'));
    expect(r.report.etapas.find((e) => e.nome === 'mart_indice')?.artefatos).toBe(1);
  });

  it('a cached file that changed fails the build naming it; current is intact, nothing left', async () => {
    const antes = hashesOfCurrent(out);
    // The cached copy loses its first byte, so the version no longer starts at the recorded offset.
    const [copia, ...outras] = noCache('json/mart_indice.json');
    expect(copia).toBeDefined();
    expect(outras).toEqual([]);
    writeFileSync(copia as string, readFileSync(copia as string).subarray(1));
    // The input only the second stage reads goes away: the first is restored again, and fails.
    rmSync(join(raw, 'cad_cia_aberta.csv'));
    const err = await build(opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(`${copia}: the version`);
    expect(hashesOfCurrent(out)).toEqual(antes);
    expect(readdirSync(out).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
