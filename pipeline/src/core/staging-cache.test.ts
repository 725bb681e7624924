import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { type BuildResult, build } from '../build.ts';
import { tabelaDeStagingPublicada } from '../publish/staging-publicado.ts';
import { cotahistSpec } from '../sources/b3/cotahist.ts';
import { cvmSources } from '../sources/cvm/index.ts';
import { allSources } from '../sources/index.ts';
import { construtorDeBuilds, differences } from '../test-support/builds.ts';
import { query, SAMPLE_RAW } from '../test-support/sample.ts';
import type { Stage } from './stage.ts';
import { openStagingCache } from './staging-cache.ts';

// The whole real sample with every mart: the publication must not depend on where staged rows came from.
const root = mkdtempSync(join(tmpdir(), 'cache-staging-'));
const raw = join(root, 'raw');
const cache = join(root, 'cache');
const NEW_DAY = 'b3/cotahist/COTAHIST_D03022022.TXT';
const now = new Date('2026-11-22T15:00:00Z');
const run = construtorDeBuilds({ raw, root, label: 'cache', now });

beforeAll(() => {
  // The sample without one COTAHIST day; the day arrives later, as in a nightly build.
  cpSync(SAMPLE_RAW, raw, { recursive: true, filter: (src) => !src.endsWith(NEW_DAY) });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('staging cache', () => {
  let first: BuildResult;

  it('a first build stages every input and fills the cache', async () => {
    const { r } = await run('a', cache);
    first = r;
    expect(r.entradas.do_cache).toBe(0);
    expect(readdirSync(join(cache, 'staging')).length).toBe(r.entradas.total);
  }, 300_000);

  it('one new COTAHIST day: only that file is staged, and the publication equals a build from scratch', async () => {
    cpSync(join(SAMPLE_RAW, NEW_DAY), join(raw, NEW_DAY));
    const { r, lines } = await run('c', cache);
    expect(r.entradas).toEqual({ total: first.entradas.total + 1, do_cache: first.entradas.total });
    const staged = lines.filter((l) => / → stg_\w+: \d+ rows/.test(l));
    expect(staged.filter((l) => !l.endsWith('(cache)'))).toEqual([
      expect.stringMatching(new RegExp(`^${NEW_DAY} → stg_b3_cotahist: \\d+ rows`)),
    ]);
    const scratch = await run('d');
    expect(differences(r, scratch.r)).toEqual([]);
    expect(r.manifest).toEqual(scratch.r.manifest);
    // The filings' tables were never loaded (no stage that ran reads them), yet the report's row counts
    // (recorded by the cache for them) equal the ones a scratch build counted.
    expect(lines.find((l) => l.startsWith('staged tables no stage loaded:'))).toContain(
      'stg_cvm_demonstracao',
    );
    expect(r.report).toEqual(scratch.r.report);
    expect(r.manifest).not.toEqual(first.manifest);
    // The cache now holds this build's inputs only.
    expect(readdirSync(join(cache, 'staging')).length).toBe(r.entradas.total);
  }, 300_000);

  it('run again with nothing changed, the build keeps current and publishes nothing', async () => {
    const before = readdirSync(join(root, 'c')).sort();
    const { r, lines } = await run('c', cache);
    expect(r.publicada).toBe(false);
    expect(r.versao_do_dado).toBe('2026-11-22-cache|1');
    expect(r.entradas.do_cache).toBe(r.entradas.total);
    expect(readdirSync(join(root, 'c')).sort()).toEqual(before);
    expect(lines.some((l) => / → stg_/.test(l))).toBe(false);
    // The same raw folder into another out is a real build (the record names the out it published to).
    expect(first.publicada).toBe(true);
  });

  it('a key changes with the bytes and with the path, not with anything else', async () => {
    const c = await openStagingCache(join(root, 'chaves'));
    const p = join(root, 'x.csv');
    const key = async (content: string, arquivo = 'x.csv') => {
      writeFileSync(p, content);
      return c.keyOf({ kind: 'file', path: p, arquivo, specs: allSources.slice(0, 1) });
    };
    const k = await key('a;b\n');
    expect(await key('a;b\n')).toBe(k);
    expect(await key('a;c\n')).not.toBe(k);
    expect(await key('a;b\n', 'y/x.csv')).not.toBe(k);
  });
});

// Made here: real rows of one DFP file (its first 5, as in readers/delimited.test.ts) loose and again in a
// zip, so removing cross-file duplicates quarantines the zip's copy; and COTAHIST days from the sample.
describe('tables left on disk by the staging cache', () => {
  const dir = join(root, 'adiadas');
  const rawD = join(dir, 'raw');
  const NAME = 'dfp_cia_aberta_DFC_MD_con_2010.csv';
  const DAY1 = 'b3/cotahist/COTAHIST_D25062021.TXT';
  const rows = readFileSync(join(SAMPLE_RAW, 'cvm/dfp/ano-completo', NAME))
    .toString('latin1')
    .split('\n');
  const csv = Buffer.from(`${rows.slice(0, 6).join('\n')}\n`, 'latin1');
  // Reads the filings and the prices, so a new day reruns it and it loads the filings from disk.
  const leitor: Stage = {
    name: 'leitor_de_teste',
    le: ['stg_b3_cotahist', 'stg_cvm_demonstracao'],
    cria: [],
    run: async (ctx) => [
      await ctx.writer.parquet({
        name: 'leitor',
        path: 'teste/leitor.parquet',
        schemaName: 'teste',
        sql: 'SELECT d.*, (SELECT count(*) FROM stg_b3_cotahist) AS precos FROM stg_cvm_demonstracao d',
      }),
    ],
  };
  const buildD = (out: string, stages: Stage[], cacheDir?: string) => {
    const lines: string[] = [];
    return build({
      raw: rawD,
      out: join(dir, out),
      label: 'adiadas',
      now,
      sources: [...cvmSources, cotahistSpec],
      stages,
      ...(cacheDir ? { cacheDir } : {}),
      log: (m) => lines.push(m),
    }).then((r) => ({ r, lines }));
  };

  beforeAll(async () => {
    mkdirSync(join(rawD, 'b3/cotahist'), { recursive: true });
    writeFileSync(join(rawD, NAME), csv);
    const zip = new yazl.ZipFile();
    zip.addBuffer(csv, NAME);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    writeFileSync(join(rawD, 'dup.zip'), Buffer.concat(chunks));
    cpSync(join(SAMPLE_RAW, DAY1), join(rawD, DAY1));
  });

  it('a new day replays the duplicates removed, and the table loaded late equals one staged from scratch', async () => {
    for (const [stages, name] of [
      [[], 'sem-leitor'],
      [[leitor], 'com-leitor'],
    ] as const) {
      const c = join(dir, `cache-${name}`);
      await buildD(name, [...stages], c);
      cpSync(join(SAMPLE_RAW, NEW_DAY), join(rawD, NEW_DAY));
      const { r, lines } = await buildD(name, [...stages], c);
      expect(r.entradas).toEqual({ total: 4, do_cache: 3 });
      const left = lines.find((l) => l.startsWith('staged tables no stage loaded:'));
      if (stages.length) expect(left).toBeUndefined();
      else expect(left).toBe('staged tables no stage loaded: stg_cvm_demonstracao');
      // From scratch into an out whose last version was |1, so both are |2.
      mkdirSync(join(dir, `${name}-do-zero`, '2026-11-22-adiadas.1'), { recursive: true });
      const scratch = await buildD(`${name}-do-zero`, [...stages]);
      expect(scratch.r.versao_do_dado).toBe(r.versao_do_dado);
      expect(differences(r, scratch.r)).toEqual([]);
      expect(r.report.tabelas).toEqual(scratch.r.report.tabelas);
      expect(r.report.quarentena).toMatchObject({ grupos: [{ motivo: 'duplicada', n: 5 }] });
      // The published parts keep both copies (each input's rows as staged); the table read back from them
      // drops the zip's copy, as removing cross-file duplicates did.
      const partes = r.manifest.artefatos
        .filter((a) => a.path.startsWith('parquet/stg_cvm_demonstracao/'))
        .map((a) => `${a.path} ${a.rows}`)
        .sort();
      expect(partes).toEqual([
        `parquet/stg_cvm_demonstracao/${NAME}.parquet 5`,
        'parquet/stg_cvm_demonstracao/dup.zip.parquet 5',
      ]);
      expect(
        await query(
          `SELECT _arquivo, count(*)::INTEGER n FROM ${tabelaDeStagingPublicada(r.dir, 'stg_cvm_demonstracao')} GROUP BY 1`,
        ),
      ).toEqual([{ _arquivo: NAME, n: 5 }]);
      expect(r.report.quarentena).toEqual(scratch.r.report.quarentena);
      rmSync(join(rawD, NEW_DAY));
    }
  }, 300_000);
});
