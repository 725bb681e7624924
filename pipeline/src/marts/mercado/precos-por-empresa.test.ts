import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type PrecosEmpresa, PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import { describe, expect, it } from 'vitest';
import { agruparPorTicker } from '../../core/agrupar.ts';
import { tickersJsonPorEmpresa, tickersPorEmpresa } from './precos-por-empresa.ts';

type Sessao = {
  cd_regulator: number;
  ticker: string;
  data: string;
  fechamento: number;
  volume: number | null;
  fator_ajuste: number;
};
type Tickers = PrecosEmpresa['tickers'];

/** The reference: the row-by-row grouping the build used before DuckDB grouped the sessions. */
function tickersDeReferencia(rows: Sessao[]): Tickers {
  return [...agruparPorTicker(rows).entries()].map(([ticker, rs]) => ({
    ticker,
    sessoes: rs.map((r) => ({ data: r.data, fechamento: r.fechamento, volume: r.volume ?? 0 })),
    fatores_ajuste: rs.flatMap((r, i) =>
      r.fator_ajuste !== 1 && rs[i + 1]?.fator_ajuste !== r.fator_ajuste
        ? [{ ate: r.data, fator: r.fator_ajuste }]
        : [],
    ),
  }));
}

/** `ler` (tickersPorEmpresa by default) over the given sessions, in a DuckDB of its own. */
async function emSql<T = Map<number, Tickers>>(
  rows: Sessao[],
  cds: number[],
  ler: (db: DuckDBConnection, cds: number[]) => Promise<T> = tickersPorEmpresa as never,
): Promise<T> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(
    'CREATE TABLE int_mercado_precos_empresa (cd_regulator INTEGER, ticker VARCHAR, data DATE, fechamento DOUBLE, volume DOUBLE, fator_ajuste DOUBLE)',
  );
  // numbers bound as their JS text and cast: DuckDB reads a double's shortest text back to the same double
  for (const r of rows)
    await db.run(
      'INSERT INTO int_mercado_precos_empresa VALUES ($1, $2, CAST($3 AS DATE), CAST($4 AS DOUBLE), CAST($5 AS DOUBLE), CAST($6 AS DOUBLE))',
      [
        r.cd_regulator,
        r.ticker,
        r.data,
        String(r.fechamento),
        r.volume === null ? null : String(r.volume),
        String(r.fator_ajuste),
      ],
    );
  const out = await ler(db, cds);
  db.closeSync();
  return out;
}

// Real: ABEV3 (AMBEV, cd 23264) closes PREULT 0000000001695 on 2021-06-25 (COTAHIST_D25062021.TXT line 28)
// and 0000000001446 on 2022-02-03 (COTAHIST_D03022022.TXT line 33); volumes left at 0 here (not asserted).
const abev: Sessao[] = [
  { cd_regulator: 23264, ticker: 'ABEV3', data: '2021-06-25', fechamento: 16.95, volume: 0, fator_ajuste: 1 },
  { cd_regulator: 23264, ticker: 'ABEV3', data: '2022-02-03', fechamento: 14.46, volume: 0, fator_ajuste: 1 },
];

describe('precos.json per company', () => {
  it('keeps the raw closes in date order and no factor when none is known', async () => {
    const tickers = PrecosEmpresaSchema.shape.tickers.parse((await emSql(abev, [23264])).get(23264));
    expect(tickers).toHaveLength(1);
    expect(tickers[0]?.sessoes.map((s) => [s.data, s.fechamento])).toEqual([
      ['2021-06-25', 16.95],
      ['2022-02-03', 14.46],
    ]);
    expect(tickers[0]?.fatores_ajuste).toEqual([]);
  });

  it('keeps factors apart as runs closed by their last session (made-here factor 0.5)', async () => {
    const feito: Sessao[] = [
      { ...(abev[0] as Sessao), fator_ajuste: 0.5 },
      { ...(abev[0] as Sessao), data: '2021-07-01', fator_ajuste: 0.5 },
      { ...(abev[1] as Sessao) },
    ];
    const tickers = (await emSql(feito, [23264])).get(23264);
    expect(tickers?.[0]?.fatores_ajuste).toEqual([{ ate: '2021-07-01', fator: 0.5 }]);
    // the closes themselves are not multiplied
    expect(tickers?.[0]?.sessoes[0]?.fechamento).toBe(16.95);
  });

  it('one entry per trading code', async () => {
    const dois: Sessao[] = [...abev, { ...(abev[1] as Sessao), ticker: 'ABEV4' }];
    expect((await emSql(dois, [23264])).get(23264)?.map((t) => t.ticker)).toEqual(['ABEV3', 'ABEV4']);
  });
});

describe('precos.json grouped in SQL (tickersPorEmpresa) against the row-by-row grouping', () => {
  // Made here: the real ABEV3 closes above plus factor runs (0.5 twice, then 0.25, then 1 between two
  // runs of 0.5), a second code, a second company, awkward doubles, a missing volume and a company
  // without sessions.
  const feitas: Sessao[] = [
    ...abev,
    {
      cd_regulator: 23264,
      ticker: 'ABEV3',
      data: '2021-05-03',
      fechamento: 1 / 3,
      volume: 1e21,
      fator_ajuste: 0.5,
    },
    {
      cd_regulator: 23264,
      ticker: 'ABEV3',
      data: '2021-05-04',
      fechamento: 0.1,
      volume: 123456789.125,
      fator_ajuste: 0.5,
    },
    {
      cd_regulator: 23264,
      ticker: 'ABEV3',
      data: '2021-05-05',
      fechamento: 2,
      volume: 5e-7,
      fator_ajuste: 0.25,
    },
    { cd_regulator: 23264, ticker: 'ABEV3', data: '2021-05-06', fechamento: 2.5, volume: 1, fator_ajuste: 1 },
    {
      cd_regulator: 23264,
      ticker: 'ABEV3',
      data: '2021-05-07',
      fechamento: 2.75,
      volume: 1,
      fator_ajuste: 0.5,
    },
    {
      cd_regulator: 23264,
      ticker: 'ABEV4',
      data: '2022-02-03',
      fechamento: 14.46,
      volume: 0,
      fator_ajuste: 0.5,
    },
    {
      cd_regulator: 9512,
      ticker: 'PETR4',
      data: '2022-02-03',
      fechamento: 33.9,
      volume: null,
      fator_ajuste: 1,
    },
  ];
  const ordenadas = [...feitas].sort(
    (a, b) =>
      a.cd_regulator - b.cd_regulator ||
      (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0) ||
      (a.data < b.data ? -1 : 1),
  );

  it('gives the same tickers, byte for byte once serialised, and the catalogue schema accepts them', async () => {
    const sql = await emSql(feitas, [9512, 23264, 99999]);
    expect([...sql.keys()]).toEqual([9512, 23264]);
    for (const cd of [9512, 23264]) {
      // the row-by-row path coerced a missing volume to 0 (z.coerce.number): tickersDeReferencia does too
      const esperado = tickersDeReferencia(ordenadas.filter((r) => r.cd_regulator === cd));
      expect(JSON.stringify(PrecosEmpresaSchema.shape.tickers.parse(sql.get(cd)))).toBe(
        JSON.stringify(esperado),
      );
    }
    // the text DuckDB writes is the one JSON.stringify writes of the reference (publication bytes)
    const textos = await emSql(feitas, [9512, 23264, 99999], tickersJsonPorEmpresa);
    for (const cd of [9512, 23264])
      expect(Buffer.from(textos.get(cd) ?? []).toString('utf8')).toBe(
        JSON.stringify(tickersDeReferencia(ordenadas.filter((r) => r.cd_regulator === cd))),
      );
    expect(sql.get(23264)?.[0]?.fatores_ajuste).toEqual([
      { ate: '2021-05-04', fator: 0.5 },
      { ate: '2021-05-05', fator: 0.25 },
      { ate: '2021-05-07', fator: 0.5 },
    ]);
  });
});
