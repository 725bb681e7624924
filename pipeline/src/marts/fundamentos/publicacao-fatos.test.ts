import { describe, expect, it } from 'vitest';
import { contextoMemoria } from './amostra/contexto-memoria.ts';
import { publicacaoFundamentosStage } from './publicacao.ts';

/** Rows made here: a published company (901) whose mart_fatos row has no value. */
describe('publicacao_fundamentos checks mart_fatos against FatoSchema before writing fatos.json as text', () => {
  it('a fact without a value stops the stage (the old row parse read NULL as 0)', async () => {
    const { ctx, capturado } = await contextoMemoria();
    await ctx.db.run(`CREATE TABLE mart_empresas AS SELECT 901 AS cd_regulator, ['AAAA3'] AS tickers`);
    await ctx.db.run(`CREATE TABLE mart_fatos AS SELECT 901 AS cd_regulator, 2024 AS ano, 'DRE' AS demo, '3.01' AS cd_conta,
      'Receita' AS ds_conta, 'con' AS agreg, NULL::DECIMAL(38,10) AS valor, 1 AS versao, NULL::DATE AS dt_receb,
      'x.csv' AS arquivo, 2::BIGINT AS linha`);
    await expect(publicacaoFundamentosStage.run(ctx)).rejects.toThrow(
      /mart_fatos: 1 rows do not fit FatoSchema/,
    );
    expect(capturado.json.size).toBe(0);
  });
});
