import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { lit } from '../core/sql.ts';
import { MOTIVOS } from '../readers/delimited.ts';

/**
 * A DuckDB `FROM` expression reading a staged table back from a publication folder: its parts
 * (`parquet/<tabela>/<parte>.parquet`, one per raw input, `staging_parquet` in build.ts) less the rows
 * `_quarantine` names as cross-file duplicates, which staging removed after every input was staged. The
 * rows are the staged table's in any order (`_arquivo`, `_linha` order them). What docs/architecture.md
 * tells someone re-running a mart to do, written once for the code that does it.
 */
export function tabelaDeStagingPublicada(dir: string, tabela: string): string {
  const partes = join(dir, ARTEFATOS.staging_parte.caminho({ tabela, parte: '*' }));
  const quarentena = join(dir, ARTEFATOS.staging.caminho({ tabela: '_quarantine' }));
  return `(SELECT * FROM read_parquet(${lit(partes)}) s WHERE NOT EXISTS (
     SELECT 1 FROM read_parquet(${lit(quarentena)}) q
     WHERE q.motivo = ${lit(MOTIVOS.duplicada)} AND q.arquivo = s._arquivo AND q.linha = s._linha))`;
}
