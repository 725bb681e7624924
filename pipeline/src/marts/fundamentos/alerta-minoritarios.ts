import type { Checagem } from '../../core/checagens.ts';
import { estagioDeMart } from '../../core/mart.ts';

/** Relative gap between consolidated and owners' profit from which indicadores.json warns (5%). */
export const LIMIAR_MINORITARIOS = 0.05;

/**
 * `mart_fundamentos_alerta_minoritarios`: companies whose latest consolidated year has a profit (3.11)
 * that differs from the owners' share (3.11.01) by at least LIMIAR_MINORITARIOS of its size. Margins,
 * ROA, ROIC and the F-score use the total, ROE only the owners' share, so indicadores.json says so.
 */
export const SQL_ALERTA_MINORITARIOS = /* sql */ `
CREATE OR REPLACE TABLE mart_fundamentos_alerta_minoritarios AS
WITH u AS (
  SELECT cd_regulator, arg_max(ano, ano) AS ano, arg_max(lucro_u, ano) AS lucro, arg_max(lucro_ctrl_u, ano) AS ctrl
  FROM int_fundamentos_base WHERE lucro_ag = 'con' AND lucro_u IS NOT NULL AND lucro_ctrl_u IS NOT NULL
  GROUP BY cd_regulator
)
SELECT cd_regulator, ano, lucro, ctrl, (lucro - ctrl) / abs(lucro) AS diferenca_relativa
FROM u WHERE lucro <> 0 AND abs((lucro - ctrl) / abs(lucro)) >= $limiar
`;

export const CHECAGENS_ALERTA_MINORITARIOS: readonly Checagem[] = [
  {
    nome: 'alerta_minoritarios_um_por_empresa',
    tipo: 'hard',
    descricao: 'at most one minority-interest warning per company (its latest consolidated year)',
    tabela: 'mart_fundamentos_alerta_minoritarios',
    regra: 'chave_unica',
    colunas: ['cd_regulator'],
  },
  {
    nome: 'alerta_minoritarios_diferenca',
    tipo: 'hard',
    descricao: 'diferenca_relativa × |lucro| = lucro − ctrl',
    tabela: 'mart_fundamentos_alerta_minoritarios',
    regra: 'identidade',
    esquerda: 'diferenca_relativa * abs(lucro)',
    direita: 'lucro - ctrl',
    colunas_exemplo: ['cd_regulator', 'ano'],
  },
];

export const alertaMinoritariosStage = estagioDeMart(
  'mart_alerta_minoritarios',
  [{ sql: SQL_ALERTA_MINORITARIOS, params: { limiar: LIMIAR_MINORITARIOS } }],
  CHECAGENS_ALERTA_MINORITARIOS,
  { le: ['int_fundamentos_base'], cria: ['mart_fundamentos_alerta_minoritarios'] },
);
