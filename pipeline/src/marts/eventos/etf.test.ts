import { describe, expect, it } from 'vitest';
import { executar } from '../../core/sql.ts';
import { contextoMemoria } from '../fundamentos/amostra/contexto-memoria.ts';
import { SQL_EVENTOS_ETF_SOBREPOSICAO, SQL_EVENTOS_ETF_TAXA } from './etf.ts';
import { PARAMETROS_FAIXAS } from './faixas.ts';
import { montarEventos } from './publicacao.ts';
import { sqlMartEventos } from './sql.ts';

/**
 * MADE HERE, placeholders: the ETF marts' tables for two fictitious ETFs of one index (FETA11, FETB11) and
 * one without a CNPJ (FETC11). The sample's positive cases are asserted in etfs.test.ts; here, what must
 * give no event: an overlap move inside a band, a month gap (compared with the pair's previous month all
 * the same), a repeated fee, a missing fee and an unlinked fund.
 */
describe('ETF watcher: overlap and fee kinds (made-here mart tables)', () => {
  it('fires on band crossings and fee changes only', async () => {
    const { ctx } = await contextoMemoria();
    await ctx.db.run(`
      CREATE TABLE int_etf_lista AS SELECT * FROM (VALUES ('FETA11', 'ETF A FEITO AQUI'), ('FETB11', 'ETF B FEITO AQUI'),
        ('FETC11', 'ETF C FEITO AQUI')) t(ticker, nome);
      CREATE TABLE int_etf_vinculo AS SELECT * FROM (VALUES ('FETA11', '99.999.999/0001-91'), ('FETB11', '99.999.999/0002-72'),
        ('FETC11', NULL)) t(ticker, cnpj);
      CREATE TABLE int_etf_sobreposicao_mensal AS SELECT ticker, par, CAST(competencia AS DATE) AS competencia, sobreposicao, arquivo
      FROM (VALUES
        ('FETA11', 'FETB11', '2024-01-31', 0.92, 'cda_fi_PL_202401.csv'),
        ('FETA11', 'FETB11', '2024-02-29', 0.95, 'cda_fi_PL_202402.csv'),
        ('FETA11', 'FETB11', '2024-05-31', 0.60, 'cda_fi_PL_202405.csv'),
        ('FETA11', 'FETB11', '2024-06-30', 0.55, 'cda_fi_PL_202406.csv')
      ) t(ticker, par, competencia, sobreposicao, arquivo);
      CREATE TABLE stg_cvm_cad_fi_hist_taxa_adm AS SELECT cnpj_fundo, CAST(dt_reg AS DATE) AS dt_reg, taxa_adm,
        CAST(dt_ini_taxa_adm AS DATE) AS dt_ini_taxa_adm, _arquivo, _linha
      FROM (VALUES
        ('99999999000191', '2010-01-04', 0.5, '2010-01-04', 'cad_fi_hist_taxa_adm.csv', 2),
        ('99999999000191', '2010-01-04', 0.5, '2015-01-02', 'cad_fi_hist_taxa_adm.csv', 3),
        ('99999999000191', '2010-01-04', 0.4, '2018-03-01', 'cad_fi_hist_taxa_adm.csv', 4),
        ('99999999000191', '2010-01-04', NULL, '2020-03-01', 'cad_fi_hist_taxa_adm.csv', 5),
        ('99999999000191', '2010-01-04', 0.3, '2021-03-01', 'cad_fi_hist_taxa_adm.csv', 6),
        ('99999999000272', '2012-01-04', 0.2, '2012-01-04', 'cad_fi_hist_taxa_adm.csv', 7)
      ) t(cnpj_fundo, dt_reg, taxa_adm, dt_ini_taxa_adm, _arquivo, _linha);`);
    await executar(
      ctx.db,
      [
        SQL_EVENTOS_ETF_SOBREPOSICAO,
        SQL_EVENTOS_ETF_TAXA,
        sqlMartEventos(['etf_sobreposicao', 'etf_taxa']),
      ].join('\n'),
      PARAMETROS_FAIXAS,
    );
    const es = await montarEventos(ctx);
    expect(es.map((e) => [e.ticker, e.tipo, e.periodo_anterior, e.periodo_novo, e.antes, e.depois])).toEqual([
      // February 0.95 → May 0.60: the pair's previous month with both portfolios, across the gap
      ['FETA11', 'sobreposicao_mudou', '2024-02', '2024-05', 0.95, 0.6],
      // 0.5 → 0.5 (2015) is no change; 0.4 → null (2020) and null → 0.3 (2021) read a missing fee
      // against the row just before it (2015-01-02); the 0.4 → 0.3 move sits across the missing 2020 fee
      ['FETA11', 'taxa_mudou', '2015-01-02', '2018-03-01', 0.5, 0.4],
    ]);
    expect(es[0]?.texto).toBe(
      'FETA11: sobreposição da carteira com FETB11 passou de 95,0% (faixa 90% ou mais) em 2024-02 para 60,0% (faixa de 50% a menos de 90%) em 2024-05.',
    );
    expect(es[1]?.data).toBe('2018-03-01');
  });
});
