import { describe, expect, it } from 'vitest';
import {
  formatarContaUsada,
  INDICADORES,
  IndicadoresSchema,
  NOMES_INDICADORES,
  NomeIndicadorSchema,
} from './indicadores.ts';

// Made here: shape from the spec's "Indicators" tables; values are not financial data
// (0.1 / null are placeholders chosen to exercise the rules, not numbers of any company).
const exemplo = {
  cd_regulator: 5410,
  tipo: 'geral',
  indicadores: [
    { ano: 2023, nome: 'margem_liquida', valor: 0.1, flag: null },
    { ano: 2023, nome: 'cresc_receita_5a_cagr', valor: null, flag: 'denominador_sem_comparativo' },
    { ano: 2024, nome: 'margem_liquida', valor: 0.1, flag: null },
  ],
  proveniencia: {
    margem_liquida: {
      titulo: 'Margem líquida',
      formula: 'lucro líquido consolidado / receita líquida',
      contas_regulator: ['DRE 3.11', 'DRE 3.01'],
      base_lucro: 'consolidado_total',
      unidade: 'fracao',
      metodologia: '/metodologia#margem_liquida',
    },
  },
  contas_usadas: { receita: formatarContaUsada({ demo: 'DRE', cd_conta: '3.01', agreg: 'con', ano: 2024 }) },
  dicionario: '/dicionario',
  nota: 'Valores recalculados dos arquivos públicos.',
  nota_en: 'Values recomputed from the public files.',
  citacao: 'Fonte: regulator DFP.',
  citacao_en: 'Source: regulator DFP.',
};

describe('indicadores', () => {
  it('has the 13 indicators of the spec with unit and profit base', () => {
    expect(NOMES_INDICADORES).toHaveLength(13);
    expect(INDICADORES.roe.base_lucro).toBe('controladores');
    expect(INDICADORES.roic.base_lucro).toBe('nopat_total');
    expect(INDICADORES.dl_ebitda.unidade).toBe('vezes');
    expect(INDICADORES.f_score.unidade).toBe('inteiro_0_9');
    expect(INDICADORES.divida_liquida.base_lucro).toBeNull();
    expect(NomeIndicadorSchema.safeParse('pl').success).toBe(false);
  });
  it('accepts a minimal answer and writes contas_usadas in one form', () => {
    const r = IndicadoresSchema.parse(exemplo);
    expect(r.contas_usadas.receita).toBe('DRE 3.01 (con, exercício 2024)');
  });
  it('refuses a null value without flag', () => {
    const linhas = [{ ano: 2023, nome: 'roe', valor: null, flag: null }];
    expect(IndicadoresSchema.safeParse({ ...exemplo, indicadores: linhas }).success).toBe(false);
  });
  it('refuses rows out of year order, unknown names and string values', () => {
    const fora = [exemplo.indicadores[2], exemplo.indicadores[0]];
    expect(IndicadoresSchema.safeParse({ ...exemplo, indicadores: fora }).success).toBe(false);
    const nome = [{ ano: 2023, nome: 'margem_liq', valor: 0.1, flag: null }];
    expect(IndicadoresSchema.safeParse({ ...exemplo, indicadores: nome }).success).toBe(false);
    const texto = [{ ano: 2023, nome: 'roe', valor: '0,1', flag: null }];
    expect(IndicadoresSchema.safeParse({ ...exemplo, indicadores: texto }).success).toBe(false);
  });
  it('refuses a contas_usadas value in another form and a missing citacao', () => {
    expect(IndicadoresSchema.safeParse({ ...exemplo, contas_usadas: { receita: 'DRE 3.01' } }).success).toBe(
      false,
    );
    const { citacao: _c, ...semCitacao } = exemplo;
    expect(IndicadoresSchema.safeParse(semCitacao).success).toBe(false);
    // the English pages read these two: an artefact without them must not publish
    const { nota_en: _n, ...semNotaEn } = exemplo;
    expect(IndicadoresSchema.safeParse(semNotaEn).success).toBe(false);
    expect(IndicadoresSchema.safeParse({ ...exemplo, citacao_en: '' }).success).toBe(false);
  });
  it('alerta_minoritarios is optional but strict when present', () => {
    const alerta = {
      por_que: 'x',
      por_que_en: 'y',
      lucro_total_3_11: 2,
      lucro_controladores_3_11_01: 1,
      diferenca_relativa: 0.5,
      onde_isso_NAO_se_aplica: 'roe',
      onde_isso_NAO_se_aplica_en: 'roe',
    };
    expect(IndicadoresSchema.safeParse({ ...exemplo, alerta_minoritarios: alerta }).success).toBe(true);
    const { onde_isso_NAO_se_aplica: _o, ...incompleto } = alerta;
    expect(IndicadoresSchema.safeParse({ ...exemplo, alerta_minoritarios: incompleto }).success).toBe(false);
  });
});
