import type { DuckDBConnection } from '@duckdb/node-api';
import type { ManifestEntry } from '@fundamentos/schemas';
import type { z } from 'zod';

/** Writes one artefact atomically (temp name → validate → rename) and returns its manifest entry. */
export interface ArtefactWriter {
  /** Validates `data` with `schema` before anything touches the disk. */
  json<S extends z.ZodType>(a: {
    name: string;
    path: string;
    schemaName: string;
    schema: S;
    data: z.input<S>;
  }): Promise<ManifestEntry>;
  /**
   * A JSON artefact whose text was assembled elsewhere (in DuckDB: publish/json-sql.ts), as its UTF-8
   * bytes in parts, written one after the other (a company's facts are never copied into one buffer
   * with their envelope). Written only if it parses under `schema` and is byte for byte what `json` would write for the
   * parsed value. Optional so that a test's own writer need not have it: publish/json-sql.ts
   * `escreverJsonTexto` falls back to `json` of the parsed text (the same bytes, by that contract).
   */
  jsonTexto?<S extends z.ZodType>(a: {
    name: string;
    path: string;
    schemaName: string;
    schema: S;
    texto: readonly Uint8Array[];
  }): Promise<ManifestEntry>;
  /** `COPY (sql) TO path (FORMAT PARQUET, COMPRESSION ZSTD)`; rows counted by the COPY itself. */
  parquet(a: { name: string; path: string; schemaName: string; sql: string }): Promise<ManifestEntry>;
  /** `COPY (sql) TO path (FORMAT CSV, HEADER)`. */
  csv(a: { name: string; path: string; schemaName: string; sql: string }): Promise<ManifestEntry>;
  text(a: {
    name: string;
    path: string;
    schemaName: string;
    content: string;
    rows: number;
  }): Promise<ManifestEntry>;
  /**
   * Byte offset of the first occurrence of the build's version text in the JSON, text or CSV artefact
   * last written at `path` (the stage cache re-stamps those on a restore, copying the bytes before it),
   * null when it does not hold it; undefined when this writer did not write it or does not know the
   * version.
   */
  posicaoDaVersao?(path: string): number | null | undefined;
  /**
   * Waits until every artefact written so far is on disk, throwing the first write that failed (a writer
   * may let files reach the disk while the stage goes on). The build calls it after each stage.
   */
  concluir?(): Promise<void>;
}

export type InvariantKind = 'hard' | 'soft';

/** One row of `_quarantine`: what was set aside, where, and why. */
export interface QuarantineRow {
  source: string;
  arquivo: string;
  linha: number | null;
  campo: string | null;
  valor: string | null;
  motivo: string;
}

/** The outcome of one data invariant, as the build report lists it. */
export interface InvariantResult {
  nome: string;
  tipo: InvariantKind;
  descricao: string;
  verificados: number;
  falhas: number;
  exemplos: unknown[];
}

/** Collects what the build report publishes: quarantined rows, invariants, notes. */
export interface BuildReporter {
  /** Rows already inserted into `_quarantine` are counted by the core; stages may add their own. */
  quarantine(row: QuarantineRow): Promise<void>;
  /** A data invariant checked this build. A failed hard invariant fails the build after the stage returns. */
  invariant(r: InvariantResult): void;
  note(stage: string, message: string): void;
}

export interface BuildContext {
  db: DuckDBConnection;
  versao_do_dado: string;
  /** Build date, YYYY-MM-DD in America/Sao_Paulo. */
  data_build: string;
  writer: ArtefactWriter;
  report: BuildReporter;
  log(message: string): void;
}

/** A stage is named by what it produces; staging stages create `stg_*`, marts create tables and artefacts. */
export interface Stage {
  name: string;
  /**
   * Tables (`stg_*`, `int_*`, `mart_*`, `_quarantine`) this stage reads, through SQL or the writer. With
   * `cria`, it makes the stage cacheable (core/stage-cache.ts): its cache key is made of the keys of
   * these tables. A stage without both is always run. core/stage-declarations.test.ts proves them.
   */
  le?: readonly string[];
  /**
   * Tables and macros whose final content this stage decides (creates, replaces or writes into):
   * restored from the stage cache on a hit.
   */
  cria?: readonly string[];
  /**
   * False: the stage cache keys this stage like any other (so the stages that read its tables stay
   * cacheable) but never saves its result. For a stage whose inputs change with every nightly build, so
   * that its entry would almost never be read, and whose tables cost more to save than to recompute.
   */
  guardarNoCache?: false;
  run(ctx: BuildContext): Promise<ManifestEntry[]>;
}
