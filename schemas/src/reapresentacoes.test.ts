import { describe, expect, it } from 'vitest';
import { ReapresentacoesEmpresaSchema, ReapresentacoesFiiSchema } from './reapresentacoes.ts';

// Made here from the spec's restatement tables; amounts are placeholders, not company data.
const linha = {
  ano: 2022,
  demo: 'DFC_MI',
  cd_conta: '6.01',
  valor_ultimo: 100,
  valor_penult: 110,
  dif_rel: 0.1,
  agreg: 'con',
  sem_valor: null,
};
const empresa = {
  cd_regulator: 5410,
  citacao: 'Fonte: regulator DFP.',
  citacao_en: 'Source: regulator DFP.',
  total: 1,
  reapresentacoes: [linha],
  nota: 'Comparação entre a primeira publicação e a seguinte.',
  nota_en: 'Comparison between the first publication and the next one.',
  nota_agregacao: 'con quando publicado, senão ind.',
  nota_agregacao_en: 'con when published, else ind.',
};

describe('reapresentacoes', () => {
  it('accepts company restatements', () => {
    expect(ReapresentacoesEmpresaSchema.parse(empresa).total).toBe(1);
  });
  it('refuses restatements without their English texts', () => {
    const { nota_en: _n, ...semIngles } = empresa;
    expect(ReapresentacoesEmpresaSchema.safeParse(semIngles).success).toBe(false);
    expect(ReapresentacoesEmpresaSchema.safeParse({ ...empresa, nota_agregacao_en: '' }).success).toBe(false);
  });
  it('refuses a wrong aggregation, a total that does not match and nulls without sem_valor', () => {
    expect(
      ReapresentacoesEmpresaSchema.safeParse({
        ...empresa,
        reapresentacoes: [{ ...linha, agreg: 'consolidado' }],
      }).success,
    ).toBe(false);
    expect(ReapresentacoesEmpresaSchema.safeParse({ ...empresa, total: 2 }).success).toBe(false);
    expect(
      ReapresentacoesEmpresaSchema.safeParse({
        ...empresa,
        reapresentacoes: [{ ...linha, valor_penult: null }],
      }).success,
    ).toBe(false);
    const marcado = { ...linha, valor_penult: null, dif_rel: null, sem_valor: 'sem_valor_penult' };
    expect(ReapresentacoesEmpresaSchema.safeParse({ ...empresa, reapresentacoes: [marcado] }).success).toBe(
      true,
    );
  });
  it('accepts REIT restatements and refuses versao 1', () => {
    // data/sample/raw/cvm/fii/inf_mensal_fii_geral_2020.csv line 6068: MXRF11's report of
    // 2020-01-01 is version 2, delivered 2020-02-19.
    const fii = {
      fundo: { cnpj: '97.521.225/0001-25', ticker: 'MXRF11', nome: 'FII MAXI RENDA' },
      versoes: [{ competencia: '2020-01-01', versao: 2, data_entrega: '2020-02-19' }],
      capturadas: [],
      versao_do_dado: '2026-11-22-amostra|1',
      criterio: 'versao acima de 1 no informe mensal',
      criterio_en: 'versao above 1 in the monthly report',
      pagina: '/fiis/MXRF11',
    };
    expect(ReapresentacoesFiiSchema.safeParse(fii).success).toBe(true);
    const v1 = { ...fii, versoes: [{ competencia: '2020-02-01', versao: 1, data_entrega: '2020-03-16' }] };
    expect(ReapresentacoesFiiSchema.safeParse(v1).success).toBe(false);
    expect(ReapresentacoesFiiSchema.safeParse({ ...fii, versao_do_dado: '2026-11-22' }).success).toBe(false);
  });
});
