import { verificar } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { FAIXA_DY_FII, FAIXA_VACANCIA_FII, sqlFaixa } from './faixas.ts';
import { sqlMensagem } from './textos.ts';

/** The columns of every `int_eventos_ev_*` part, in order (they are unioned into `mart_eventos`). */
const COLUNAS = `classe, tipo, cd_regulator, ticker, nome, setor, periodo_anterior, periodo_novo, data, indicador,
  antes_num, depois_num, antes_txt, depois_txt, faixa_antes, faixa_depois, faixa_antes_en, faixa_depois_en,
  motivos, motivos_en, fonte, documento, linhagem`;

/** The four band labels of a pair, from one band rule (SQL and the rule cannot disagree). */
const faixas = (regra: typeof FAIXA_DY_FII, antes: string, depois: string) =>
  `${sqlFaixa(regra, antes, 'pt')} AS faixa_antes, ${sqlFaixa(regra, depois, 'pt')} AS faixa_depois,
  ${sqlFaixa(regra, antes, 'en')} AS faixa_antes_en, ${sqlFaixa(regra, depois, 'en')} AS faixa_depois_en`;

/**
 * REIT watcher kinds read from the monthly series (docs/vigia.md): the 12-month yield at month end
 * against the previous month (`mart_fii_mensal`), and the fund-level vacancy of a quarterly report
 * against the previous quarter (`int_fii_vacancia_trimestral`). Only numbers without a flag count; the
 * pairs stay in `int_eventos_fii_dy` / `int_eventos_fii_vacancia` with `conta = false` when one side is flagged.
 */
export const SQL_EVENTOS_FII = /* sql */ `
CREATE OR REPLACE TABLE int_eventos_fii_dy AS
WITH arquivos AS (SELECT ticker, string_agg(DISTINCT arquivo, ', ' ORDER BY arquivo) AS arquivos FROM mart_fii_proventos GROUP BY ticker)
SELECT a.ticker, a.competencia AS comp_antes, b.competencia AS comp_novo, a.dy_12m AS antes, b.dy_12m AS depois,
  a.flag_dy AS flag_antes, b.flag_dy AS flag_depois, b.data_preco AS data,
  ${sqlMensagem('fonte.cotahist_proventos', 'pt', { preco: 'b.fonte_preco', proventos: `coalesce(x.arquivos, '-')` })} AS fonte,
  a.dy_12m IS NOT NULL AND a.flag_dy IS NULL AND b.dy_12m IS NOT NULL AND b.flag_dy IS NULL AS conta,
  ${faixas(FAIXA_DY_FII, 'a.dy_12m', 'b.dy_12m')}
FROM mart_fii_mensal a JOIN mart_fii_mensal b ON b.ticker = a.ticker AND b.competencia = a.competencia + INTERVAL 1 MONTH
LEFT JOIN arquivos x ON x.ticker = b.ticker;

CREATE OR REPLACE TABLE int_eventos_fii_vacancia AS
SELECT f.ticker, a.data_referencia AS ref_antes, b.data_referencia AS ref_novo, a.vacancia AS antes, b.vacancia AS depois,
  a.flag AS flag_antes, b.flag AS flag_depois, b.data_entrega AS data, b.versao,
  year(a.data_referencia) || 'T' || quarter(a.data_referencia) AS periodo_antes,
  year(b.data_referencia) || 'T' || quarter(b.data_referencia) AS periodo_novo, b.fonte,
  a.vacancia IS NOT NULL AND a.flag IS NULL AND b.vacancia IS NOT NULL AND b.flag IS NULL AS conta,
  ${faixas(FAIXA_VACANCIA_FII, 'a.vacancia', 'b.vacancia')}
FROM int_fii_vacancia_trimestral a JOIN int_fii_vacancia_trimestral b
  ON b.cnpj = a.cnpj AND date_trunc('quarter', b.data_referencia) = date_trunc('quarter', a.data_referencia) + INTERVAL 3 MONTH
JOIN mart_fiis f ON f.cnpj = b.cnpj AND f.ticker IS NOT NULL;

CREATE OR REPLACE TABLE int_eventos_ev_fii_dy AS SELECT * FROM (
  SELECT 'fiis', 'faixa_dy', NULL, p.ticker, f.nome, NULL, strftime(p.comp_antes, '%Y-%m'), strftime(p.comp_novo, '%Y-%m'),
    p.data, 'dy_12m', p.antes, p.depois, NULL, NULL, p.faixa_antes, p.faixa_depois, p.faixa_antes_en, p.faixa_depois_en,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), p.fonte, NULL, NULL
  FROM int_eventos_fii_dy p JOIN mart_fiis f USING (ticker)
  WHERE p.conta AND p.faixa_antes <> p.faixa_depois
) t(${COLUNAS});

CREATE OR REPLACE TABLE int_eventos_ev_fii_vacancia AS SELECT * FROM (
  SELECT 'fiis', 'faixa_vacancia', NULL, v.ticker, f.nome, NULL, v.periodo_antes, v.periodo_novo,
    v.data, 'vacancia', v.antes, v.depois, NULL, NULL, v.faixa_antes, v.faixa_depois, v.faixa_antes_en, v.faixa_depois_en,
    CAST([] AS VARCHAR[]), CAST([] AS VARCHAR[]), ${sqlMensagem('fonte.informe_trimestral', 'pt', { periodo: 'v.periodo_novo', versao: 'v.versao', arquivo: 'v.fonte' })},
    NULL, NULL
  FROM int_eventos_fii_vacancia v JOIN mart_fiis f USING (ticker)
  WHERE v.conta AND v.faixa_antes <> v.faixa_depois
) t(${COLUNAS});
`;

/** Check beside the REIT SQL: every REIT band event comes from a pair whose two numbers count. */
export async function verificarEventosFii(ctx: Pick<BuildContext, 'db' | 'report'>): Promise<void> {
  const pares = `SELECT 'faixa_pvp' AS tipo, ticker, strftime(comp_novo, '%Y-%m') AS periodo_novo, conta FROM int_eventos_fii_pvp
    UNION ALL SELECT 'faixa_dy', ticker, strftime(comp_novo, '%Y-%m'), conta FROM int_eventos_fii_dy
    UNION ALL SELECT 'faixa_vacancia', ticker, periodo_novo, conta FROM int_eventos_fii_vacancia`;
  ctx.report.invariant({
    nome: 'eventos_fii_sem_numero_com_flag',
    tipo: 'hard',
    descricao: 'no REIT band event (P/VP, 12-month yield, vacancy) reads a flagged or missing number',
    ...(await verificar(
      ctx.db,
      "SELECT count(*) FROM mart_eventos WHERE classe = 'fiis'",
      `SELECT e.ticker, e.tipo, e.periodo_novo FROM mart_eventos e
       LEFT JOIN (${pares}) p USING (tipo, ticker, periodo_novo)
       WHERE e.classe = 'fiis' AND e.tipo IN ('faixa_pvp', 'faixa_dy', 'faixa_vacancia') AND NOT coalesce(p.conta, false)`,
    )),
  });
}
