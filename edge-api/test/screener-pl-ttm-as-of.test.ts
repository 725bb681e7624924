import type { ScreenerConsulta } from '@fundamentos/schemas/screener';
import type {
  ScreenerPl12m,
  ScreenerSnapshot,
  ScreenerSnapshotLinha,
} from '@fundamentos/schemas/screener-snapshot';
import { describe, expect, it } from 'vitest';
import { executarScreener } from '../src/screener/executar.ts';
import { linhaFeitaAqui } from './linha-screener.ts';

// SNAPSHOT MADE HERE, not financial data: invented company 21 with two DFPs (2022 received 2023-03-01,
// 2023 received 2024-03-01) and three ITR quarters around them. Every P/L is chosen to tell the rules apart.
function linha(ano: number, disponivel: string): ScreenerSnapshotLinha {
  return linhaFeitaAqui({
    cd_regulator: 21,
    ano,
    nome: 'FIXTURE 21',
    ticker: 'TSTE21',
    disponivel_em: disponivel,
    dt_receb: disponivel,
  });
}
const q = (
  ano: number,
  trimestre: number,
  dt_receb: string,
  data_preco: string,
  pl: number,
): ScreenerPl12m => ({
  cd_regulator: 21,
  ano,
  trimestre,
  dt_receb,
  data_preco,
  pl,
  flag: null,
  gravidade: null,
});
const snapshot: ScreenerSnapshot = {
  versao_do_dado: '2026-11-23-fixture|1',
  regra_as_of: 'fixture feita aqui',
  classificacao_flags_pl: [],
  linhas: [linha(2022, '2023-03-01'), linha(2023, '2024-03-01')],
  pl_12m: [
    q(2022, 4, '2023-03-01', '2023-03-02', 25), // DFP 2022
    q(2023, 3, '2023-11-10', '2023-11-13', 9), // ITR received after the DFP 2022
    q(2023, 4, '2024-03-01', '2024-03-04', 30), // DFP 2023
    q(2024, 1, '2024-05-10', '2024-05-13', 12), // ITR received after the DFP 2023
  ],
};
const ttm = (o: Partial<ScreenerConsulta>): ScreenerConsulta => ({
  filtros: [{ indicador: 'pl_ttm', operador: 'max', valor: 20 }],
  limite: 100,
  recibo: false,
  rigor: 'padrao',
  ...o,
});
const usado = (c: Partial<ScreenerConsulta>) =>
  executarScreener(snapshot, ttm(c)).resultado.empresas[0]?.multiplos?.pl_ttm;

describe('screener pl_ttm: the latest statement, quarterly or annual, available at as_of', () => {
  it('an ITR received after the DFP changes the answer: the DFP 2023 P/L (30) fails, the 2024 Q1 one (12) passes', () => {
    expect(usado({ as_of: '2024-04-01' })).toBeUndefined();
    expect(executarScreener(snapshot, ttm({ as_of: '2024-04-01' })).resultado.total).toBe(0);
    expect(usado({ as_of: '2024-05-20' })).toEqual({
      valor: 12,
      dt_receb: '2024-05-10',
      data_preco: '2024-05-13',
      ressalvas: [],
    });
    // without as_of: the latest statement of all
    expect(usado({})?.dt_receb).toBe('2024-05-10');
  });

  it('before the DFP 2023 arrives, the ITR of 2023 Q3 (after the DFP 2022) is the latest', () => {
    expect(usado({ as_of: '2024-01-01' })).toMatchObject({ valor: 9, dt_receb: '2023-11-10' });
    // and before that ITR, the DFP 2022 itself: P/L 25 does not pass a max of 20
    expect(executarScreener(snapshot, ttm({ as_of: '2023-11-09' })).resultado.total).toBe(0);
  });

  it('an ITR received but not yet priced at as_of is not known', () => {
    const r = executarScreener(snapshot, ttm({ as_of: '2024-05-11' }));
    expect(r.resultado.total).toBe(0);
    expect(r.fora_do_filtro?.por_motivo).toEqual({ preco_depois_do_as_of: 1 });
  });

  it('with ano, the P/L current while that year was the latest: never one received after the next DFP', () => {
    expect(usado({ ano: 2022 })).toMatchObject({ valor: 9, dt_receb: '2023-11-10' });
  });
});
