import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, type DuckDBValue, listValue } from '@duckdb/node-api';
import type { ColumnSpec, DelimitedSourceSpec, InputFile, SourceSpec, StagedFile } from '../core/source.ts';
import { InputError } from '../core/source.ts';
import { lit, numero, type Parametros, quote, textos } from '../core/sql.ts';
import type { BuildReporter } from '../core/stage.ts';
import { ensureStagingTable, factsOf, sqlType, stagingColumn, stagingColumnsOf } from '../core/staging.ts';
import { checkText, latin1ToUtf8, type TextCheck } from './text-check.ts';

/** Quarantine reasons (`motivo`) produced by this reader. */
export const MOTIVOS = {
  nao_numerico: 'nao_numerico',
  casas_decimais: 'casas_decimais_excedidas',
  data_invalida: 'data_invalida',
  codigo_desconhecido: 'codigo_desconhecido',
  duplicada: 'duplicada',
} as const;

interface Bound {
  spec: ColumnSpec;
  /** Position in the file's header, or null when an optional column is absent. */
  index: number | null;
}

/** The base name a spec's regex is matched against: the member name for `zip:member`. */
export function baseNameOf(arquivo: string): string {
  const last = arquivo.slice(arquivo.lastIndexOf(':') + 1);
  return last.slice(last.lastIndexOf('/') + 1);
}

/** Matches the header to the spec by name (never by position); any mismatch stops the build. */
export function bindHeader(spec: DelimitedSourceSpec, header: string[], arquivo: string): Bound[] {
  const seen = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) throw new InputError(arquivo, 1, h, 'each column once in the header', h);
    seen.add(h);
  }
  const used = new Set<number>();
  const bound: Bound[] = [];
  const missing: string[] = [];
  for (const c of spec.columns) {
    const idx = [c.name, ...(c.aliases ?? [])].map((n) => header.indexOf(n)).find((i) => i >= 0);
    if (idx === undefined) {
      if (c.required !== false) missing.push(c.name);
      bound.push({ spec: c, index: null });
    } else {
      used.add(idx);
      bound.push({ spec: c, index: idx });
    }
  }
  const extra = header.filter((_, i) => !used.has(i));
  const [firstMissing] = missing;
  const [firstExtra] = extra;
  if (firstMissing !== undefined) {
    // A missing column next to an unknown one is most likely a rename: say both.
    throw new InputError(
      arquivo,
      1,
      firstMissing,
      `column ${firstMissing} in the header`,
      firstExtra ?? null,
    );
  }
  if (firstExtra !== undefined)
    throw new InputError(arquivo, 1, firstExtra, `only the columns of ${spec.id}`, firstExtra);
  return bound;
}

/**
 * Exponent form as CVM writes it (`2E-08`, `8.3E-05`, `-1.5e3`): sign, integer digits, optional
 * fraction, exponent of at most 3 digits (a longer one cannot fit DECIMAL(38,s) anyway and would make
 * `repeat` build a huge string).
 */
const EXPONENT_FORM = '^(-?)([0-9]+)(?:[.]([0-9]*))?[eE]([-+]?[0-9]{1,3})$';

/**
 * The exponent form's parts (sign, integer digits, fraction, exponent) of text `x` as a struct, or NULL
 * when `x` has no 'e'/'E' (nearly every cell): computed once per cell in its own column so the
 * expressions below stay small (DuckDB spent more time planning the inlined extraction than running it).
 */
export function exponentPartsSql(x: string): string {
  // The pattern stays SQL text: DuckDB wants a constant pattern when regexp_extract names its groups.
  return `CASE WHEN contains(${x}, 'e') OR contains(${x}, 'E') THEN regexp_extract(${x}, ${lit(EXPONENT_FORM)}, ['s', 'i', 'f', 'e']) END`;
}

/**
 * Exponent-form text converted as text, never through a float, from its parts `p` (a column holding
 * exponentPartsSql): the value is D × 10^(e − |f|)
 * where D is the integer and fraction digits, so the integer holding value × 10^scale is D followed by
 * k = e − |f| + scale zeros, or D without its last −k digits when k < 0. Those dropped digits must be
 * zeros, else the value needs more decimal places than the column has (`excess`).
 */
export function exponentSql(p: string, scale: number): { digits: string; exact: string; excess: string } {
  // a struct field name is an identifier, which a parameter cannot stand for
  const part = (g: 's' | 'i' | 'f' | 'e') => `struct_extract(${p}, ${lit(g)})`;
  const d = `concat(${part('i')}, ${part('f')})`;
  const k = `(TRY_CAST(${part('e')} AS INTEGER) - length(${part('f')}) + ${scale})`;
  const drop = `least(-${k}, length(${d}))`;
  const dropsOnlyZeros = `(${k} >= 0 OR right(${d}, ${drop}) = repeat('0', ${drop}))`;
  // The integer group is non-empty exactly when the text matched EXPONENT_FORM.
  const isExp = `coalesce(${part('i')} <> '', false)`;
  return {
    // A leading '0' keeps the text a number when every digit is dropped (`0E-30`).
    digits: `concat(${part('s')}, '0', CASE WHEN ${k} >= 0 THEN concat(${d}, repeat('0', ${k})) ELSE left(${d}, length(${d}) - ${drop}) END)`,
    // CASE, not AND: DuckDB evaluates a CASE branch only for the rows that reach it.
    exact: `(CASE WHEN ${isExp} THEN ${dropsOnlyZeros} ELSE false END)`,
    excess: `(CASE WHEN ${isExp} THEN NOT ${dropsOnlyZeros} ELSE false END)`,
  };
}

/** Integer text `digits` (value × 10^scale) as DECIMAL(38,scale); NULL when it does not fit. */
function scaled(digits: string, scale: number): string {
  const unit = scale === 0 ? '' : ` * CAST(0.${'0'.repeat(scale - 1)}1 AS DECIMAL(${scale + 1},${scale}))`;
  return `TRY_CAST(TRY_CAST(${digits} AS HUGEINT) AS DECIMAL(38,0))${unit}`;
}

/**
 * SQL for the typed value of raw text `v`, and the quarantine reason when it does not cast. `parts` is
 * the column holding exponentPartsSql of the trimmed text (decimal columns only).
 */
function typedExpr(
  c: ColumnSpec,
  v: string,
  parts: string,
): { expr: string; motivo: string | null; base: string } {
  const t = `NULLIF(trim(${v}), '')`;
  switch (c.type) {
    case 'varchar': {
      const expr = c.zeroPad
        ? `CASE WHEN regexp_full_match(${v}, '[0-9]+') AND length(${v}) < ${c.zeroPad} THEN lpad(${v}, ${c.zeroPad}, '0') ELSE ${v} END`
        : v;
      return { expr, motivo: null, base: v };
    }
    case 'integer':
    case 'bigint':
      return {
        expr: `CASE WHEN regexp_full_match(${t}, '[-+]?[0-9]+') THEN TRY_CAST(${t} AS ${sqlType(c)}) END`,
        motivo: MOTIVOS.nao_numerico,
        base: t,
      };
    case 'decimal': {
      // VARCHAR → DECIMAL(38,s) is ~30x slower in DuckDB than VARCHAR → HUGEINT; shifting the point by
      // hand and scaling by an exact DECIMAL constant gives the same exact value.
      const scale = c.scale ?? 10;
      const digits = `concat(split_part(${t}, '.', 1), rpad(split_part(${t}, '.', 2), ${scale}, '0'))`;
      const exp = exponentSql(parts, scale);
      return {
        expr: `CASE WHEN regexp_full_match(${t}, '-?[0-9]+([.][0-9]{1,${scale}})?') THEN ${scaled(digits, scale)}
                    WHEN ${exp.exact} THEN ${scaled(exp.digits, scale)} END`,
        motivo: MOTIVOS.nao_numerico,
        base: t,
      };
    }
    case 'double':
      return { expr: `TRY_CAST(${t} AS DOUBLE)`, motivo: MOTIVOS.nao_numerico, base: t };
    case 'date':
      return {
        expr: `TRY_CAST(TRY_STRPTIME(${t}, '%Y-%m-%d') AS DATE)`,
        motivo: MOTIVOS.data_invalida,
        base: t,
      };
    case 'date_br':
      return {
        expr: `TRY_CAST(TRY_STRPTIME(${t}, '%d/%m/%Y') AS DATE)`,
        motivo: MOTIVOS.data_invalida,
        base: t,
      };
    case 'date_compact':
      return {
        expr: `TRY_CAST(TRY_STRPTIME(${t}, '%Y%m%d') AS DATE)`,
        motivo: MOTIVOS.data_invalida,
        base: t,
      };
  }
}

let loads = 0;
/** Specs whose staging table is known to hold all their columns, per connection (ALTERs are not free). */
const ensuredSpecs = new WeakMap<DuckDBConnection, Set<string>>();

/** A file that passed the text and header checks, ready to be read by DuckDB. */
interface Prepared {
  file: InputFile;
  /** Data lines (non-blank lines minus the header). */
  rows: number;
  header: string[];
  bound: Bound[];
  facts: Record<string, string>;
  /** Bytes 0x80–0x9F present: a latin-1 file must be copied as UTF-8 before DuckDB reads it. */
  c1Bytes: boolean;
}

/** Text checks made ahead of staging (`verificarTextos`), by declared encoding and path. */
export type TextosVerificados = ReadonlyMap<string, TextCheck>;
const chaveDoTexto = (encoding: string, path: string) => `${encoding}\u0000${path}`;

/**
 * Checks the text of the delimited files among `files` ahead of their staging, so the build can check a
 * batch's members while DuckDB appends the previous batch's rows (the check is JavaScript on the main
 * thread, the append runs in DuckDB's). A file whose check fails is left out: `prepare` checks it again
 * when its turn comes and throws the same error, naming file and line, at the same point as before.
 */
export async function verificarTextos(
  files: Iterable<{ spec: SourceSpec; file: InputFile }>,
): Promise<TextosVerificados> {
  const out = new Map<string, TextCheck>();
  for (const { spec, file } of files) {
    if (spec.kind !== 'delimited') continue;
    const k = chaveDoTexto(spec.encoding, file.path);
    if (out.has(k)) continue;
    try {
      out.set(k, await checkText(file.path, file.arquivo, spec.encoding));
    } catch {
      // checked again, and thrown, by prepare
    }
  }
  return out;
}

async function prepare(
  spec: DelimitedSourceSpec,
  file: InputFile,
  verificados?: TextosVerificados,
): Promise<Prepared> {
  const text =
    verificados?.get(chaveDoTexto(spec.encoding, file.path)) ??
    (await checkText(file.path, file.arquivo, spec.encoding));
  const header = text.header.split(spec.delimiter);
  return {
    file,
    rows: text.lines - 1,
    header,
    bound: bindHeader(spec, header, file.arquivo),
    facts: factsOf(spec, baseNameOf(file.arquivo)) ?? {},
    c1Bytes: text.c1Bytes,
  };
}

/**
 * Rows of one or more files of a spec, typed and checked in a temp table but not yet in staging:
 * `insert` appends a subset of them (their quarantined rows to `_quarantine`, the rest to `spec.staged`).
 * The build types a batch of inputs' files together and inserts input by input, so the staged tables
 * hold rows in input order whether an input was staged or loaded from the staging cache.
 */
export interface PendingFiles {
  /** `arquivo` of every file held, in the order given. */
  readonly arquivos: readonly string[];
  /** Appends the rows of `arquivos` (all of them when absent); results in the order files were given. */
  insert(arquivos?: ReadonlySet<string>): Promise<StagedFile[]>;
  /**
   * One held file's rows as SQL (see insertPending). `tag` makes its bound parameters' names unique
   * among the files one statement inserts.
   */
  rowsOf(arquivo: string, tag: string): FileRows;
  /** Drops the temp tables (idempotent). */
  drop(): Promise<void>;
  /** Files typed only as they are appended (see appendDirect); null: typed into temp tables already. */
  readonly direct: DirectGroup | null;
}

/**
 * Files of one spec that passed the text and header checks and are typed only when appended, straight
 * from `read_csv` into the staged table (appendDirect), with no typed temp copy: at escala 0.1 that copy
 * was the largest part of staging a DFP/ITR batch. When a file has rows to quarantine, or repeats a key,
 * the group is typed into temp tables as before (`materialize`) and inserted from there.
 */
interface DirectGroup {
  spec: DelimitedSourceSpec;
  files: readonly Prepared[];
  /** Typed into temp tables (after an append that could not go straight). */
  typed(): boolean;
  materialize(): Promise<void>;
}

/** A query and the values it binds. */
interface Query {
  sql: string;
  params: Record<string, DuckDBValue>;
}

/** One pending file's rows, as queries insertPending combines with other files'. */
export interface FileRows {
  result: StagedFile;
  /** The staged rows, columns named as in `result.staged`, plus `_ord` (line order); null: none kept. */
  rows: Query | null;
  /** Its `_quarantine` rows plus `_r` (their order); null: none. */
  quarantine: Query | null;
  /**
   * `rows` comes out in `_ord` order without a sort: a filtered scan of a table stored in that order
   * (DuckDB keeps the order of a single-table scan, WHERE and UNION ALL; a join, such as the NOT IN of
   * in-file duplicates, does not promise it).
   */
  emOrdem: boolean;
}

/**
 * Inserts files of pending groups (one spec's or several specs') in the order given, with one INSERT
 * per staged table and one into `_quarantine` instead of two per file: per statement the fixed cost was
 * most of inserting a CVM member. The rows land exactly as inserting the files one by one, in the order
 * given, would put them: the staged tables and the staging cache's entries depend on that order.
 */
export async function insertPending(
  db: DuckDBConnection,
  report: BuildReporter,
  /** `report`: where that file's notes go (default: the call's). */
  files: readonly { pending: PendingFiles; arquivo: string; report?: BuildReporter }[],
): Promise<StagedFile[]> {
  if (files.length && files.every((f) => f.pending.direct && !f.pending.direct.typed())) {
    const appended = await appendDirect(db, report, files);
    if (appended) return appended;
  }
  for (const p of new Set(files.map((f) => f.pending))) await p.direct?.materialize();
  const byTable = new Map<string, Query[]>();
  // Tables some of whose files' rows need a sort to come out in line order.
  const sortTable = new Set<string>();
  const quarantine: Query[] = [];
  const results: StagedFile[] = [];
  const ordered = (q: Query, k: number): Query => ({
    sql: `SELECT *, ${k} AS _k FROM (${q.sql})`,
    params: q.params,
  });
  for (const [k, { pending, arquivo, report: own }] of files.entries()) {
    const r = pending.rowsOf(arquivo, `p${k}_`);
    if (r.result.rows + r.result.quarantined === 0)
      (own ?? report).note('staging', `${arquivo}: header only, no rows`);
    if (r.rows) byTable.set(r.result.staged, [...(byTable.get(r.result.staged) ?? []), ordered(r.rows, k)]);
    if (r.rows && !r.emOrdem) sortTable.add(r.result.staged);
    if (r.quarantine) quarantine.push(ordered(r.quarantine, k));
    results.push(r.result);
  }
  // The sort was a third of inserting a batch of DFP/ITR members; UNION ALL keeps its inputs' order, so
  // files given in order whose rows come out in line order need none.
  const run = (qs: Query[], head: string, glue: string, order: string, sort: boolean) =>
    db.run(
      `${head} SELECT * EXCLUDE (_k, ${order}) FROM (${qs.map((q) => q.sql).join(glue)})${sort ? ` ORDER BY _k, ${order}` : ''}`,
      Object.assign({}, ...qs.map((q) => q.params)),
    );
  if (!quarantine.length && !byTable.size) return results;
  // One transaction: DuckDB's commit of an append cost about as much as the append of a member's rows.
  await db.run('BEGIN TRANSACTION');
  try {
    // Quarantine first, as inserting file by file did for each file.
    if (quarantine.length) await run(quarantine, 'INSERT INTO _quarantine', ' UNION ALL ', '_r', true);
    // BY NAME: specs sharing a staged table (the DFP/ITR statements) have different columns.
    for (const [table, qs] of byTable)
      await run(
        qs,
        `INSERT INTO ${quote(table)} BY NAME`,
        ' UNION ALL BY NAME ',
        '_ord',
        sortTable.has(table),
      );
    await db.run('COMMIT');
  } catch (e) {
    await db.run('ROLLBACK');
    throw e;
  }
  return results;
}

/**
 * Appends pending files that are not typed yet straight from `read_csv` (one INSERT per run of
 * consecutive files of one group with one header, all in one transaction), typing and checking each
 * value on the way in, so no typed temp copy is made. The rows land where insertPending's would: in the
 * order given, each file in line order (one thread: a scan, a filter and an append keep that order).
 * Then, over the rows just appended, the per-file counts and line range must be every data line (else a
 * row was quarantined, or DuckDB read another number of lines) and no key may repeat inside a file;
 * otherwise, or on any error, everything is rolled back and null returned, and the caller types the
 * files into temp tables as before, which quarantines, names errors and sorts exactly as it always did.
 */
async function appendDirect(
  db: DuckDBConnection,
  report: BuildReporter,
  files: readonly { pending: PendingFiles; arquivo: string; report?: BuildReporter }[],
): Promise<StagedFile[] | null> {
  const items = files.map(({ pending, arquivo, report: own }) => {
    const group = pending.direct;
    const file = group?.files.find((f) => f.file.arquivo === arquivo);
    if (!group || !file) throw new Error(`${arquivo}: not in this pending group`);
    return { group, file, report: own ?? report };
  });
  const runs: { group: DirectGroup; files: Prepared[] }[] = [];
  for (const { group, file } of items) {
    const last = runs.at(-1);
    const head = last?.files[0]?.header;
    if (last && last.group === group && head?.join('\u0000') === file.header.join('\u0000'))
      last.files.push(file);
    else runs.push({ group, files: [file] });
  }
  const tables = [...new Set(items.map((x) => x.group.spec.staged))];
  const threads = String(
    (await db.runAndReadAll("SELECT current_setting('threads')")).getRows()[0]?.[0] ?? '1',
  );
  if (threads !== '1') await db.run('SET threads = 1');
  await db.run('BEGIN TRANSACTION');
  let ok = false;
  try {
    // Rows already in each table: the rows appended here have rowids from there on (DuckDB numbers
    // a transaction's appended rows past every committed one).
    const before = new Map<string, number>();
    for (const t of tables)
      before.set(
        t,
        Number((await db.runAndReadAll(`SELECT count(*) FROM ${quote(t)}`)).getRows()[0]?.[0] ?? 0),
      );
    for (const { group, files: run } of runs) {
      const { spec } = group;
      const [first] = run;
      if (!first) continue;
      const typing = typingQuery(
        spec,
        first.bound,
        first.header,
        run,
        run.map((f) => f.file.path),
        spec.encoding === 'latin-1' ? 'latin-1' : 'utf-8',
      );
      // File-name facts (e.g. con/ind) differ between the files of a run: each is its file's, by name.
      const params: Record<string, DuckDBValue> = { ...typing.params };
      run.forEach((f, j) => {
        params[`fa_${j}`] = f.file.arquivo;
      });
      const names = [...new Set(run.flatMap((f) => Object.keys(f.facts)))];
      const factCols = names.map((k, n) => {
        const whens = run.flatMap((f, j) => {
          const v = f.facts[k];
          if (v === undefined) return [];
          params[`fv_${n}_${j}`] = v;
          return [`WHEN $fa_${j} THEN $fv_${n}_${j}`];
        });
        return `CASE _arquivo ${whens.join(' ')} END AS ${quote(k)}`;
      });
      await db.run(
        `INSERT INTO ${quote(spec.staged)} BY NAME SELECT ${[...typing.cols, '_arquivo', '_linha', ...factCols].join(', ')} FROM (${typing.sql}) WHERE NOT _bad`,
        params,
      );
    }
    const got = new Map<string, { rows: number; min: number; max: number }>();
    for (const t of tables)
      for (const [a, c, lo, hi] of (
        await db.runAndReadAll(
          `SELECT _arquivo, count(*), min(_linha), max(_linha) FROM ${quote(t)} WHERE rowid >= ${before.get(t) ?? 0} GROUP BY 1`,
        )
      ).getRows())
        got.set(`${t}\u0000${String(a)}`, { rows: Number(c), min: Number(lo), max: Number(hi) });
    for (const { group, file } of items) {
      const c = got.get(`${group.spec.staged}\u0000${file.file.arquivo}`);
      if (c ? c.rows !== file.rows || c.min !== 2 || c.max !== file.rows + 1 : file.rows !== 0) return null;
    }
    // Keys repeated inside a file (or a hash collision: the run then takes the exact path below, which
    // quarantines only real repeats). A file is one spec's, so grouping by file keeps the specs apart;
    // specs sharing a table (the DFP/ITR statements) are checked by one grouped count over the union of
    // their keys when each spec lacks the others' extra key columns (always NULL in its rows): one scan
    // of the appended rows instead of one per key with a filter on the file (1.1 s against 1.5 s for
    // the DFP/ITR batches of escala 0.1).
    for (const [table, keys] of inFileKeyGroups(items.map((x) => ({ spec: x.group.spec, file: x.file }))))
      for (const { cols, arquivos } of keys) {
        const filtro = arquivos ? ' AND _arquivo IN (SELECT unnest($arquivos))' : '';
        const repeated = await gruposRepetidos(
          db,
          quote(table),
          `rowid >= ${before.get(table) ?? 0}${filtro}`,
          ['_arquivo', ...cols],
          arquivos ? { arquivos: textos(arquivos) } : {},
        );
        if (repeated > 0) return null;
      }
    await db.run('COMMIT');
    ok = true;
  } catch {
    // Typed into temp tables instead, the same files give the error with its file, line and field.
    return null;
  } finally {
    if (!ok) await db.run('ROLLBACK');
    if (threads !== '1') await db.run(`SET threads = ${Number(threads)}`);
  }
  return items.map(({ group, file, report: own }) => {
    if (file.rows === 0) own.note('staging', `${file.file.arquivo}: header only, no rows`);
    return { arquivo: file.file.arquivo, staged: group.spec.staged, rows: file.rows, quarantined: 0 };
  });
}

/**
 * The grouped counts that find keys repeated inside a file among a run's appended rows, per staged
 * table: the key columns, and the files to count (null: every row the run appended to the table).
 */
function inFileKeyGroups(
  items: readonly { spec: DelimitedSourceSpec; file: Prepared }[],
): Map<string, { cols: string[]; arquivos: string[] | null }[]> {
  const out = new Map<string, { cols: string[]; arquivos: string[] | null }[]>();
  const namesOf = (spec: DelimitedSourceSpec) => (spec.key ?? []).filter((k) => !k.startsWith('_'));
  for (const table of new Set(items.map((x) => x.spec.staged))) {
    const mine = items.filter((x) => x.spec.staged === table);
    const union = [...new Set(mine.flatMap((x) => namesOf(x.spec)))];
    // A spec's rows hold NULL in a column that is none of its columns or file-name facts.
    const absent = (x: (typeof mine)[number], n: string) =>
      !x.spec.columns.some((c) => c.name === n) && !(stagingColumn(n) in x.file.facts);
    const oneScan = mine.every(
      (x) => namesOf(x.spec).length && union.every((n) => namesOf(x.spec).includes(n) || absent(x, n)),
    );
    if (oneScan) {
      if (union.length) out.set(table, [{ cols: union.map((n) => quote(stagingColumn(n))), arquivos: null }]);
      continue;
    }
    const byKey = new Map<string, { cols: string[]; arquivos: string[] }>();
    for (const x of mine) {
      const names = namesOf(x.spec);
      if (!names.length) continue;
      const cols = names.map((n) => quote(stagingColumn(n)));
      const g = byKey.get(cols.join(',')) ?? { cols, arquivos: [] };
      g.arquivos.push(x.file.file.arquivo);
      byKey.set(cols.join(','), g);
    }
    out.set(table, [...byKey.values()]);
  }
  return out;
}

/** Typed and checked, not yet inserted: see PendingFiles. Problems are InputErrors naming the file. */
async function prepareOne(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  file: InputFile,
  report: BuildReporter,
  scratchDir: string,
): Promise<PendingFiles> {
  const p = await prepare(spec, file);
  const pending = await prepareGroup(db, spec, [p], report, scratchDir, true);
  if (!pending) throw new Error(`${file.arquivo}: staging returned nothing`);
  return pending;
}

/**
 * Stages one delimited file into `spec.staged`: header checked by name, every value read as text by
 * DuckDB (`quote=''`: CVM never quotes and free text holds stray `"`), cast in SQL. Values that do not
 * cast, unknown codes and repeated keys go to `_quarantine` and their rows stay out of staging.
 */
export async function stageDelimited(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  file: InputFile,
  report: BuildReporter,
  /** Where the UTF-8 copy of a latin-1 file is written (the build passes its work dir). */
  scratchDir: string = tmpdir(),
): Promise<StagedFile> {
  const pending = await prepareOne(db, spec, file, report, scratchDir);
  try {
    const [staged] = await pending.insert();
    if (!staged) throw new Error(`${file.arquivo}: staging returned nothing`);
    return staged;
  } finally {
    await pending.drop();
  }
}

/** The delimited files among `files`, grouped by spec id, each group in the order given. */
export function delimitedBySpec<T extends { spec: SourceSpec }>(
  files: Iterable<T>,
): Map<string, { spec: DelimitedSourceSpec; files: T[] }> {
  const groups = new Map<string, { spec: DelimitedSourceSpec; files: T[] }>();
  for (const r of files) {
    if (r.spec.kind !== 'delimited') continue;
    const g = groups.get(r.spec.id) ?? { spec: r.spec, files: [] };
    g.files.push(r);
    groups.set(r.spec.id, g);
  }
  return groups;
}

/**
 * Checks the text and header of several files of one spec (e.g. the BPA members of a batch of zips,
 * con and ind); they are typed as they are appended (see DirectGroup), or, when that cannot be, with one
 * DuckDB statement per step for all of them instead of one per file (typedGroups): planning a statement
 * costs about as much as running it on a member of a few thousand rows. Inserting every returned group
 * gives exactly what `stageDelimited` gives file by file. On an error nothing is left behind.
 */
export async function prepareDelimitedFiles(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  files: InputFile[],
  report: BuildReporter,
  scratchDir: string = tmpdir(),
  /** The files' text checks made ahead (`verificarTextos`); a file not there is checked here. */
  verificados?: TextosVerificados,
): Promise<PendingFiles[]> {
  const prepared: Prepared[] = [];
  try {
    for (const f of files) prepared.push(await prepare(spec, f, verificados));
  } catch {
    // The files are taken one by one, so the error names the file as usual.
    return typedGroups(db, spec, files, null, report, scratchDir);
  }
  // A latin-1 file with bytes 0x80–0x9F is read from a UTF-8 copy, made and removed while typing.
  if (!prepared.length || (spec.encoding === 'latin-1' && prepared.some((p) => p.c1Bytes)))
    return typedGroups(db, spec, files, prepared, report, scratchDir);
  await ensureSpec(db, spec);
  let eager: PendingFiles[] | null = null;
  const byArquivo = new Map<string, PendingFiles>();
  const self: PendingFiles = {
    arquivos: files.map((f) => f.arquivo),
    async insert(subset) {
      const mine = subset ? files.filter((f) => subset.has(f.arquivo)) : files;
      return insertPending(
        db,
        report,
        mine.map((f) => ({ pending: self, arquivo: f.arquivo })),
      );
    },
    rowsOf(arquivo, tag) {
      const p = byArquivo.get(arquivo);
      if (!p) throw new Error(`${arquivo}: not typed (see appendDirect)`);
      return p.rowsOf(arquivo, tag);
    },
    async drop() {
      for (const p of eager ?? []) await p.drop();
    },
    direct: {
      spec,
      files: prepared,
      typed: () => eager !== null,
      async materialize() {
        if (eager) return;
        eager = await typedGroups(db, spec, files, prepared, report, scratchDir);
        for (const p of eager) for (const a of p.arquivos) byArquivo.set(a, p);
      },
    },
  };
  return [self];
}

/** Creates or widens a spec's staged table once per connection. */
async function ensureSpec(db: DuckDBConnection, spec: DelimitedSourceSpec): Promise<void> {
  const ensured = ensuredSpecs.get(db) ?? new Set<string>();
  if (ensured.has(spec.id)) return;
  await ensureStagingTable(db, spec.staged, stagingColumnsOf(spec));
  ensured.add(spec.id);
  ensuredSpecs.set(db, ensured);
}

/**
 * Files typed into temp tables: files with the same header together, a file whose header differs from
 * the others', or a group that cannot go together (a check fails), alone, so errors name the file,
 * line and field as usual. `prepared`: the files' text checks, null when one failed.
 */
async function typedGroups(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  files: InputFile[],
  prepared: Prepared[] | null,
  report: BuildReporter,
  scratchDir: string,
): Promise<PendingFiles[]> {
  const out: PendingFiles[] = [];
  try {
    const alone = async (fs: InputFile[]) => {
      for (const f of fs) out.push(await prepareOne(db, spec, f, report, scratchDir));
    };
    if (files.length < 2 || !prepared) {
      await alone(files);
      return out;
    }
    const byHeader = new Map<string, Prepared[]>();
    for (const p of prepared) {
      const h = p.header.join('\u0000');
      byHeader.set(h, [...(byHeader.get(h) ?? []), p]);
    }
    for (const group of byHeader.values()) {
      const together =
        group.length > 1 ? await prepareGroup(db, spec, group, report, scratchDir, false) : null;
      if (together) out.push(together);
      else await alone(group.map((p) => p.file));
    }
    return out;
  } catch (e) {
    for (const p of out) await p.drop();
    throw e;
  }
}

/**
 * Stages several files of one spec together (see prepareDelimitedFiles); results in the order given.
 */
export async function stageDelimitedFiles(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  files: InputFile[],
  report: BuildReporter,
  scratchDir: string = tmpdir(),
): Promise<StagedFile[]> {
  const pending = await prepareDelimitedFiles(db, spec, files, report, scratchDir);
  try {
    const byArquivo = new Map<string, StagedFile>();
    for (const p of pending) for (const s of await p.insert()) byArquivo.set(s.arquivo, s);
    return files.map((f) => {
      const s = byArquivo.get(f.arquivo);
      if (!s) throw new Error(`${f.arquivo}: not staged`);
      return s;
    });
  } finally {
    for (const p of pending) await p.drop();
  }
}

/**
 * Types and checks files with the same header in one pass. `strict` (a single file): problems are
 * InputErrors; otherwise null is returned with nothing left behind, and the caller takes the files one
 * by one.
 */
async function prepareGroup(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  files: Prepared[],
  report: BuildReporter,
  scratchDir: string,
  strict: boolean,
): Promise<PendingFiles | null> {
  const [first] = files;
  if (!first) return null;
  const { header, bound } = first;
  await ensureSpec(db, spec);

  const n = loads++;
  const typed = `_typed_${n}`;
  const dup = `_dup_${n}`;
  const tq = `_tq_${n}`;
  const dropTables = () =>
    db.run(`DROP TABLE IF EXISTS ${typed}; DROP TABLE IF EXISTS ${dup}; DROP TABLE IF EXISTS ${tq}`);
  // DuckDB decodes latin-1 itself unless a byte is in 0x80–0x9F; then the files are handed to it as
  // UTF-8 copies (see latin1ToUtf8). `paths` are what DuckDB reads.
  let scratch: string | null = null;
  const paths: string[] = [];
  const copy = spec.encoding === 'latin-1' && files.some((f) => f.c1Bytes);
  const encoding = spec.encoding === 'latin-1' && !copy ? 'latin-1' : 'utf-8';
  if (copy) {
    scratch = await mkdtemp(join(scratchDir, 'stg-'));
    for (const [j, f] of files.entries()) {
      const target = join(scratch, `${j}.csv`);
      await latin1ToUtf8(f.file.path, target);
      paths.push(target);
    }
  } else paths.push(...files.map((f) => f.file.path));
  const cleanup = async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  };

  const {
    starts,
    params,
    checks,
    keyIdx,
    keyNames,
    cols,
    sql: typing,
  } = typingQuery(spec, bound, header, files, paths, encoding);

  // `_linha` comes from WITH ORDINALITY, which numbers rows in line order only on one thread: on two,
  // a group of files over 16 MB got the same file's lines numbered in another order from one build to
  // the next (a cached build and one from scratch differed on the sample). So this statement always runs
  // on one thread, whatever the caller set.
  const threads = String(
    (await db.runAndReadAll("SELECT current_setting('threads')")).getRows()[0]?.[0] ?? '1',
  );
  if (threads !== '1') await db.run('SET threads = 1');
  try {
    await db.run(`CREATE TEMP TABLE ${typed} AS ${typing}`, params);
  } catch (e) {
    await cleanup();
    if (!strict) return null;
    const msg = e instanceof Error ? e.message : String(e);
    const line = /line[: ]+(\d+)/i.exec(msg);
    throw new InputError(
      first.file.arquivo,
      line ? Number(line[1]) : null,
      null,
      `${header.length} fields per line separated by "${spec.delimiter}"`,
      msg.split('\n')[0] ?? msg,
    );
  } finally {
    if (threads !== '1') await db.run(`SET threads = ${Number(threads)}`);
  }
  // The typed table holds everything needed: the (maybe transcoded) copies can go now.
  await cleanup();
  let ok = false;
  try {
    const counted = new Map<string, { rows: number; min: number; max: number }>();
    // Rows stored out of line order (rowid + 1 is the position in the table): none expected, since
    // every step of the typing keeps the scan's order, but the insert sorts only when some are.
    let foraDeOrdem = 0;
    for (const [a, c, lo, hi, fora] of (
      await db.runAndReadAll(
        `SELECT _arquivo, count(*), min(_linha), max(_linha), count(*) FILTER (WHERE rowid + 1 <> _ord) FROM ${typed} GROUP BY 1`,
      )
    ).getRows()) {
      counted.set(String(a), { rows: Number(c), min: Number(lo), max: Number(hi) });
      foraDeOrdem += Number(fora);
    }
    for (const f of files) {
      const c = counted.get(f.file.arquivo) ?? { rows: 0, min: 2, max: f.rows + 1 };
      if (c.rows === f.rows && c.min === 2 && c.max === f.rows + 1) continue;
      if (!strict) return null;
      throw new InputError(f.file.arquivo, null, null, `${f.rows} data lines`, `${c.rows} rows parsed`);
    }

    const qParams: Record<string, DuckDBValue> = {};
    const quarantine = checks.map((c, k) => {
      qParams.fonte = spec.id;
      qParams[`campo_${k}`] = c.name;
      qParams[`motivo_${k}`] = c.motivo;
      return `SELECT $fonte AS source, _arquivo AS arquivo, _linha AS linha, $campo_${k} AS campo, r${c.i} AS valor, $motivo_${k} AS motivo, ${k} AS _q, _ord AS _o FROM ${typed} WHERE b${k}`;
    });
    // Duplicates inside each file (across files the build checks once every file is staged, see
    // crossFileDuplicates). A grouped count over the key finds whether any exist; the window that
    // names them runs, over the narrow key columns only, just when some do.
    let dupFilter = '';
    if (keyIdx.length) {
      const keys = ['_arquivo', ...keyIdx].join(', ');
      const repeated = Number(
        (
          await db.runAndReadAll(
            `SELECT count(*) FROM (SELECT 1 FROM ${typed} WHERE NOT _bad GROUP BY ${keys} HAVING count(*) > 1)`,
          )
        ).getRows()[0]?.[0] ?? 0,
      );
      if (repeated > 0) {
        await db.run(
          `CREATE TEMP TABLE ${dup} AS SELECT _arquivo, _linha, concat_ws(' | ', ${keyIdx.map((k) => `coalesce(CAST(${k} AS VARCHAR), '')`).join(', ')}) AS kv
           FROM (SELECT _arquivo, _linha, ${keyIdx.join(', ')}, row_number() OVER (PARTITION BY ${keys} ORDER BY _linha) AS _rn FROM ${typed} WHERE NOT _bad)
           WHERE _rn > 1`,
        );
        Object.assign(qParams, { fonte: spec.id, chave: keyNames.join('+'), duplicada: MOTIVOS.duplicada });
        quarantine.push(
          `SELECT $fonte AS source, _arquivo AS arquivo, _linha AS linha, $chave AS campo, kv AS valor, $duplicada AS motivo, ${quarantine.length} AS _q, rowid AS _o FROM ${dup}`,
        );
        dupFilter = ` AND (_arquivo, _linha) NOT IN (SELECT (_arquivo, _linha) FROM ${dup})`;
      }
    }
    // Quarantined rows wait in their own temp table, in the order one INSERT of them all would give.
    if (quarantine.length)
      // In the order of the checks, each in line order (the typed table's row order need not be).
      await db.run(
        `CREATE TEMP TABLE ${tq} AS SELECT * EXCLUDE (_q, _o) FROM (${quarantine.join(' UNION ALL ')}) ORDER BY _q, _o`,
        qParams,
      );

    const kept = new Map<string, number>();
    for (const [a, c] of (
      await db.runAndReadAll(`SELECT _arquivo, count(*) FROM ${typed} WHERE NOT _bad${dupFilter} GROUP BY 1`)
    ).getRows())
      kept.set(String(a), Number(c));
    ok = true;
    let dropped = false;
    const self: PendingFiles = {
      arquivos: files.map((f) => f.file.arquivo),
      async insert(subset) {
        const mine = subset ? files.filter((f) => subset.has(f.file.arquivo)) : files;
        return insertPending(
          db,
          report,
          mine.map((f) => ({ pending: self, arquivo: f.file.arquivo })),
        );
      },
      rowsOf(arquivo, tag) {
        const j = files.findIndex((f) => f.file.arquivo === arquivo);
        const f = files[j];
        if (!f) throw new Error(`${arquivo}: not in this pending group`);
        const rows = kept.get(arquivo) ?? 0;
        const result = { arquivo, staged: spec.staged, rows, quarantined: f.rows - rows };
        // File j's rows are the ordinals start_j … start_j + rows_j − 1 (checked above): a range skips
        // whole row groups. File-name facts are bound values.
        const lo = starts[j] ?? 0;
        const params: Record<string, DuckDBValue> = {};
        const factCols = Object.entries(f.facts).map(([k, v], n) => {
          params[`${tag}fato_${n}`] = v;
          return `$${tag}fato_${n} AS ${quote(k)}`;
        });
        // Every row left out of staging has at least one quarantine row, and only those have any.
        return {
          result,
          rows: rows
            ? {
                sql: `SELECT ${[...cols, '_arquivo', '_linha', ...factCols, '_ord'].join(', ')} FROM ${typed}
                      WHERE NOT _bad${dupFilter} AND _ord BETWEEN ${lo} AND ${lo + f.rows - 1}`,
                params,
              }
            : null,
          emOrdem: foraDeOrdem === 0 && !dupFilter,
          quarantine:
            result.quarantined && quarantine.length
              ? {
                  sql: `SELECT *, rowid AS _r FROM ${tq} WHERE arquivo = $${tag}arquivo`,
                  params: { [`${tag}arquivo`]: arquivo },
                }
              : null,
        };
      },
      async drop() {
        if (dropped) return;
        dropped = true;
        await dropTables();
      },
      direct: null,
    };
    return self;
  } finally {
    if (!ok) await dropTables();
  }
}

/** A group's typing statement (see prepareGroup) and what reading its result needs. */
interface Typing {
  /** Rows `_ord`, `_linha`, `_arquivo`, typed values t<i>, flags b<k>, `_bad`, raw text r<i> of bad rows. */
  sql: string;
  params: Record<string, DuckDBValue>;
  /** Ordinal of each file's first row. */
  starts: number[];
  checks: { i: number; name: string; motivo: string; bad: string }[];
  keyIdx: string[];
  keyNames: string[];
  /** The typed values as the staged table's columns. */
  cols: string[];
}

/**
 * The statement that reads files with the same header (`paths`: what DuckDB reads, in the order of
 * `files`) and types and checks every value, in line order.
 */
function typingQuery(
  spec: DelimitedSourceSpec,
  bound: Bound[],
  header: string[],
  files: Prepared[],
  paths: string[],
  encoding: string,
): Typing {
  // One scan of the files in list order numbers rows consecutively, so file j's rows are ordinalities
  // start_j … start_j + rows_j − 1; that is checked below before anything is kept.
  const starts: number[] = [];
  let next = 1;
  for (const f of files) {
    starts.push(next);
    next += f.rows;
  }
  // File paths, names, starts, delimiter and encoding are bound values of the typing statement (`params`).
  const params: Record<string, DuckDBValue> = {
    caminhos: textos(paths),
    arquivos: textos(files.map((f) => f.file.arquivo)),
    delim: spec.delimiter,
    encoding,
  };
  // A row's file is the position of its path in the list, found by a CASE over the paths (bound
  // values), not a join: a join does not keep the scan's order, and the typed table must be in line
  // order so inserting it needs no sort (see `emOrdem` below). The CASE cost no more than the hash join.
  params.inicios = listValue(starts.map((x) => BigInt(x)));
  paths.forEach((p, j) => {
    params[`caminho_${j}`] = p;
  });
  const arquivoDe = `CASE filename ${paths.map((_, j) => `WHEN $caminho_${j} THEN ${j + 1}`).join(' ')} END`;
  // read_csv's column names are identifiers (c0, c1, …), written as its `columns` struct wants them
  const columns = `{${header.map((_, i) => `${lit(`c${i}`)}: 'VARCHAR'`).join(', ')}}`;
  const load = `SELECT ordinality AS _ord, ordinality - $inicios[_j] + 2 AS _linha, $arquivos[_j] AS _arquivo, * EXCLUDE (filename, _j) FROM (SELECT ${arquivoDe} AS _j, * FROM read_csv($caminhos, delim=$delim, quote='', escape='', header=true, auto_detect=false, columns=${columns}, encoding=$encoding, strict_mode=true, null_padding=false, filename=true) WITH ORDINALITY)`;

  // Innermost query: exponent parts x<i> of decimal columns.
  // Inner query: typed value t<i>, raw text r<i>, trimmed text n<i> (each cast computed once).
  // Middle query: flag b<k> per check that failed, and _bad when any did.
  // One materialised table per group: each temp table costs a full copy of the rows.
  // `_ord` (the scan's ordinal) stays so `insert` can take one file's rows by range: file j's rows are
  // ordinals start_j … start_j + rows_j − 1 (checked below), and a range skips whole row groups.
  const sel: string[] = ['_ord', '_linha', '_arquivo'];
  const parts: string[] = [];
  const checks: { i: number; name: string; motivo: string; bad: string }[] = [];
  bound.forEach((b, i) => {
    if (b.index === null) {
      sel.push(`CAST(NULL AS ${sqlType(b.spec)}) AS t${i}`, `CAST(NULL AS VARCHAR) AS r${i}`);
      return;
    }
    const v = `c${b.index}`;
    const { expr, motivo, base } = typedExpr(b.spec, v, `x${i}`);
    sel.push(`${expr} AS t${i}`, `${v} AS r${i}`, `${base} AS n${i}`);
    if (b.spec.type === 'decimal') {
      parts.push(`${exponentPartsSql(base)} AS x${i}`);
      sel.push(`x${i}`);
      const scale = b.spec.scale ?? 10;
      // Only text that did not cast can have too many places (a cast value matched the ≤ scale regex
      // or an exact exponent form), so the regexes run on those rows only: CASE evaluates lazily.
      const tooPrecise = `(CASE WHEN t${i} IS NULL AND n${i} IS NOT NULL THEN coalesce(regexp_full_match(n${i}, '-?[0-9]+[.][0-9]{${scale + 1},}') OR ${exponentSql(`x${i}`, scale).excess}, false) ELSE false END)`;
      checks.push({
        i,
        name: b.spec.name,
        motivo: MOTIVOS.casas_decimais,
        bad: tooPrecise,
      });
      checks.push({
        i,
        name: b.spec.name,
        motivo: MOTIVOS.nao_numerico,
        bad: `(n${i} IS NOT NULL AND t${i} IS NULL AND NOT ${tooPrecise})`,
      });
    } else if (motivo) {
      checks.push({ i, name: b.spec.name, motivo, bad: `(n${i} IS NOT NULL AND t${i} IS NULL)` });
    }
    if (b.spec.allowed) {
      params[`permitidos_${i}`] = textos(b.spec.allowed);
      checks.push({
        i,
        name: b.spec.name,
        motivo: MOTIVOS.codigo_desconhecido,
        bad: `(r${i} IS NOT NULL AND NOT list_contains($permitidos_${i}, r${i}))`,
      });
    }
  });
  const flags = checks.map((c, k) => `${c.bad} AS b${k}`);
  // Only the typed values, the flags and the raw text quarantine quotes are kept: each stored column
  // is copied for every row.
  const quoted = new Set(checks.map((c) => c.i));
  const helpers = bound.flatMap((b, i) => [
    ...(b.index === null ? [] : [`n${i}`]),
    ...(b.spec.type === 'decimal' && b.index !== null ? [`x${i}`] : []),
    ...(quoted.has(i) ? [] : [`r${i}`]),
  ]);
  // The raw text is quoted by quarantine rows only: kept just for bad rows (NULL costs no copy).
  const quotedRaw = [...quoted].map((i) => `r${i}`);
  const badAny = checks.length ? checks.map((_, k) => `b${k}`).join(' OR ') : 'false';
  const keyNames = (spec.key ?? []).filter((k) => !k.startsWith('_'));
  const keyIdx = keyNames.map((name) => {
    const i = spec.columns.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`${spec.id}: key ${name} is not a column`);
    return `t${i}`;
  });
  const cols = bound.map((b, i) => `t${i} AS ${quote(stagingColumn(b.spec.name))}`);
  const sql = `SELECT *${quotedRaw.length ? ` EXCLUDE (${quotedRaw.join(', ')}), ${quotedRaw.map((r) => `CASE WHEN _bad THEN ${r} END AS ${r}`).join(', ')}` : ''} FROM (SELECT * EXCLUDE (${helpers.join(', ')}), (${badAny}) AS _bad FROM (SELECT *${flags.length ? `, ${flags.join(', ')}` : ''} FROM (SELECT ${sel.join(', ')} FROM (SELECT *${parts.length ? `, ${parts.join(', ')}` : ''} FROM (${load})))))`;
  return { sql, params, starts, checks, keyIdx, keyNames, cols };
}

/**
 * A count of the groups of rows of `tabela` matching `onde` that share one hash of `colunas`: zero
 * proves no two such rows share the columns' values (equal values, NULLs included, hash alike); more
 * than zero means some may, or two different keys collided in the 64-bit hash (at 10^7 rows, about one
 * chance in 10^5), and the caller must then find the real repeats. Grouping one UBIGINT instead of the
 * key's nine to eleven columns (dates, text, the file name) took these counts over four full-scale
 * DFP/ITR zips (4.1 M lines) from 2.7–2.9 s to 1.9–2.0 s of CPU (docs/benchmarks.md, "Where the mart
 * stages spill, repeated keys by hash, JSON text read as bytes").
 */
export function gruposRepetidos(
  db: DuckDBConnection,
  tabela: string,
  onde: string,
  colunas: readonly string[],
  params?: Parametros,
): Promise<number> {
  return numero(
    db,
    `SELECT count(*) FROM (SELECT 1 FROM ${tabela} WHERE ${onde} GROUP BY hash(${colunas.join(', ')}) HAVING count(*) > 1)`,
    params,
  );
}

/** Whether `crossFileDuplicates` looks at the rows: only for a spec with a key, over two files or more. */
export const procuraDuplicatas = (
  spec: DelimitedSourceSpec,
  arquivos: readonly string[],
): spec is DelimitedSourceSpec & { key: string[] } => Boolean(spec.key?.length) && arquivos.length >= 2;

/**
 * Quarantines rows whose key repeats a row of an earlier file of the same spec (files in `_arquivo`
 * order, lines in `_linha` order), e.g. the same CSV present loose and inside a zip. Run once after
 * every file is staged: probing the growing table per file made staging quadratic. Returns the
 * rows removed per file.
 */
export async function crossFileDuplicates(
  db: DuckDBConnection,
  spec: DelimitedSourceSpec,
  arquivos: string[],
): Promise<Map<string, number>> {
  const removed = new Map<string, number>();
  if (!procuraDuplicatas(spec, arquivos)) return removed;
  const keys = spec.key.map((k) => quote(k.startsWith('_') ? k : stagingColumn(k)));
  // The spec's files by a hash semi-join: list_contains over the list in every row of the shared table
  // cost more than the grouping (3.8 s of the 4 DFP/ITR specs at escala 0.1).
  const files = '_arquivo IN (SELECT unnest($arquivos))';
  const noGrupo = { arquivos: textos(arquivos) };
  // A hash aggregate finds whether any key may repeat (in-file repeats are already gone, so a repeat is
  // across files); the window that names the real ones sorts the whole table, so it runs only then.
  const repeated = await gruposRepetidos(db, quote(spec.staged), files, keys, noGrupo);
  if (repeated === 0) return removed;
  const xdup = `_xdup_${loads++}`;
  try {
    await db.run(
      `CREATE TEMP TABLE ${xdup} AS SELECT _arquivo, _linha, kv FROM (
         SELECT _arquivo, _linha, concat_ws(' | ', ${keys.map((k) => `coalesce(CAST(${k} AS VARCHAR), '')`).join(', ')}) AS kv,
                row_number() OVER (PARTITION BY ${keys.join(', ')} ORDER BY _arquivo, _linha) AS _rn
         FROM ${quote(spec.staged)} WHERE ${files}) WHERE _rn > 1`,
      noGrupo,
    );
    await db.run(
      `INSERT INTO _quarantine SELECT $fonte, _arquivo, _linha, $chave, kv, $duplicada FROM ${xdup}`,
      { fonte: spec.id, chave: spec.key.join('+'), duplicada: MOTIVOS.duplicada },
    );
    await db.run(
      `DELETE FROM ${quote(spec.staged)} s USING ${xdup} d WHERE s._arquivo = d._arquivo AND s._linha = d._linha`,
    );
    const rows = (await db.runAndReadAll(`SELECT _arquivo, count(*) FROM ${xdup} GROUP BY 1`)).getRows();
    for (const [a, n] of rows) removed.set(String(a), Number(n));
    return removed;
  } finally {
    await db.run(`DROP TABLE IF EXISTS ${xdup}`);
  }
}
