import { type DuckDBConnection, listValue } from '@duckdb/node-api';
import { z } from 'zod';
import { linhas, temColuna } from '../../core/sql.ts';
import { INDICADORES_ITEM } from './regras.ts';

/** What the verdict reads from the mart tables, validated row by row. */

const num = z.coerce.number();
const numOuNulo = z.union([z.null(), z.coerce.number()]);
const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const EmpresaRow = z.object({
  cd_regulator: num,
  nome: z.string().min(1),
  cnpj: z.string().nullable(),
  setor: z.string().min(1),
  tipo: z.string().min(1),
  ticker_atual: z.string().min(1),
});
export const IndicadorRow = z.object({
  cd_regulator: num,
  ano: num,
  nome: z.string(),
  valor: numOuNulo,
  flag: z.string().nullable(),
});
export const MultiploRow = z.object({
  cd_regulator: num,
  ano: num,
  dt_receb: data,
  data_preco: data,
  preco: numOuNulo,
  pl: numOuNulo,
  pvp: numOuNulo,
  flag_pl: z.string().nullable(),
  flag: z.string().nullable(),
});
export const ReapresentacaoRow = z.object({ cd_regulator: num, ano: num, dif_rel: numOuNulo });
export const ParecerRow = z.object({ cd_regulator: num, ano: num, tipo: z.string().min(1) });
export const DocumentoRow = z.object({
  cd_regulator: num,
  ultimo_dfp_referencia: data,
  ultimo_dfp_recebido: data,
  ultimo_itr_referencia: data.nullable(),
});

export interface EntradaVereditos {
  empresas: z.infer<typeof EmpresaRow>[];
  indicadores: z.infer<typeof IndicadorRow>[];
  multiplos: z.infer<typeof MultiploRow>[];
  reapresentacoes: z.infer<typeof ReapresentacaoRow>[];
  pareceres: z.infer<typeof ParecerRow>[];
  documentos: z.infer<typeof DocumentoRow>[];
}

/**
 * Reads what the verdict needs from the mart tables (or from views over the published bulk sets with
 * the same names and columns: the test rebuilds the verdict from them). Companies: those published
 * (with a trading code) that have indicator rows.
 */
export async function carregarEntrada(db: DuckDBConnection): Promise<EntradaVereditos> {
  const publicadas = `SELECT cd_regulator FROM mart_empresas WHERE ticker_atual IS NOT NULL
    AND cd_regulator IN (SELECT cd_regulator FROM mart_indicadores)`;
  const empresas = await linhas(
    db,
    `SELECT cd_regulator, nome, cnpj, setor, tipo, ticker_atual FROM mart_empresas
     WHERE cd_regulator IN (${publicadas}) ORDER BY cd_regulator`,
    EmpresaRow,
  );
  const indicadores = await linhas(
    db,
    `SELECT cd_regulator, ano, nome, valor, flag FROM mart_indicadores
     WHERE list_contains($nomes, nome) AND cd_regulator IN (${publicadas}) ORDER BY cd_regulator, ano, nome`,
    IndicadorRow,
    { nomes: listValue([...INDICADORES_ITEM, 'divida_liquida', 'ebitda']) },
  );
  const multiplos = await linhas(
    db,
    `SELECT cd_regulator, ano, CAST(dt_receb AS VARCHAR) AS dt_receb, CAST(data_preco AS VARCHAR) AS data_preco,
            preco, pl, pvp, flag_pl, flag
     FROM mart_mercado_multiplos_anuais WHERE cd_regulator IN (${publicadas}) ORDER BY cd_regulator, ano`,
    MultiploRow,
  );
  const reapresentacoes = await linhas(
    db,
    `SELECT cd_regulator, ano, dif_rel FROM mart_reapresentacoes WHERE cd_regulator IN (${publicadas})
     ORDER BY cd_regulator, ano, dif_rel`,
    ReapresentacaoRow,
  );
  // The opinion file may be absent from a raw tree (the sample has only an ITR one): no table, no opinions.
  const pareceres = (await temColuna(db, 'stg_cvm_parecer', 'tp_relat_aud'))
    ? await linhas(
        db,
        `WITH p AS (
           SELECT cnpj_cia, dt_refer, versao, trim(tp_relat_aud) AS tipo FROM stg_cvm_parecer
           WHERE _doc = 'DFP' AND nullif(trim(tp_relat_aud), '') IS NOT NULL
           QUALIFY versao = max(versao) OVER (PARTITION BY cnpj_cia, dt_refer)
         )
         SELECT DISTINCT e.cd_regulator, CAST(year(p.dt_refer) AS INTEGER) AS ano, p.tipo
         FROM p JOIN mart_empresas e ON e.cnpj = p.cnpj_cia
         WHERE e.cd_regulator IN (${publicadas}) ORDER BY ALL`,
        ParecerRow,
      )
    : [];
  const documentos = await linhas(
    db,
    `WITH d AS (
       SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, _doc, dt_refer, versao, dt_receb FROM stg_cvm_doc_indice
       WHERE _doc IN ('DFP', 'ITR')
     ),
     dfp AS (
       SELECT cd_regulator, arg_max(dt_refer, (dt_refer, versao)) AS ref, arg_max(dt_receb, (dt_refer, versao)) AS receb
       FROM d WHERE _doc = 'DFP' GROUP BY ALL
     ),
     itr AS (SELECT cd_regulator, max(dt_refer) AS ref FROM d WHERE _doc = 'ITR' GROUP BY ALL)
     SELECT dfp.cd_regulator, CAST(dfp.ref AS VARCHAR) AS ultimo_dfp_referencia,
            CAST(dfp.receb AS VARCHAR) AS ultimo_dfp_recebido, CAST(itr.ref AS VARCHAR) AS ultimo_itr_referencia
     FROM dfp LEFT JOIN itr USING (cd_regulator) WHERE dfp.cd_regulator IN (${publicadas}) ORDER BY 1`,
    DocumentoRow,
  );
  return { empresas, indicadores, multiplos, reapresentacoes, pareceres, documentos };
}
