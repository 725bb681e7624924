import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnSpec, DelimitedSourceSpec, InputFile, StagedFile } from '../core/source.ts';
import { InputError } from '../core/source.ts';
import type { BuildReporter } from '../core/stage.ts';
import {
  ensureStagingTable,
  factsOf,
  lit,
  quote,
  sqlType,
  stagingColumn,
  stagingColumnsOf,
} from '../core/staging.ts';
import { checkText, latin1ToUtf8 } from './text-check.ts';

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
  const { arquivo } = file;
  const facts = factsOf(spec, baseNameOf(arquivo)) ?? {};
  const text = await checkText(file.path, arquivo, spec.encoding);
  const header = text.header.split(spec.delimiter);
  const bound = bindHeader(spec, header, arquivo);
  const ensured = ensuredSpecs.get(db) ?? new Set<string>();
  if (!ensured.has(spec.id)) {
    await ensureStagingTable(db, spec.staged, stagingColumnsOf(spec));
    ensured.add(spec.id);
    ensuredSpecs.set(db, ensured);
  }

  const n = loads++;
  const typed = `_typed_${n}`;
  const dup = `_dup_${n}`;
  // latin-1 files are handed to DuckDB as UTF-8 (see latin1ToUtf8); `path` is what DuckDB reads.
  let path = file.path;
  let scratch: string | null = null;
  if (spec.encoding === 'latin-1') {
    scratch = await mkdtemp(join(scratchDir, 'stg-'));
    path = join(scratch, 'utf8.csv');
    await latin1ToUtf8(file.path, path);
  }
  const columns = `{${header.map((_, i) => `${lit(`c${i}`)}: 'VARCHAR'`).join(', ')}}`;
  const load = `SELECT ordinality + 1 AS _linha, * FROM read_csv(${lit(path)}, delim=${lit(spec.delimiter)}, quote='', escape='', header=true, auto_detect=false, columns=${columns}, encoding='utf-8', strict_mode=true, null_padding=false) WITH ORDINALITY`;

  // Innermost query: exponent parts x<i> of decimal columns.
  // Inner query: typed value t<i>, raw text r<i>, trimmed text n<i> (each cast computed once).
  // Middle query: flag b<k> per check that failed, and _bad when any did.
  // One materialised table per file: each temp table costs a full copy of the file's rows.
  const sel: string[] = ['_linha'];
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
      checks.push({
        i,
        name: b.spec.name,
        motivo: MOTIVOS.codigo_desconhecido,
        bad: `(r${i} IS NOT NULL AND r${i} NOT IN (${b.spec.allowed.map(lit).join(', ')}))`,
      });
    }
  });
  const flags = checks.map((c, k) => `${c.bad} AS b${k}`);
  const badAny = checks.length ? checks.map((_, k) => `b${k}`).join(' OR ') : 'false';
  const keyNames = (spec.key ?? []).filter((k) => !k.startsWith('_'));
  const keyIdx = keyNames.map((name) => {
    const i = spec.columns.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`${spec.id}: key ${name} is not a column`);
    return `t${i}`;
  });
  try {
    await db.run(
      `CREATE TEMP TABLE ${typed} AS SELECT *, (${badAny}) AS _bad FROM (SELECT *${flags.length ? `, ${flags.join(', ')}` : ''} FROM (SELECT ${sel.join(', ')} FROM (SELECT *${parts.length ? `, ${parts.join(', ')}` : ''} FROM (${load}))))`,
    );
  } catch (e) {
    if (scratch) await rm(scratch, { recursive: true, force: true });
    const msg = e instanceof Error ? e.message : String(e);
    const line = /line[: ]+(\d+)/i.exec(msg);
    throw new InputError(
      arquivo,
      line ? Number(line[1]) : null,
      null,
      `${header.length} fields per line separated by "${spec.delimiter}"`,
      msg.split('\n')[0] ?? msg,
    );
  }
  try {
    const rows = Number((await db.runAndReadAll(`SELECT count(*) FROM ${typed}`)).getRows()[0]?.[0] ?? 0);
    if (rows !== text.lines - 1) {
      throw new InputError(arquivo, null, null, `${text.lines - 1} data lines`, `${rows} rows parsed`);
    }
    if (rows === 0) report.note('staging', `${arquivo}: header only, no rows`);

    const quarantine = checks.map(
      (c, k) =>
        `SELECT ${lit(spec.id)}, ${lit(arquivo)}, _linha, ${lit(c.name)}, r${c.i}, ${lit(c.motivo)} FROM ${typed} WHERE b${k}`,
    );
    // Duplicates inside this file (across files the build checks once every file is staged, see
    // crossFileDuplicates). A grouped count over the key finds whether any exist; the window that
    // names them runs, over the narrow key columns only, just for the rare file that has some.
    let dupFilter = '';
    if (keyIdx.length) {
      const keys = keyIdx.join(', ');
      const repeated = Number(
        (
          await db.runAndReadAll(
            `SELECT count(*) FROM (SELECT 1 FROM ${typed} WHERE NOT _bad GROUP BY ${keys} HAVING count(*) > 1)`,
          )
        ).getRows()[0]?.[0] ?? 0,
      );
      if (repeated > 0) {
        await db.run(
          `CREATE TEMP TABLE ${dup} AS SELECT _linha, concat_ws(' | ', ${keyIdx.map((k) => `coalesce(CAST(${k} AS VARCHAR), '')`).join(', ')}) AS kv
           FROM (SELECT _linha, ${keys}, row_number() OVER (PARTITION BY ${keys} ORDER BY _linha) AS _rn FROM ${typed} WHERE NOT _bad)
           WHERE _rn > 1`,
        );
        quarantine.push(
          `SELECT ${lit(spec.id)}, ${lit(arquivo)}, _linha, ${lit(keyNames.join('+'))}, kv, ${lit(MOTIVOS.duplicada)} FROM ${dup}`,
        );
        dupFilter = ` AND _linha NOT IN (SELECT _linha FROM ${dup})`;
      }
    }
    if (quarantine.length) await db.run(`INSERT INTO _quarantine ${quarantine.join(' UNION ALL ')}`);

    const cols = bound.map((b, i) => `t${i} AS ${quote(stagingColumn(b.spec.name))}`);
    const factCols = Object.entries(facts).map(([k, v]) => `${lit(v)} AS ${quote(k)}`);
    const inserted = await db.run(
      `INSERT INTO ${quote(spec.staged)} BY NAME SELECT ${[...cols, `${lit(arquivo)} AS _arquivo`, '_linha', ...factCols].join(', ')}
       FROM ${typed} WHERE NOT _bad${dupFilter}`,
    );
    const staged = Number(inserted.rowsChanged);
    return { arquivo, staged: spec.staged, rows: staged, quarantined: rows - staged };
  } finally {
    await db.run(`DROP TABLE IF EXISTS ${typed}; DROP TABLE IF EXISTS ${dup}`);
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

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
  if (!spec.key?.length || arquivos.length < 2) return removed;
  const keys = spec.key.map((k) => quote(k.startsWith('_') ? k : stagingColumn(k)));
  const xdup = `_xdup_${loads++}`;
  try {
    await db.run(
      `CREATE TEMP TABLE ${xdup} AS SELECT _arquivo, _linha, kv FROM (
         SELECT _arquivo, _linha, concat_ws(' | ', ${keys.map((k) => `coalesce(CAST(${k} AS VARCHAR), '')`).join(', ')}) AS kv,
                row_number() OVER (PARTITION BY ${keys.join(', ')} ORDER BY _arquivo, _linha) AS _rn
         FROM ${quote(spec.staged)} WHERE _arquivo IN (${arquivos.map(lit).join(', ')})) WHERE _rn > 1`,
    );
    await db.run(
      `INSERT INTO _quarantine SELECT ${lit(spec.id)}, _arquivo, _linha, ${lit(spec.key.join('+'))}, kv, ${lit(MOTIVOS.duplicada)} FROM ${xdup}`,
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
