import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { linhas, TEXTOS, textos } from '../../core/sql.ts';
import { carregarMart, comVereditoNoAno, montarVereditos } from '../veredito.ts';

/** The verdict's flag colour of one company as it stood when the DFP of `ano` arrived. */
export interface CorNoAno {
  cd_regulator: number;
  ano: number;
  cor: 'verde' | 'amarelo' | 'vermelho';
  motivos: string[];
  motivos_en: string[];
}

/**
 * The verdict rebuilt as of each annual filing (`comVereditoNoAno`: what existed once every DFP of the
 * year was in). The colour rule is the verdict's own (`montarVereditos`); a company gets a colour for Y
 * only when its verdict year is Y.
 */
async function coresPorAno(db: DuckDBConnection): Promise<CorNoAno[]> {
  const anos = await linhas(
    db,
    'SELECT DISTINCT ano FROM int_veredito_indicadores ORDER BY ano',
    z.object({ ano: z.coerce.number() }),
  );
  const out: CorNoAno[] = [];
  for (const { ano } of anos) {
    const mart = await comVereditoNoAno(db, ano, carregarMart);
    // version and date do not enter the colour; fixed strings keep this independent of the build
    for (const v of montarVereditos(mart, '2000-01-01-vigia|1', '2000-01-01'))
      if (v.ano === ano)
        out.push({
          cd_regulator: v.empresa.cd_regulator,
          ano,
          cor: v.bandeira.cor,
          motivos: v.bandeira.motivos,
          motivos_en: v.bandeira.motivos_en,
        });
  }
  return out;
}

/** Writes `int_eventos_bandeira_cores` from the verdict's inputs (its `int_veredito_*` tables of this build). */
export async function gravarCores(db: DuckDBConnection): Promise<number> {
  const cores = await coresPorAno(db);
  await db.run(
    'CREATE OR REPLACE TABLE int_eventos_bandeira_cores (cd_regulator INTEGER, ano INTEGER, cor VARCHAR, motivos VARCHAR[], motivos_en VARCHAR[])',
  );
  // The appender takes values, not SQL text: a reason with a quote in it goes in as written.
  const ap = await db.createAppender('int_eventos_bandeira_cores');
  for (const c of cores) {
    ap.appendInteger(c.cd_regulator);
    ap.appendInteger(c.ano);
    ap.appendVarchar(c.cor);
    ap.appendList(textos(c.motivos), TEXTOS);
    ap.appendList(textos(c.motivos_en), TEXTOS);
    ap.endRow();
  }
  ap.closeSync();
  return cores.length;
}
