import type { ScreenerSnapshotLinha } from '@fundamentos/schemas/screener-snapshot';

/**
 * A screener snapshot row MADE HERE for the screener's unit tests, not financial data: the fields a
 * test names, every other value and multiple null (no indicator, no price, no flag).
 */
export function linhaFeitaAqui(
  l: Pick<ScreenerSnapshotLinha, 'cd_regulator' | 'ano' | 'nome' | 'ticker' | 'disponivel_em' | 'dt_receb'> &
    Partial<ScreenerSnapshotLinha>,
): ScreenerSnapshotLinha {
  return {
    indicadores: {},
    flags_indicadores: {},
    data_preco: null,
    preco: null,
    market_cap: null,
    pl: null,
    pvp: null,
    ev_ebitda: null,
    fcf_yield: null,
    flag_multiplos: null,
    flag_pl: null,
    pl_gravidade: null,
    pl_ttm: null,
    pl_ttm_ano: null,
    pl_ttm_trimestre: null,
    pl_ttm_dt_receb: null,
    pl_ttm_data_preco: null,
    flag_pl_ttm: null,
    pl_ttm_gravidade: null,
    ...l,
  };
}
