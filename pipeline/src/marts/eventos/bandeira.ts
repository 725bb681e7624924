import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { linhas, TEXTOS, textos } from '../../core/sql.ts';
import { carregarEntrada, type EntradaVereditos, montarVereditos } from '../veredito.ts';

/** The verdict's flag colour of one company as it stood when the DFP of `ano` arrived. */
export interface CorNoAno {
  cd_regulator: number;
  ano: number;
  cor: 'verde' | 'amarelo' | 'vermelho';
  motivos: string[];
  motivos_en: string[];
}

const DfpRow = z.object({
  cd_regulator: z.coerce.number(),
  ano: z.coerce.number(),
  referencia: z.string(),
  recebido: z.string(),
});
export type DfpDaEmpresa = z.infer<typeof DfpRow>;

/**
 * The verdict rebuilt as of each annual filing: for year Y it sees only what existed once every DFP of
 * Y was in (indicators, multiples, opinions of years ≤ Y; restatements of years < Y, which the DFP of
 * the following year reveals; each company's newest DFP of a year ≤ Y). The colour rule is the
 * verdict's own (`montarVereditos`); a company gets a colour for Y only when its verdict year is Y.
 */
export function coresPorAno(e: EntradaVereditos, dfps: readonly DfpDaEmpresa[]): CorNoAno[] {
  const anos = [...new Set(e.indicadores.map((i) => i.ano))].sort((a, b) => a - b);
  const out: CorNoAno[] = [];
  for (const ano of anos) {
    const documentos: EntradaVereditos['documentos'] = [];
    const ultimo = new Map<number, DfpDaEmpresa>();
    for (const d of dfps)
      if (d.ano <= ano && (ultimo.get(d.cd_regulator)?.referencia ?? '') < d.referencia)
        ultimo.set(d.cd_regulator, d);
    for (const d of ultimo.values())
      documentos.push({
        cd_regulator: d.cd_regulator,
        ultimo_dfp_referencia: d.referencia,
        ultimo_dfp_recebido: d.recebido,
        ultimo_itr_referencia: null,
      });
    const noAno: EntradaVereditos = {
      empresas: e.empresas,
      indicadores: e.indicadores.filter((i) => i.ano <= ano),
      multiplos: e.multiplos.filter((m) => m.ano <= ano),
      reapresentacoes: e.reapresentacoes.filter((r) => r.ano < ano),
      pareceres: e.pareceres.filter((p) => p.ano <= ano),
      documentos,
    };
    if (documentos.length === 0) continue;
    // version and date do not enter the colour; fixed strings keep this independent of the build
    for (const v of montarVereditos(noAno, '2000-01-01-vigia|1', '2000-01-01'))
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

/** Writes `int_eventos_bandeira_cores` from the verdict's inputs (the mart tables of this build). */
export async function gravarCores(db: DuckDBConnection): Promise<number> {
  const entrada = await carregarEntrada(db);
  const dfps = await linhas(
    db,
    `SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, CAST(year(dt_refer) AS INTEGER) AS ano,
       CAST(max(dt_refer) AS VARCHAR) AS referencia, CAST(arg_max(dt_receb, (dt_refer, versao)) AS VARCHAR) AS recebido
     FROM stg_cvm_doc_indice WHERE _doc = 'DFP' AND cd_cvm IS NOT NULL AND dt_receb IS NOT NULL GROUP BY ALL ORDER BY ALL`,
    DfpRow,
  );
  const cores = coresPorAno(entrada, dfps);
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
