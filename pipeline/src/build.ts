import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type BuildReport, BuildReportSchema } from '@fundamentos/schemas/build-report';
import { ARTEFATOS, escrita, PARTE_SEM_ENTRADA, parteDoArquivo } from '@fundamentos/schemas/catalogo';
import { type Manifest, type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import {
  type Discovery,
  discover,
  openInput,
  type RecognisedFile,
  recognisedCount,
} from './core/discover.ts';
import {
  boundHeapGrowth,
  DUCKDB_ALLOCATOR_SETTINGS,
  MEMORY_LIMIT_CEILING,
  memoryLimitFor,
  totalBytes,
} from './core/memory-budget.ts';
import { CollectingReporter } from './core/reporter.ts';
import {
  type EntradaASalvar,
  type SalvamentoDeEntradas,
  salvamentoDeEntradas,
} from './core/salvamento-de-entradas.ts';
import type { SourceSpec, StagedFile } from './core/source.ts';
import { quote } from './core/sql.ts';
import type { BuildContext, BuildReporter, Stage } from './core/stage.ts';
import { type Carga, ligar, openStageCache, type StageCache } from './core/stage-cache.ts';
import { createStagingTables, ensureQuarantineTable } from './core/staging.ts';
import {
  type CacheEntryMeta,
  chaveDuplicatas,
  openStagingCache,
  type RowRange,
  type StagingCache,
} from './core/staging-cache.ts';
import { type Adiada, carregarAdiada, descartar, lerEmLugar } from './core/tabelas-adiadas.ts';
import { descarteDeTabelas, tabelasDoBanco, usoDasTabelas } from './core/uso-das-tabelas.ts';
import { martStages } from './marts/index.ts';
import { createArtefactWriter } from './publish/artefact-writer.ts';
import { type DownloadLogText, downloadsStage, readDownloadLogText } from './publish/downloads-artefact.ts';
import {
  acquireBuildLock,
  applyRetention,
  DEFAULT_KEEP_VERSIONS,
  removeDeadBuildScratch,
} from './publish/lifecycle.ts';
import { publishBuild } from './publish/swap.ts';
import { dataBuild, dirDaVersao, nextVersao } from './publish/versao.ts';
import {
  crossFileDuplicates,
  delimitedBySpec,
  insertPending,
  type PendingFiles,
  prepareDelimitedFiles,
  procuraDuplicatas,
  stageDelimited,
  type TextosVerificados,
  verificarTextos,
} from './readers/delimited.ts';
import { stageFixedWidth } from './readers/fixed-width.ts';
import { stageJson } from './readers/json.ts';
import { allSources } from './sources/index.ts';

export interface BuildOptions {
  raw: string;
  out: string;
  label: string;
  /** Fixed clock for reproducible builds and tests. */
  now?: Date;
  /** Sources to recognise (default: every registered source). */
  sources?: SourceSpec[];
  /** Stages after staging (default: the registered marts). */
  stages?: Stage[];
  /**
   * DuckDB `memory_limit` (e.g. `4GB`). Past it DuckDB spills to `<out>/.work-<id>/duckdb/` instead of
   * growing: staging keeps every `stg_*` table in one in-memory database, which at full scale (ITR
   * ~3.6 M rows a year over 16 years) is larger than a shared machine should give one process.
   * Absent: derived from the raw inputs' size (`core/memory-budget.ts`), at most DEFAULT_MEMORY_LIMIT.
   */
  memoryLimit?: string;
  /**
   * Staging cache (`core/staging-cache.ts`): inputs whose bytes, path, specs and staging code match an
   * entry are loaded from it instead of staged. Absent: no cache. The CLI uses `<out>/.cache`.
   */
  cacheDir?: string;
  /** Published versions kept in `out` after this build (default DEFAULT_KEEP_VERSIONS; current always kept). */
  keepVersions?: number;
  /**
   * Bytes of raw input staged together (default BATCH_BYTES). Tests set it low to cut small inputs into
   * several batches: what is staged must not depend on where the batches are cut.
   */
  loteBytes?: number;
  log?: (message: string) => void;
  /**
   * Called as each phase of the build starts (bench/run.ts times them; the last, `fim`, when it is done).
   * A stage's phase is its name: restored from the stage cache or run, whichever applies.
   */
  fase?: (nome: FaseDoBuild) => void;
}

/**
 * The build's phases after discovery, in order: staging, cross-file duplicates, each stage
 * (`staging_parquet`, downloads, the marts), the report, the manifest, the swap, the cleanup, the end.
 */
export type FaseDoBuild =
  | 'staging'
  | 'duplicatas'
  | { etapa: string }
  | 'relatorio'
  | 'manifesto'
  | 'publicacao'
  | 'limpeza'
  | 'fim';

export interface BuildResult {
  versao_do_dado: string;
  /** Absolute path of the published build directory. */
  dir: string;
  manifest: Manifest;
  report: BuildReport;
  /** Raw inputs (loose files and zips) and how many of them came from the staging cache. */
  entradas: { total: number; do_cache: number };
  /** Stages restored from the stage cache (core/stage-cache.ts) instead of run; empty when nothing was built. */
  etapas_do_cache: string[];
  /**
   * false when nothing changed since the current publication (same inputs, code, label and stages, per
   * the cache): no new version is made and this describes the current one.
   */
  publicada: boolean;
}

/**
 * Largest default DuckDB memory limit (a build with no `memoryLimit` gets one derived from its inputs' size,
 * `core/memory-budget.ts`, up to this). The process (DuckDB's buffers, what it allocates outside them,
 * Node's heap) must stay within 4 GB at full scale (issue 10): at a 4GB limit DuckDB alone filled it
 * (maxRSS 2.9 GB at bench escala 0.1, growing with scale), so past 2GB it spills to the work dir.
 */
export const DEFAULT_MEMORY_LIMIT = MEMORY_LIMIT_CEILING;

/** A failed hard invariant: the build stops and nothing is published. */
export class InvariantError extends Error {
  constructor(stage: string, names: string[]) {
    super(`stage ${stage}: hard invariant failed: ${names.join(', ')}`);
    this.name = 'InvariantError';
  }
}

/** The `stg_*` tables staging made, by name (a view when read in place, `lerEmLugar`). */
async function stagedTables(db: DuckDBConnection): Promise<string[]> {
  return (await tabelasDoBanco(db)).filter((t) => t.startsWith('stg_'));
}

/** One raw input's entry in the staging cache, in discovery order: what `staging_parquet` publishes of it. */
interface ParteDaEntrada {
  arquivo: string;
  key: string;
}

/**
 * Publishes the staged tables as Parquet so staging can be inspected without rerunning the build: each
 * input's rows of each table it feeds as `parquet/<tabela>/<parte>.parquet`, the very file its staging-cache
 * entry holds (linked, not written again: its bytes depend on its rows only, `StagingCache.save`), plus
 * `parquet/_quarantine.parquet`. A new COTAHIST day then publishes one new part and links the rest, and a
 * full build no longer writes every staged row a second time (at full scale that write was 87.5 s of the
 * build's 539 s, docs/benchmarks.md). A table is its parts in discovery order less the cross-file duplicates
 * `_quarantine` names (`motivo`), which are removed after every input is staged.
 */
function stagingParquet(
  cache: StagingCache,
  partes: readonly ParteDaEntrada[],
  buildDir: string,
  stageCache: StageCache | null,
): Stage {
  return {
    name: 'staging_parquet',
    async run(ctx) {
      const entries: ManifestEntry[] = [];
      /** Each published part's path, with the raw file it came from. */
      const publicados = new Map<string, string>();
      const comPartes = new Set<string>();
      for (const { arquivo, key } of partes) {
        const meta = await cache.lookup(key);
        if (!meta) throw new Error(`staging_parquet: ${arquivo} has no staging-cache entry`);
        const parte = parteDoArquivo(arquivo);
        for (const t of meta.tabelas) {
          const { path, schemaName } = escrita(ARTEFATOS.staging_parte, { tabela: t.tabela, parte });
          const outro = publicados.get(path);
          if (outro !== undefined)
            throw new Error(
              `staging_parquet: ${outro} and ${arquivo} both make the part ${path}; rename or move one of them`,
            );
          publicados.set(path, arquivo);
          comPartes.add(t.tabela);
          await ligar(cache.parte(key, t.tabela), join(buildDir, path));
          entries.push({
            name: `${t.tabela}/${parte}`,
            path,
            rows: t.linhas,
            bytes: t.bytes,
            sha256: t.sha256,
            schema: schemaName,
            format: 'parquet',
          });
        }
      }
      // A table no input fed (every table a source declares exists): one empty part with its columns.
      for (const tabela of await stagedTables(ctx.db)) {
        if (comPartes.has(tabela)) continue;
        entries.push(
          await ctx.writer.parquet({
            name: `${tabela}/${PARTE_SEM_ENTRADA}`,
            ...escrita(ARTEFATOS.staging_parte, { tabela, parte: PARTE_SEM_ENTRADA }),
            sql: `SELECT * FROM ${quote(tabela)} LIMIT 0`,
          }),
        );
      }
      const quarentena: Stage = {
        name: 'staging_parquet__quarantine',
        le: ['_quarantine'],
        cria: [],
        run: async (c) => [
          await c.writer.parquet({
            name: '_quarantine',
            ...escrita(ARTEFATOS.staging, { tabela: '_quarantine' }),
            sql: 'SELECT * FROM _quarantine ORDER BY source, arquivo, linha',
          }),
        ],
      };
      for (const e of stageCache
        ? (await stageCache.run(quarentena, ctx)).entries
        : await quarentena.run(ctx))
        entries.push(e);
      return entries;
    },
  };
}

/** Below this size a file is staged on one DuckDB thread. */
export const SINGLE_THREAD_BYTES = 16 << 20;

/**
 * Per-file DuckDB thread count while staging. On the small members CVM's zips hold (a few MB), sharing
 * the work between threads costs more than it saves: staging a DFP year's 13 members took 1.3–1.5 s on
 * the default 2 threads and 0.85–0.95 s on one (escala 0.1, load ~4). Large files keep every thread,
 * unless staging-cache entries are being saved (`salvando`): the other cores are busy saving, and a save
 * must run with DuckDB on one thread (`core/salvamento-de-entradas.ts`).
 */
async function threadsFor(
  db: DuckDBConnection,
  salvando: () => boolean,
): Promise<{
  /** The build's thread count. */
  all: number;
  forBytes(bytes: number): Promise<void>;
  /** One thread: before an entry is handed to the background saves. */
  one(): Promise<void>;
  reset(): Promise<void>;
}> {
  const all = Number((await db.runAndReadAll("SELECT current_setting('threads')")).getRows()[0]?.[0] ?? 1);
  let current = all;
  const set = async (n: number) => {
    if (n === current) return;
    await db.run(`SET threads = ${n}`);
    current = n;
  };
  return {
    all,
    forBytes: (bytes) => set(bytes < SINGLE_THREAD_BYTES || salvando() ? 1 : all),
    one: () => set(1),
    reset: () => set(all),
  };
}

async function stageFile(
  ctx: BuildContext,
  spec: SourceSpec,
  file: { path: string; arquivo: string },
  scratch: string,
): Promise<StagedFile> {
  switch (spec.kind) {
    case 'delimited':
      return stageDelimited(ctx.db, spec, file, ctx.report, scratch);
    case 'fixed-width':
      return stageFixedWidth(ctx.db, spec, file, ctx.report);
    case 'json':
      return stageJson(ctx.db, spec, file, ctx.report);
  }
}

/**
 * Inputs staged together (consecutive inputs not in the staging cache) hold at most this many bytes on
 * disk: their extracted members sit in the work dir and their typed rows in temp tables (which DuckDB
 * spills past its memory limit) until the batch is inserted. At bench escala 0.1, 8 MiB staged with a
 * little less CPU than 48 MiB and the same peak memory (docs/benchmarks.md).
 */
export const BATCH_BYTES = 8 << 20;

/** `_quarantine` rows from rowid `from` on, per `arquivo`: what a batch's files quarantined. */
async function quarantineByArquivo(db: DuckDBConnection, from: number): Promise<Map<string, number>> {
  const rows = (
    await db.runAndReadAll(`SELECT arquivo, count(*) FROM _quarantine WHERE rowid >= ${from} GROUP BY 1`)
  ).getRows();
  return new Map(rows.map(([a, n]) => [String(a), Number(n)]));
}

/** One raw input of a batch, with the cache key it is saved under (null: no cache). */
interface BatchInput {
  i: number;
  input: Discovery['inputs'][number];
  key: string | null;
}

/** A batch's inputs opened (zips extracted to the work dir) and its delimited members' text checked. */
interface LoteAberto {
  opened: { b: BatchInput; files: RecognisedFile[]; close(): Promise<void> }[];
  verificados: TextosVerificados;
}

/**
 * Opens a batch ahead of its staging. Extraction (zlib on libuv's threads) and the text check
 * (JavaScript) need no DuckDB, so the build runs them for the next batch while DuckDB appends the current
 * one's rows on one thread; staging a full-scale ITR zip spent 1.4 s extracting and 1.0 s checking text
 * beside 4.8 s in DuckDB, one after the other. On an error what was opened is closed.
 */
async function abrirLote(batch: BatchInput[], work: string): Promise<LoteAberto> {
  const opened: LoteAberto['opened'] = [];
  try {
    for (const b of batch) opened.push({ b, ...(await openInput(b.input, join(work, `zip-${b.i}`))) });
    return { opened, verificados: await verificarTextos(opened.flatMap((o) => o.files)) };
  } catch (e) {
    for (const o of opened) await o.close();
    throw e;
  }
}

/**
 * Stages a batch of inputs. Files of one delimited spec across the whole batch are typed and checked
 * together (one DuckDB statement per step for e.g. 16 years of BPA members), since per statement the
 * fixed cost was most of staging; the rows are then appended in discovery order, input after input, so
 * the staged tables (and each input's staging-cache entry, a row range of them) hold what staging input
 * by input gave. Other files are staged when their input's turn comes.
 */
async function stageBatch(
  ctx: BuildContext,
  lote: Promise<LoteAberto>,
  work: string,
  threads: Awaited<ReturnType<typeof threadsFor>>,
  cache: StagingCache | null,
  /** The build's reporter: each input's cache entry keeps the notes staging it left. */
  report: BuildReporter,
  done: (results: { fonte: string; file: StagedFile }[], key: string | null) => void,
): Promise<EntradaASalvar[]> {
  /** Each staged input's cache entry, for the build to save (`salvamentoDeEntradas`). */
  const aSalvar: EntradaASalvar[] = [];
  const { opened, verificados } = await lote;
  const pending: PendingFiles[] = [];
  try {
    // Phase 1: type and check every delimited file of the batch, grouped by spec.
    const groups = delimitedBySpec(opened.flatMap((o) => o.files));
    const pendingOf = new Map<string, PendingFiles>();
    const slot = (specId: string, arquivo: string) => `${specId}\u0000${arquivo}`;
    for (const { spec, files } of groups.values()) {
      const bytes = (await Promise.all(files.map((g) => stat(g.file.path)))).reduce((a, x) => a + x.size, 0);
      await threads.forBytes(bytes);
      const ps = await prepareDelimitedFiles(
        ctx.db,
        spec,
        files.map((g) => g.file),
        ctx.report,
        work,
        verificados,
      );
      pending.push(...ps);
      for (const p of ps) for (const a of p.arquivos) pendingOf.set(slot(spec.id, a), p);
    }
    // Phase 2: the batch's rows in input order, each input's files in their order (which files share a
    // pending group depends on where the batch was cut, so a group's files are never inserted together
    // out of that order: a cached build then differed from one from scratch). insertPending appends a run
    // of pending files with one statement per table and one commit, so a batch of DFP/ITR zips is one
    // run (32 commits of ~40 ms each at escala 0.02 were a sixth of its staging CPU); a file another
    // reader stages ends the run. Each input's cache entry is then cut from the row ranges it appended.
    const tablesOf = opened.map(({ files }) => [...new Set(files.map((f) => f.spec.staged))]);
    const before = cache ? await cache.mark(ctx.db, [...new Set(tablesOf.flat())]) : null;
    const results = new Map<RecognisedFile, StagedFile>();
    const notasOf = opened.map((): { etapa: string; mensagem: string }[] => []);
    // Each input's notes, for its cache entry: what staging its files left, wherever the run was cut.
    const reporters = notasOf.map(
      (notas): BuildReporter => ({
        quarantine: (row) => report.quarantine(row),
        invariant: (r) => report.invariant(r),
        note: (etapa, mensagem) => {
          notas.push({ etapa, mensagem });
          report.note(etapa, mensagem);
        },
      }),
    );
    let run: { r: RecognisedFile; pending: PendingFiles; arquivo: string; report: BuildReporter }[] = [];
    const flush = async () => {
      const ss = await insertPending(ctx.db, report, run);
      for (const [k, s] of ss.entries()) {
        const r = run[k]?.r;
        if (r) results.set(r, s);
      }
      run = [];
    };
    for (const [i, { files }] of opened.entries()) {
      const rep = reporters[i] ?? report;
      const seen = new Set<RecognisedFile>();
      for (const r of files) {
        if (seen.has(r)) continue;
        seen.add(r);
        const p = r.spec.kind === 'delimited' ? pendingOf.get(slot(r.spec.id, r.file.arquivo)) : undefined;
        if (p) {
          run.push({ r, pending: p, arquivo: r.file.arquivo, report: rep });
          continue;
        }
        await flush();
        await threads.forBytes((await stat(r.file.path)).size);
        results.set(r, await stageFile({ ...ctx, report: rep }, r.spec, r.file, work));
      }
    }
    await flush();
    const staged = opened.map(({ files }) =>
      files.map((r) => {
        const s = results.get(r);
        if (!s) throw new Error(`${r.file.arquivo}: not staged`);
        return { fonte: r.spec.id, file: s };
      }),
    );
    // Each input's rows follow the previous inputs' in every table: its ranges start where theirs end.
    const ranges = opened.map(() => new Map<string, RowRange>());
    if (cache && before) {
      const quarentenaDe = await quarantineByArquivo(ctx.db, before.get('_quarantine') ?? 0);
      const cursor = new Map(before);
      for (const [i, mine] of staged.entries()) {
        const arquivos = new Set(mine.map((x) => x.file.arquivo));
        for (const t of [...(tablesOf[i] ?? []), '_quarantine']) {
          const rows =
            t === '_quarantine'
              ? [...arquivos].reduce((n, a) => n + (quarentenaDe.get(a) ?? 0), 0)
              : mine.reduce((n, x) => n + (x.file.staged === t ? x.file.rows : 0), 0);
          const from = cursor.get(t) ?? 0;
          ranges[i]?.set(t, { from, rows });
          cursor.set(t, from + rows);
        }
      }
      // The ranges must tile what the batch appended, or an entry would hold another input's rows.
      for (const [t, n] of await cache.mark(ctx.db, [...cursor.keys()]))
        if (cursor.get(t) !== n)
          throw new Error(
            `staging cache: ${t} holds ${n} rows after the batch, its inputs account for ${cursor.get(t)}`,
          );
    }
    for (const [i, { b }] of opened.entries()) {
      const mine = staged[i] ?? [];
      if (cache && b.key)
        aSalvar.push({
          key: b.key,
          ranges: ranges[i] ?? new Map(),
          meta: {
            arquivo: b.input.arquivo,
            resultados: mine.map(({ fonte, file }) => ({ fonte, ...file })),
            notas: notasOf[i] ?? [],
          },
        });
      done(mine, b.key);
    }
    return aSalvar;
  } finally {
    for (const p of pending) await p.drop();
    for (const o of opened) await o.close();
  }
}

/** Stages every recognised file under `raw`, runs the marts, publishes atomically under `out`. */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const now = opts.now ?? new Date();
  const raw = resolve(opts.raw);
  const out = resolve(opts.out);
  const sources = opts.sources ?? allSources;
  const stages = opts.stages ?? martStages;
  const log = opts.log ?? (() => {});
  await mkdir(out, { recursive: true });
  const keep = opts.keepVersions ?? DEFAULT_KEEP_VERSIONS;
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`keepVersions must be ≥ 1, got ${keep}`);
  // One build per `out` at a time; holding the lock, whatever `.building-*`/`.work-*` is there was left
  // by a dead build (killed before its `finally`) and is removed.
  const release = await acquireBuildLock(out);
  let buildingDir: string | null = null;
  let work: string | null = null;
  try {
    const dead = await removeDeadBuildScratch(out);
    if (dead.length) log(`removed what dead builds left: ${dead.join(', ')}`);

    // Validated before staging so a bad log fails the build in seconds, not after the long part.
    const downloadLog = await readDownloadLogText(raw);
    const found = await discover(raw, sources);
    log(
      `${recognisedCount(found)} files recognised, ${found.unrecognised.length} not, ${found.ignored.length} ignored`,
    );
    const planejar = (dir: string) => planoDeCache(dir, found, opts.label, sources, stages, downloadLog);
    let cached: CachePlan | null = null;
    if (opts.cacheDir) {
      cached = await planejar(resolve(opts.cacheDir));
      const kept = await unchanged(out, cached.cache, cached.impressao);
      if (kept) {
        log(`nothing changed since ${kept.versao_do_dado}: current kept, nothing published`);
        return {
          ...kept,
          entradas: { total: found.inputs.length, do_cache: found.inputs.length },
          etapas_do_cache: [],
        };
      }
    }
    const versao_do_dado = await nextVersao(out, opts.label, now);
    const id = randomBytes(6).toString('hex');
    buildingDir = join(out, `.building-${id}`);
    // Scratch lives beside the output (same disk, usually larger than /tmp, which may be RAM): extracted
    // zip members, latin-1 files transcoded to UTF-8, and DuckDB's spill files. Removed when the build ends.
    work = join(out, `.work-${id}`);
    await mkdir(buildingDir);
    await mkdir(join(work, 'duckdb'), { recursive: true });
    // Without a cache folder the build still stages through a staging cache, a scratch one in the work
    // dir: its entries are the staged tables' published parts (`staging_parquet`).
    cached ??= await planejar(join(work, 'staging-cache'));
    return await runBuild(
      { ...opts, raw, out, now, keep, sources, stages, log },
      { found, downloadLog, cached },
      versao_do_dado,
      buildingDir,
      work,
    );
  } catch (e) {
    if (buildingDir) await rm(buildingDir, { recursive: true, force: true });
    throw e;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
    await release();
  }
}

interface ResolvedOptions extends BuildOptions {
  now: Date;
  keep: number;
  sources: SourceSpec[];
  stages: Stage[];
  log: (message: string) => void;
}

/** The staging cache of a build, the key of each input (in discovery order) and the publication's fingerprint. */
interface CachePlan {
  cache: StagingCache;
  keys: string[];
  impressao: string;
}

/** Opens the staging cache under `dir` and keys every input and the publication the build would make. */
async function planoDeCache(
  dir: string,
  found: Discovery,
  label: string,
  sources: SourceSpec[],
  stages: Stage[],
  downloadLog: DownloadLogText | null,
): Promise<CachePlan> {
  const cache = await openStagingCache(dir);
  const keys: string[] = [];
  for (const input of found.inputs) keys.push(await cache.keyOf(input));
  const impressao = await cache.publicationFingerprint(
    {
      label,
      sources: sources.map((x) => x.id),
      stages: stages.map((x) => x.name),
      downloads: downloadLog ? createHash('sha256').update(downloadLog.content).digest('hex') : null,
      nao_reconhecidos: found.unrecognised,
    },
    keys,
  );
  return { cache, keys, impressao };
}

/**
 * The current publication, when the last build made with this cache published it from the same inputs,
 * code, label and stages: rebuilding would only restamp the same data with a new version and date.
 */
async function unchanged(
  out: string,
  cache: StagingCache,
  impressao: string,
): Promise<Omit<BuildResult, 'entradas' | 'etapas_do_cache'> | null> {
  const last = await cache.lastPublication();
  if (!last || last.impressao !== impressao || last.out !== out) return null;
  if ((await readlink(join(out, 'current')).catch(() => null)) !== last.dir) return null;
  const dir = join(out, last.dir);
  try {
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
    const report = BuildReportSchema.parse(
      JSON.parse(await readFile(join(dir, ARTEFATOS.relatorio.caminho()), 'utf8')),
    );
    return { versao_do_dado: manifest.versao_do_dado, dir, manifest, report, publicada: false };
  } catch {
    return null;
  }
}

/**
 * Stage-cache key of every table staging made: the staging-cache keys of the inputs it holds, in order
 * (an input's key covers its bytes, path, specs and the staging code). `_quarantine` holds every input's rows.
 */
async function stagedTableKeys(
  db: DuckDBConnection,
  inputsOf: ReadonlyMap<string, string[]>,
  all: string[],
  sources: SourceSpec[],
): Promise<Map<string, string>> {
  const key = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex');
  const keys = new Map<string, string>([['_quarantine', key({ _quarantine: all })]]);
  // With the tables no input fed: a stage that makes them when missing reads them empty.
  for (const t of new Set([...(await stagedTables(db)), ...sources.map((s) => s.staged)]))
    keys.set(t, key({ [t]: inputsOf.get(t) ?? [] }));
  return keys;
}

async function contar(db: DuckDBConnection, table: string): Promise<number> {
  return Number((await db.runAndReadAll(`SELECT count(*) FROM ${quote(table)}`)).getRows()[0]?.[0] ?? 0);
}

async function runBuild(
  opts: ResolvedOptions,
  plan: { found: Discovery; downloadLog: DownloadLogText | null; cached: CachePlan },
  versao_do_dado: string,
  buildingDir: string,
  work: string,
): Promise<BuildResult> {
  const { out, now, sources, stages, log } = opts;
  const fase = opts.fase ?? (() => {});
  fase('staging');
  const memoryLimit =
    opts.memoryLimit ?? memoryLimitFor(await totalBytes(plan.found.inputs.map((x) => x.path)));
  log(`DuckDB memory_limit ${memoryLimit}${opts.memoryLimit ? '' : " (derived from the raw inputs' size)"}`);
  boundHeapGrowth();
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: memoryLimit,
    temp_directory: join(work, 'duckdb'),
    ...DUCKDB_ALLOCATOR_SETTINGS,
  });
  const db = await instance.connect();
  const writer = createArtefactWriter(buildingDir, db, versao_do_dado);
  try {
    const report = new CollectingReporter(db);
    const ctx: BuildContext = { db, versao_do_dado, data_build: dataBuild(now), writer, report, log };
    await ensureQuarantineTable(db);
    await createStagingTables(db, sources);

    const { found, downloadLog } = plan;
    const cache = plan.cached?.cache ?? null;
    const staged: { fonte: string; file: StagedFile }[] = [];
    // Staged inputs' cache entries are saved on other connections while the next inputs are staged.
    let salvamento: SalvamentoDeEntradas | null = null;
    const threads = await threadsFor(db, () => salvamento?.ocupado ?? false);
    const usedKeys = new Set<string>();
    let reused = 0;
    // Every input looked up first: a table that no input staged in this build feeds is left on disk
    // (`adiadas`) and loaded only when a stage that runs reads it, which on a nightly build is never
    // for the filings (their stages come from the stage cache). Needs the stage cache to load it. A table
    // only one stage reads is left there even when an input feeds it (the new COTAHIST day): that stage
    // reads it in place (`lerEmLugar`), the staged rows beside the cached ones.
    const achados: (CacheEntryMeta | null)[] = [];
    for (const [i] of found.inputs.entries()) {
      const key = plan.cached?.keys[i] ?? null;
      achados.push(cache && key ? await cache.lookup(key) : null);
    }
    const alimentadas = new Set<string>();
    for (const [i, input] of found.inputs.entries()) {
      if (achados[i]) continue;
      const specs = input.kind === 'file' ? input.specs : input.members.flatMap((m) => m.specs);
      for (const s of specs) alimentadas.add(s.staged);
    }
    const preguicoso = plan.cached !== null && opts.cacheDir !== undefined;
    const uso = usoDasTabelas(stages);
    const adiadas = new Map<string, Adiada>();
    // Cache hits in a row are loaded together (one statement per table), then logged in input order.
    let hits: { key: string; meta: CacheEntryMeta }[] = [];
    // Staging-cache keys of the inputs each staged table holds, in order: the tables' keys in the stage cache.
    const inputsOf = new Map<string, string[]>();
    const logStaged = (
      results: { fonte: string; file: StagedFile }[],
      fromCache: boolean,
      key: string | null,
    ) => {
      for (const { fonte, file: s } of results) {
        staged.push({ fonte, file: s });
        if (key && inputsOf.get(s.staged)?.at(-1) !== key)
          inputsOf.set(s.staged, [...(inputsOf.get(s.staged) ?? []), key]);
        log(
          `${s.arquivo} → ${s.staged}: ${s.rows} rows${s.quarantined ? `, ${s.quarantined} quarantined` : ''}${fromCache ? ' (cache)' : ''}`,
        );
      }
    };
    const flushHits = async () => {
      if (!cache || !hits.length) return;
      const deixadas = await cache.load(
        db,
        hits,
        (t) => preguicoso && (!alimentadas.has(t) || uso.lidaPorUmaSo(t)),
      );
      for (const [t, paths] of deixadas) {
        const a = adiadas.get(t) ?? { parquets: [], delecoes: [], linhas: 0 };
        a.parquets.push(...paths);
        adiadas.set(t, a);
      }
      for (const { meta } of hits)
        for (const { tabela, linhas } of meta.tabelas) {
          const a = adiadas.get(tabela);
          if (a) a.linhas += linhas;
        }
      for (const { key, meta } of hits) {
        for (const n of meta.notas) report.note(n.etapa, n.mensagem);
        logStaged(
          meta.resultados.map(({ fonte, ...file }) => ({ fonte, file })),
          true,
          key,
        );
      }
      reused += hits.length;
      hits = [];
    };
    let batch: BatchInput[] = [];
    let batchBytes = 0;
    // The batch being opened while the one before it is staged (`abrirLote`); staged when the next batch
    // is cut, or before a cache hit or the end (inputs stay in order).
    const lotes: { aberto: Promise<LoteAberto> | null } = { aberto: null };
    const stageLote = async (lote: Promise<LoteAberto> | null) => {
      if (!lote) return;
      const aSalvar = await stageBatch(ctx, lote, work, threads, cache, report, (results, key) =>
        logStaged(results, false, key),
      );
      if (salvamento && aSalvar.length) {
        await threads.one();
        for (const e of aSalvar) await salvamento.salvar(e);
      }
    };
    const stageAberto = async () => {
      const lote = lotes.aberto;
      lotes.aberto = null;
      await stageLote(lote);
    };
    const flushBatch = async () => {
      if (!batch.length) return;
      const anterior = lotes.aberto;
      lotes.aberto = abrirLote(batch, work);
      // Awaited by stageBatch, or in the finally below when the build stops first: never unhandled.
      lotes.aberto.catch(() => {});
      batch = [];
      batchBytes = 0;
      await stageLote(anterior);
    };
    salvamento = cache ? await salvamentoDeEntradas(instance, db, cache, threads.all - 1) : null;
    try {
      for (const [i, input] of found.inputs.entries()) {
        const key = plan.cached?.keys[i] ?? null;
        const hit = achados[i] ?? null;
        if (key) usedKeys.add(key);
        if (key && hit) {
          await flushBatch();
          await stageAberto();
          hits.push({ key, meta: hit });
          continue;
        }
        await flushHits();
        const bytes = (await stat(input.path)).size;
        if (batch.length && batchBytes + bytes > (opts.loteBytes ?? BATCH_BYTES)) await flushBatch();
        batch.push({ i, input, key });
        batchBytes += bytes;
      }
      await flushBatch();
      await stageAberto();
      await flushHits();
      await salvamento?.concluir();
    } finally {
      // A batch opened ahead of a batch that failed: its members are removed (a failed open removed its own).
      await lotes.aberto?.then(
        (l) => Promise.all(l.opened.map((o) => o.close())),
        () => {},
      );
      await salvamento?.fechar();
    }
    await threads.reset();
    fase('duplicatas');
    for (const spec of sources) {
      if (spec.kind !== 'delimited') continue;
      const mine = staged.filter((x) => x.fonte === spec.id);
      const arquivos = [...new Set(mine.map((x) => x.file.arquivo))];
      const chave = cache ? chaveDuplicatas(spec.id, arquivos, inputsOf.get(spec.staged) ?? []) : null;
      let removed: ReadonlyMap<string, number> | null = null;
      const adiada = adiadas.get(spec.staged);
      if (cache && chave && adiada) {
        // The same inputs as the build that saved this record: replay it instead of loading the table.
        // Without one, the table is loaded for the search only if there is one to make (a spec without a
        // key, or with one file, has none; the funds' files have no key).
        const d = await cache.duplicatas(chave);
        if (d) {
          if (d.quarentena) {
            await db.run('INSERT INTO _quarantine SELECT * FROM read_parquet($1)', [d.quarentena]);
            adiada.delecoes.push(d.quarentena);
          }
          for (const n of d.removidos.values()) adiada.linhas -= n;
          removed = d.removidos;
        } else if (procuraDuplicatas(spec, arquivos)) await carregarAdiada(db, adiadas, spec.staged);
      }
      if (!removed) {
        const antes = cache ? await contar(db, '_quarantine') : 0;
        removed = await crossFileDuplicates(db, spec, arquivos);
        if (cache && chave) await cache.salvarDuplicatas(db, chave, removed, antes);
      }
      for (const x of mine) {
        const n = removed.get(x.file.arquivo) ?? 0;
        x.file = { ...x.file, rows: x.file.rows - n, quarantined: x.file.quarantined + n };
      }
    }

    const descarte = descarteDeTabelas(uso);
    /** Staged tables read in place (views). */
    const vistas = new Set<string>();
    const stageCache =
      plan.cached && opts.cacheDir
        ? await openStageCache({
            dir: join(resolve(opts.cacheDir), 'etapas'),
            codigo: await plan.cached.cache.publicationFingerprint({ etapas: sources.map((x) => x.id) }, []),
            buildDir: buildingDir,
            chaves: await stagedTableKeys(db, inputsOf, plan.cached.keys, sources),
            adiadas: new Map(
              [...adiadas.keys()].map((t): [string, Carga] => [
                t,
                async (d) => {
                  if (!uso.lidaPorUmaSo(t)) return carregarAdiada(d, adiadas, t);
                  await lerEmLugar(d, adiadas, t, vistas);
                  log(`${t}: read in place by the one stage that reads it, not loaded`);
                },
              ]),
            ),
            uso,
          })
        : null;
    if (adiadas.size)
      log(
        `staging cache: ${adiadas.size} tables left on disk until a stage reads them: ${[...adiadas.keys()].join(', ')}`,
      );
    const etapas_do_cache: string[] = [];
    /** Staged tables dropped once no stage used them, with their rows. */
    const descartadas = new Map<string, number>();
    const artefatos: ManifestEntry[] = [];
    const etapas: BuildReport['etapas'] = [];
    // Run outside the stage cache: neither is ever cached (no `le`/`cria`: the first links the staging
    // cache's parts and sends only `_quarantine` through it, the second's input is not a table), and
    // through it their missing `le` would load every table left on disk.
    const partes = found.inputs.map((input, i): ParteDaEntrada => {
      const key = plan.cached.keys[i];
      if (!key) throw new Error(`${input.arquivo}: no staging-cache key`);
      return { arquivo: input.arquivo, key };
    });
    const sempre = [
      stagingParquet(plan.cached.cache, partes, buildingDir, stageCache),
      downloadsStage(downloadLog),
    ];
    for (const stage of [...sempre, ...stages]) {
      report.stage = stage.name;
      fase({ etapa: stage.name });
      const { entries, doCache, macros } =
        stageCache && !sempre.includes(stage)
          ? await stageCache.run(stage, ctx)
          : { entries: await stage.run(ctx), doCache: false, macros: undefined };
      // The writer lets files reach the disk while a stage goes on; a later stage may read them.
      await writer.concluir();
      if (doCache) etapas_do_cache.push(stage.name);
      // No later stage uses them: their memory (or spill) back to DuckDB. A staged table's rows are counted
      // first, for the report; one still on disk (`adiadas`) was never loaded and has its count.
      if (!sempre.includes(stage))
        for (const t of await descarte.aposEtapa(db, stage, macros && { macros })) {
          if (adiadas.has(t)) continue;
          if (t.startsWith('stg_')) descartadas.set(t, await contar(db, t));
          await descartar(db, t, vistas);
        }
      // Not push(...entries): at full scale one stage returns ~10^5 lineage files, more arguments than
      // the call stack takes.
      for (const e of entries) artefatos.push(e);
      etapas.push({ nome: stage.name, artefatos: entries.length });
      const failed = report.failedHard(stage.name);
      if (failed.length)
        throw new InvariantError(
          stage.name,
          failed.map((f) => f.nome),
        );
    }

    fase('relatorio');
    const tabelas = new Map<string, BuildReport['tabelas'][number]>();
    // Still in `adiadas`: no stage that ran read them; their rows are the ones the cache recorded and
    // those staged in this build (a table only one stage reads is left on disk when an input feeds it).
    const nuncaLidas = new Set(adiadas.keys());
    // Sorted as stagedTables sorts (ASCII names: DuckDB's binary order is JavaScript's).
    for (const t of [...new Set([...(await stagedTables(db)), ...descartadas.keys()])].sort()) {
      const linhas = nuncaLidas.has(t)
        ? (adiadas.get(t)?.linhas ?? 0) + (await contar(db, t))
        : (descartadas.get(t) ?? (await contar(db, t)));
      tabelas.set(t, { tabela: t, fontes: [], arquivos: [], linhas });
    }
    if (nuncaLidas.size) log(`staged tables no stage loaded: ${[...nuncaLidas].sort().join(', ')}`);
    for (const { fonte, file } of staged) {
      const t = tabelas.get(file.staged) ?? { tabela: file.staged, fontes: [], arquivos: [], linhas: 0 };
      if (!t.fontes.includes(fonte)) t.fontes.push(fonte);
      t.arquivos.push({ arquivo: file.arquivo, fonte, linhas: file.rows, quarentena: file.quarantined });
      tabelas.set(file.staged, t);
    }
    const criado_em = now.toISOString();
    const reportData: BuildReport = {
      versao_do_dado,
      criado_em,
      schema_version: 1,
      tabelas: [...tabelas.values()],
      quarentena: await report.quarantineSummary(),
      invariantes: report.invariantes,
      notas: report.notas,
      nao_reconhecidos: found.unrecognised,
      etapas,
    };
    artefatos.push(
      await writer.json({
        name: 'report',
        ...escrita(ARTEFATOS.relatorio),
        data: reportData,
      }),
    );
    fase('manifesto');
    const manifest: Manifest = { versao_do_dado, criado_em, schema_version: 1, artefatos };
    await writer.json({
      name: 'manifest',
      path: 'manifest.json',
      schemaName: 'ManifestSchema',
      schema: ManifestSchema,
      data: manifest,
    });

    await writer.concluir();
    fase('publicacao');
    const dir = await publishBuild(out, buildingDir, dirDaVersao(versao_do_dado));
    log(`published ${versao_do_dado} at ${dir}`);
    // Published already: a failure to tidy up is logged, never turned into a failed build.
    fase('limpeza');
    try {
      const old = await applyRetention(out, opts.keep);
      if (old.length) log(`removed old versions (keeping ${opts.keep}): ${old.join(', ')}`);
      if (opts.cacheDir) {
        const n = await plan.cached.cache.prune(usedKeys);
        if (n) log(`staging cache: ${n} entries no input of this build uses removed`);
        const m = (await stageCache?.prune()) ?? 0;
        if (m) log(`stage cache: ${m} entries this build did not use removed`);
        await plan.cached.cache.recordPublication({
          impressao: plan.cached.impressao,
          out,
          dir: dirDaVersao(versao_do_dado),
        });
      }
    } catch (e) {
      log(`cleanup after publishing failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    fase('fim');
    return {
      versao_do_dado,
      dir,
      manifest,
      report: reportData,
      entradas: { total: found.inputs.length, do_cache: reused },
      etapas_do_cache,
      publicada: true,
    };
  } finally {
    // A failed build's folder is removed: no write of it may land there afterwards.
    await writer.concluir().catch(() => undefined);
    db.closeSync();
    instance.closeSync();
  }
}
