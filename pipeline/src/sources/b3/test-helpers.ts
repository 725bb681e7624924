import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { InputFile, JsonSourceSpec } from '../../core/source.ts';
import type { BuildReporter } from '../../core/stage.ts';
import { stageJson } from '../../readers/json.ts';

/** Absolute path of a file under the repository's data/sample. */
export function samplePath(relative: string): string {
  return fileURLToPath(new URL(`../../../../data/sample/${relative}`, import.meta.url));
}

/** A fresh in-memory DuckDB connection, as each build gets. */
export async function freshDb(): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:');
  return instance.connect();
}

/** A reporter that only records what it is told (readers write quarantine rows to `_quarantine` themselves). */
export function recordingReporter(): BuildReporter & { notes: string[] } {
  const notes: string[] = [];
  return {
    notes,
    async quarantine() {},
    invariant() {},
    note(stage, message) {
      notes.push(`${stage}: ${message}`);
    },
  };
}

/** A fresh database with one JSON answer staged by `spec`, reported to a recording reporter. */
export async function jsonEmBancoNovo(spec: JsonSourceSpec, file: InputFile) {
  const db = await freshDb();
  const staged = await stageJson(db, spec, file, recordingReporter());
  return { db, staged };
}

/** Rows of a query as plain JS objects. */
export async function rows<T = Record<string, unknown>>(db: DuckDBConnection, sql: string): Promise<T[]> {
  return (await db.runAndReadAll(sql)).getRowObjectsJS() as T[];
}

/** The single row a query must return. */
export async function one<T = Record<string, unknown>>(db: DuckDBConnection, sql: string): Promise<T> {
  const [row] = await rows<T>(db, sql);
  if (row === undefined) throw new Error(`no row for ${sql}`);
  return row;
}

/** Writes `content` as `name` in a fresh temp folder (made-here inputs of a test) and returns its path. */
export function tmpFile(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'b3-')), name);
  writeFileSync(path, content);
  return path;
}
