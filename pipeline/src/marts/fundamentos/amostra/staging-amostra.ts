import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Test support only: lands the CVM files of `data/sample/raw` in the `stg_*` tables with the column
 * names and types of docs/architecture.md, so the fundamentals marts can be tested on real rows
 * without the full build. The real staging lives in the core stages; this loader reads only the
 * columns the marts use and is never part of a build. `_linha` counts rows in scan order (header = 1).
 *
 * Deprecated: it already drifted from the real staging (`_arquivo` here is the bare file name, the
 * build keeps the path under raw). The golden tests moved to `amostraPublicada()`
 * (`@fundamentos/pipeline/testing/amostra`); only the market sample test still loads through
 * `mercado/amostra/staging-mercado.ts`. Delete this file once that test switches.
 */

const CSV =
  "encoding='latin-1', delim=';', quote='', escape='', header=true, all_varchar=true, filename=true, union_by_name=true";

const lit = (s: string): string => `'${s.replaceAll("'", "''")}'`;

function leitura(glob: string, colunas: string): string {
  return `SELECT ${colunas}, regexp_extract(filename, '[^/]+$') AS _arquivo,
      CAST(row_number() OVER (PARTITION BY filename) + 1 AS BIGINT) AS _linha
    FROM read_csv(${lit(glob)}, ${CSV})`;
}

const DEMO = `regexp_extract(_arquivo, '_(BPA|BPP|DRE|DRA|DFC_MD|DFC_MI|DVA|DMPL)_(con|ind)_', 1)`;
const AGREG = `regexp_extract(_arquivo, '_(BPA|BPP|DRE|DRA|DFC_MD|DFC_MI|DVA|DMPL)_(con|ind)_', 2)`;

function demonstracoes(glob: string, temInicio: boolean): string {
  return `SELECT 'DFP' AS _doc, ${DEMO} AS _demo, ${AGREG} AS _agreg, * FROM (${leitura(
    glob,
    `CNPJ_CIA AS cnpj_cia, CAST(DT_REFER AS DATE) AS dt_refer, CAST(VERSAO AS INTEGER) AS versao, DENOM_CIA AS denom_cia,
     CD_CVM AS cd_cvm, GRUPO_DFP AS grupo_dfp, MOEDA AS moeda, ESCALA_MOEDA AS escala_moeda, ORDEM_EXERC AS ordem_exerc,
     ${temInicio ? 'CAST(DT_INI_EXERC AS DATE)' : 'CAST(NULL AS DATE)'} AS dt_ini_exerc, CAST(DT_FIM_EXERC AS DATE) AS dt_fim_exerc,
     CD_CONTA AS cd_conta, DS_CONTA AS ds_conta, CAST(VL_CONTA AS DECIMAL(38,10)) AS vl_conta, ST_CONTA_FIXA AS st_conta_fixa`,
  )})`;
}

export async function carregarAmostraCvm(db: DuckDBConnection, raw: string): Promise<void> {
  const dfp = join(raw, 'cvm', 'dfp', '*');
  const sql = `
CREATE OR REPLACE TABLE stg_cvm_demonstracao AS
${demonstracoes(join(dfp, 'dfp_cia_aberta_BP[AP]_*.csv'), false)}
UNION ALL BY NAME
${demonstracoes(join(dfp, 'dfp_cia_aberta_D[RFV]*_*.csv'), true)};

CREATE OR REPLACE TABLE stg_cvm_doc_indice AS
${leitura(
  join(dfp, 'dfp_cia_aberta_20[0-9][0-9].csv'),
  `CNPJ_CIA AS cnpj_cia, CAST(DT_REFER AS DATE) AS dt_refer, CAST(VERSAO AS INTEGER) AS versao, DENOM_CIA AS denom_cia,
   CD_CVM AS cd_cvm, CATEG_DOC AS categ_doc, ID_DOC AS id_doc, CAST(DT_RECEB AS DATE) AS dt_receb, LINK_DOC AS link_doc,
   CATEG_DOC AS _doc`,
)};

CREATE OR REPLACE TABLE stg_cvm_fca_valor_mobiliario AS
${leitura(
  join(raw, 'cvm', 'fca', 'fca_cia_aberta_valor_mobiliario_*.csv'),
  `CNPJ_Companhia AS cnpj_companhia, CAST(Data_Referencia AS DATE) AS data_referencia, CAST(Versao AS INTEGER) AS versao,
   Nome_Empresarial AS nome_empresarial, Valor_Mobiliario AS valor_mobiliario, Codigo_Negociacao AS codigo_negociacao,
   Mercado AS mercado, CAST(Data_Inicio_Negociacao AS DATE) AS data_inicio_negociacao,
   CAST(Data_Fim_Negociacao AS DATE) AS data_fim_negociacao, Segmento AS segmento`,
)};

CREATE OR REPLACE TABLE stg_cvm_cad_cia_aberta AS
${leitura(
  join(raw, 'cvm', 'cad', 'cad_cia_aberta.csv'),
  `CNPJ_CIA AS cnpj_cia, DENOM_SOCIAL AS denom_social, DENOM_COMERC AS denom_comerc, SIT AS sit,
   CAST(DT_REG AS DATE) AS dt_reg, lpad(CD_CVM, 6, '0') AS cd_cvm, SETOR_ATIV AS setor_ativ`,
)};
`;
  await db.run(sql);
}
