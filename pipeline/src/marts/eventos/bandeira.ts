import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { linhas, lit } from '../../core/sql.ts';
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

const lista = (xs: readonly string[]) => `CAST([${xs.map(lit).join(', ')}] AS VARCHAR[])`;

/** Writes `int_eventos_bandeira_cores` from the verdict's inputs (its `int_veredito_*` tables of this build). */
export async function gravarCores(db: DuckDBConnection): Promise<number> {
  const cores = await coresPorAno(db);
  await db.run(
    'CREATE OR REPLACE TABLE int_eventos_bandeira_cores (cd_regulator INTEGER, ano INTEGER, cor VARCHAR, motivos VARCHAR[], motivos_en VARCHAR[])',
  );
  for (let i = 0; i < cores.length; i += 500) {
    const bloco = cores.slice(i, i + 500);
    await db.run(
      `INSERT INTO int_eventos_bandeira_cores VALUES ${bloco
        .map(
          (c) => `(${c.cd_regulator}, ${c.ano}, ${lit(c.cor)}, ${lista(c.motivos)}, ${lista(c.motivos_en)})`,
        )
        .join(', ')}`,
    );
  }
  return cores.length;
}
