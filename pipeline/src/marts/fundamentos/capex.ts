import { estagioDeMart } from '../../core/mart.ts';
import { DECISAO_DAS_CANDIDATAS } from './sql.ts';

/**
 * Capital expenditure for free cash flow, chosen by label among the investing lines (6.02) of the
 * indirect cash-flow statement (DFC_MI) of the same aggregation as the operating cash flow (6.01) it is
 * subtracted from. Like the D&A rule, every candidate line is kept with its decision and reason.
 * Labels are compared lower-cased and without accents.
 */
export const ROTULO_CAPEX_CANDIDATO = 'imobiliz|intangiv';

/** Investing lines about fixed/intangible assets that bring cash in (sales, disposals) are not capex. */
export const ROTULO_CAPEX_EXCLUIDO = 'alienac|venda|vendid|baixa|recebiment|recebid|receita';

export const MOTIVOS_CAPEX = {
  incluida: 'incluída: aquisição de imobilizado ou intangível no caixa de investimentos (6.02)',
  fora_6_02: 'excluída: fora do caixa de investimentos (6.02)',
  entrada: 'excluída: rótulo indica entrada de caixa (alienação, venda, baixa ou recebimento), não aquisição',
  contida: 'excluída: detalhe de uma linha de nível superior já incluída (evita contar duas vezes)',
} as const;

/**
 * `mart_capex_candidatos`: every DFC_MI line whose label names fixed or intangible assets, with its decision.
 * `int_fundamentos_fcf`: fcf = 6.01 + sum of the included lines (outflows are negative); null with `motivo` when the
 * year has no indirect statement, no included line, or included lines that sum to an inflow.
 */
export const SQL_CAPEX_CANDIDATOS = /* sql */ `
CREATE OR REPLACE TABLE mart_capex_candidatos AS
WITH c AS (
  SELECT l.cd_regulator, l.ano, l.agreg, l.cd_conta, l.ds_conta, l.st_conta_fixa, CAST(l.valor AS DOUBLE) AS valor,
         l.versao, l.dt_receb, l.arquivo, l.linha,
         CASE WHEN l.cd_conta NOT LIKE '6.02.%' THEN $fora
              WHEN regexp_matches(lower(strip_accents(l.ds_conta)), $excluido) THEN $entrada
         END AS motivo_base
  FROM int_fundamentos_linhas_todas l JOIN int_fundamentos_base b ON b.cd_regulator = l.cd_regulator AND b.ano = l.ano AND b.fco_mi_ag = l.agreg
  WHERE l.demo = 'DFC_MI' AND l.ordem = 'ultimo' AND b.fco_mi_u IS NOT NULL
    AND regexp_matches(lower(strip_accents(l.ds_conta)), $candidato)
)
${DECISAO_DAS_CANDIDATAS};
`;

export const SQL_FCF = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_fcf AS
WITH s AS (
  SELECT b.cd_regulator, b.ano, b.fco_mi_u AS fco,
    count(c.cd_conta) FILTER (WHERE c.decisao = 'incluida') AS n_incluidas,
    sum(c.valor) FILTER (WHERE c.decisao = 'incluida') AS capex
  FROM int_fundamentos_base b LEFT JOIN mart_capex_candidatos c USING (cd_regulator, ano)
  GROUP BY ALL
)
SELECT s.*,
  CASE WHEN fco IS NOT NULL AND n_incluidas > 0 AND capex <= 0 THEN fco + capex END AS fcf,
  CASE WHEN fco IS NULL THEN 'sem DFC pelo método indireto (6.01)'
       WHEN n_incluidas = 0 THEN 'nenhuma linha de aquisição de imobilizado ou intangível em 6.02'
       WHEN capex > 0 THEN 'linhas incluídas somam entrada de caixa'
  END AS motivo
FROM s;
`;

export const capexStage = estagioDeMart(
  'mart_capex',
  [
    {
      sql: SQL_CAPEX_CANDIDATOS,
      params: {
        fora: MOTIVOS_CAPEX.fora_6_02,
        excluido: ROTULO_CAPEX_EXCLUIDO,
        entrada: MOTIVOS_CAPEX.entrada,
        candidato: ROTULO_CAPEX_CANDIDATO,
        contida: MOTIVOS_CAPEX.contida,
        incluida: MOTIVOS_CAPEX.incluida,
      },
    },
    SQL_FCF,
  ],
  [
    {
      nome: 'fcf_um_por_empresa_ano',
      tipo: 'hard',
      descricao: 'one free cash flow per company and year',
      tabela: 'int_fundamentos_fcf',
      regra: 'chave_unica',
      colunas: ['cd_regulator', 'ano'],
    },
  ],
  {
    le: ['int_fundamentos_base', 'int_fundamentos_linhas_todas'],
    cria: ['int_fundamentos_fcf', 'mart_capex_candidatos'],
  },
);
