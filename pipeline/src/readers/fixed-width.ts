import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { FixedWidthField, FixedWidthSourceSpec, InputFile, StagedFile } from '../core/source.ts';
import { InputError } from '../core/source.ts';
import { quote } from '../core/sql.ts';
import type { BuildReporter } from '../core/stage.ts';
import { ensureQuarantineTable, sqlType } from '../core/staging.ts';

/** A fixed text expected at a position of a control record (header or trailer). */
export interface ControlCheck {
  start: number;
  width: number;
  /** The raw slice must fully match this pattern. */
  pattern: RegExp;
  meaning: string;
}

/**
 * Header/trailer layout beyond what `FixedWidthSourceSpec` carries: COTAHIST's trailer holds the
 * record count, and a header that is not B3's means the file is not what its name says.
 */
export interface FixedWidthControl {
  header: ControlCheck[];
  trailer: ControlCheck[];
  /** Trailer field holding the number of records including header and trailer. */
  trailerCount: {
    start: number;
    width: number;
    meaning: string;
    /**
     * `equal` (default): the count must be the file's line count. `at-least`: the file is an excerpt
     * that kept the trailer of the whole file it was cut from, so the count may only be larger.
     */
    rule?: 'equal' | 'at-least';
  };
}

export type ControlledFixedWidthSourceSpec = FixedWidthSourceSpec & { control: FixedWidthControl };

function hasControl(spec: FixedWidthSourceSpec): spec is ControlledFixedWidthSourceSpec {
  return 'control' in spec && typeof (spec as { control?: unknown }).control === 'object';
}

let scratchCounter = 0;

/**
 * DuckDB's latin-1 decoder refuses the C1 bytes 0x80–0x9F, which are valid ISO-8859-1 (CVM and B3
 * files carry a few). Such a file is streamed once into a UTF-8 copy: one byte stays one character,
 * so record lengths are unchanged.
 */
async function latin1ToUtf8(path: string): Promise<{ path: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'fixed-width-'));
  const out = join(dir, 'utf8.txt');
  await pipeline(
    createReadStream(path),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        // Buffer's 'latin1' is ISO-8859-1 byte for byte (TextDecoder's 'latin1' is windows-1252).
        done(null, Buffer.from(chunk.toString('latin1'), 'utf8'));
      },
    }),
    createWriteStream(out),
  );
  return { path: out, dir };
}

/** The SQL type a field lands as in staging. */
export function fixedWidthSqlType(field: FixedWidthField): string {
  const { type } = field;
  return type === 'implied_decimal'
    ? `DECIMAL(${field.width <= 18 ? 18 : 38},${field.decimals ?? 0})`
    : sqlType({ type });
}

/**
 * Cast of the raw slice `raw`; NULL when blank or when the text does not fit the layout (checked
 * separately). No `CASE WHEN blank`: every TRY_CAST/TRY_STRPTIME below already gives NULL for a blank
 * (or empty) slice, and the guard cost a third of COTAHIST's staging CPU (docs/benchmarks.md,
 * "COTAHIST staging").
 */
function castExpr(field: FixedWidthField, raw: string): string {
  switch (field.type) {
    case 'varchar':
      return `NULLIF(rtrim(${raw}), '')`;
    case 'integer':
    case 'bigint':
      return `TRY_CAST(trim(${raw}) AS ${fixedWidthSqlType(field)})`;
    case 'date_compact':
      return `TRY_CAST(TRY_STRPTIME(${raw}, '%Y%m%d') AS DATE)`;
    case 'implied_decimal': {
      const decimals = field.decimals ?? 0;
      // The layout stores N(w-d)V(d) as digits only. Integer cast then an exact decimal scale keeps the
      // value exact and is far faster in DuckDB than casting text to DECIMAL.
      const unit =
        decimals > 0 ? ` * CAST(0.${'0'.repeat(decimals - 1)}1 AS DECIMAL(${decimals + 1},${decimals}))` : '';
      return `CAST(CAST(TRY_CAST(${raw} AS ${field.width <= 18 ? 'UBIGINT' : 'UHUGEINT'}) AS DECIMAL(${field.width <= 18 ? 18 : 38},0))${unit} AS ${fixedWidthSqlType(field)})`;
    }
  }
}

function expectedText(field: FixedWidthField): string {
  switch (field.type) {
    case 'varchar':
      return 'text';
    case 'integer':
    case 'bigint':
      return `an integer in ${field.width} positions`;
    case 'date_compact':
      return 'a date YYYYMMDD';
    case 'implied_decimal':
      return `${field.width} digits with ${field.decimals ?? 0} implied decimals`;
  }
}

function checkControl(
  arquivo: string,
  linha: number,
  record: string,
  checks: ControlCheck[],
  what: string,
): void {
  for (const check of checks) {
    const slice = record.substring(check.start - 1, check.start - 1 + check.width);
    if (!check.pattern.test(slice)) {
      throw new InputError(
        arquivo,
        linha,
        `${what} ${check.meaning} (positions ${check.start}-${check.start + check.width - 1})`,
        String(check.pattern),
        slice,
      );
    }
  }
}

/**
 * Stages one fixed-width file (COTAHIST) into `spec.staged`.
 *
 * DuckDB reads the file as one VARCHAR column (a delimiter that never occurs in the layout), so
 * multi-GB annual files are checked and sliced in SQL without passing rows through JavaScript.
 * File-level problems (missing header/trailer, wrong record length, unknown record type, trailer
 * count) throw `InputError`; a data record whose numeric or date field does not parse goes to
 * `_quarantine` and is left out of the staging table.
 */
export async function stageFixedWidth(
  db: DuckDBConnection,
  spec: FixedWidthSourceSpec,
  file: InputFile,
  _report: BuildReporter,
): Promise<StagedFile> {
  const { arquivo } = file;
  scratchCounter += 1;
  const lines = `_fw_lines_${process.pid}_${scratchCounter}`;
  const parsed = `_fw_parsed_${process.pid}_${scratchCounter}`;
  const typeWidth = spec.recordTypes.header.length;
  const { header, data, trailer } = spec.recordTypes;
  let transcoded: { path: string; dir: string } | undefined;
  // Insertion order is preserved by CREATE TABLE AS, so rowid + 1 is the line number.
  const readLines = (path: string, encoding: string) =>
    db.run(
      `CREATE OR REPLACE TEMP TABLE ${lines} AS SELECT l FROM read_csv($path, columns = {'l': 'VARCHAR'}, header = false, delim = chr(1), quote = '', escape = '', encoding = $encoding, auto_detect = false)`,
      { path, encoding },
    );
  try {
    try {
      try {
        await readLines(file.path, spec.encoding);
      } catch (err) {
        if (spec.encoding !== 'latin-1' || !/latin-1/i.test((err as Error).message)) throw err;
        transcoded = await latin1ToUtf8(file.path);
        await readLines(transcoded.path, 'utf-8');
      }
    } catch (err) {
      throw new InputError(
        arquivo,
        null,
        null,
        `a ${spec.encoding} text file of ${spec.recordLength}-character records`,
        (err as Error).message,
      );
    }

    const summary = (
      await db.runAndReadAll(
        `SELECT count(*)::BIGINT AS n, any_value(l) FILTER (WHERE rowid = 0) AS first, any_value(l) FILTER (WHERE rowid = (SELECT max(rowid) FROM ${lines})) AS last FROM ${lines}`,
      )
    ).getRowObjectsJS()[0] as { n: bigint; first: string | null; last: string | null };
    const n = Number(summary.n);
    if (n === 0) {
      throw new InputError(arquivo, 1, 'TIPREG', `header record (type ${header})`, 'empty file');
    }
    const first = summary.first ?? '';
    if (first.substring(0, typeWidth) !== header) {
      throw new InputError(
        arquivo,
        1,
        'TIPREG',
        `header record (type ${header})`,
        first.substring(0, typeWidth),
      );
    }

    const badLength = (
      await db.runAndReadAll(
        `SELECT rowid + 1 AS linha, coalesce(length(l), 0) AS len FROM ${lines} WHERE l IS NULL OR length(l) <> ${spec.recordLength} ORDER BY rowid LIMIT 1`,
      )
    ).getRowObjectsJS()[0] as { linha: bigint; len: bigint } | undefined;
    if (badLength) {
      throw new InputError(
        arquivo,
        Number(badLength.linha),
        null,
        `a record of ${spec.recordLength} characters`,
        `${badLength.len} characters`,
      );
    }

    const badType = (
      await db.runAndReadAll(
        `SELECT rowid + 1 AS linha, substr(l, 1, ${typeWidth}) AS t FROM ${lines}
         WHERE substr(l, 1, ${typeWidth}) NOT IN ($header, $data, $trailer)
            OR (substr(l, 1, ${typeWidth}) = $header AND rowid > 0)
            OR (substr(l, 1, ${typeWidth}) = $trailer AND rowid < ${n - 1})
         ORDER BY rowid LIMIT 1`,
        { header, data, trailer },
      )
    ).getRowObjectsJS()[0] as { linha: bigint; t: string } | undefined;
    if (badType) {
      const linha = Number(badType.linha);
      const where =
        badType.t === header
          ? 'header only on line 1'
          : badType.t === trailer
            ? 'trailer only on the last line'
            : 'a known record type';
      throw new InputError(
        arquivo,
        linha,
        'TIPREG',
        `${where} (${header} header, ${data} data, ${trailer} trailer)`,
        badType.t,
      );
    }

    const last = summary.last ?? '';
    if (last.substring(0, typeWidth) !== trailer) {
      throw new InputError(
        arquivo,
        n,
        'TIPREG',
        `trailer record (type ${trailer}) on the last line — no trailer: file truncated?`,
        last.substring(0, typeWidth),
      );
    }

    if (hasControl(spec)) {
      checkControl(arquivo, 1, first, spec.control.header, 'header');
      checkControl(arquivo, n, last, spec.control.trailer, 'trailer');
      const { start, width, meaning, rule = 'equal' } = spec.control.trailerCount;
      const countText = last.substring(start - 1, start - 1 + width);
      const count = Number(countText);
      const ok = /^[0-9]+$/.test(countText) && (rule === 'equal' ? count === n : count >= n);
      if (!ok) {
        throw new InputError(
          arquivo,
          n,
          `trailer ${meaning} (positions ${start}-${start + width - 1})`,
          rule === 'equal'
            ? `${n} (lines in the file, header and trailer included)`
            : `at least ${n} (an excerpt keeps the count of the whole file it was cut from)`,
          countText,
        );
      }
    }

    const checked = spec.fields.map((f, i) => ({ f, i })).filter(({ f }) => f.type !== 'varchar');
    const raw = (f: FixedWidthField) => `substr(l, ${f.start}, ${f.width})`;
    // A field is bad when its cast is NULL but its slice is not blank. CASE, not AND: DuckDB then trims
    // only the slices whose cast failed (a projection evaluates both sides of an AND on every row).
    const invalid = (f: FixedWidthField, i: number) =>
      `(CASE WHEN v${i} IS NULL THEN trim(${raw(f)}) <> '' ELSE false END)`;
    const anyInvalid = checked.length > 0 ? checked.map(({ f, i }) => invalid(f, i)).join(' OR ') : 'false';
    const casts = spec.fields.map((f, i) => `${castExpr(f, raw(f))} AS v${i}`);
    // One pass slices and casts; `_bad` marks records with a field that does not parse. Raw slices are
    // not kept: the rare bad record is sliced again from its line for the quarantine row.
    await db.run(
      `CREATE OR REPLACE TEMP TABLE ${parsed} AS SELECT * EXCLUDE (l), (${anyInvalid}) AS _bad FROM (SELECT rowid + 1 AS _linha, l, ${casts.join(', ')} FROM ${lines} WHERE substr(l, 1, ${typeWidth}) = $data)`,
      { data },
    );

    const counts = (
      await db.runAndReadAll(
        `SELECT count(*)::BIGINT AS n, count(*) FILTER (WHERE _bad)::BIGINT AS bad FROM ${parsed}`,
      )
    ).getRowObjectsJS()[0] as { n: bigint; bad: bigint };
    const quarantined = Number(counts.bad);
    if (quarantined > 0) {
      await ensureQuarantineTable(db);
      const bad = `(SELECT p.*, x.l FROM ${parsed} p JOIN ${lines} x ON x.rowid + 1 = p._linha WHERE p._bad)`;
      const qParams: Record<string, string> = { fonte: spec.id, arquivo };
      const inserts = checked.map(({ f, i }) => {
        qParams[`campo_${i}`] = f.name;
        qParams[`motivo_${i}`] = `expected ${expectedText(f)}`;
        return `SELECT $fonte, $arquivo, _linha, $campo_${i}, ${raw(f)}, $motivo_${i} FROM ${bad} WHERE ${invalid(f, i)}`;
      });
      await db.run(`INSERT INTO _quarantine ${inserts.join(' UNION ALL ')}`, qParams);
    }
    await db.run(`DROP TABLE ${lines}`);

    const columns = spec.fields.map((f) => `${quote(f.name)} ${fixedWidthSqlType(f)}`);
    await db.run(
      `CREATE TABLE IF NOT EXISTS ${quote(spec.staged)} (${columns.join(', ')}, _arquivo VARCHAR, _linha BIGINT)`,
    );
    const names = spec.fields.map((f) => quote(f.name)).join(', ');
    const values = spec.fields.map((_, i) => `v${i}`).join(', ');
    // Insertion order is preserved (DuckDB default), so rows land in file order without a sort.
    await db.run(
      `INSERT INTO ${quote(spec.staged)} (${names}, _arquivo, _linha) SELECT ${values}, $arquivo, _linha FROM ${parsed} WHERE NOT _bad`,
      { arquivo },
    );
    return { arquivo, staged: spec.staged, rows: Number(counts.n) - quarantined, quarantined };
  } finally {
    await db.run(`DROP TABLE IF EXISTS ${lines}`);
    await db.run(`DROP TABLE IF EXISTS ${parsed}`);
    if (transcoded) await rm(transcoded.dir, { recursive: true, force: true });
  }
}
