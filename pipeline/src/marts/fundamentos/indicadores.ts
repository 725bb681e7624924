import type { NomeIndicador } from '@fundamentos/schemas/indicadores';
import { aplicarChecagens } from '../../core/checagens.ts';
import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { SQL_PAPEIS } from './papeis.ts';

/**
 * The spec's 13 indicators, one rule each: the roles (papéis) it reads, the ordered conditions that make
 * it null (first match gives the flag) and the formula. Inputs come from `int_fundamentos_base` (one row per
 * company and fiscal year, `_u` = ÚLTIMO, `_p` = PENÚLTIMO of the same filing): b = the year's filing,
 * b1 = the previous year's filing, b4 = the filing four years back (its PENÚLTIMO is year-5).
 */
export interface RegraIndicador {
  nome: NomeIndicador;
  papeis: string[];
  /** Banks and insurers have no such line in their chart: null with `plano_financeiro_nao_aplicavel`. */
  so_plano_geral: boolean;
  condicoes: [sql: string, flag: string][];
  formula_sql: string;
}

const nulo = (...c: string[]): string => c.map((x) => `${x} IS NULL`).join(' OR ');
const FIN = "t.tipo IN ('banco', 'seguradora')";
const FCO = 'coalesce(b.fco_mi_u, b.fco_md_u)';

export const REGRAS: RegraIndicador[] = [
  {
    nome: 'cresc_receita_1a',
    papeis: ['receita'],
    so_plano_geral: false,
    condicoes: [
      [nulo('b.receita_u'), 'conta_ausente'],
      [nulo('b.receita_p'), 'denominador_sem_comparativo'],
      ['b.receita_p <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'b.receita_u / b.receita_p - 1',
  },
  {
    nome: 'cresc_receita_5a_cagr',
    papeis: ['receita'],
    so_plano_geral: false,
    condicoes: [
      [nulo('b.receita_u'), 'conta_ausente'],
      [nulo('b4.receita_p'), 'denominador_sem_comparativo'],
      ['b4.receita_p <= 0 OR b.receita_u < 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'pow(b.receita_u / b4.receita_p, 0.2) - 1',
  },
  {
    nome: 'divida_liquida',
    papeis: ['emp_cp', 'emp_lp', 'caixa', 'aplic'],
    so_plano_geral: true,
    condicoes: [[nulo('b.emp_cp_u', 'b.emp_lp_u', 'b.caixa_u', 'b.aplic_u'), 'conta_ausente']],
    formula_sql: 'b.emp_cp_u + b.emp_lp_u - b.caixa_u - b.aplic_u',
  },
  {
    nome: 'ebitda',
    papeis: ['ebit'],
    so_plano_geral: true,
    condicoes: [
      [nulo('b.ebit_u'), 'conta_ausente'],
      [nulo('da.cd_regulator'), 'sem_dfc_indireta'],
      ['da.n_incluidas = 0', 'dep_amort_nao_encontrada'],
      ['da.dep_amort < 0', 'dep_amort_sinal_inesperado'],
    ],
    formula_sql: 'b.ebit_u + da.dep_amort',
  },
  {
    nome: 'liquidez_corrente',
    papeis: ['ac', 'pc'],
    so_plano_geral: true,
    condicoes: [
      [nulo('b.ac_u', 'b.pc_u'), 'conta_ausente'],
      ['b.pc_u <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'b.ac_u / b.pc_u',
  },
  {
    nome: 'margem_bruta',
    papeis: ['bruto', 'receita'],
    so_plano_geral: true,
    condicoes: [
      [nulo('b.bruto_u', 'b.receita_u'), 'conta_ausente'],
      ['b.receita_u <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'b.bruto_u / b.receita_u',
  },
  {
    nome: 'margem_ebit',
    papeis: ['ebit', 'receita'],
    so_plano_geral: true,
    condicoes: [
      [nulo('b.ebit_u', 'b.receita_u'), 'conta_ausente'],
      ['b.receita_u <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'b.ebit_u / b.receita_u',
  },
  {
    nome: 'margem_liquida',
    papeis: ['lucro', 'receita'],
    so_plano_geral: true,
    condicoes: [
      [nulo('b.lucro_u', 'b.receita_u'), 'conta_ausente'],
      ['b.receita_u <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'b.lucro_u / b.receita_u',
  },
  {
    nome: 'roa',
    papeis: ['lucro', 'ativo'],
    so_plano_geral: false,
    condicoes: [
      [nulo('b.lucro_u', 'b.ativo_u'), 'conta_ausente'],
      [nulo('b.ativo_p'), 'denominador_sem_comparativo'],
      ['b.ativo_u + b.ativo_p <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: 'b.lucro_u / ((b.ativo_u + b.ativo_p) / 2)',
  },
  {
    nome: 'roe',
    papeis: ['lucro', 'lucro_ctrl', 'pl', 'nci'],
    so_plano_geral: false,
    condicoes: [
      // individual statements have no NCI split: their 3.11 is already the parent's profit (sources P10)
      ["b.lucro_ag = 'con' AND b.lucro_ctrl_u IS NULL", 'conta_ausente'],
      [nulo('b.lucro_u', 'b.pl_u'), 'conta_ausente'],
      ["b.pl_ag = 'con' AND b.nci_u IS NULL", 'conta_ausente'],
      [nulo('b.pl_p'), 'denominador_sem_comparativo'],
      ["b.pl_ag = 'con' AND b.nci_p IS NULL", 'denominador_sem_comparativo'],
      ['(b.pl_u - coalesce(b.nci_u, 0)) + (b.pl_p - coalesce(b.nci_p, 0)) <= 0', 'denominador_nao_positivo'],
    ],
    formula_sql: `(CASE WHEN b.lucro_ag = 'con' THEN b.lucro_ctrl_u ELSE b.lucro_u END)
      / (((b.pl_u - coalesce(b.nci_u, 0)) + (b.pl_p - coalesce(b.nci_p, 0))) / 2)`,
  },
  {
    nome: 'roic',
    papeis: ['ebit', 'lair', 'ir', 'pl', 'emp_cp', 'emp_lp'],
    so_plano_geral: true,
    condicoes: [
      [nulo('b.ebit_u', 'b.lair_u', 'b.ir_u', 'b.pl_u', 'b.emp_cp_u', 'b.emp_lp_u'), 'conta_ausente'],
      [nulo('b.pl_p', 'b.emp_cp_p', 'b.emp_lp_p'), 'denominador_sem_comparativo'],
      [
        'b.pl_u + b.emp_cp_u + b.emp_lp_u + b.pl_p + b.emp_cp_p + b.emp_lp_p <= 0',
        'denominador_nao_positivo',
      ],
      // with a pre-tax result of zero or less there is no effective rate; a statutory 34% would be an
      // assumption, so ROIC is null with its own flag (issue 13)
      ['b.lair_u <= 0', 'roic_sem_aliquota_efetiva'],
    ],
    // effective tax rate clamped to [0, 1]
    formula_sql: `b.ebit_u * (1 - least(greatest(-b.ir_u / b.lair_u, 0), 1))
      / ((b.pl_u + b.emp_cp_u + b.emp_lp_u + b.pl_p + b.emp_cp_p + b.emp_lp_p) / 2)`,
  },
];

/** The nine F-score criteria (Piotroski 2000), as computed here from the same filing's two columns. */
export const CRITERIOS_F_SCORE: { nome: string; descricao: string; entradas: string[]; ponto_sql: string }[] =
  [
    {
      nome: 'roa_positivo',
      descricao: 'lucro consolidado total (3.11) > 0',
      entradas: ['b.lucro_u'],
      ponto_sql: 'b.lucro_u > 0',
    },
    {
      nome: 'fco_positivo',
      descricao: 'caixa operacional (6.01) > 0',
      entradas: [FCO],
      ponto_sql: `${FCO} > 0`,
    },
    {
      nome: 'roa_subiu',
      descricao: 'lucro / ativo do início do ano subiu em relação ao ano anterior',
      entradas: ['b.lucro_u', 'b.ativo_p', 'b.lucro_p', 'b1.ativo_p'],
      ponto_sql: 'b.ativo_p > 0 AND b1.ativo_p > 0 AND b.lucro_u / b.ativo_p > b.lucro_p / b1.ativo_p',
    },
    {
      nome: 'fco_maior_que_lucro',
      descricao: 'caixa operacional (6.01) maior que o lucro (qualidade do lucro, "accrual")',
      entradas: [FCO, 'b.lucro_u'],
      ponto_sql: `${FCO} > b.lucro_u`,
    },
    {
      nome: 'alavancagem_caiu',
      descricao: 'empréstimos de longo prazo (2.02.01) / ativo total caiu',
      entradas: ['b.emp_lp_u', 'b.ativo_u', 'b.emp_lp_p', 'b.ativo_p'],
      ponto_sql: 'b.ativo_u > 0 AND b.ativo_p > 0 AND b.emp_lp_u / b.ativo_u < b.emp_lp_p / b.ativo_p',
    },
    {
      nome: 'liquidez_subiu',
      descricao: 'liquidez corrente (1.01 / 2.01) subiu',
      entradas: ['b.ac_u', 'b.pc_u', 'b.ac_p', 'b.pc_p'],
      ponto_sql: 'b.pc_u > 0 AND b.pc_p > 0 AND b.ac_u / b.pc_u > b.ac_p / b.pc_p',
    },
    {
      nome: 'sem_emissao',
      descricao: 'capital social (filha .01 do PL) não aumentou (aproxima "não emitiu ações")',
      entradas: ['b.capital_u', 'b.capital_p'],
      ponto_sql: 'b.capital_u <= b.capital_p',
    },
    {
      nome: 'margem_bruta_subiu',
      descricao: 'margem bruta (3.03 / 3.01) subiu',
      entradas: ['b.bruto_u', 'b.receita_u', 'b.bruto_p', 'b.receita_p'],
      ponto_sql: 'b.receita_u > 0 AND b.receita_p > 0 AND b.bruto_u / b.receita_u > b.bruto_p / b.receita_p',
    },
    {
      nome: 'giro_subiu',
      descricao: 'receita / ativo do início do ano subiu',
      entradas: ['b.receita_u', 'b.ativo_p', 'b.receita_p', 'b1.ativo_p'],
      ponto_sql: 'b.ativo_p > 0 AND b1.ativo_p > 0 AND b.receita_u / b.ativo_p > b.receita_p / b1.ativo_p',
    },
  ];

const FROM_BASE = /* sql */ `
FROM int_fundamentos_base b
LEFT JOIN int_fundamentos_base b1 ON b1.cd_regulator = b.cd_regulator AND b1.ano = b.ano - 1
LEFT JOIN int_fundamentos_base b4 ON b4.cd_regulator = b.cd_regulator AND b4.ano = b.ano - 4
LEFT JOIN int_fundamentos_tipo_ano t ON t.cd_regulator = b.cd_regulator AND t.ano = b.ano
LEFT JOIN int_fundamentos_dep_amort da ON da.cd_regulator = b.cd_regulator AND da.ano = b.ano`;

function sqlRegra(r: RegraIndicador): string {
  const conds: [string, string][] = [];
  if (r.so_plano_geral) conds.push([FIN, 'plano_financeiro_nao_aplicavel']);
  const ags = r.papeis.map((p) => `b.${p}_ag`).join(', ');
  conds.push(...r.condicoes);
  // mixing consolidated and individual statements in one ratio would compare different perimeters
  conds.push([`len(list_distinct(list_filter([${ags}], x -> x IS NOT NULL))) > 1`, 'agregacao_mista']);
  const flag = `CASE ${conds.map(([c, f]) => `WHEN ${c} THEN '${f}'`).join(' ')} END`;
  return `SELECT b.cd_regulator, b.ano, '${r.nome}' AS nome,
    CASE WHEN ${conds.map(([c]) => `coalesce(${c}, false)`).join(' OR ')} THEN NULL ELSE CAST(${r.formula_sql} AS DOUBLE) END AS valor,
    ${flag} AS flag ${FROM_BASE}`;
}

export const SQL_INDICADORES = /* sql */ `
${SQL_PAPEIS}

CREATE OR REPLACE TABLE mart_f_score_criterios AS
${CRITERIOS_F_SCORE.map(
  (c) => `SELECT b.cd_regulator, b.ano, '${c.nome}' AS criterio,
  CASE WHEN ${FIN} OR ${c.entradas.map((e) => `${e} IS NULL`).join(' OR ')} THEN NULL
       ELSE CAST(coalesce(${c.ponto_sql}, false) AS INTEGER) END AS ponto ${FROM_BASE}`,
).join('\nUNION ALL\n')};

CREATE OR REPLACE TABLE int_fundamentos_indicadores_1 AS
${REGRAS.map(sqlRegra).join('\nUNION ALL\n')}
UNION ALL
SELECT c.cd_regulator, c.ano, 'f_score' AS nome,
  CASE WHEN count(c.ponto) = 0 THEN NULL ELSE CAST(sum(c.ponto) AS DOUBLE) END AS valor,
  CASE WHEN any_value(t.tipo) IN ('banco', 'seguradora') THEN 'plano_financeiro_nao_aplicavel'
       WHEN count(c.ponto) = 0 THEN 'conta_ausente'
       WHEN count(c.ponto) < 9 THEN 'f_score_parcial' END AS flag
FROM mart_f_score_criterios c LEFT JOIN int_fundamentos_tipo_ano t USING (cd_regulator, ano)
GROUP BY c.cd_regulator, c.ano;

CREATE OR REPLACE TABLE mart_indicadores AS
SELECT * FROM int_fundamentos_indicadores_1
UNION ALL
SELECT dl.cd_regulator, dl.ano, 'dl_ebitda' AS nome,
  CASE WHEN dl.flag IS NULL AND eb.flag IS NULL AND eb.valor > 0 THEN dl.valor / eb.valor END AS valor,
  CASE WHEN dl.flag IS NOT NULL THEN dl.flag WHEN eb.flag IS NOT NULL THEN eb.flag
       WHEN eb.valor <= 0 THEN 'denominador_nao_positivo' END AS flag
FROM int_fundamentos_indicadores_1 dl JOIN int_fundamentos_indicadores_1 eb USING (cd_regulator, ano)
WHERE dl.nome = 'divida_liquida' AND eb.nome = 'ebitda'
ORDER BY cd_regulator, ano, nome;
`;

export const indicadoresStage: Stage = {
  name: 'mart_indicadores',
  le: ['int_fundamentos_dep_amort', 'int_fundamentos_linhas', 'int_fundamentos_tipo_ano'],
  cria: [
    'int_fundamentos_base',
    'int_fundamentos_indicadores_1',
    'int_fundamentos_papeis',
    'mart_f_score_criterios',
    'mart_indicadores',
  ],
  async run(ctx) {
    await ctx.db.run(SQL_INDICADORES);
    const nulos = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_indicadores',
      'SELECT * FROM mart_indicadores WHERE valor IS NULL AND flag IS NULL',
    );
    ctx.report.invariant({
      nome: 'indicador_nulo_tem_flag',
      tipo: 'hard',
      descricao: 'every null indicator carries a flag saying why',
      ...nulos,
    });
    await aplicarChecagens(ctx.db, ctx.report, [
      {
        nome: 'indicador_chave_unica',
        tipo: 'hard',
        descricao: 'one value per (cd_regulator, ano, nome)',
        tabela: 'mart_indicadores',
        regra: 'chave_unica',
        colunas: ['cd_regulator', 'ano', 'nome'],
      },
    ]);
    return [];
  },
};
