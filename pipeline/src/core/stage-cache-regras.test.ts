import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createArtefactWriter } from '../publish/artefact-writer.ts';
import { CollectingReporter } from './reporter.ts';
import { substituirBytes } from './restampar.ts';
import type { BuildContext, Stage } from './stage.ts';
import { openStageCache } from './stage-cache.ts';
import { ensureQuarantineTable } from './staging.ts';
import { descarteDeTabelas, macrosDoBanco, tabelasPrivadas, usoDasTabelas } from './uso-das-tabelas.ts';

// Stages made here, on a made-here staged table: the rules of core/stage-cache.ts one by one.
const root = mkdtempSync(join(tmpdir(), 'regras-etapas-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const Saida = z.object({ versao_do_dado: z.string(), n: z.number() });

/** Reads stg_a, makes mart_a and a macro, writes an artefact holding the version, tells the report. */
const comVersao: Stage = {
  name: 'mart_a',
  le: ['stg_a'],
  cria: ['mart_a', 'mart_a_em'],
  async run(ctx) {
    await ctx.db.run('CREATE OR REPLACE TABLE mart_a AS SELECT x * 2 AS y FROM stg_a ORDER BY x');
    await ctx.db.run('CREATE OR REPLACE MACRO mart_a_em(d) AS TABLE SELECT * FROM mart_a WHERE y >= d');
    const n = Number((await ctx.db.runAndReadAll('SELECT count(*) FROM mart_a')).getRows()[0]?.[0]);
    ctx.report.invariant({
      nome: 'a',
      tipo: 'soft',
      descricao: 'a',
      verificados: n,
      falhas: 0,
      exemplos: [],
    });
    ctx.report.note('mart_a', `n=${n}`);
    return [
      await ctx.writer.json({
        name: 'a',
        path: 'json/a.json',
        schemaName: 'Saida',
        schema: Saida,
        data: { versao_do_dado: ctx.versao_do_dado, n },
      }),
    ];
  },
};
/** A stage over mart_a that makes `nome` with one statement. */
const sobreA = (nome: string, sql: (ctx: BuildContext) => string): Stage => ({
  name: nome,
  le: ['mart_a'],
  cria: [nome],
  async run(ctx) {
    await ctx.db.run(sql(ctx));
    return [];
  },
});
/** Reads the build date: never saved. */
const comData = sobreA(
  'mart_b',
  (c) => `CREATE OR REPLACE TABLE mart_b AS SELECT y, '${c.data_build}' AS d FROM mart_a`,
);
/** Keeps the version in a table: never saved (a later stage would publish the old one). */
const versaoNaTabela = sobreA(
  'mart_c',
  (c) => `CREATE OR REPLACE TABLE mart_c AS SELECT y, '${c.versao_do_dado}' AS v FROM mart_a`,
);

async function construir(versao: string, nome: string, stg: number[]) {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  await ensureQuarantineTable(db);
  await db.run(`CREATE TABLE stg_a AS SELECT unnest([${stg.join(', ')}]) AS x`);
  const buildDir = join(root, nome);
  const report = new CollectingReporter(db);
  const logs: string[] = [];
  const ctx: BuildContext = {
    db,
    versao_do_dado: versao,
    data_build: '2026-11-22',
    writer: createArtefactWriter(buildDir, db),
    report,
    log: (m) => logs.push(m),
  };
  const cache = await openStageCache({
    dir: join(root, 'cache'),
    codigo: 'teste',
    buildDir,
    chaves: new Map([['stg_a', `stg_a:${stg.join(',')}`]]),
    uso: usoDasTabelas([comVersao, comData, versaoNaTabela]),
  });
  const doCache: string[] = [];
  const entradas = [];
  for (const s of [comVersao, comData, versaoNaTabela]) {
    report.stage = s.name;
    const r = await cache.run(s, ctx);
    if (r.doCache) doCache.push(s.name);
    entradas.push(...r.entries);
  }
  const linhas = (await db.runAndReadAll('SELECT * FROM mart_a_em(4)')).getRows().map((r) => Number(r[0]));
  const tipos = (await db.runAndReadAll('DESCRIBE mart_a')).getRows().map((r) => String(r[1]));
  db.closeSync();
  instance.closeSync();
  return { doCache, entradas, buildDir, report, logs, linhas, tipos };
}

describe('stage cache rules', () => {
  it('restores tables, macros, artefacts and report; re-stamps the version; never saves what read the date or kept the version', async () => {
    const a = await construir('2026-11-22-t|1', 'a', [1, 2, 3]);
    expect(a.doCache).toEqual([]);
    expect(a.logs).toContain('mart_b: not cacheable this build (it read the build date)');
    expect(a.logs).toContain('mart_c: not cacheable this build (table mart_c holds the version)');

    const b = await construir('2026-11-22-t|2', 'b', [1, 2, 3]);
    expect(b.doCache).toEqual(['mart_a']);
    expect(b.linhas).toEqual([4, 6]);
    expect(b.tipos).toEqual(a.tipos);
    expect(b.report.invariantes).toEqual(a.report.invariantes);
    expect(b.report.notas).toEqual(a.report.notas);
    // Re-stamped: the bytes writing it with |2 gives, and their hash and size in the manifest entry.
    const esperado = `${JSON.stringify({ versao_do_dado: '2026-11-22-t|2', n: 3 })}\n`;
    expect(readFileSync(join(b.buildDir, 'json/a.json'), 'utf8')).toBe(esperado);
    expect(b.entradas[0]).toEqual({
      ...a.entradas[0],
      bytes: Buffer.byteLength(esperado),
      sha256: createHash('sha256').update(esperado).digest('hex'),
    });

    // Other staged rows: another key, so it runs.
    const c = await construir('2026-11-22-t|3', 'c', [9, 1, 2, 3]);
    expect(c.doCache).toEqual([]);
    expect(c.linhas).toEqual([4, 6, 18]);
  });
});

/**
 * Made here: `mart_p` makes a step only it reads (`int_p_passo`), a table only its macro reads
 * (`int_p_base`, read by `mart_q` through `mart_p_em`) and `mart_p`, which `mart_q` reads. `mart_q` reads
 * the build date, so it runs in every build, over a `mart_p` restored from the cache in the second one.
 */
const comPasso: Stage = {
  name: 'mart_p',
  le: ['stg_a'],
  cria: ['int_p_base', 'int_p_passo', 'mart_p', 'mart_p_em'],
  async run(ctx) {
    await ctx.db.run(`CREATE OR REPLACE TABLE int_p_passo AS SELECT x, x * x AS q FROM stg_a;
      CREATE OR REPLACE TABLE int_p_base AS SELECT x, x * 10 AS dez FROM stg_a;
      CREATE OR REPLACE TABLE mart_p AS SELECT x, q + 1 AS r FROM int_p_passo ORDER BY x;
      CREATE OR REPLACE MACRO mart_p_em() AS TABLE SELECT * FROM int_p_base`);
    return [];
  },
};
const sobreP: Stage = {
  name: 'mart_q',
  le: ['mart_p', 'mart_p_em'],
  cria: ['mart_q'],
  async run(ctx) {
    await ctx.db.run(`CREATE OR REPLACE TABLE mart_q AS
      SELECT p.x, p.r, e.dez, '${ctx.data_build}' AS d FROM mart_p p JOIN mart_p_em() e USING (x) ORDER BY p.x`);
    return [];
  },
};

async function construirComPasso(nome: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  await ensureQuarantineTable(db);
  await db.run('CREATE TABLE stg_a AS SELECT unnest([3, 1, 2]) AS x');
  const buildDir = join(root, nome);
  const ctx: BuildContext = {
    db,
    versao_do_dado: `2026-11-25-p|${nome}`,
    data_build: '2026-11-25',
    writer: createArtefactWriter(buildDir, db),
    report: new CollectingReporter(db),
    log: () => {},
  };
  const uso = usoDasTabelas([comPasso, sobreP]);
  const descarte = descarteDeTabelas(uso);
  const cache = await openStageCache({
    dir: join(root, 'cache-p'),
    codigo: 'teste-p',
    buildDir,
    chaves: new Map([['stg_a', 'stg_a:3,1,2']]),
    uso,
  });
  const privadas: Record<string, string[]> = {};
  const semUso: Record<string, string[]> = {};
  const doCache: string[] = [];
  let q: number[][] = [];
  for (const s of [comPasso, sobreP]) {
    const r = await cache.run(s, ctx);
    if (r.doCache) doCache.push(s.name);
    if (s === sobreP)
      q = (await db.runAndReadAll('SELECT x, r, dez FROM mart_q ORDER BY x'))
        .getRows()
        .map((l) => l.map(Number));
    // what a save of the stage reads: its tables that exist and the text of its macros
    const cria = s.cria ?? [];
    const existentes = (await db.runAndReadAll('SELECT table_name FROM duckdb_tables() ORDER BY 1'))
      .getRows()
      .map((l) => String(l[0]))
      .filter((t) => cria.includes(t));
    const corpos = (await macrosDoBanco(db))
      .filter((m) => cria.includes(m.function_name))
      .map((m) => m.macro_definition);
    privadas[s.name] = tabelasPrivadas(s, uso, existentes, corpos);
    // as the build does: a restored stage says which macros it made again (its tables load when read)
    semUso[s.name] = await descarte.aposEtapa(db, s, r.macros && { macros: r.macros });
    // as the build does: mart_q must still run once they are gone
    for (const t of semUso[s.name] ?? []) await db.run(`DROP TABLE ${t}`);
  }
  db.closeSync();
  instance.closeSync();
  return { doCache, privadas, semUso, q };
}

describe('private tables: only the stage that makes them reads them', () => {
  it('are not saved; a table a macro names is, and a restored stage still serves the stage reading it', async () => {
    const a = await construirComPasso('p1');
    expect(a.doCache).toEqual([]);
    expect(a.privadas).toEqual({ mart_p: ['int_p_passo'], mart_q: ['mart_q'] });
    // What the build drops after each stage: what no later stage uses, but not what a macro still names.
    expect(a.semUso).toEqual({ mart_p: ['int_p_passo', 'stg_a'], mart_q: ['mart_p', 'mart_q'] });
    // mart_q read the date: not saved; mart_p's entry holds its two shared tables, not the private step.
    const metas = readdirSync(join(root, 'cache-p')).map(
      (d) =>
        JSON.parse(readFileSync(join(root, 'cache-p', d, 'meta.json'), 'utf8')) as {
          etapa: string;
          tabelas: { nome: string }[];
        },
    );
    expect(metas.map((m) => [m.etapa, m.tabelas.map((t) => t.nome).sort()])).toEqual([
      ['mart_p', ['int_p_base', 'mart_p']],
    ]);
    const b = await construirComPasso('p2');
    expect(b.doCache).toEqual(['mart_p']);
    // restored: the private step was not, so nothing of it is left to find
    expect(b.privadas).toEqual({ mart_p: [], mart_q: ['mart_q'] });
    // mart_p's table restored and loaded for mart_q; int_p_base stays, its macro still names it
    expect(b.semUso).toEqual({ mart_p: ['stg_a'], mart_q: ['mart_p', 'mart_q'] });
    expect(b.q).toEqual(a.q);
    expect(a.q).toEqual([
      [1, 2, 10],
      [2, 5, 20],
      [3, 10, 30],
    ]);
  });
});

describe('restamping on bytes (substituirBytes) is String.replaceAll on the UTF-8 text', () => {
  // Made here: versions of the same and of other lengths, multibyte text around them, a repeated
  // pattern that could overlap, a file without the version and one that is only the version.
  const casos: [string, string, string][] = [
    [
      '{"citacao":"Fundamentos BR, versão 2026-11-24-cache|1 – dados…","v":"2026-11-24-cache|1"}',
      '2026-11-24-cache|1',
      '2026-11-24-cache|2',
    ],
    ['ação 2026-01-02-x|9 e 2026-01-02-x|9ção', '2026-01-02-x|9', '2026-01-03-x|10'],
    ['aaaa', 'aa', 'b'],
    ['aaa', 'aa', 'bbb'],
    ['sem versão', '2026-11-24-cache|1', '2026-11-24-cache|2'],
    ['2026-11-24-cache|1', '2026-11-24-cache|1', '2026-11-24-cache|12'],
  ];
  it.each(casos)('%s', (texto, de, para) => {
    const obtido = substituirBytes(Buffer.from(texto, 'utf8'), de, para);
    expect(obtido.toString('utf8')).toBe(texto.replaceAll(de, para));
  });
});
