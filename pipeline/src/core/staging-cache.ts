import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import type { DiscoveredInput } from './discover.ts';
import { sha256DoArquivo } from './partes-do-arquivo.ts';
import { lit, quote } from './sql.ts';
import { emVetoresCheios, withOneThread } from './staging.ts';

/**
 * Content-addressed cache of staged rows, one entry per raw input (a loose file or a zip): what staging
 * that input added to each `stg_*` table and to `_quarantine`, the per-file results and the notes it
 * left. A later build whose raw folder holds the same bytes at the same path, read by the same specs and
 * the same staging code, loads the entry instead of staging the input again, so a nightly build with one
 * new COTAHIST day stages one file. Layout and rules: docs/architecture.md, "Incremental builds".
 */

/** The command line's cache folder, inside `--out` (so the build lock covers it). */
export const CACHE_DIR = '.cache';

/** Folders whose code decides what staging produces: any change there invalidates every entry. */
const STAGING_CODE_DIRS = ['readers', 'sources', 'core'] as const;
/** Entry format; bump when what an entry holds changes (2: table files written in full vectors, with their hash). */
const ENTRY_FORMAT = 2;

const EntryMetaSchema = z.object({
  formato: z.literal(ENTRY_FORMAT),
  arquivo: z.string(),
  /**
   * Every table the input's specs feed, with the rows this input added (0 included: an empty part is still
   * published) and the size and sha256 of its Parquet file, which the publication links as the table's part
   * for this input (`parquet/<tabela>/<parte>.parquet`) without reading it again.
   */
  tabelas: z.array(
    z.object({
      tabela: z.string(),
      linhas: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  quarentena: z.number().int().nonnegative(),
  resultados: z.array(
    z.object({
      fonte: z.string(),
      arquivo: z.string(),
      staged: z.string(),
      rows: z.number().int(),
      quarantined: z.number().int(),
    }),
  ),
  notas: z.array(z.object({ etapa: z.string(), mensagem: z.string() })),
});
export type CacheEntryMeta = z.infer<typeof EntryMetaSchema>;

const DuplicatasSchema = z.object({
  formato: z.literal(ENTRY_FORMAT),
  removidos: z.array(z.tuple([z.string(), z.number().int().positive()])),
  quarentena: z.boolean(),
});
/** What removing one spec's cross-file duplicates did (see `StagingCache.duplicatas`). */
export interface Duplicatas {
  removidos: Map<string, number>;
  /** Parquet of the `_quarantine` rows it added (their `arquivo`, `linha` name the rows it deleted), or null. */
  quarentena: string | null;
}

/**
 * Key of one spec's duplicate removal: the spec, its files and the staging-cache keys of the inputs
 * its table holds (which cover their bytes and the staging code), in order.
 */
export function chaveDuplicatas(
  spec: string,
  arquivos: readonly string[],
  entradas: readonly string[],
): string {
  return createHash('sha256')
    .update(JSON.stringify({ formato: ENTRY_FORMAT, spec, arquivos, entradas }))
    .digest('hex');
}

const PIPELINE_SRC = join(import.meta.dirname, '..');
/**
 * Everything a publication depends on besides its inputs: the whole pipeline, the schemas and the
 * words it publishes (ui/src/{dicionario,veredito,mercado,eventos,fundos,fundamentos}).
 */
const PUBLICATION_CODE_DIRS = [
  PIPELINE_SRC,
  join(PIPELINE_SRC, '../../schemas/src'),
  join(PIPELINE_SRC, '../../ui/src/dicionario'),
  join(PIPELINE_SRC, '../../ui/src/veredito'),
  join(PIPELINE_SRC, '../../ui/src/mercado'),
  join(PIPELINE_SRC, '../../ui/src/eventos'),
  join(PIPELINE_SRC, '../../ui/src/fundos'),
  join(PIPELINE_SRC, '../../ui/src/fundamentos'),
];

/**
 * sha256 over the code under `dirs` (tests left out), file by file in path order. Source specs hold
 * functions (JSON shapes) whose behaviour no serialisation of the spec shows, so the code itself is
 * the version: a nightly build with unchanged code reuses everything.
 */
async function codeFingerprint(dirs: string[]): Promise<string> {
  const files: string[] = [];
  for (const d of dirs) {
    for (const e of await readdir(d, { recursive: true, withFileTypes: true })) {
      if (e.isFile() && /\.(ts|json)$/.test(e.name) && !e.name.endsWith('.test.ts'))
        files.push(join(e.parentPath, e.name));
    }
  }
  const h = createHash('sha256');
  for (const f of files.sort()) h.update(`${relative(PIPELINE_SRC, f)}\0`).update(await readFile(f));
  return h.digest('hex');
}

const PublicationSchema = z.object({ impressao: z.string(), out: z.string(), dir: z.string() });
/** The last publication made with this cache: what it was built from (`impressao`) and where it is. */
export type PublicationRecord = z.infer<typeof PublicationSchema>;

/** Rows one input appended to a table: `rows` rows from rowid `from` on. */
export interface RowRange {
  from: number;
  rows: number;
}

export interface StagingCache {
  /** `<dir>/staging/<key>/`. */
  readonly dir: string;
  /** The Parquet file of the rows one entry added to a table (`meta.tabelas` says which it has). */
  parte(key: string, tabela: string): string;
  /** Key of one input: its bytes, its `arquivo`, the specs that read it (or its members) and the staging code. */
  keyOf(input: DiscoveredInput): Promise<string>;
  /** The entry's metadata, or null when absent or unreadable (then the input is staged again). */
  lookup(key: string): Promise<CacheEntryMeta | null>;
  /**
   * Loads entries' rows into the build's tables (creating a table the build has not made yet), in the
   * order given: one statement per table for all of them, since per entry and table the statement's
   * fixed cost was most of a nightly build's staging (57 inputs × their tables). A table `adiar` names
   * is created (empty) but not filled: its entries' Parquet files are returned, in order, for the
   * build to load when a stage reads it (`_quarantine` is always loaded).
   */
  load(
    db: DuckDBConnection,
    entries: { key: string; meta: CacheEntryMeta }[],
    adiar?: (tabela: string) => boolean,
  ): Promise<Map<string, string[]>>;
  /**
   * What removing cross-file duplicates did to one spec's files, keyed by `chaveDuplicatas`: the rows
   * it removed per file and the `_quarantine` rows it added (a Parquet file, null when none). Lets a
   * build whose table comes whole from the cache skip loading it to look for duplicates.
   */
  duplicatas(key: string): Promise<Duplicatas | null>;
  /** Saves what removing duplicates did: `_quarantine` rows past `quarentenaAntes` are the ones it added. */
  salvarDuplicatas(
    db: DuckDBConnection,
    key: string,
    removidos: ReadonlyMap<string, number>,
    quarentenaAntes: number,
  ): Promise<void>;
  /** Row counts of `tables` (and `_quarantine`) before staging a batch: its rows are appended after them. */
  mark(db: DuckDBConnection, tables: string[]): Promise<Map<string, number>>;
  /**
   * Writes the entry of one input from the rows it appended: per table (and `_quarantine`), `rows` rows
   * from rowid `from` on. Bounded ranges let a batch of inputs be appended by one statement per table
   * and each input's entry be cut from it afterwards. Temp dir, then rename: a cut-short write is never
   * an entry.
   */
  save(
    db: DuckDBConnection,
    key: string,
    ranges: ReadonlyMap<string, RowRange>,
    meta: Omit<CacheEntryMeta, 'formato' | 'tabelas' | 'quarentena'>,
  ): Promise<void>;
  /** Deletes entries (and duplicate records) this build did not use (the cache holds one build's inputs). */
  prune(used: ReadonlySet<string>): Promise<number>;
  /**
   * sha256 of everything a publication is made from: the input keys in order, the whole pipeline and
   * schema code, and what the caller adds (label, stage names, download log…). Not the clock.
   */
  publicationFingerprint(extra: unknown, keys: string[]): Promise<string>;
  lastPublication(): Promise<PublicationRecord | null>;
  recordPublication(r: PublicationRecord): Promise<void>;
}

const QUARANTINE = '_quarantine';

async function existingTables(db: DuckDBConnection): Promise<Set<string>> {
  return new Set(
    (await db.runAndReadAll('SELECT table_name FROM duckdb_tables() WHERE NOT temporary'))
      .getRows()
      .map((r) => String(r[0])),
  );
}

async function countRows(db: DuckDBConnection, table: string): Promise<number> {
  return Number((await db.runAndReadAll(`SELECT count(*) FROM ${quote(table)}`)).getRows()[0]?.[0] ?? 0);
}

export async function openStagingCache(root: string): Promise<StagingCache> {
  const dir = join(root, 'staging');
  // One JSON (and at most one Parquet) per spec and build: kept apart so `prune` reads one folder each.
  const dupDir = join(root, 'duplicatas');
  await mkdir(dir, { recursive: true });
  await mkdir(dupDir, { recursive: true });
  const dupUsadas = new Set<string>();
  const code = await codeFingerprint(STAGING_CODE_DIRS.map((d) => join(PIPELINE_SRC, d)));
  const publicationFile = join(root, 'publicacao.json');
  const entry = (key: string) => join(dir, key);
  const parquetOf = (base: string, table: string) => join(base, `${table}.parquet`);

  return {
    dir,
    parte: (key, tabela) => parquetOf(entry(key), tabela),
    async keyOf(input) {
      const specs =
        input.kind === 'file'
          ? input.specs.map((s) => s.id)
          : input.members.map((m) => `${m.member}:${m.specs.map((s) => s.id).join(',')}`);
      return createHash('sha256')
        .update(
          JSON.stringify({
            formato: ENTRY_FORMAT,
            code,
            arquivo: input.arquivo,
            kind: input.kind,
            sha256: await sha256DoArquivo(input.path),
            specs,
          }),
        )
        .digest('hex');
    },
    async lookup(key) {
      try {
        const parsed = EntryMetaSchema.safeParse(
          JSON.parse(await readFile(join(entry(key), 'meta.json'), 'utf8')),
        );
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async load(db, entries, adiar) {
      const have = await existingTables(db);
      const adiadas = new Map<string, string[]>();
      // Tables in first-seen order, each with its entries' files in the order given: a list scan keeps
      // the file order (preserve_insertion_order), so rows land as they would entry by entry.
      const files = new Map<string, string[]>();
      for (const { key, meta } of entries) {
        for (const { tabela } of meta.tabelas)
          files.set(tabela, [...(files.get(tabela) ?? []), parquetOf(entry(key), tabela)]);
        if (meta.quarentena > 0)
          files.set(QUARANTINE, [...(files.get(QUARANTINE) ?? []), parquetOf(entry(key), QUARANTINE)]);
      }
      for (const [tabela, paths] of files) {
        const list = `[${paths.map(lit).join(', ')}]`;
        if (!have.has(tabela)) {
          await db.run(`CREATE TABLE ${quote(tabela)} AS SELECT * FROM read_parquet(${list}) LIMIT 0`);
          have.add(tabela);
        }
        if (tabela !== QUARANTINE && adiar?.(tabela)) adiadas.set(tabela, paths);
        else await db.run(`INSERT INTO ${quote(tabela)} BY NAME SELECT * FROM read_parquet(${list})`);
      }
      return adiadas;
    },
    async duplicatas(key) {
      try {
        const d = DuplicatasSchema.safeParse(JSON.parse(await readFile(join(dupDir, `${key}.json`), 'utf8')));
        if (!d.success) return null;
        dupUsadas.add(key);
        return {
          removidos: new Map(d.data.removidos),
          quarentena: d.data.quarentena ? join(dupDir, `${key}.parquet`) : null,
        };
      } catch {
        return null;
      }
    },
    async salvarDuplicatas(db, key, removidos, quarentenaAntes) {
      const tmp = `.tmp-${randomBytes(6).toString('hex')}`;
      try {
        const linhas = [...removidos].filter(([, n]) => n > 0);
        // The Parquet first and the JSON last, each renamed into place: a JSON is never seen without it.
        if (linhas.length) {
          await db.run(
            `COPY (SELECT * FROM ${QUARANTINE} WHERE rowid >= ${quarentenaAntes}) TO ${lit(join(dupDir, `${tmp}.parquet`))} (FORMAT PARQUET, COMPRESSION ZSTD)`,
          );
          await rename(join(dupDir, `${tmp}.parquet`), join(dupDir, `${key}.parquet`));
        }
        const d: z.infer<typeof DuplicatasSchema> = {
          formato: ENTRY_FORMAT,
          removidos: linhas,
          quarentena: linhas.length > 0,
        };
        await writeFile(join(dupDir, `${tmp}.json`), `${JSON.stringify(d)}\n`);
        await rename(join(dupDir, `${tmp}.json`), join(dupDir, `${key}.json`));
        dupUsadas.add(key);
      } finally {
        await rm(join(dupDir, `${tmp}.parquet`), { force: true });
        await rm(join(dupDir, `${tmp}.json`), { force: true });
      }
    },
    async mark(db, tables) {
      const have = await existingTables(db);
      const before = new Map<string, number>();
      for (const t of new Set([...tables, QUARANTINE]))
        before.set(t, have.has(t) ? await countRows(db, t) : 0);
      return before;
    },
    async save(db, key, ranges, meta) {
      const tmp = join(dir, `.tmp-${randomBytes(6).toString('hex')}`);
      await mkdir(tmp, { recursive: true });
      try {
        const have = await existingTables(db);
        const tabelas: CacheEntryMeta['tabelas'] = [];
        let quarentena = 0;
        // One thread for every part of the entry (a no-op beside staging, which already keeps one).
        await withOneThread(db, async () => {
          for (const [t, { from, rows }] of ranges) {
            if (!have.has(t)) continue;
            // Staging only appends (cross-file duplicates are removed after every input is staged), so
            // this input's rows are the range it was appended at, in insertion order. A table's file is
            // published as this input's part of it, so its bytes must not depend on the rows before the
            // range (which batch the input was staged in): full vectors on one thread (emVetoresCheios).
            const arquivo = parquetOf(tmp, t);
            const intervalo = `SELECT * FROM ${quote(t)} WHERE rowid >= ${from} AND rowid < ${from + rows}`;
            const n = Number(
              (
                await db.run(
                  `COPY (${t === QUARANTINE ? intervalo : emVetoresCheios(intervalo)}) TO ${lit(arquivo)} (FORMAT PARQUET, COMPRESSION ZSTD)`,
                )
              ).rowsChanged,
            );
            if (n !== rows)
              throw new Error(`staging cache: ${t} holds ${n} rows of ${meta.arquivo}, expected ${rows}`);
            if (t === QUARANTINE) quarentena = n;
            else
              tabelas.push({
                tabela: t,
                linhas: n,
                bytes: (await stat(arquivo)).size,
                sha256: await sha256DoArquivo(arquivo),
              });
          }
        });
        const full: CacheEntryMeta = { formato: ENTRY_FORMAT, ...meta, tabelas, quarentena };
        await writeFile(join(tmp, 'meta.json'), `${JSON.stringify(full)}\n`);
        await rm(entry(key), { recursive: true, force: true });
        await rename(tmp, entry(key));
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
    async publicationFingerprint(extra, keys) {
      const all = await codeFingerprint(PUBLICATION_CODE_DIRS);
      return createHash('sha256')
        .update(JSON.stringify({ formato: ENTRY_FORMAT, all, extra, keys }))
        .digest('hex');
    },
    async lastPublication() {
      try {
        const r = PublicationSchema.safeParse(JSON.parse(await readFile(publicationFile, 'utf8')));
        return r.success ? r.data : null;
      } catch {
        return null;
      }
    },
    async recordPublication(r) {
      const tmp = `${publicationFile}.tmp-${randomBytes(4).toString('hex')}`;
      await writeFile(tmp, `${JSON.stringify(r)}\n`);
      await rename(tmp, publicationFile);
    },
    async prune(used) {
      let n = 0;
      for (const name of await readdir(dir)) {
        if (used.has(name)) continue;
        await rm(join(dir, name), { recursive: true, force: true });
        n++;
      }
      for (const name of await readdir(dupDir))
        if (!dupUsadas.has(name.replace(/\.(json|parquet)$/, '')))
          await rm(join(dupDir, name), { force: true });
      return n;
    },
  };
}
