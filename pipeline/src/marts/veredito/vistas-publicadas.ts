import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { tabelaDeStagingPublicada } from '../../publish/staging-publicado.ts';

/** The marts the verdict reads (mart.ts, passosEntrada), as the published bulk sets carry them. */
const TABELAS_PUBLICADAS = [
  ['mart_empresas', 'empresas'],
  ['mart_indicadores', 'indicadores'],
  ['mart_mercado_multiplos_anuais', 'multiplos'],
  ['mart_reapresentacoes', 'reapresentacoes'],
  ['stg_cvm_doc_indice', 'stg_cvm_doc_indice'],
  ['stg_cvm_parecer', 'stg_cvm_parecer'],
] as const;

/**
 * Views named as the verdict's input tables over a publication's bulk sets (`current`: its folder), so
 * the verdict's mart can be rebuilt from what was published (the tests do). `ordem` is an ORDER BY clause
 * for the rows, to show the result does not depend on their order.
 */
export async function vistasDaPublicacao(db: DuckDBConnection, current: string, ordem = ''): Promise<void> {
  for (const [tabela, conjunto] of TABELAS_PUBLICADAS) {
    const de = conjunto.startsWith('stg_')
      ? tabelaDeStagingPublicada(current, conjunto)
      : `'${join(current, 'parquet', `${conjunto}.parquet`)}'`;
    await db.run(`CREATE OR REPLACE VIEW ${tabela} AS SELECT * FROM ${de} ${ordem}`);
  }
}
