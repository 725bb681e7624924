import type { DuckDBConnection } from '@duckdb/node-api';
import { TEXTOS, textos } from '../../core/sql.ts';
import { bandeiraDe, carregarEmpresasNoProprioAno } from '../veredito.ts';

/**
 * Writes `int_eventos_bandeira_cores`: the verdict's flag colour of each company as it stood when the DFP
 * of a year arrived, for the years that are the company's verdict year then. The inputs as of every year
 * come from one set-based pass of the verdict's mart (`mart_veredito_empresas_por_corte`); the colour rule
 * is the verdict's own (`bandeiraDe`), applied once to each row.
 */
export async function gravarCores(db: DuckDBConnection): Promise<number> {
  const empresas = await carregarEmpresasNoProprioAno(db);
  await db.run(
    'CREATE OR REPLACE TABLE int_eventos_bandeira_cores (cd_regulator INTEGER, ano INTEGER, cor VARCHAR, motivos VARCHAR[], motivos_en VARCHAR[])',
  );
  // The appender takes values, not SQL text: a reason with a quote in it goes in as written.
  const ap = await db.createAppender('int_eventos_bandeira_cores');
  for (const e of empresas) {
    const b = bandeiraDe(e);
    ap.appendInteger(e.cd_regulator);
    ap.appendInteger(e.corte);
    ap.appendVarchar(b.cor);
    ap.appendList(textos(b.motivos), TEXTOS);
    ap.appendList(textos(b.motivos_en), TEXTOS);
    ap.endRow();
  }
  ap.closeSync();
  return empresas.length;
}
