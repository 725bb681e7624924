import { readFile } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import type {
  ColumnSpec,
  FileFacts,
  InputFile,
  JsonRecord,
  JsonShape,
  JsonSourceSpec,
  StagedFile,
} from '../core/source.ts';
import { InputError } from '../core/source.ts';
import { quote } from '../core/sql.ts';
import type { BuildReporter } from '../core/stage.ts';
import { ensureQuarantineTable, sqlType, stagingColumn } from '../core/staging.ts';

// The shape types live with the spec types; re-exported so sources keep one import for `jsonShape`.
export type { FileFacts, JsonRecord, JsonShape } from '../core/source.ts';

/** One record per element of `items`, at the JSON path `path(i)`, with `extra` values (e.g. parent keys) first. */
export const records = <T extends Record<string, unknown>>(
  items: readonly T[],
  path: (i: number) => string,
  extra: Record<string, unknown> = {},
): JsonRecord[] => items.map((values, i) => ({ path: path(i), values: { ...extra, ...values } }));

/** Builds a shape whose records come from a zod-validated answer, keeping the schema's output type. */
export function jsonShape<S extends z.ZodType>(
  schema: S,
  records: (answer: z.output<S>, facts: FileFacts) => JsonRecord[],
  opts: Pick<JsonShape, 'numbers' | 'empty'>,
): JsonShape {
  return { ...opts, extract: (body, facts) => records(schema.parse(body), facts) };
}

/** JSON path segment for a key or an index, in `$.a.b[3]` form. */
export function jsonPath(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>(
    (acc, p) =>
      typeof p === 'number'
        ? `${acc}[${p}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(p))
          ? `${acc}.${String(p)}`
          : `${acc}[${JSON.stringify(String(p))}]`,
    '$',
  );
}

function valueAt(body: unknown, parts: readonly PropertyKey[]): unknown {
  let cur: unknown = body;
  for (const p of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

const NUMBER_TEXT = {
  'pt-BR': /^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/,
  'en-US': /^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/,
  plain: /^-?\d+(\.\d+)?$/,
} as const;

/** Plain `1234.56` text from a number written in the answer's locale, or undefined when it is not one. */
export function normaliseNumber(text: string, locale: JsonShape['numbers']): string | undefined {
  const t = text.trim();
  if (!NUMBER_TEXT[locale].test(t)) return undefined;
  if (locale === 'pt-BR') return t.replaceAll('.', '').replace(',', '.');
  if (locale === 'en-US') return t.replaceAll(',', '');
  return t;
}

function isoDate(y: string, m: string, d: string): string | undefined {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const iso = `${y}-${m}-${d}`;
  return date.toISOString().startsWith(iso) ? iso : undefined;
}

/** Text DuckDB casts exactly to the column's type, or `{ bad }` with what was expected. */
function convert(
  value: unknown,
  c: ColumnSpec,
  locale: JsonShape['numbers'],
): { ok: string | null } | { bad: string } {
  if (value === null || value === undefined || value === '') return { ok: null };
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  if (text === undefined)
    return { bad: `a ${c.type} value, not ${Array.isArray(value) ? 'an array' : 'an object'}` };
  switch (c.type) {
    case 'varchar':
      return { ok: text };
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'double': {
      // A JSON number is plain text already unless it is huge or tiny (`1e+21`), which stays refused.
      const n =
        typeof value === 'number' ? normaliseNumber(String(value), 'plain') : normaliseNumber(text, locale);
      if (n === undefined) return { bad: `a number in ${locale} format` };
      if ((c.type === 'integer' || c.type === 'bigint') && n.includes('.')) return { bad: 'a whole number' };
      return { ok: n };
    }
    case 'date_br': {
      const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
      const iso = m ? isoDate(m[3] ?? '', m[2] ?? '', m[1] ?? '') : undefined;
      return iso ? { ok: iso } : { bad: 'a date dd/mm/yyyy' };
    }
    case 'date': {
      // B3 writes some dates as midnight datetimes (`2021-12-17T00:00:00`).
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00:00(?:\.0+)?Z?)?$/.exec(text.trim());
      const iso = m ? isoDate(m[1] ?? '', m[2] ?? '', m[3] ?? '') : undefined;
      return iso ? { ok: iso } : { bad: 'a date YYYY-MM-DD' };
    }
    case 'date_compact': {
      const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
      const iso = m ? isoDate(m[1] ?? '', m[2] ?? '', m[3] ?? '') : undefined;
      return iso ? { ok: iso } : { bad: 'a date YYYYMMDD' };
    }
  }
}

function lineOfPosition(text: string, message: string): number | null {
  const m = /position (\d+)/.exec(message);
  if (!m) return null;
  return text.slice(0, Number(m[1])).split('\n').length;
}

/** Named groups of the spec's file-name pattern, matched on the base name of the file (or zip member). */
function fileFacts(spec: JsonSourceSpec, arquivo: string): FileFacts {
  const base = arquivo.split(/[/:]/).pop() ?? arquivo;
  return spec.fileName.exec(base)?.groups ?? {};
}

/**
 * Stages one JSON answer (B3 APIs, BCB SGS) into `spec.staged`.
 *
 * The body is validated with the shape's zod schema (a malformed answer throws `InputError` naming
 * the JSON path), records are converted by the spec's column types, and bulk-loaded through the
 * appender. A record whose value does not convert goes to `_quarantine` with its JSON path.
 * `_linha` is the 1-based ordinal of the record in the answer (answers are often one line), and
 * `_caminho` its JSON path. Named groups of `fileName` become `_<group>` columns.
 */
export async function stageJson(
  db: DuckDBConnection,
  spec: JsonSourceSpec,
  file: InputFile,
  report: BuildReporter,
): Promise<StagedFile> {
  const { arquivo } = file;
  const { shape } = spec;
  const facts = fileFacts(spec, arquivo);
  // Every named group of the file-name pattern becomes a `_<group>` column, as for delimited sources.
  const factNames = [...spec.fileName.source.matchAll(/\(\?<([A-Za-z][A-Za-z0-9]*)>/g)].map(
    (m) => m[1] ?? '',
  );

  const columns = spec.columns.map((c) => ({ c, name: stagingColumn(c.name) }));
  const ddl = [
    ...columns.map(({ c, name }) => `${quote(name)} ${sqlType(c)}`),
    '_arquivo VARCHAR',
    '_linha BIGINT',
    '_caminho VARCHAR',
    ...factNames.map((f) => `${quote(`_${f}`)} VARCHAR`),
  ];
  const createStaged = () => db.run(`CREATE TABLE IF NOT EXISTS ${quote(spec.staged)} (${ddl.join(', ')})`);

  const bytes = await readFile(file.path);
  // Buffer's 'latin1' is ISO-8859-1 byte for byte (TextDecoder's 'latin1' is windows-1252).
  let text: string;
  try {
    text =
      spec.encoding === 'latin-1'
        ? bytes.toString('latin1')
        : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(arquivo, null, null, 'UTF-8 text', 'bytes that are not UTF-8');
  }
  if (text.trim() === '') {
    if (shape.empty === 'no-rows') {
      await createStaged();
      report.note(
        spec.id,
        `${arquivo}: empty body, nothing staged (B3 answers an empty body for an unknown company)`,
      );
      return { arquivo, staged: spec.staged, rows: 0, quarantined: 0 };
    }
    throw new InputError(arquivo, 1, null, 'a JSON answer', 'empty body');
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    throw new InputError(arquivo, lineOfPosition(text, message), null, 'valid JSON', message);
  }

  let records: JsonRecord[];
  try {
    records = shape.extract(body, facts);
  } catch (err) {
    if (err instanceof z.ZodError) {
      const issue = err.issues[0];
      const path = issue?.path ?? [];
      const found = valueAt(body, path);
      throw new InputError(
        arquivo,
        null,
        jsonPath(path),
        issue?.message ?? 'a valid answer',
        found === undefined ? 'nothing' : JSON.stringify(found).slice(0, 200),
      );
    }
    throw err;
  }

  const converted: (string | null)[][] = [];
  const quarantine: { linha: number; campo: string; valor: string; motivo: string }[] = [];
  records.forEach((record, i) => {
    const row: (string | null)[] = [];
    let rowOk = true;
    for (const { c } of columns) {
      const key = [c.name, ...(c.aliases ?? [])].find((k) => k in record.values);
      const raw = key === undefined ? undefined : record.values[key];
      const result = convert(raw, c, shape.numbers);
      if ('bad' in result) {
        rowOk = false;
        quarantine.push({
          linha: i + 1,
          campo: `${record.path}.${key ?? c.name}`,
          valor: typeof raw === 'string' ? raw : JSON.stringify(raw),
          motivo: `expected ${result.bad}`,
        });
        row.push(null);
      } else {
        row.push(result.ok);
      }
    }
    if (rowOk)
      converted.push([...row, ...factNames.map((f) => facts[f] ?? null), String(i + 1), record.path]);
  });

  await createStaged();
  if (quarantine.length > 0) {
    await ensureQuarantineTable(db);
    // The appender takes values, not SQL text: a field or a value with a quote goes in as written.
    const ap = await db.createAppender('_quarantine');
    for (const q of quarantine) {
      ap.appendVarchar(spec.id);
      ap.appendVarchar(arquivo);
      ap.appendBigInt(BigInt(q.linha));
      ap.appendVarchar(q.campo);
      ap.appendVarchar(q.valor);
      ap.appendVarchar(q.motivo);
      ap.endRow();
    }
    ap.closeSync();
  }

  // Converted values are exact text; one cast in SQL gives the typed columns (no float on the way).
  const scratch = `_json_scratch_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e9)}`;
  const names = [
    ...columns.map(({ name }) => name),
    ...factNames.map((f) => `_${f}`),
    '_arquivo_linha',
    '_caminho',
  ];
  await db.run(`CREATE TABLE ${quote(scratch)} (${names.map((n) => `${quote(n)} VARCHAR`).join(', ')})`);
  try {
    const appender = await db.createAppender(scratch);
    for (const row of converted) {
      for (const v of row) {
        if (v === null) appender.appendNull();
        else appender.appendVarchar(v);
      }
      appender.endRow();
    }
    appender.closeSync();
    const casts = [
      ...columns.map(({ c, name }) => `CAST(${quote(name)} AS ${sqlType(c)})`),
      ...factNames.map((f) => quote(`_${f}`)),
      '$arquivo',
      'CAST(_arquivo_linha AS BIGINT)',
      '_caminho',
    ];
    const target = [
      ...columns.map(({ name }) => name),
      ...factNames.map((f) => `_${f}`),
      '_arquivo',
      '_linha',
      '_caminho',
    ].map((n) => quote(n));
    await db.run(
      `INSERT INTO ${quote(spec.staged)} (${target.join(', ')}) SELECT ${casts.join(', ')} FROM ${quote(scratch)} ORDER BY CAST(_arquivo_linha AS BIGINT)`,
      { arquivo },
    );
  } finally {
    await db.run(`DROP TABLE IF EXISTS ${quote(scratch)}`);
  }
  return {
    arquivo,
    staged: spec.staged,
    rows: converted.length,
    quarantined: new Set(quarantine.map((q) => q.linha)).size,
  };
}
