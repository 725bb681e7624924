import { createHash } from 'node:crypto';
import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { FatoTrimestral } from '@fundamentos/schemas/fatos';
import { describe, expect, it } from 'vitest';
import { contextoMemoria } from './amostra/contexto-memoria.ts';
import { citacaoDe, frase } from './citacao.ts';
import { publicacaoFatosTrimestraisStage } from './fatos-trimestrais.ts';

/**
 * Rows made here (not from the sample): the texts and numbers where DuckDB's JSON and JSON.stringify
 * differ (control characters, quotes, backslashes, -0, 1e21, small exponents, integral doubles, NULLs),
 * for company 901 (published) and 902 (no trading code: no artefact).
 */
const FEITOS_AQUI: Array<
  Omit<FatoTrimestral, 'fonte'> & { cd_regulator: number; arquivo: string; linha: number }
> = [
  {
    cd_regulator: 901,
    ano: 2024,
    trimestre: 1,
    demo: 'DRE',
    cd_conta: '3.01',
    ds_conta: 'Receita "bruta" \\ líquida\u001b\n\t😀',
    agreg: 'con',
    valor: 123456000,
    acumulado: 123456000,
    flag: null,
    origem: 'itr_3_meses',
    versao: 2,
    dt_receb: '2024-05-10',
    arquivo: 'cvm/itr_cia_aberta_2024.zip:itr_cia_aberta_DRE_con_2024.csv',
    linha: 17,
  },
  {
    cd_regulator: 901,
    ano: 2024,
    trimestre: 2,
    demo: 'DRE',
    cd_conta: '3.01',
    ds_conta: 'a\\u001Bb \u0000 \u007f \u2028',
    agreg: 'con',
    valor: -0,
    acumulado: 1e21,
    flag: 'trimestre_anterior_reapresentado',
    origem: 'itr_acumulado_menos_anterior',
    versao: 1,
    dt_receb: null,
    arquivo: 'x.csv',
    linha: 9007199254740991,
  },
  {
    cd_regulator: 901,
    ano: 2024,
    trimestre: 2,
    demo: 'BPA',
    cd_conta: '1',
    ds_conta: '',
    agreg: 'ind',
    valor: 1.5e-7,
    acumulado: null,
    flag: null,
    origem: 'itr_saldo',
    versao: 1,
    dt_receb: '2024-08-01',
    arquivo: 'y.csv',
    linha: 2,
  },
  {
    cd_regulator: 901,
    ano: 2024,
    trimestre: 4,
    demo: 'DFC_MD',
    cd_conta: '6.01.02',
    ds_conta: 'Caixa',
    agreg: 'con',
    valor: null,
    acumulado: -987654321.125,
    flag: 'acumulado_sem_mes_anterior',
    origem: 'dfp_menos_itr_3t',
    versao: 3,
    dt_receb: '2025-03-01',
    arquivo: 'z.csv',
    linha: 5,
  },
  {
    cd_regulator: 902,
    ano: 2024,
    trimestre: 1,
    demo: 'DRE',
    cd_conta: '3.01',
    ds_conta: 'x',
    agreg: 'con',
    valor: 1,
    acumulado: 1,
    flag: null,
    origem: 'itr_3_meses',
    versao: 1,
    dt_receb: null,
    arquivo: 'w.csv',
    linha: 1,
  },
];

async function contexto(linhas = FEITOS_AQUI) {
  const { ctx, capturado } = await contextoMemoria();
  await ctx.db.run(
    `CREATE TABLE mart_empresas AS SELECT * FROM (VALUES (901, ['AAAA3']), (902, []::VARCHAR[])) t(cd_regulator, tickers)`,
  );
  await ctx.db.run(`CREATE TABLE mart_fatos_trimestrais (cd_regulator INTEGER, ano INTEGER, trimestre INTEGER, demo VARCHAR,
    cd_conta VARCHAR, ds_conta VARCHAR, agreg VARCHAR, valor DOUBLE, acumulado DOUBLE, flag VARCHAR, origem VARCHAR,
    versao INTEGER, dt_receb DATE, arquivo VARCHAR, linha BIGINT)`);
  const app = await ctx.db.createAppender('mart_fatos_trimestrais');
  for (const r of linhas) {
    app.appendInteger(r.cd_regulator);
    app.appendInteger(r.ano);
    app.appendInteger(r.trimestre);
    for (const t of [r.demo, r.cd_conta, r.ds_conta, r.agreg]) app.appendVarchar(t);
    for (const n of [r.valor, r.acumulado]) n === null ? app.appendNull() : app.appendDouble(n);
    r.flag === null ? app.appendNull() : app.appendVarchar(r.flag);
    app.appendVarchar(r.origem);
    app.appendInteger(r.versao);
    r.dt_receb === null ? app.appendNull() : app.appendVarchar(r.dt_receb);
    app.appendVarchar(r.arquivo);
    app.appendBigInt(BigInt(r.linha));
    app.endRow();
  }
  app.closeSync();
  return { ctx, capturado };
}

describe('publicacao_fatos_trimestrais writes its JSON text in DuckDB', () => {
  it('the bytes are JSON.stringify of the schema-parsed object the rows describe, in the query order', async () => {
    const { ctx, capturado } = await contexto();
    const entradas = await publicacaoFatosTrimestraisStage.run(ctx);
    expect(entradas.map((e) => e.path)).toEqual(['json/empresas/901/fatos_trimestrais.json']);
    const destino = escrita(ARTEFATOS.fatos_trimestrais, { cd: 901 });
    // The reference: what the stage wrote before issue #10 (objects built in JS, parsed, stringified).
    const ordem = (r: (typeof FEITOS_AQUI)[number]) => [r.ano, r.trimestre, r.demo, r.cd_conta].join('|');
    const fatos = FEITOS_AQUI.filter((r) => r.cd_regulator === 901)
      .sort((a, b) => (ordem(a) < ordem(b) ? -1 : 1))
      .map(({ cd_regulator: _c, arquivo, linha, ...r }) => ({ ...r, fonte: `${arquivo}:${linha}` }));
    const esperado = JSON.stringify(
      destino.schema.parse({
        cd_regulator: 901,
        trimestral: true,
        fatos,
        nota: frase('pt', 'fatos_trimestrais', 'nota'),
        nota_en: frase('en', 'fatos_trimestrais', 'nota'),
        citacao: citacaoDe('pt', ctx.versao_do_dado, 'fatos_trimestrais', { cd: '901' }),
      }),
    );
    expect(entradas[0]?.sha256).toBe(createHash('sha256').update(esperado).digest('hex'));
    expect(entradas[0]?.bytes).toBe(Buffer.byteLength(esperado));
    expect(JSON.stringify(capturado.json.get(destino.path))).toBe(esperado);
    expect(esperado).toContain('"valor":0,"acumulado":1e+21');
    expect(esperado).toContain('\\u001b');
  });

  it('a row the schema would reject stops the stage before anything is written', async () => {
    const ruim = { ...(FEITOS_AQUI[0] as (typeof FEITOS_AQUI)[number]), trimestre: 5 };
    const { ctx, capturado } = await contexto([ruim]);
    await expect(publicacaoFatosTrimestraisStage.run(ctx)).rejects.toThrow(
      /1 rows do not fit FatoTrimestralSchema/,
    );
    expect(capturado.json.size).toBe(0);
  });
});
