import { describe, expect, it } from 'vitest';
import { VigiaEventosSchema } from './eventos.ts';

// Made here from the spec's watcher tables; placeholders, not company results.
const evento = (data: string, extra: Record<string, unknown> = {}) => ({
  tipo: 'faixa_margem',
  periodo_anterior: '2020',
  periodo_novo: '2021',
  data,
  indicador: 'margem_liquida',
  antes: 0.1,
  depois: 0.2,
  faixa_antes: 'entre 5% e 15%',
  faixa_depois: 'acima de 15%',
  motivos: [],
  fonte: 'DFP 2021',
  texto: 'A margem líquida mudou de faixa.',
  texto_en: 'Net margin changed band.',
  ticker: 'WEGE3',
  nome: 'WEG S.A.',
  cd_regulator: 5410,
  setor: 'Máquinas',
  versao_do_dado: '2026-11-22-amostra|1',
  ...extra,
});
const resposta = {
  versao_do_dado: '2026-11-22-amostra|1',
  total: 3,
  mostrados: 2,
  eventos: [
    evento('2022-02-03'),
    evento('2021-02-10', { tipo: 'bandeira', indicador: null, antes: 'amarelo', depois: 'verde' }),
  ],
  contador_mensal: [{ mes: '2022-02', n: 1, por_tipo: { faixa_margem: 1 } }],
  tipos: { faixa_margem: 'margem líquida mudou de faixa', bandeira: 'bandeira mudou de cor' },
  criterio: 'só números sem ressalva',
  pagina: '/vigia',
  metodologia: '/metodologia#vigia',
};

describe('vigia eventos', () => {
  it('accepts indicator and flag-colour events', () => {
    expect(VigiaEventosSchema.safeParse(resposta).success).toBe(true);
  });
  it('refuses oldest-first order and mostrados that does not match', () => {
    expect(
      VigiaEventosSchema.safeParse({ ...resposta, eventos: [...resposta.eventos].reverse() }).success,
    ).toBe(false);
    expect(VigiaEventosSchema.safeParse({ ...resposta, mostrados: 3 }).success).toBe(false);
  });
  it('refuses a colour compared with a number, a bad month and a missing texto_en', () => {
    const misto = evento('2022-02-03', { antes: 'amarelo', depois: 0.2 });
    expect(VigiaEventosSchema.safeParse({ ...resposta, eventos: [misto, resposta.eventos[1]] }).success).toBe(
      false,
    );
    const mes = [{ mes: '2022-2', n: 1, por_tipo: {} }];
    expect(VigiaEventosSchema.safeParse({ ...resposta, contador_mensal: mes }).success).toBe(false);
    const { texto_en: _t, ...semEn } = evento('2022-02-03');
    expect(VigiaEventosSchema.safeParse({ ...resposta, eventos: [semEn, resposta.eventos[1]] }).success).toBe(
      false,
    );
  });
});
