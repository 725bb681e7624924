import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { z } from 'zod';
import { sha256DoArquivo } from '../core/partes-do-arquivo.ts';
import { procuraEmPartes } from '../core/procura-em-partes.ts';
import type { ArtefactWriter } from '../core/stage.ts';
import { textoDasPartes } from './json-sql.ts';

/** The bytes of an artefact written in parts. */
const tamanho = (partes: readonly Uint8Array[]): number => partes.reduce((n, p) => n + p.length, 0);

/** The manifest entry of an artefact whose bytes are in memory: hashed as written, not read back. */
function entryDe(
  path: string,
  a: { name: string; schemaName: string },
  rows: number,
  format: ManifestEntry['format'],
  partes: readonly Uint8Array[],
): ManifestEntry {
  const hash = createHash('sha256');
  for (const p of partes) hash.update(p);
  return {
    name: a.name,
    path,
    rows,
    bytes: tamanho(partes),
    sha256: hash.digest('hex'),
    schema: a.schemaName,
    format,
  };
}

/**
 * The manifest entry of an artefact DuckDB wrote (COPY), hashed from the file; `procura`, when given, is
 * fed the same chunks.
 */
async function entryFor(
  root: string,
  path: string,
  a: { name: string; schemaName: string },
  rows: number,
  format: ManifestEntry['format'],
  procura?: ReturnType<typeof procuraEmPartes>,
) {
  // Hashed in chunks: a bulk CSV (every quarterly fact) is gigabytes at full scale, and read whole into one
  // Buffer it added its size to the build's memory peak (issue #10 item 2).
  const arquivo = join(root, path);
  const sha256 = await sha256DoArquivo(arquivo, procura && ((parte) => procura.parte(parte)));
  const entry: ManifestEntry = {
    name: a.name,
    path,
    rows,
    bytes: (await stat(arquivo)).size,
    sha256,
    schema: a.schemaName,
    format,
  };
  return entry;
}

/** What ends every JSON artefact's text. */
const FIM_DE_LINHA = Buffer.from('\n');

/** `bytes` as a Buffer over the same memory (no copy). */
const emBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Files written beside the stage at once, and the bytes they may hold in memory together. */
const GRAVACOES_DE_UMA_VEZ = 16;
const BYTES_EM_ESPERA = 64 * 2 ** 20;

/** The real writer checks the first `jsonTexto` artefact of a build and one in this many after it in full. */
export const VERIFICAR_TEXTO_A_CADA = 16;

/**
 * Checks a JSON text assembled outside JS (publish/json-sql.ts) against the contract `json` keeps: it
 * parses, the catalogue's zod schema accepts it, and it is exactly `JSON.stringify` of the parsed value
 * (same key order, number and escape formatting), so a bulk-written artefact is the one `json` would
 * have written. Returns its row count as `json` counts it. The error names the path and the first byte
 * that differs.
 */
export function verificarTextoJson(a: {
  path: string;
  schemaName: string;
  schema: z.ZodType;
  texto: string;
}): number {
  let valor: unknown;
  try {
    valor = JSON.parse(a.texto);
  } catch (e) {
    throw new Error(`${a.path}: the JSON text does not parse: ${(e as Error).message}`);
  }
  const parsed = a.schema.safeParse(valor);
  if (!parsed.success) throw new Error(`${a.path}: does not match ${a.schemaName}: ${parsed.error.message}`);
  const esperado = JSON.stringify(parsed.data);
  if (esperado !== a.texto) {
    let i = 0;
    while (i < esperado.length && esperado[i] === a.texto[i]) i++;
    throw new Error(
      `${a.path}: the JSON text differs from JSON.stringify of its parsed value at byte ${i}: ` +
        `${JSON.stringify(a.texto.slice(Math.max(0, i - 40), i + 40))} instead of ${JSON.stringify(esperado.slice(Math.max(0, i - 40), i + 40))}`,
    );
  }
  return Array.isArray(parsed.data) ? parsed.data.length : 1;
}

/**
 * Writes artefacts under `root` (the build directory): each goes to a temp name, is validated (zod for
 * JSON, the row count DuckDB's COPY reports for Parquet/CSV) and only then renamed to its path. Paths are
 * relative and must stay inside `root`. Artefacts written from JS are hashed from the bytes in memory;
 * reading them back cost a second pass over the publication (2 GB of quarterly facts at full scale).
 *
 * Those bytes reach the disk while the stage goes on (`GRAVACOES_DE_UMA_VEZ` files and
 * `BYTES_EM_ESPERA` at most): their manifest entry needs only the bytes, and a stage writing thousands of
 * company files otherwise waited for each file's mkdir, write and rename before making the next one
 * (docs/benchmarks.md, "Writes beside the stage"). `concluir` waits for them and throws the first failure,
 * naming the path; the build calls it after every stage, before anything reads or links what it wrote.
 *
 * @param versao the build's version: the writer then records where artefacts hold its text first
 *   (`posicaoDaVersao`), seen in the bytes as they are written, so the stage cache does not read every
 *   artefact of a saved stage again to find out which to re-stamp and from where.
 */
export function createArtefactWriter(
  root: string,
  db: DuckDBConnection,
  versao?: string,
): ArtefactWriter & Required<Pick<ArtefactWriter, 'concluir'>> {
  const versaoEm = new Map<string, number | null>();
  const place = async (path: string): Promise<{ final: string; tmp: string }> => {
    const rel = normalize(path);
    if (isAbsolute(rel) || rel.startsWith('..'))
      throw new Error(`artefact path must stay inside the build: ${path}`);
    const final = join(root, rel);
    await mkdir(dirname(final), { recursive: true });
    return { final, tmp: `${final}.tmp-${randomBytes(4).toString('hex')}` };
  };
  /**
   * The Parquet set just written: a CSV of the same SQL written right after it (escreverConjuntos writes
   * both copies of a set one after the other; any other artefact in between forgets it) is copied from
   * that file, already in order, instead of running and sorting the query again (the quarterly facts'
   * CSV cost a third less at escala 0.1), when the file reads back with the query's column types (so
   * every value prints the same).
   */
  let ultimoParquet: { sql: string; arquivo: string; linhas: number } | null = null;
  /** Writes under way, by path: a second artefact at the same path waits for the first. */
  const emCurso = new Map<string, Promise<void>>();
  let bytesEmCurso = 0;
  let falha: Error | null = null;
  const gravarAoLado = async (path: string, n: number, escrever: () => Promise<void>) => {
    while (emCurso.size && (emCurso.size >= GRAVACOES_DE_UMA_VEZ || bytesEmCurso + n > BYTES_EM_ESPERA))
      await Promise.race(emCurso.values());
    if (falha) throw falha;
    const antes = emCurso.get(path);
    bytesEmCurso += n;
    const escrito = (async () => {
      try {
        await antes;
        await escrever();
      } catch (e) {
        falha ??= new Error(`${path}: not written: ${e instanceof Error ? e.message : String(e)}`);
      }
    })();
    const p = escrito.finally(() => {
      bytesEmCurso -= n;
      if (emCurso.get(path) === p) emCurso.delete(path);
    });
    emCurso.set(path, p);
  };
  /** Writes the artefact whose bytes are `partes`, in order (hashed and written part by part, never joined). */
  const gravar = async (
    a: { name: string; path: string; schemaName: string },
    partes: readonly Uint8Array[],
    rows: number,
    format: ManifestEntry['format'],
  ): Promise<ManifestEntry> => {
    ultimoParquet = null;
    const { final, tmp } = await place(a.path);
    await gravarAoLado(a.path, tamanho(partes), async () => {
      try {
        await writeFile(tmp, partes);
        await rename(tmp, final);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
    });
    if (versao !== undefined) {
      const procura = procuraEmPartes(versao);
      for (const p of partes) if (procura.parte(emBuffer(p))) break;
      versaoEm.set(a.path, procura.posicao);
    }
    return entryDe(a.path, a, rows, format, partes);
  };
  let textosJson = 0;
  const colunas = async (sql: string, params: string[] = []): Promise<string> =>
    JSON.stringify((await db.runAndReadAll(`DESCRIBE ${sql}`, params)).getRows().map((r) => [r[0], r[1]]));
  const copy = async (
    a: { name: string; path: string; schemaName: string; sql: string },
    format: 'parquet' | 'csv',
  ) => {
    const { final, tmp } = await place(a.path);
    try {
      const options = format === 'parquet' ? 'FORMAT PARQUET, COMPRESSION ZSTD' : 'FORMAT CSV, HEADER';
      const doParquet =
        format === 'csv' &&
        ultimoParquet?.sql === a.sql &&
        (await colunas(`(${a.sql})`)) ===
          (await colunas('SELECT * FROM read_parquet($1)', [ultimoParquet.arquivo]))
          ? ultimoParquet
          : null;
      // The paths are bound values: COPY and the readers take them like any other.
      const [origem, params] = doParquet
        ? ['SELECT * FROM read_parquet($2)', [tmp, doParquet.arquivo]]
        : [a.sql, [tmp]];
      const written = Number((await db.run(`COPY (${origem}) TO $1 (${options})`, params)).rowsChanged);
      // The count is COPY's own (re-reading each file to count it cost a scan of every set again).
      if (doParquet && written !== doParquet.linhas)
        throw new Error(`${a.path}: wrote ${written} rows from a Parquet file of ${doParquet.linhas}`);
      await rename(tmp, final);
      ultimoParquet = format === 'parquet' ? { sql: a.sql, arquivo: final, linhas: written } : null;
      // Parquet is compressed: its text is not in its bytes, so only CSV is looked at.
      const procura = versao !== undefined && format === 'csv' ? procuraEmPartes(versao) : undefined;
      versaoEm.delete(a.path);
      const entry = await entryFor(root, a.path, a, written, format, procura);
      if (procura) versaoEm.set(a.path, procura.posicao);
      return entry;
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  };
  return {
    async json(a) {
      const parsed = a.schema.safeParse(a.data);
      if (!parsed.success)
        throw new Error(`${a.path}: does not match ${a.schemaName}: ${parsed.error.message}`);
      const rows = Array.isArray(parsed.data) ? parsed.data.length : 1;
      return gravar(a, [Buffer.from(`${JSON.stringify(parsed.data)}\n`, 'utf8')], rows, 'json');
    },
    async jsonTexto(a) {
      // Parsing, validating and re-serialising every text would cost what writing it in bulk saved
      // (4 of the 11 s of publicacao_fatos_trimestrais at escala 0.1): one in VERIFICAR_TEXTO_A_CADA is
      // checked in full, to catch a formatter that drifted on real data (a DuckDB upgrade); the
      // formatting is proven by json-sql.test.ts and each stage checks its rows' constraints in SQL.
      if (a.texto.find((p) => p.length)?.[0] !== 0x7b)
        throw new Error(`${a.path}: jsonTexto writes JSON objects (one row)`);
      const rows =
        textosJson++ % VERIFICAR_TEXTO_A_CADA === 0
          ? verificarTextoJson({ ...a, texto: textoDasPartes(a.texto) })
          : 1;
      return gravar(a, [...a.texto, FIM_DE_LINHA], rows, 'json');
    },
    parquet: (a) => copy(a, 'parquet'),
    csv: (a) => copy(a, 'csv'),
    text: (a) => gravar(a, [Buffer.from(a.content, 'utf8')], a.rows, 'text'),
    posicaoDaVersao: (path) => versaoEm.get(path),
    async concluir() {
      while (emCurso.size) await Promise.all(emCurso.values());
      if (falha) throw falha;
    },
  };
}
