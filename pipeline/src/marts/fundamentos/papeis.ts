/**
 * Roles ("papéis") of regulator accounts in the formulas. Fixed-chart accounts are matched by code;
 * profit and equity are matched by label at level 2 because their code moves with the chart
 * (3.11 general, 3.09/3.11 banks before/after 2020, 3.13 insurers; equity 2.03, 2.07 or 2.08).
 */
export const PAPEIS_FIXOS = [
  { papel: 'receita', demo: 'DRE', cd_conta: '3.01', titulo: 'receita líquida' },
  { papel: 'bruto', demo: 'DRE', cd_conta: '3.03', titulo: 'resultado bruto' },
  {
    papel: 'ebit',
    demo: 'DRE',
    cd_conta: '3.05',
    titulo: 'EBIT (resultado antes do resultado financeiro e dos tributos)',
  },
  { papel: 'lair', demo: 'DRE', cd_conta: '3.07', titulo: 'resultado antes dos tributos sobre o lucro' },
  { papel: 'ir', demo: 'DRE', cd_conta: '3.08', titulo: 'IR e CSLL' },
  { papel: 'ativo', demo: 'BPA', cd_conta: '1', titulo: 'ativo total' },
  { papel: 'ac', demo: 'BPA', cd_conta: '1.01', titulo: 'ativo circulante' },
  { papel: 'caixa', demo: 'BPA', cd_conta: '1.01.01', titulo: 'caixa e equivalentes' },
  { papel: 'aplic', demo: 'BPA', cd_conta: '1.01.02', titulo: 'aplicações financeiras' },
  { papel: 'pc', demo: 'BPP', cd_conta: '2.01', titulo: 'passivo circulante' },
  { papel: 'emp_cp', demo: 'BPP', cd_conta: '2.01.04', titulo: 'empréstimos e financiamentos (circulante)' },
  {
    papel: 'emp_lp',
    demo: 'BPP',
    cd_conta: '2.02.01',
    titulo: 'empréstimos e financiamentos (não circulante)',
  },
  {
    papel: 'fco_mi',
    demo: 'DFC_MI',
    cd_conta: '6.01',
    titulo: 'caixa líquido das atividades operacionais (indireto)',
  },
  {
    papel: 'fco_md',
    demo: 'DFC_MD',
    cd_conta: '6.01',
    titulo: 'caixa líquido das atividades operacionais (direto)',
  },
] as const;

export const PAPEIS_POR_ROTULO = [
  {
    papel: 'lucro',
    demo: 'DRE',
    titulo: 'lucro/prejuízo consolidado do período (nível 2, rótulo "Lucro … Período")',
  },
  {
    papel: 'lucro_ctrl',
    demo: 'DRE',
    titulo: 'atribuído a sócios da controladora (filha .01 da conta de lucro)',
  },
  { papel: 'pl', demo: 'BPP', titulo: 'patrimônio líquido (nível 2, rótulo "Patrimônio Líquido…")' },
  { papel: 'capital', demo: 'BPP', titulo: 'capital social realizado (filha .01 do patrimônio líquido)' },
  {
    papel: 'nci',
    demo: 'BPP',
    titulo: 'participação dos não controladores (filha do PL com "não controladores")',
  },
] as const;

export const PAPEIS = [...PAPEIS_FIXOS.map((p) => p.papel), ...PAPEIS_POR_ROTULO.map((p) => p.papel)];

const valores = PAPEIS_FIXOS.map((p) => `('${p.demo}', '${p.cd_conta}', '${p.papel}')`).join(', ');

export const SQL_PAPEIS = /* sql */ `
CREATE OR REPLACE TABLE int_fundamentos_papeis AS
WITH lucro AS (
  SELECT cd_regulator, ano, min(cd_conta) AS cod FROM int_fundamentos_linhas
  WHERE demo = 'DRE' AND ordem = 'ultimo' AND regexp_full_match(cd_conta, '3\\.[0-9]{2}')
    AND regexp_matches(lower(strip_accents(ds_conta)), '^lucro.*periodo')
  GROUP BY ALL
),
pl AS (
  SELECT cd_regulator, ano, min(cd_conta) AS cod FROM int_fundamentos_linhas
  WHERE demo = 'BPP' AND ordem = 'ultimo' AND regexp_full_match(cd_conta, '2\\.[0-9]{2}')
    AND lower(strip_accents(ds_conta)) LIKE 'patrimonio liquido%'
  GROUP BY ALL
),
nci AS (
  SELECT l.cd_regulator, l.ano, min(l.cd_conta) AS cod FROM int_fundamentos_linhas l JOIN pl USING (cd_regulator, ano)
  WHERE l.demo = 'BPP' AND l.ordem = 'ultimo' AND starts_with(l.cd_conta, pl.cod || '.')
    AND length(l.cd_conta) = length(pl.cod) + 3 AND lower(strip_accents(l.ds_conta)) LIKE '%nao controlador%'
  GROUP BY ALL
),
rotulos AS (
  SELECT cd_regulator, ano, 'DRE' AS demo, cod AS cd_conta, 'lucro' AS papel FROM lucro
  UNION ALL SELECT cd_regulator, ano, 'DRE', cod || '.01', 'lucro_ctrl' FROM lucro
  UNION ALL SELECT cd_regulator, ano, 'BPP', cod, 'pl' FROM pl
  UNION ALL SELECT cd_regulator, ano, 'BPP', cod || '.01', 'capital' FROM pl
  UNION ALL SELECT cd_regulator, ano, 'BPP', cod, 'nci' FROM nci
)
SELECT l.cd_regulator, l.ano, l.demo, l.agreg, l.ordem, l.cd_conta, l.ds_conta, CAST(l.valor AS DOUBLE) AS valor, m.papel,
       l.arquivo, l.linha, l.versao, l.dt_receb
FROM int_fundamentos_linhas l JOIN (VALUES ${valores}) m(demo, cd_conta, papel) USING (demo, cd_conta)
UNION ALL
SELECT l.cd_regulator, l.ano, l.demo, l.agreg, l.ordem, l.cd_conta, l.ds_conta, CAST(l.valor AS DOUBLE), r.papel,
       l.arquivo, l.linha, l.versao, l.dt_receb
FROM int_fundamentos_linhas l JOIN rotulos r USING (cd_regulator, ano, demo, cd_conta);

CREATE OR REPLACE TABLE int_fundamentos_base AS
SELECT cd_regulator, ano,
${PAPEIS.map(
  (p) => `  max(valor) FILTER (WHERE papel = '${p}' AND ordem = 'ultimo') AS ${p}_u,
  max(valor) FILTER (WHERE papel = '${p}' AND ordem = 'penultimo') AS ${p}_p,
  any_value(agreg) FILTER (WHERE papel = '${p}') AS ${p}_ag`,
).join(',\n')}
FROM int_fundamentos_papeis GROUP BY ALL;
`;
