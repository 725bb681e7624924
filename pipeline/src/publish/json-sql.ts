import { DuckDBBlobValue, type DuckDBConnection } from '@duckdb/node-api';
import type { z } from 'zod';
import { lit, num, quote, verificar } from '../core/sql.ts';
import type { ArtefactWriter } from '../core/stage.ts';

/**
 * SQL expressions that write JSON text in DuckDB with the bytes `JSON.stringify` gives, so a big JSON
 * artefact is assembled by the database (`string_agg` per company) instead of every row crossing into JS
 * as an object (issue #10 item 1: turning 740 k quarterly rows into JS values was half of
 * `publicacao_fatos_trimestrais`). DuckDB's own `to_json` is not byte-identical to `JSON.stringify`: it
 * writes integral doubles as `12.0`, `-0.0`, exponents without a sign (`1e21`) and upper-case `\u001B`
 * escapes; these expressions write what JavaScript writes. json-sql.test.ts compares them with
 * `JSON.stringify` over edge cases and random values; the artefacts they make are still parsed by the
 * catalogue's zod schema (artefact-writer.ts `jsonTexto`).
 */

/** DuckDB's JSON text of a value (yyjson): the fast start both writers below correct. */
const toJson = (v: string) => `CAST(to_json(${v}) AS VARCHAR)`;

/**
 * A DOUBLE as `JSON.stringify` writes a JS number. DuckDB's JSON writer and V8 agree on the shortest
 * round-trip digits and on when to switch to an exponent; what differs is corrected here with plain
 * string functions (regexes cost 5× more over 740 k rows): no `.0` on integral values, `0` for -0, `e+`
 * for positive exponents, `null` for SQL NULL. NaN and ±Infinity stop the query: the schemas do not allow
 * them and `JSON.stringify` would silently write `null`.
 */
export function jsonNumero(expr: string, jsonDoDuckdb?: string): string {
  const v = `(${expr})`;
  const j = jsonDoDuckdb ?? toJson(`CAST(${v} AS DOUBLE)`);
  return `CASE WHEN ${v} IS NULL THEN 'null'
    WHEN isnan(${v}) OR isinf(${v}) THEN error('non-finite number in a JSON artefact: ' || CAST(${v} AS VARCHAR))
    WHEN ${v} = 0 THEN '0'
    WHEN ends_with(${j}, '.0') THEN substr(${j}, 1, length(${j}) - 2)
    WHEN contains(${j}, 'e') AND NOT contains(${j}, 'e-') THEN replace(${j}, 'e', 'e+')
    ELSE ${j}
  END`;
}

/** An integer column (INTEGER, BIGINT) as JSON: its decimal digits, `null` for SQL NULL. */
export function jsonInteiro(expr: string): string {
  return `coalesce(CAST(CAST((${expr}) AS BIGINT) AS VARCHAR), 'null')`;
}

/**
 * A DATE as the JSON string `YYYY-MM-DD` (how the schemas write a day), `null` for SQL NULL. DuckDB's own
 * text of a DATE is that ISO form, zero-padded, for the years 1 to 9999; other dates (infinity, BC, five
 * digits) stop the query instead of becoming a text no schema accepts. No escaping to do: half the time of
 * `strftime` through `jsonTexto` (0.09 against 0.18 s over the 3 M sessions of the `precos.json` files).
 */
export function jsonData(expr: string): string {
  const v = `(${expr})`;
  return `CASE WHEN ${v} IS NULL THEN 'null'
    WHEN isfinite(${v}) AND year(${v}) BETWEEN 1 AND 9999 THEN concat('"', CAST(${v} AS VARCHAR), '"')
    ELSE error('date outside the years 1 to 9999 in a JSON artefact: ' || CAST(${v} AS VARCHAR))
  END`;
}

/**
 * A VARCHAR as `JSON.stringify` writes a string: `"` and `\` escaped, the control characters below U+0020
 * as `\b \t \n \f \r` or `\u00xx` (lower-case hex), everything else as is (DuckDB text is valid UTF-8,
 * so there are no lone surrogates to escape). DuckDB's JSON writer escapes the same way except that its
 * `\u00XX` hex is upper-case, so its text is kept unless it holds `\u00` (a control character, or a
 * backslash followed by `u00` in the text): those rare texts go character by character.
 */
export function jsonTexto(expr: string, jsonDoDuckdb?: string): string {
  const v = `(${expr})`;
  const j = jsonDoDuckdb ?? toJson(v);
  const porCaractere = `list_aggregate(list_transform(string_split(${v}, ''), c -> CASE
      WHEN c = '"' THEN '\\"' WHEN c = '\\' THEN '\\\\'
      WHEN c = chr(8) THEN '\\b' WHEN c = chr(9) THEN '\\t' WHEN c = chr(10) THEN '\\n'
      WHEN c = chr(12) THEN '\\f' WHEN c = chr(13) THEN '\\r'
      WHEN unicode(c) < 32 THEN '\\u' || printf('%04x', unicode(c))
      ELSE c END), 'string_agg', '')`;
  return `CASE WHEN ${v} IS NULL THEN 'null'
    WHEN NOT contains(${j}, '\\u00') THEN ${j}
    ELSE '"' || coalesce(${porCaractere}, '') || '"'
  END`;
}

/** How one field of a JSON object is written. */
export type CampoJson =
  | { numero: string }
  | { inteiro: string }
  | { texto: string }
  /** A DATE, written `YYYY-MM-DD` (`jsonData`). */
  | { data: string }
  /** A constant (written by `JSON.stringify` here, so a JS value). */
  | { constante: string | number | boolean | null };

/**
 * A JSON object per row of a query, its keys in `ordem` (pass `Object.keys(schema.shape)`: a zod object
 * writes its keys in shape order, so the bytes equal `JSON.stringify(schema.parse(obj))`). Every key of
 * `ordem` must have a field and every field a key, so a schema change that adds or drops a field fails
 * here, not in a published file. In two parts: `selecao`, the select list of a subquery over the rows
 * (`*` and DuckDB's JSON text of each number and text field, computed once there), and `objeto`, the
 * expression over that subquery. Inside `jsonNumero`'s and `jsonTexto`'s CASE, DuckDB computed `to_json`
 * once per use (it does not share subexpressions under a CASE): up to three times a number, a quarter of
 * the cost of the quarterly facts' JSON.
 */
export function jsonObjetoPorLinha(
  campos: Readonly<Record<string, CampoJson>>,
  ordem: readonly string[],
): { selecao: string; objeto: string } {
  const sobra = Object.keys(campos).filter((k) => !ordem.includes(k));
  const falta = ordem.filter((k) => !(k in campos));
  if (sobra.length || falta.length)
    throw new Error(
      `JSON object fields do not match the schema: missing ${falta.join(', ') || '-'}; extra ${sobra.join(', ') || '-'}`,
    );
  const selecao = ['*'];
  /** The column of the subquery holding DuckDB's JSON text of `expr`. */
  const precalculado = (expr: string): string => {
    const coluna = quote(`__json_${selecao.length}`);
    selecao.push(`${toJson(expr)} AS ${coluna}`);
    return coluna;
  };
  if (ordem.length === 0) return { selecao: selecao.join(', '), objeto: `'{}'` };
  const partes = ordem.map((k, i) => {
    const c = campos[k] as CampoJson;
    const valor =
      'numero' in c
        ? jsonNumero(c.numero, precalculado(`CAST((${c.numero}) AS DOUBLE)`))
        : 'inteiro' in c
          ? jsonInteiro(c.inteiro)
          : 'texto' in c
            ? jsonTexto(c.texto, precalculado(`(${c.texto})`))
            : 'data' in c
              ? jsonData(c.data)
              : lit(JSON.stringify(c.constante));
    return `${lit(`${i === 0 ? '{' : ','}${JSON.stringify(k)}:`)}, ${valor}`;
  });
  // One concat of every part (each is non-null): a chain of `||` copied the growing text once per part.
  return { selecao: selecao.join(', '), objeto: `concat(${partes.join(', ')}, '}')` };
}

/**
 * The UTF-8 bytes of `JSON.stringify(objeto)` with the value at its top-level key `chave` replaced by
 * `texto`, the bytes of JSON text made elsewhere (a DuckDB `string_agg`, read by `textosPorEmpresa`), in
 * three parts: the envelope before it, the text itself (not copied), the envelope after it. The envelope
 * of an artefact stays a JS object, parsed by its schema (so its keys are in the schema's order), and
 * only the big array is text, never decoded into a JS string.
 */
export function jsonComTexto(objeto: object, chave: string, texto: Uint8Array): Uint8Array[] {
  if (!(chave in objeto)) throw new Error(`no key ${chave} to hold the JSON text`);
  const marca = `\u0000${chave}\u0000`;
  const envelope = JSON.stringify(objeto, function (this: unknown, k: string, v: unknown) {
    return this === objeto && k === chave ? marca : v;
  });
  const partes = envelope.split(JSON.stringify(marca));
  if (partes.length !== 2) throw new Error(`the marker of ${chave} appears ${partes.length - 1} times`);
  return [Buffer.from(partes[0] ?? '', 'utf8'), texto, Buffer.from(partes[1] ?? '', 'utf8')];
}

/** JSON text held as UTF-8 bytes in parts (`jsonComTexto`, `textosPorEmpresa`), decoded: for the few readers that parse it. */
export const textoDasPartes = (partes: readonly Uint8Array[]): string =>
  Buffer.concat(partes).toString('utf8');

/**
 * Each company's JSON text from `sql`, which selects two columns (the company's code, then the text),
 * as the text's UTF-8 bytes (`encode`: a BLOB), in code order. Read as VARCHAR, the quarterly facts'
 * 2.2 GB at full scale were decoded into JS strings only to be encoded back to bytes to be written and
 * hashed (docs/benchmarks.md, "Where the mart stages spill, repeated keys by hash, JSON text read as
 * bytes").
 */
export async function textosPorEmpresa(db: DuckDBConnection, sql: string): Promise<Map<number, Uint8Array>> {
  const r = await db.runAndReadAll(`SELECT cd, encode(texto) FROM (${sql}) AS q(cd, texto) ORDER BY cd`);
  const out = new Map<number, Uint8Array>();
  for (const [cd, texto] of r.getRows()) {
    if (!(texto instanceof DuckDBBlobValue))
      throw new Error(`company ${String(cd)}: no JSON text (${String(texto)}) from ${sql.slice(0, 200)}`);
    out.set(num.parse(cd), texto.bytes);
  }
  return out;
}

/** `writer.jsonTexto`, or `writer.json` of the parsed text for a writer without it (a test's own). */
export function escreverJsonTexto<S extends z.ZodType>(
  writer: ArtefactWriter,
  a: { name: string; path: string; schemaName: string; schema: S; texto: readonly Uint8Array[] },
): ReturnType<ArtefactWriter['json']> {
  if (writer.jsonTexto) return writer.jsonTexto(a);
  const { texto, ...resto } = a;
  return writer.json({ ...resto, data: JSON.parse(textoDasPartes(texto)) as z.input<S> });
}

/**
 * Stops a stage before it writes anything when `foraSql` selects rows (those its artefact's schema would
 * reject): text written in bulk is not parsed by zod row by row (artefact-writer.ts `jsonTexto`), so each
 * stage restates its schema's value constraints in SQL, beside the query that writes the text.
 */
export async function exigirDentroDoSchema(
  db: DuckDBConnection,
  tabela: string,
  schemaName: string,
  foraSql: string,
): Promise<void> {
  const fora = await verificar(db, 'SELECT 1', foraSql);
  if (fora.falhas > 0)
    throw new Error(
      `${tabela}: ${fora.falhas} rows do not fit ${schemaName}, e.g. ${JSON.stringify(fora.exemplos)}`,
    );
}
