/**
 * Sources are described as data: where they come from, how they are encoded, what each column means.
 * One generic reader per `kind` turns a matching file into rows of its `stg_*` table.
 */
export type ColumnType =
  | 'varchar'
  | 'integer'
  | 'bigint'
  | 'decimal' // exact, DECIMAL(38,10) unless `scale` says otherwise
  | 'double'
  | 'date' // ISO YYYY-MM-DD
  | 'date_br' // dd/mm/yyyy
  | 'date_compact'; // YYYYMMDD

export interface ColumnSpec {
  /** Name exactly as in the source header (or the layout for fixed-width files). */
  name: string;
  type: ColumnType;
  meaning: string;
  /** Other header names seen for the same column (renames across years/regimes). */
  aliases?: string[];
  /** false = the column may be absent from older files; it is then NULL. Default true. */
  required?: boolean;
  /** decimal scale for `decimal` (default 10). */
  scale?: number;
  /** Coded values: anything else (non-empty) is quarantined as `codigo_desconhecido`. */
  allowed?: string[];
  /** Left-pad digit-only values with zeros to this width (CD_CVM is `char(6)` but some files drop the zeros). */
  zeroPad?: number;
}

export interface FixedWidthField {
  name: string;
  /** 1-based start position as in the official layout. */
  start: number;
  width: number;
  type: 'varchar' | 'integer' | 'bigint' | 'date_compact' | 'implied_decimal';
  /** implied decimals for `implied_decimal` */
  decimals?: number;
  meaning: string;
}

interface BaseSourceSpec {
  id: string;
  title: string;
  /** Staging table this source lands in (several specs may share one table). */
  staged: string;
  /** URL pattern with {YYYY}, {MM}, {DD} or other placeholders documented in `urlParams`. */
  url?: string;
  urlParams?: string[];
  /**
   * File-name template with the URL's placeholders (e.g. `sgs_{SERIE}.json`) that `fetch` saves the
   * download as, for URLs whose last segment is no file name. It must be a name `fileName` recognises.
   */
  localName?: string;
  /** Recognises a file (or a zip member) by its base name. Named groups become `_`-columns (e.g. `_demo`). */
  fileName: RegExp;
  encoding: 'latin-1' | 'utf-8';
  /** Constant `_`-columns for facts the file name implies but the regex cannot spell (e.g. `{ doc: 'DFP' }` → `_doc`). */
  facts?: Record<string, string>;
}

export interface DelimitedSourceSpec extends BaseSourceSpec {
  kind: 'delimited';
  delimiter: ';' | ',';
  columns: ColumnSpec[];
  /**
   * Uniqueness key by header name (`_`-facts such as `_doc` allowed). A later row with the same key as an
   * earlier one, in this file or an earlier file of the same table, is quarantined as `duplicada`.
   */
  key?: string[];
}

export interface FixedWidthSourceSpec extends BaseSourceSpec {
  kind: 'fixed-width';
  recordLength: number;
  /** Record type field (first characters) → meaning; other types are refused. */
  recordTypes: { header: string; data: string; trailer: string };
  fields: FixedWidthField[];
}

/** One record pulled out of a JSON answer, with the JSON path it came from (kept as `_caminho`). */
export interface JsonRecord {
  path: string;
  values: Record<string, unknown>;
}

/** Facts about the file that the body does not carry: named groups of `fileName`, by group name. */
export type FileFacts = Record<string, string | undefined>;

/**
 * How one kind of JSON answer is validated and turned into records: where the records are, which
 * locale its numbers use, what an empty body means. Built with `jsonShape` (readers/json.ts) from a
 * zod schema, beside the spec that uses it.
 */
export interface JsonShape {
  /** Validates the parsed body (throws `z.ZodError` when malformed) and returns its records. */
  extract(body: unknown, facts: FileFacts): JsonRecord[];
  /** Number text in the answer: B3 pt-br calls use `1.234,56`, en-us calls `1,234.56`, BCB `1234.56`. */
  numbers: 'pt-BR' | 'en-US' | 'plain';
  /**
   * An empty body: `'error'` fails the build; `'no-rows'` stages nothing and leaves a build note
   * (B3 answers an empty body, not `[]`, for a company it does not know).
   */
  empty: 'error' | 'no-rows';
}

export interface JsonSourceSpec extends BaseSourceSpec {
  kind: 'json';
  /** Fields of each record as found in the JSON, with their type. */
  columns: ColumnSpec[];
  shape: JsonShape;
}

export type SourceSpec = DelimitedSourceSpec | FixedWidthSourceSpec | JsonSourceSpec;

/** A file to stage: `path` on disk, `arquivo` as reported to users (zip:member for members). */
export interface InputFile {
  path: string;
  arquivo: string;
}

/** A file-level problem: the build stops and names file, line and field. */
export class InputError extends Error {
  constructor(
    readonly arquivo: string,
    readonly linha: number | null,
    readonly campo: string | null,
    readonly esperado: string,
    readonly encontrado: string | null,
  ) {
    super(
      `${arquivo}${linha !== null ? `, line ${linha}` : ''}${campo ? `, field ${campo}` : ''}: expected ${esperado}${
        encontrado !== null ? `, found ${JSON.stringify(encontrado)}` : ''
      }`,
    );
    this.name = 'InputError';
  }
}

/** What a reader reports after staging one file. */
export interface StagedFile {
  arquivo: string;
  staged: string;
  rows: number;
  quarantined: number;
}
