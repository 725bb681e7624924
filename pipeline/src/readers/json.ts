import type { DuckDBConnection } from '@duckdb/node-api';
import type { BuildReporter } from '../core/stage.ts';
import type { InputFile, JsonSourceSpec, StagedFile } from '../core/source.ts';

/** Stages one JSON answer (B3 APIs, BCB SGS) into `spec.staged`. Owned by the B3 readers work. */
export async function stageJson(
  _db: DuckDBConnection,
  spec: JsonSourceSpec,
  file: InputFile,
  _report: BuildReporter,
): Promise<StagedFile> {
  throw new Error(`JSON reader not implemented yet (${spec.id}, ${file.arquivo})`);
}
