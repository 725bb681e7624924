import type { ScreenerConsulta } from '@fundamentos/schemas/screener';
import type { ScreenerSnapshot, ScreenerSnapshotLinha } from '@fundamentos/schemas/screener-snapshot';
import { describe, expect, it } from 'vitest';
import { executarScreener } from '../src/screener/executar.ts';

// SNAPSHOT MADE HERE, not financial data: invented companies 1–6 with P/L values chosen to hit each
// rule (the real sample has no prices, so every real P/L is null). Severities are the market marts'
// names (json/mercado/classificacao-flags-pl.json of the sample build).
function linha(
  cd: number,
  pl: number | null,
  flag: string | null,
  gravidade: ScreenerSnapshotLinha['pl_gravidade'],
): ScreenerSnapshotLinha {
  return {
    cd_regulator: cd,
    ano: 2023,
    nome: `FIXTURE ${cd}`,
    ticker: `TSTE${cd}`,
    disponivel_em: '2024-03-01',
    dt_receb: '2024-03-01',
    indicadores: {},
    flags_indicadores: {},
    data_preco: pl === null ? null : '2024-03-04',
    preco: null,
    market_cap: null,
    pl,
    pvp: null,
    ev_ebitda: null,
    fcf_yield: null,
    flag_multiplos: flag,
    pl_gravidade: gravidade,
  };
}
const snapshot: ScreenerSnapshot = {
  versao_do_dado: '2026-11-20-fixture-infra|1',
  regra_as_of: 'fixture feita aqui',
  classificacao_flags_pl: [
    { flag: 'acoes_em_milhares', gravidade: 'ajuste_feito', significado: 'fixture' },
    { flag: 'acoes_defasadas', gravidade: 'ressalva_leve', significado: 'fixture' },
    { flag: 'pl_negativo', gravidade: 'bloqueante', significado: 'fixture' },
    { flag: 'pl_extremo', gravidade: 'bloqueante', significado: 'fixture' },
  ],
  linhas: [
    linha(1, 10, null, null),
    linha(2, 12, 'acoes_defasadas', 'ressalva_leve'),
    linha(3, null, 'pl_negativo', 'bloqueante'),
    linha(4, 250, 'pl_extremo', 'bloqueante'),
    linha(5, 8, 'acoes_em_milhares', 'ajuste_feito'),
    linha(6, null, null, null),
  ],
};
const consulta = (o: Partial<ScreenerConsulta>): ScreenerConsulta => ({
  filtros: [{ indicador: 'pl', operador: 'max', valor: 300 }],
  limite: 100,
  recibo: false,
  rigor: 'padrao',
  ...o,
});

describe('screener P/L rules (made-here snapshot)', () => {
  it('padrao: light caveats and adjustments pass with ressalvas; negative, extreme and null never do', () => {
    const r = executarScreener(snapshot, consulta({}));
    expect(r.resultado.empresas.map((e) => e.cd_regulator)).toEqual([1, 2, 5]);
    expect(r.resultado.empresas.map((e) => e.multiplos?.pl?.ressalvas)).toEqual([
      [],
      ['acoes_defasadas'],
      ['acoes_em_milhares'],
    ]);
    expect(r.fora_do_filtro?.n).toBe(3);
    expect(r.fora_do_filtro?.por_motivo).toEqual({ pl_negativo: 1, pl_extremo: 1, sem_valor: 1 });
    expect(r.fora_do_filtro?.resumo).toContain('3 empresas ficaram de fora');
  });

  it('estrito: only a P/L without any flag', () => {
    const r = executarScreener(snapshot, consulta({ rigor: 'estrito' }));
    expect(r.resultado.empresas.map((e) => e.cd_regulator)).toEqual([1]);
    expect(r.fora_do_filtro?.por_motivo.rigor_estrito).toBe(2);
  });

  it('as_of before the price session: the P/L was not known yet', () => {
    const r = executarScreener(snapshot, consulta({ as_of: '2024-03-02' }));
    expect(r.resultado.total).toBe(0);
    // Companies 1, 2, 4 and 5 have a price session (2024-03-04) after as_of.
    expect(r.fora_do_filtro?.por_motivo.preco_depois_do_as_of).toBe(4);
  });

  it('as_of before the filing: the company has no row at all', () => {
    const r = executarScreener(snapshot, consulta({ as_of: '2024-02-28' }));
    expect(r.resultado.total).toBe(0);
    expect(r.fora_do_filtro?.n).toBe(0);
  });
});
