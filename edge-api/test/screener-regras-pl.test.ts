import type { ScreenerConsulta } from '@fundamentos/schemas/screener';
import type { ScreenerSnapshot, ScreenerSnapshotLinha } from '@fundamentos/schemas/screener-snapshot';
import { describe, expect, it } from 'vitest';
import { executarScreener, executarScreenerLembrado } from '../src/screener/executar.ts';
import { linhaFeitaAqui } from './linha-screener.ts';

// SNAPSHOT MADE HERE, not financial data: invented companies 1–6 with P/L values chosen to hit each
// rule (the real sample has no prices, so every real P/L is null). Severities are the market marts'
// names (json/mercado/classificacao-flags-pl.json of the sample build).
function linha(
  cd: number,
  pl: number | null,
  flag: string | null,
  gravidade: ScreenerSnapshotLinha['pl_gravidade'],
): ScreenerSnapshotLinha {
  return linhaFeitaAqui({
    cd_regulator: cd,
    ano: 2023,
    nome: `FIXTURE ${cd}`,
    ticker: `TSTE${cd}`,
    disponivel_em: '2024-03-01',
    dt_receb: '2024-03-01',
    data_preco: pl === null ? null : '2024-03-04',
    pl,
    flag_multiplos: flag,
    flag_pl: flag,
    pl_gravidade: gravidade,
  });
}
const snapshot: ScreenerSnapshot = {
  versao_do_dado: '2026-11-20-fixture-infra|1',
  regra_as_of: 'fixture feita aqui',
  classificacao_flags_pl: [
    { flag: 'acoes_em_milhares', gravidade: 'ajuste_feito', significado: 'fixture' },
    { flag: 'acoes_defasadas', gravidade: 'ressalva_leve', significado: 'fixture' },
    { flag: 'pl_negativo', gravidade: 'bloqueante', significado: 'fixture' },
    { flag: 'pl_extremo', gravidade: 'bloqueante', significado: 'fixture' },
    { flag: 'ttm_sem_trimestre', gravidade: 'bloqueante', significado: 'fixture' },
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

// MADE HERE as well: 12-month P/L values on invented companies 11–16 (the sample has no ITR, so no real TTM).
function comTtm(
  cd: number,
  ttm: number | null,
  flag: string | null,
  gravidade: ScreenerSnapshotLinha['pl_gravidade'],
): ScreenerSnapshotLinha {
  return {
    ...linha(cd, 15, 'pvp_patrimonio_nao_positivo', 'bloqueante'),
    pl_ttm: ttm,
    pl_ttm_ano: 2023,
    pl_ttm_trimestre: 3,
    pl_ttm_dt_receb: '2023-11-10',
    pl_ttm_data_preco: '2023-11-13',
    flag_pl_ttm: flag,
    pl_ttm_gravidade: gravidade,
  };
}
const snapshotTtm: ScreenerSnapshot = {
  ...snapshot,
  linhas: [
    comTtm(11, 9, null, null),
    comTtm(12, 30, 'acoes_defasadas', 'ressalva_leve'),
    comTtm(13, null, 'ttm_sem_trimestre_4_2022', 'bloqueante'),
    comTtm(14, 250, 'pl_extremo', 'bloqueante'),
    comTtm(15, -4, 'pl_negativo', 'bloqueante'),
    { ...linha(16, 10, null, null) },
  ],
};

describe('screener 12-month P/L (made-here snapshot)', () => {
  const ttm = (o: Partial<ScreenerConsulta>) =>
    consulta({ filtros: [{ indicador: 'pl_ttm', operador: 'max', valor: 20 }], ...o });

  it('pl_ttm filters on the published pl_ttm, with its own flags and dates', () => {
    const r = executarScreener(snapshotTtm, ttm({}));
    // 11 passes (9 <= 20); 12 passes the rules but 30 > 20; the annual flag of 11 (a P/VP flag) is not looked at.
    expect(r.resultado.empresas.map((e) => e.cd_regulator)).toEqual([11]);
    expect(r.resultado.empresas[0]?.multiplos).toEqual({
      pl_ttm: { valor: 9, dt_receb: '2023-11-10', data_preco: '2023-11-13', ressalvas: [] },
    });
    expect(r.fora_do_filtro?.por_motivo).toEqual({
      ttm_sem_trimestre_4_2022: 1,
      pl_extremo: 1,
      pl_negativo: 1,
      sem_itr: 1,
    });
    expect(r.fora_do_filtro?.resumo).toContain('nenhum ITR recebido');
  });

  it('rigor classifies the TTM flags directly: ressalva_leve passes under padrao, not under estrito', () => {
    const padrao = executarScreener(
      snapshotTtm,
      ttm({ filtros: [{ indicador: 'pl_ttm', operador: 'min', valor: 25 }] }),
    );
    expect(padrao.resultado.empresas.map((e) => [e.cd_regulator, e.multiplos?.pl_ttm?.ressalvas])).toEqual([
      [12, ['acoes_defasadas']],
    ]);
    const estrito = executarScreener(
      snapshotTtm,
      ttm({ rigor: 'estrito', filtros: [{ indicador: 'pl_ttm', operador: 'min', valor: 25 }] }),
    );
    expect(estrito.resultado.total).toBe(0);
    expect(estrito.fora_do_filtro?.por_motivo.rigor_estrito).toBe(1);
  });

  it('an as_of before the TTM price session: not known yet', () => {
    const r = executarScreener(snapshotTtm, ttm({ as_of: '2024-03-02' }));
    expect(r.resultado.total).toBe(1);
    const cedo = executarScreener(
      { ...snapshotTtm, linhas: snapshotTtm.linhas.map((l) => ({ ...l, disponivel_em: '2023-11-11' })) },
      ttm({ as_of: '2023-11-11' }),
    );
    expect(cedo.resultado.total).toBe(0);
    // 11, 12, 14 and 15 have a TTM price (2023-11-13) after as_of; 13 has no value (its flag).
    expect(cedo.fora_do_filtro?.por_motivo.preco_depois_do_as_of).toBe(4);
  });

  it('the annual P/L flag is read from flag_pl, not from the combined flag', () => {
    // Row 11 has P/L 15 with flag_multiplos = flag_pl = pvp_patrimonio_nao_positivo (unknown to the classification → blocking).
    const r = executarScreener(snapshotTtm, consulta({}));
    expect(r.fora_do_filtro?.por_motivo.pvp_patrimonio_nao_positivo).toBe(5);
    const soPl = executarScreener(
      {
        ...snapshotTtm,
        linhas: snapshotTtm.linhas.map((l) => ({ ...l, flag_pl: null, pl_gravidade: null })),
      },
      consulta({}),
    );
    expect(soPl.resultado.total).toBe(6);
  });
});

describe('screener answers remembered per snapshot and query (made-here snapshot)', () => {
  it('the same query on the same snapshot answers the same object; another query or snapshot is computed', () => {
    const a = executarScreenerLembrado(snapshot, consulta({}));
    expect(a).toEqual(executarScreener(snapshot, consulta({})));
    expect(executarScreenerLembrado(snapshot, consulta({}))).toBe(a);
    const estrito = executarScreenerLembrado(snapshot, consulta({ rigor: 'estrito' }));
    expect(estrito.resultado.empresas.map((e) => e.cd_regulator)).toEqual([1]);
    // A new build parses into a new snapshot object: its answers are never the old build's.
    const outro: ScreenerSnapshot = {
      ...snapshot,
      linhas: snapshot.linhas.filter((l) => l.cd_regulator !== 1),
    };
    const b = executarScreenerLembrado(outro, consulta({}));
    expect(b.resultado.empresas.map((e) => e.cd_regulator)).toEqual([2, 5]);
    expect(executarScreenerLembrado(snapshot, consulta({}))).toBe(a);
  });
});
