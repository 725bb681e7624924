import { createHash } from 'node:crypto';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { ArtefactWriter, BuildContext, BuildReporter } from '../../../core/stage.ts';
import { verificarTextoJson } from '../../../publish/artefact-writer.ts';
import { textoDasPartes } from '../../../publish/json-sql.ts';

/**
 * Test support: a BuildContext whose writer validates like the real one but keeps JSON and text
 * artefacts in memory (Parquet/CSV are only counted), so mart stages can be tested without a build.
 */
export interface Capturado {
  json: Map<string, unknown>;
  texto: Map<string, string>;
  tabular: Map<string, string>;
  invariantes: Parameters<BuildReporter['invariant']>[0][];
}

const entrada = (
  name: string,
  path: string,
  schema: string,
  format: ManifestEntry['format'],
  body: string,
  rows: number,
) => ({
  name,
  path,
  rows,
  bytes: Buffer.byteLength(body),
  sha256: createHash('sha256').update(body).digest('hex'),
  schema,
  format,
});

export async function contextoMemoria(): Promise<{ ctx: BuildContext; capturado: Capturado }> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const capturado: Capturado = { json: new Map(), texto: new Map(), tabular: new Map(), invariantes: [] };
  const writer: ArtefactWriter = {
    async json(a) {
      const data = a.schema.parse(a.data);
      const body = JSON.stringify(data);
      capturado.json.set(a.path, data);
      return entrada(a.name, a.path, a.schemaName, 'json', body, Array.isArray(data) ? data.length : 1);
    },
    async jsonTexto(a) {
      const texto = textoDasPartes(a.texto);
      const rows = verificarTextoJson({ ...a, texto });
      capturado.json.set(a.path, a.schema.parse(JSON.parse(texto)));
      return entrada(a.name, a.path, a.schemaName, 'json', texto, rows);
    },
    async parquet(a) {
      const n = Number(
        (await db.runAndReadAll(`SELECT count(*) FROM (${a.sql})`)).getRowsJson()[0]?.[0] ?? 0,
      );
      capturado.tabular.set(a.path, a.sql);
      return entrada(a.name, a.path, a.schemaName, 'parquet', a.sql, n);
    },
    async csv(a) {
      const n = Number(
        (await db.runAndReadAll(`SELECT count(*) FROM (${a.sql})`)).getRowsJson()[0]?.[0] ?? 0,
      );
      capturado.tabular.set(a.path, a.sql);
      return entrada(a.name, a.path, a.schemaName, 'csv', a.sql, n);
    },
    async text(a) {
      capturado.texto.set(a.path, a.content);
      return entrada(a.name, a.path, a.schemaName, 'text', a.content, a.rows);
    },
  };
  const ctx: BuildContext = {
    db,
    versao_do_dado: '2026-01-02-teste|1',
    data_build: '2026-01-02',
    writer,
    report: {
      async quarantine() {},
      invariant(r) {
        capturado.invariantes.push(r);
      },
      note() {},
    },
    log() {},
  };
  return { ctx, capturado };
}
