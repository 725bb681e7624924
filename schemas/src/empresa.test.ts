import { describe, expect, it } from 'vitest';
import { EmpresaIndiceSchema, EmpresaListaItemSchema, EmpresasListaSchema } from './empresa.ts';

// Made here from the spec's field table. Identification from the real sample:
// data/sample/raw/cvm/cad/cad_cia_aberta.csv line 2576 (CNPJ, CD_CVM 5410, SETOR_ATIV) and
// data/sample/raw/cvm/fca/fca_cia_aberta_valor_mobiliario_2024.csv line 942 (WEG S.A., WEGE3).
const recurso = (nome: string, exige_chave: boolean) => ({
  url: `/empresas/WEGE3/${nome}`,
  o_que: `recurso ${nome}`,
  o_que_en: `resource ${nome}`,
  exige_chave,
});
export const exemploIndice = {
  ticker: 'WEGE3',
  tickers: ['WEGE3'],
  nome: 'WEG S.A.',
  cnpj: '84.429.695/0001-11',
  cd_regulator: 5410,
  setor: 'Emp. Adm. Part. - Máqs., Equip., Veíc. e Peças',
  tipo: 'geral',
  pagina: '/acoes/WEGE3',
  citacao: 'Fonte: regulator, DFP 2010-2024; versão 2026-11-22-amostra|1',
  citacao_en: 'Source: regulator, DFP 2010-2024; version 2026-11-22-amostra|1',
  cobertura: { primeiro_ano: 2010, ultimo_ano: 2024, reapresentacoes: 3 },
  recursos: {
    indicadores: recurso('indicadores', false),
    multiplos: recurso('multiplos', false),
    fatos: recurso('fatos', false),
    dividendos: recurso('dividendos', false),
    scores: recurso('scores', false),
    reapresentacoes: recurso('reapresentacoes', false),
    trimestres: recurso('trimestres', false),
  },
  chave: {
    necessaria_para: 'recursos de dados fora da degustação',
    degustacao_aberta: ['BOVA11', 'MXRF11', 'WEGE3'],
    como_obter: '/chave-gratis',
  },
  linhagem: '/empresas/WEGE3/linhagem/{ano}/{indicador}',
  metodologia: '/metodologia',
  nota: 'Este índice não traz nenhum número financeiro.',
};

describe('empresa', () => {
  it('accepts a complete company index', () => {
    expect(EmpresaIndiceSchema.parse(exemploIndice).cd_regulator).toBe(5410);
  });
  it('refuses a missing resource, a string cd_regulator and an unknown field', () => {
    const { trimestres: _t, ...semTrimestres } = exemploIndice.recursos;
    expect(EmpresaIndiceSchema.safeParse({ ...exemploIndice, recursos: semTrimestres }).success).toBe(false);
    expect(EmpresaIndiceSchema.safeParse({ ...exemploIndice, cd_regulator: '005410' }).success).toBe(false);
    expect(EmpresaIndiceSchema.safeParse({ ...exemploIndice, preco: 40 }).success).toBe(false);
  });
  it('refuses a lineage template without {indicador}', () => {
    const r = EmpresaIndiceSchema.safeParse({ ...exemploIndice, linhagem: '/empresas/WEGE3/linhagem/{ano}' });
    expect(r.success).toBe(false);
  });
  it('list elements carry identification only', () => {
    const { ticker, tickers, nome, cnpj, cd_regulator, setor, tipo, pagina } = exemploIndice;
    const item = { ticker, tickers, nome, cnpj, cd_regulator, setor, tipo, pagina };
    expect(EmpresasListaSchema.parse([item])).toHaveLength(1);
    expect(EmpresaListaItemSchema.safeParse({ ...item, citacao: 'x' }).success).toBe(false);
    expect(EmpresaListaItemSchema.safeParse({ ...item, tickers: [] }).success).toBe(false);
  });
});
