import { estagioDeMart } from '../../core/mart.ts';
import { DECISAO_DAS_CANDIDATAS } from './sql.ts';

/**
 * Depreciation/amortization for EBITDA, chosen by label among the free (ST_CONTA_FIXA = N) lines of the
 * indirect cash-flow statement (DFC_MI). Every candidate line is kept with its decision and reason, so
 * `/auditoria/dep_amort/{cd}/{ano}` can show exactly what was added to EBIT.
 * Labels are compared lower-cased and without accents.
 */
export const ROTULO_CANDIDATO = 'deprec|amortiz|exaust';

/** Lines under 6.01 whose label says the amortization is of a debt, a cost of debt or a regulatory asset. */
export const ROTULO_EXCLUIDO =
  'emprest|financiament|debenture|divida|emissao|juros|parcela a|compensacao|premio|desagio|antecipac|cotas|arrendamento mercantil';

export const MOTIVOS = {
  incluida: 'incluída: ajuste de depreciação, amortização ou exaustão dentro do caixa operacional (6.01)',
  fora_6_01: 'excluída: fora do caixa operacional (6.01); em 6.03 "amortização" é pagamento de dívida',
  variacao: 'excluída: variação de ativos e passivos (6.01.02), não é ajuste do resultado',
  financeira:
    'excluída: rótulo indica amortização de dívida, custo de emissão, juros, prêmio/deságio ou ativo regulatório, não desgaste de ativo',
  contida: 'excluída: detalhe de uma linha de nível superior já incluída (evita contar duas vezes)',
} as const;

export const SQL_DFC_MI_BASE = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_dfc_mi_base AS
-- EBITDA adds D&A to the EBIT of the DRE, so the cash-flow statement must be of the same aggregation
SELECT DISTINCT l.cd_regulator, l.ano, l.agreg
FROM int_fundamentos_linhas_todas l
JOIN (SELECT cd_regulator, ano, demo, agreg FROM int_fundamentos_agregacao) a
  ON a.cd_regulator = l.cd_regulator AND a.ano = l.ano AND a.agreg = l.agreg
 AND a.demo = (CASE WHEN EXISTS (SELECT 1 FROM int_fundamentos_agregacao x WHERE x.cd_regulator = l.cd_regulator AND x.ano = l.ano
                                   AND x.demo = 'DRE') THEN 'DRE' ELSE 'DFC_MI' END)
WHERE l.demo = 'DFC_MI';
`;

export const SQL_DEP_AMORT_CANDIDATOS = /* sql */ `
CREATE OR REPLACE TABLE mart_dep_amort_candidatos AS
WITH c AS (
  SELECT l.cd_regulator, l.ano, l.agreg, l.cd_conta, l.ds_conta, l.st_conta_fixa, CAST(l.valor AS DOUBLE) AS valor,
         l.versao, l.dt_receb, l.arquivo, l.linha,
         CASE WHEN l.cd_conta NOT LIKE '6.01.%' THEN $fora
              WHEN l.cd_conta LIKE '6.01.02.%' THEN $variacao
              WHEN regexp_matches(lower(strip_accents(l.ds_conta)), $excluido) THEN $financeira
         END AS motivo_base
  FROM int_fundamentos_linhas_todas l JOIN int_fundamentos_dfc_mi_base USING (cd_regulator, ano, agreg)
  WHERE l.demo = 'DFC_MI' AND l.ordem = 'ultimo'
    AND regexp_matches(lower(strip_accents(l.ds_conta)), $candidato)
)
${DECISAO_DAS_CANDIDATAS};
`;

export const SQL_DEP_AMORT = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_dep_amort AS
SELECT b.cd_regulator, b.ano, b.agreg,
  count(c.cd_conta) FILTER (WHERE c.decisao = 'incluida') AS n_incluidas,
  sum(c.valor) FILTER (WHERE c.decisao = 'incluida') AS dep_amort
FROM int_fundamentos_dfc_mi_base b LEFT JOIN mart_dep_amort_candidatos c USING (cd_regulator, ano, agreg)
GROUP BY ALL;
`;

export const depAmortStage = estagioDeMart(
  'mart_dep_amort',
  [
    SQL_DFC_MI_BASE,
    {
      sql: SQL_DEP_AMORT_CANDIDATOS,
      params: {
        fora: MOTIVOS.fora_6_01,
        variacao: MOTIVOS.variacao,
        excluido: ROTULO_EXCLUIDO,
        financeira: MOTIVOS.financeira,
        candidato: ROTULO_CANDIDATO,
        contida: MOTIVOS.contida,
        incluida: MOTIVOS.incluida,
      },
    },
    SQL_DEP_AMORT,
  ],
  [
    {
      nome: 'dep_amort_uma_agregacao_por_ano',
      tipo: 'hard',
      descricao: 'each company-year takes D&A from exactly one DFC_MI aggregation',
      tabela: 'int_fundamentos_dfc_mi_base',
      regra: 'chave_unica',
      colunas: ['cd_regulator', 'ano'],
    },
  ],
  {
    le: ['int_fundamentos_agregacao', 'int_fundamentos_linhas_todas'],
    cria: ['int_fundamentos_dep_amort', 'int_fundamentos_dfc_mi_base', 'mart_dep_amort_candidatos'],
  },
);
