import type { DuckDBConnection } from '@duckdb/node-api';
import type { BuildReporter } from '../core/stage.ts';
import type { FixedWidthSourceSpec, InputFile, StagedFile } from '../core/source.ts';

/** Stages one fixed-width file (COTAHIST) into `spec.staged`. Owned by the B3 readers work. */
export async function stageFixedWidth(
  _db: DuckDBConnection,
  spec: FixedWidthSourceSpec,
  file: InputFile,
  _report: BuildReporter,
): Promise<StagedFile> {
  throw new Error(`fixed-width reader not implemented yet (${spec.id}, ${file.arquivo})`);
}
