import { DuckDBInstance } from '@duckdb/node-api';
import type { ScoreValorAno } from '@fundamentos/schemas/scores';
import { beforeAll, describe, expect, it } from 'vitest';
import { linhas } from '../core/sql.ts';
import { PASSOS_SCORE_VALOR } from './score-valor.ts';
import { posicoes, ScoreValorRow } from './scores.ts';

/** An annual multiple as `mart_mercado_multiplos_anuais` holds it (the columns the value score reads). */
interface MultiploAnual {
  cd_regulator: number;
  ano: number;
  pl: number | null;
  pvp: number | null;
  flag_pl: string | null;
  flag: string | null;
}

/** The mart's SQL over the fixture in a fresh in-memory DuckDB: `cd/ano` → the published score row. */
async function calcularScoreValor(multiplos: MultiploAnual[]): Promise<Map<string, ScoreValorAno>> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    await db.run(`CREATE TABLE mart_mercado_multiplos_anuais
      (cd_regulator INTEGER, ano INTEGER, pl DOUBLE, pvp DOUBLE, flag_pl VARCHAR, flag VARCHAR)`);
    for (const m of multiplos)
      await db.run('INSERT INTO mart_mercado_multiplos_anuais VALUES ($1, $2, $3, $4, $5, $6)', [
        m.cd_regulator,
        m.ano,
        m.pl,
        m.pvp,
        m.flag_pl,
        m.flag,
      ]);
    for (const p of PASSOS_SCORE_VALOR) {
      if (typeof p === 'string') await db.run(p);
      else await db.run(p.sql, p.params);
    }
    const rows = await linhas(db, 'SELECT * FROM mart_mercado_score_valor', ScoreValorRow);
    return new Map(rows.map(({ cd_regulator, ...r }) => [`${cd_regulator}/${r.ano}`, r]));
  } finally {
    db.closeSync();
  }
}

/**
 * Made-here fixture (not real companies or prices): five companies in 2021, one alone in 2020, to
 * check the rule of metodologia 9.1 with numbers small enough to do by hand.
 */
const m = (cd: number, ano: number, pl: number | null, pvp: number | null, flag_pl: string | null = null) =>
  ({ cd_regulator: cd, ano, pl, pvp, flag_pl, flag: flag_pl }) satisfies MultiploAnual;

const FIXTURE: MultiploAnual[] = [
  m(1, 2021, 5, 1),
  m(2, 2021, 10, 2),
  m(3, 2021, 20, 2, 'acoes_defasadas'), // light caveat: stays in the universe
  m(4, 2021, 250, 4, 'pl_extremo'), // value present but blocking: out
  {
    cd_regulator: 5,
    ano: 2021,
    pl: null,
    pvp: null,
    flag_pl: 'preco_distante',
    flag: 'preco_distante;fcf_nao_calculado',
  },
  { cd_regulator: 6, ano: 2021, pl: 8, pvp: null, flag_pl: null, flag: 'pvp_patrimonio_nao_positivo' },
  m(7, 2020, 4, 1),
];

describe('value score (metodologia 9.1) on a made-here fixture', () => {
  let s: Map<string, ScoreValorAno>;
  beforeAll(async () => {
    s = await calcularScoreValor(FIXTURE);
  });

  it('positions: 0 smallest, 1 largest, ties share the mean position', () => {
    expect(posicoes([3, 1, 2])).toEqual([1, 0, 0.5]);
    expect(posicoes([1, 2, 2, 3])).toEqual([0, 0.5, 0.5, 1]);
  });

  it('cheapest on both yields scores 1, dearest 0; the universe counts only clean multiples', () => {
    // E/P: 1/5 > 1/10 > 1/20 → positions 1, 0.5, 0; B/P: 1/1 > 1/2 = 1/2 → 1, 0.25, 0.25
    expect(s.get('1/2021')).toMatchObject({ valor: 1, flag: null, universo: 3 });
    expect(s.get('2/2021')).toMatchObject({
      valor: (0.5 + 0.25) / 2,
      posicao_lucro_preco: 0.5,
      posicao_vp_preco: 0.25,
    });
    expect(s.get('3/2021')?.valor).toBe((0 + 0.25) / 2);
  });

  it('a blocking P/L flag, a null P/L or a null P/VP gives null with the flag of the multiple', () => {
    expect(s.get('4/2021')).toMatchObject({ valor: null, flag: 'pl_extremo', pl: 250, universo: 3 });
    // the flag of the P/L names the reason, not the row's other multiples (fcf_nao_calculado)
    expect(s.get('5/2021')).toMatchObject({ valor: null, flag: 'preco_distante' });
    expect(s.get('6/2021')).toMatchObject({ valor: null, flag: 'pvp_patrimonio_nao_positivo' });
  });

  it('a universe of one has no position: null with score_valor_universo_pequeno', () => {
    expect(s.get('7/2020')).toMatchObject({ valor: null, flag: 'score_valor_universo_pequeno', universo: 1 });
  });
});
