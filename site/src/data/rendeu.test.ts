import { HORIZONTES_RENDEU, type QuantoRendeu, QuantoRendeuSchema } from '@fundamentos/schemas/quanto-rendeu';
import { describe, expect, it } from 'vitest';
import { flagsDaPagina } from './rendeu.ts';

// Made here, no financial number: a code that never traded (every value null), the shape the sample has 21 times.
const nulo = (flag: string) => ({ valor: null, flag });
const semPregao = (flags: [string, string, string, string]): QuantoRendeu =>
  QuantoRendeuSchema.parse({
    cd_regulator: 999999,
    ticker: 'FICT3',
    ate: null,
    preco_ate: null,
    fator_ate: null,
    fonte_ate: null,
    classe: null,
    indice_nome: 'IBOV',
    selic_serie: '11',
    horizontes: HORIZONTES_RENDEU.map((anos) => ({
      anos,
      data_pedida: null,
      data_inicio: null,
      preco_inicio: null,
      fator_inicio: null,
      dias_ate_inicio: null,
      fonte_inicio: null,
      mil_reais_preco: nulo(flags[0]),
      mil_reais_com_proventos: { ...nulo(flags[1]), proventos_por_acao: null, n_proventos: null, fontes: [] },
      indice: {
        ...nulo(flags[2]),
        data_inicio: null,
        data_fim: null,
        pontos_inicio: null,
        pontos_fim: null,
        fontes: [],
      },
      selic: { ...nulo(flags[3]), data_inicio: null, taxas: null, fontes: [] },
    })),
    regras: { inicio: 'a', preco: 'b', com_proventos: 'c', indice: 'd', selic: 'e' },
    regras_en: { inicio: 'a', preco: 'b', com_proventos: 'c', indice: 'd', selic: 'e' },
    citacao: 'feito aqui',
    citacao_en: 'made here',
    nota: 'feito aqui',
    nota_en: 'made here',
  });

describe('quanto rendeu page helpers', () => {
  it('numbers each flag once, in table order (column by column, horizon by horizon)', () => {
    const r = semPregao([
      'pregao_inicial_distante',
      'pregao_inicial_distante',
      'indice_sem_cobertura',
      'a;b',
    ]);
    expect(flagsDaPagina(r)).toEqual(['pregao_inicial_distante', 'indice_sem_cobertura', 'a', 'b']);
  });

  it('the schema refuses a null value without a flag', () => {
    expect(() => semPregao(['x', 'x', 'x', null as unknown as string])).toThrow(/selic.*flag|flag/);
  });
});
