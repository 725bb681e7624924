import { verificar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';

/** Readable label of B3's corporateAction codes; unknown codes are published as B3 wrote them. */
const ROTULOS: Record<string, string> = {
  DIVIDENDO: 'Dividendo',
  'JRS CAP PROPRIO': 'Juros sobre capital próprio',
  RENDIMENTO: 'Rendimento',
};

const rotulo = `CASE upper(trim(corporateaction)) ${Object.entries(ROTULOS)
  .map(([k, v]) => `WHEN '${k}' THEN '${v}'`)
  .join(' ')} ELSE trim(corporateaction) END`;

/**
 * `int_mercado_b3_empresas`: B3's trading name → CVM code, from the company answers of the build.
 * `mart_mercado_proventos`: B3 cash events of each company. The GetListedCashDividends body does not name the
 * company; the file name does (`GetListedCashDividends_<tradingName>.json`). A file without it is
 * linked only when the build holds exactly one B3 company answer (the sample: AMBEV), never guessed.
 * preco_com is the COTAHIST close of the class on data_com (last day with entitlement). When our files
 * have no session that day, B3's own close (closingPricePriorExDate) is used only if B3 dates it
 * (dateClosingPricePriorExDate) exactly on data_com: a close of another day is not the price with
 * entitlement. `fonte_preco_com` says which source gave it; a B3 price also carries
 * `preco_com_fechamento_b3` so readers of the JSON resource see it without a schema change.
 */
export const SQL_DIVIDENDOS = /* sql */ `
CREATE OR REPLACE TABLE int_mercado_b3_empresas AS
SELECT DISTINCT CAST(codecvm AS INTEGER) AS cd_regulator, regexp_replace(upper(tradingname), '[^A-Z0-9]', '', 'g') AS nome_pregao
FROM (SELECT codecvm, tradingname FROM stg_b3_complemento_empresa UNION ALL SELECT codecvm, tradingname FROM stg_b3_detalhes_empresa)
WHERE codecvm IS NOT NULL AND regexp_full_match(trim(codecvm), '[0-9]+');

CREATE OR REPLACE TABLE mart_mercado_proventos AS
WITH unica AS (SELECT CASE WHEN count(DISTINCT cd_regulator) = 1 THEN any_value(cd_regulator) END AS cd FROM int_mercado_b3_empresas),
p AS (
  SELECT coalesce(
      (SELECT any_value(e.cd_regulator) FROM int_mercado_b3_empresas e
       WHERE e.nome_pregao = regexp_replace(upper(d._tradingname), '[^A-Z0-9]', '', 'g')),
      CASE WHEN d._tradingname IS NULL THEN (SELECT cd FROM unica) END) AS cd_regulator,
    upper(trim(d.typestock)) AS tipo_acao, upper(trim(d.corporateaction)) AS tipo, ${rotulo} AS acao_corporativa,
    CAST(d.valuecash AS DOUBLE) AS valor, d.dateapproval AS data_aprovacao, d.lastdatepriorex AS data_com,
    CASE WHEN d.dateclosingpricepriorexdate = d.lastdatepriorex AND d.closingpricepriorexdate > 0
      THEN CAST(d.closingpricepriorexdate AS DOUBLE) END AS preco_b3,
    d._arquivo AS arquivo, d._linha AS linha
  FROM stg_b3_proventos_dinheiro d
)
SELECT p.* EXCLUDE (preco_b3), coalesce(c.preco, p.preco_b3) AS preco_com, c.ticker AS ticker_com,
  CASE WHEN c.preco IS NOT NULL THEN 'cotahist' WHEN p.preco_b3 IS NOT NULL THEN 'b3_fechamento_data_com' END AS fonte_preco_com,
  CASE WHEN c.preco IS NOT NULL THEN NULL WHEN p.preco_b3 IS NOT NULL THEN 'preco_com_fechamento_b3'
    ELSE 'sem_pregao_na_data_com' END AS flag
FROM p LEFT JOIN int_mercado_preco_classe c
  ON c.cd_regulator = p.cd_regulator AND c.data = p.data_com
 AND c.classe = CASE WHEN p.tipo_acao LIKE 'PN%' THEN 'PN' ELSE p.tipo_acao END;
`;

export const dividendosStage: Stage = {
  name: 'mart_dividendos',
  le: [
    'int_mercado_preco_classe',
    'stg_b3_complemento_empresa',
    'stg_b3_detalhes_empresa',
    'stg_b3_proventos_dinheiro',
  ],
  cria: ['int_mercado_b3_empresas', 'mart_mercado_proventos'],
  async run(ctx) {
    await ctx.db.run(SQL_DIVIDENDOS);
    const semEmpresa = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_mercado_proventos',
      'SELECT arquivo, linha FROM mart_mercado_proventos WHERE cd_regulator IS NULL',
    );
    ctx.report.invariant({
      nome: 'proventos_com_empresa',
      tipo: 'soft',
      descricao: 'every B3 cash event is linked to a CVM code (unlinked events are not published)',
      ...semEmpresa,
    });
    const valor = await verificar(
      ctx.db,
      'SELECT count(*) FROM mart_mercado_proventos',
      'SELECT arquivo, linha, valor FROM mart_mercado_proventos WHERE valor IS NULL OR valor < 0 OR data_com IS NULL',
    );
    ctx.report.invariant({
      nome: 'proventos_valor_e_data_com',
      tipo: 'hard',
      descricao: 'every cash event has a non-negative value per share and a data_com',
      ...valor,
    });
    return [];
  },
};
