import { createHash, randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { type ManifestEntry, ManifestEntrySchema } from '@fundamentos/schemas/manifest';
import pMap from 'p-map';
import { z } from 'zod';
import { partesDoArquivo } from './partes-do-arquivo.ts';
import { procuraEmPartes } from './procura-em-partes.ts';
import { restampar } from './restampar.ts';
import { lit, quote } from './sql.ts';
import type { BuildContext, BuildReporter, Stage } from './stage.ts';
import {
  macrosDoBanco,
  nomeadaEm,
  semMacros,
  tabelasPrivadas,
  type UsoDasTabelas,
} from './uso-das-tabelas.ts';

/**
 * Stage-level cache: a stage that declares what it reads and creates (`le`/`cria`, proved by
 * core/stage-declarations.test.ts) is keyed by the keys of the tables it reads, the pipeline code and
 * its name. On a hit its tables and macros are restored from Parquet, its artefacts are hard-linked (or
 * copied) from the cache and what it told the build report is told again, so a nightly build with one
 * new COTAHIST day does not recompute the fundamentals marts. Design: docs/architecture.md,
 * "Incremental builds".
 */

/**
 * Artefacts linked, scanned or re-stamped at once by a save or a restore: a stage's are many small files
 * (3,429 for publicacao_fundamentos at full scale), each waiting in turn for its mkdir, link, read and
 * write when handled one by one. At most this many re-stamped files are in memory at once.
 */
const ARQUIVOS_DE_UMA_VEZ = 8;

/** Entry format; bump when what an entry holds changes. */
const FORMATO = 2;

const QuarentenaSchema = z.object({
  source: z.string(),
  arquivo: z.string(),
  linha: z.number().nullable(),
  campo: z.string().nullable(),
  valor: z.string().nullable(),
  motivo: z.string(),
});

const EntradaSchema = z.object({
  formato: z.literal(FORMATO),
  etapa: z.string(),
  /** The version the artefacts were written under: those with a `versao_em` hold it as text from that byte. */
  versao_do_dado: z.string(),
  tabelas: z.array(z.object({ nome: z.string(), ddl: z.string() })),
  macros: z.array(z.object({ nome: z.string(), ddl: z.string() })),
  artefatos: z.array(
    z.object({ entrada: ManifestEntrySchema, versao_em: z.number().int().nonnegative().nullable() }),
  ),
  invariantes: z.array(
    z.object({
      nome: z.string(),
      tipo: z.enum(['hard', 'soft']),
      descricao: z.string(),
      verificados: z.number(),
      falhas: z.number(),
      exemplos: z.array(z.unknown()),
    }),
  ),
  notas: z.array(z.object({ etapa: z.string(), mensagem: z.string() })),
  quarentena: z.array(QuarentenaSchema),
});
type Entrada = z.infer<typeof EntradaSchema>;

export interface StageCache {
  /**
   * Runs `stage`, or restores it when an entry has its key. `doCache` says which. A stage is not saved
   * (and what it creates gets no key, so the stages reading it run too) when it read the build date,
   * when a table it created or a Parquet artefact holds the build's version, or when a hard invariant
   * failed.
   */
  run(
    stage: Stage,
    ctx: BuildContext,
  ): Promise<{
    entries: ManifestEntry[];
    doCache: boolean;
    /** Restored: the names of the macros the restore made again (its tables load when read). */
    macros?: readonly string[];
  }>;
  /** Deletes the entries this build did not use (the cache holds one build's stages). */
  prune(): Promise<number>;
}

/** Fills a table left empty until a stage that runs reads it. */
export type Carga = (db: DuckDBConnection) => Promise<void>;

const hash = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex');

/** Hard link (same disk: no bytes copied); a copy when linking is not possible. */
export async function ligar(de: string, para: string): Promise<void> {
  await mkdir(dirname(para), { recursive: true });
  await link(de, para).catch(() => copyFile(de, para));
}

async function ddlDasTabelas(db: DuckDBConnection, nomes: readonly string[]) {
  const rows = (
    await db.runAndReadAll('SELECT table_name, sql FROM duckdb_tables() WHERE NOT temporary')
  ).getRows();
  const ddl = new Map(rows.map(([n, s]) => [String(n), String(s)]));
  return nomes.filter((n) => ddl.has(n)).map((nome) => ({ nome, ddl: ddl.get(nome) ?? '' }));
}

/** The DDL of the macros among `nomes` (a stage's `cria`), of which `tabelas` are tables (`semMacros`). */
async function ddlDasMacros(db: DuckDBConnection, nomes: readonly string[], tabelas: readonly string[]) {
  if (semMacros(nomes, tabelas)) return [];
  const rows = await macrosDoBanco(db);
  return rows
    .filter((r) => nomes.includes(r.function_name))
    .map((r) => ({
      nome: r.function_name,
      ddl: `CREATE OR REPLACE MACRO ${quote(r.function_name)}(${r.parameters.join(', ')}) AS ${r.function_type === 'table_macro' ? 'TABLE ' : ''}${r.macro_definition}`,
    }));
}

/**
 * Whether any row of `from` (a table or a `read_parquet`) holds `texto`. Only text and nested columns
 * can: numbers, dates and booleans are not scanned.
 */
async function contem(db: DuckDBConnection, from: string, texto: string): Promise<boolean> {
  const colunas = (await db.runAndReadAll(`DESCRIBE SELECT * FROM ${from}`)).getRows();
  const termos = colunas
    .filter(([, tipo]) => /VARCHAR|JSON|\[|STRUCT|MAP|UNION/i.test(String(tipo)))
    .map(([nome, tipo]) =>
      String(tipo) === 'VARCHAR'
        ? `contains(${quote(String(nome))}, ${lit(texto)})`
        : `contains(CAST(${quote(String(nome))} AS VARCHAR), ${lit(texto)})`,
    );
  if (!termos.length) return false;
  const r = await db.runAndReadAll(`SELECT EXISTS (SELECT 1 FROM ${from} WHERE ${termos.join(' OR ')})`);
  return r.getRows()[0]?.[0] === true;
}

/**
 * Byte offset of the first occurrence of `texto` in the file, or null; read in chunks (a bulk CSV can be
 * larger than a string can be).
 */
async function posicaoNoArquivo(path: string, texto: string): Promise<number | null> {
  const procura = procuraEmPartes(texto);
  for await (const chunk of partesDoArquivo(path)) if (procura.parte(chunk)) break;
  return procura.posicao;
}

/**
 * @param a.dir the cache folder (`<cacheDir>/etapas`)
 * @param a.codigo fingerprint of the pipeline, schema and dictionary code: any change misses every entry
 * @param a.buildDir where this build writes its artefacts
 * @param a.chaves key of every table staging made (`stg_*`, `_quarantine`): from its inputs' staging-cache
 *   keys. Stages add the keys of what they create.
 * @param a.adiadas staged tables that exist empty, with what fills them: loaded like a restored stage's
 *   tables, only when a stage that runs reads them (a nightly build never loads the filings).
 */
export async function openStageCache(a: {
  dir: string;
  codigo: string;
  buildDir: string;
  chaves: ReadonlyMap<string, string>;
  adiadas?: ReadonlyMap<string, Carga>;
  /** Which stages use each table (`usoDasTabelas` of the build's stages): private tables are not saved. */
  uso: UsoDasTabelas;
}): Promise<StageCache> {
  await mkdir(a.dir, { recursive: true });
  const chaves = new Map(a.chaves);
  const usadas = new Set<string>();
  const pasta = (key: string) => join(a.dir, key);

  const keyOf = (stage: Stage): string | null => {
    if (!stage.le || !stage.cria) return null;
    const le: [string, string][] = [];
    for (const t of [...stage.le].sort()) {
      const k = chaves.get(t);
      if (!k) return null;
      le.push([t, k]);
    }
    return hash({ formato: FORMATO, codigo: a.codigo, etapa: stage.name, le, cria: [...stage.cria].sort() });
  };

  const lookup = async (key: string): Promise<Entrada | null> => {
    try {
      const r = EntradaSchema.safeParse(JSON.parse(await readFile(join(pasta(key), 'meta.json'), 'utf8')));
      return r.success ? r.data : null;
    } catch {
      return null;
    }
  };

  /**
   * Tables of restored stages not loaded yet: loaded when a stage that runs reads or writes them (its
   * `le`/`cria`; every one before a stage without declarations). A nightly build then never loads the
   * fundamentals' intermediate tables, which only other restored stages read.
   */
  const pendentes = new Map<string, Carga>(a.adiadas);
  const carregar = async (db: DuckDBConnection, nomes: Iterable<string>) => {
    for (const nome of nomes) {
      const carga = pendentes.get(nome);
      if (!carga) continue;
      pendentes.delete(nome);
      await carga(db);
    }
  };

  const restore = async (key: string, e: Entrada, ctx: BuildContext): Promise<ManifestEntry[]> => {
    const base = pasta(key);
    for (const t of e.tabelas) {
      const parquet = join(base, 'tabelas', `${t.nome}.parquet`);
      pendentes.set(t.nome, async (db) => {
        await db.run(`DROP TABLE IF EXISTS ${quote(t.nome)}`);
        await db.run(t.ddl);
        await db.run(`INSERT INTO ${quote(t.nome)} SELECT * FROM read_parquet(${lit(parquet)})`);
      });
    }
    // Stages declare the macro, not the tables its body reads: those of its stage are loaded now.
    await carregar(
      ctx.db,
      e.tabelas.map((t) => t.nome).filter((n) => e.macros.some((m) => nomeadaEm(n, m.ddl))),
    );
    for (const m of e.macros) await ctx.db.run(m.ddl);
    const entries = await pMap(
      e.artefatos,
      async ({ entrada, versao_em }): Promise<ManifestEntry> => {
        const de = join(base, 'arquivos', entrada.path);
        const para = join(a.buildDir, entrada.path);
        if (versao_em === null || e.versao_do_dado === ctx.versao_do_dado) {
          await ligar(de, para);
          return entrada;
        }
        // The only text of the artefact that depends on the build: the version, written as it is.
        return {
          ...entrada,
          ...(await restampar(de, para, versao_em, e.versao_do_dado, ctx.versao_do_dado)),
        };
      },
      { concurrency: ARQUIVOS_DE_UMA_VEZ },
    );
    for (const q of e.quarentena) await ctx.report.quarantine(q);
    for (const i of e.invariantes) ctx.report.invariant(i);
    for (const n of e.notas) ctx.report.note(n.etapa, n.mensagem);
    return entries;
  };

  /** Why the stage's result cannot be reused, or null. */
  const naoReutilizavel = async (
    stage: Stage,
    ctx: BuildContext,
    uso: { versao: boolean; data: boolean },
    gravado: Pick<Entrada, 'invariantes'>,
    entries: ManifestEntry[],
  ): Promise<string | null> => {
    if (uso.data) return 'it read the build date';
    if (gravado.invariantes.some((i) => i.tipo === 'hard' && i.falhas > 0)) return 'a hard invariant failed';
    if (!uso.versao) return null;
    for (const t of (await ddlDasTabelas(ctx.db, stage.cria ?? [])).map((x) => x.nome))
      if (await contem(ctx.db, quote(t), ctx.versao_do_dado)) return `table ${t} holds the version`;
    for (const e of entries)
      if (
        e.format === 'parquet' &&
        (await contem(ctx.db, `read_parquet(${lit(join(a.buildDir, e.path))})`, ctx.versao_do_dado))
      )
        return `${e.path} holds the version`;
    return null;
  };

  const save = async (
    key: string,
    stage: Stage,
    ctx: BuildContext,
    versaoLida: boolean,
    gravado: Pick<Entrada, 'invariantes' | 'notas' | 'quarentena'>,
    entries: ManifestEntry[],
  ): Promise<void> => {
    const tmp = join(a.dir, `.tmp-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(join(tmp, 'tabelas'), { recursive: true });
      const cria = stage.cria ?? [];
      const todas = await ddlDasTabelas(ctx.db, cria);
      const macros = await ddlDasMacros(
        ctx.db,
        cria,
        todas.map((t) => t.nome),
      );
      const privadas = new Set(
        tabelasPrivadas(
          stage,
          a.uso,
          todas.map((t) => t.nome),
          macros.map((m) => m.ddl),
        ),
      );
      const tabelas = todas.filter((t) => !privadas.has(t.nome));
      // LZ4_RAW: over the 30 stages' tables of a bench escala 0.1 build this took 2.8–3.0 s of CPU against
      // 4.3–6.1 s for ZSTD, for files 37% larger (77 against 57 MiB); the restore reads either codec
      // (docs/benchmarks.md, "Staging Parquet without the compaction copy"). On the build's threads: the file
      // is only read back into a table (its bytes need not be the same from build to build) and the rows
      // keep their order (preserve_insertion_order), while one thread took twice the wall time for the same
      // CPU (full scale: 3.1 against 1.8 s for mart_fatos_trimestrais; docs/benchmarks.md, "Stage-cache
      // tables saved on every thread").
      for (const t of tabelas)
        await ctx.db.run(
          `COPY ${quote(t.nome)} TO ${lit(join(tmp, 'tabelas', `${t.nome}.parquet`))} (FORMAT PARQUET, COMPRESSION LZ4_RAW)`,
        );
      const artefatos: Entrada['artefatos'] = await pMap(
        entries,
        async (e) => {
          const de = join(a.buildDir, e.path);
          await ligar(de, join(tmp, 'arquivos', e.path));
          // null: the writer saw the bytes and the version is not in them; undefined: it did not write them.
          const vista = versaoLida && e.format !== 'parquet' ? ctx.writer.posicaoDaVersao?.(e.path) : null;
          const versao_em = vista === undefined ? await posicaoNoArquivo(de, ctx.versao_do_dado) : vista;
          return { entrada: e, versao_em };
        },
        { concurrency: ARQUIVOS_DE_UMA_VEZ },
      );
      const entrada: Entrada = {
        formato: FORMATO,
        etapa: stage.name,
        versao_do_dado: ctx.versao_do_dado,
        tabelas,
        macros,
        artefatos,
        ...gravado,
      };
      await writeFile(join(tmp, 'meta.json'), `${JSON.stringify(entrada)}\n`);
      await rm(pasta(key), { recursive: true, force: true });
      await rename(tmp, pasta(key));
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  };

  return {
    async run(stage, ctx) {
      const key = keyOf(stage);
      const hit = key ? await lookup(key) : null;
      if (key && hit) {
        usadas.add(key);
        const entries = await restore(key, hit, ctx);
        for (const t of stage.cria ?? []) chaves.set(t, key);
        ctx.log(`${stage.name}: from the stage cache`);
        return { entries, doCache: true, macros: hit.macros.map((m) => m.nome) };
      }
      await carregar(ctx.db, stage.le && stage.cria ? [...stage.le, ...stage.cria] : [...pendentes.keys()]);
      const uso = { versao: false, data: false };
      const gravado: Pick<Entrada, 'invariantes' | 'notas' | 'quarentena'> = {
        invariantes: [],
        notas: [],
        quarentena: [],
      };
      const report: BuildReporter = {
        async quarantine(r) {
          gravado.quarentena.push(r);
          await ctx.report.quarantine(r);
        },
        invariant(r) {
          gravado.invariantes.push(r);
          ctx.report.invariant(r);
        },
        note(etapa, mensagem) {
          gravado.notas.push({ etapa, mensagem });
          ctx.report.note(etapa, mensagem);
        },
      };
      const entries = await stage.run({
        db: ctx.db,
        writer: ctx.writer,
        log: ctx.log,
        report,
        get versao_do_dado() {
          uso.versao = true;
          return ctx.versao_do_dado;
        },
        get data_build() {
          uso.data = true;
          return ctx.data_build;
        },
      });
      // Saving links the stage's files into the entry: they must be on disk (the writer may still be
      // writing them beside the stage).
      await ctx.writer.concluir?.();
      const porque = key ? await naoReutilizavel(stage, ctx, uso, gravado, entries) : 'no le/cria';
      if (key && !porque && stage.guardarNoCache === false)
        ctx.log(`${stage.name}: not saved in the stage cache (guardarNoCache)`);
      else if (key && !porque) {
        try {
          const t0 = performance.now();
          await save(key, stage, ctx, uso.versao, gravado, entries);
          ctx.log(`${stage.name}: saved in the stage cache in ${Math.round(performance.now() - t0)} ms`);
          usadas.add(key);
        } catch (e) {
          // The build does not need the cache: a failed save only costs the next build a recomputation.
          ctx.log(
            `${stage.name}: not saved in the stage cache: ${e instanceof Error ? e.message : String(e)}`,
          );
        }
      } else if (key) ctx.log(`${stage.name}: not cacheable this build (${porque})`);
      for (const t of stage.cria ?? []) {
        if (key && !porque) chaves.set(t, key);
        else chaves.delete(t);
      }
      return { entries, doCache: false };
    },
    async prune() {
      let n = 0;
      for (const name of await readdir(a.dir)) {
        if (usadas.has(name)) continue;
        await rm(join(a.dir, name), { recursive: true, force: true });
        n++;
      }
      return n;
    },
  };
}
