import type { DuckDBConnection } from '@duckdb/node-api';
import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { type PrecosEmpresa, PrecosEmpresaSchema } from '@fundamentos/schemas/precos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { textosDoMercado } from '@fundamentos/ui/mercado';
import { z } from 'zod';
import { fatias } from '../../core/fatias.ts';
import { linhas } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';

/**
 * The sessions of a slice of companies, grouped by DuckDB into each company's `tickers` array (JSON
 * text): the grouping precos-por-empresa.test.ts checks against a row-by-row reference (tickers in code order, sessions in date order, factor runs
 * closed by their last session), without reading ~560 k rows at bench scale 0.1 into objects one by one.
 */
export const sqlTickersPorEmpresa = (cds: readonly number[]) => /* sql */ `
WITH s AS (
  SELECT cd_regulator, ticker, data, fechamento, volume, fator_ajuste,
    lead(fator_ajuste) OVER (PARTITION BY cd_regulator, ticker ORDER BY data) AS proximo
  FROM int_mercado_precos_empresa WHERE cd_regulator IN (${cds.join(',')})
),
t AS (
  SELECT cd_regulator, ticker,
    -- coalesce: the row-by-row reading coerced a missing volume to 0 (z.coerce); kept, so no byte changes
    list({data: strftime(data, '%Y-%m-%d'), fechamento: fechamento, volume: coalesce(volume, 0)} ORDER BY data) AS sessoes,
    list({ate: strftime(data, '%Y-%m-%d'), fator: fator_ajuste} ORDER BY data)
      FILTER (WHERE fator_ajuste <> 1 AND (proximo IS NULL OR proximo <> fator_ajuste)) AS fatores_ajuste
  FROM s GROUP BY ALL
)
SELECT cd_regulator, to_json(list({ticker: ticker, sessoes: sessoes, fatores_ajuste: fatores_ajuste} ORDER BY ticker)) AS tickers
FROM t GROUP BY cd_regulator ORDER BY cd_regulator`;

type Tickers = PrecosEmpresa['tickers'];

const TickersJson = z.object({ cd_regulator: z.coerce.number(), tickers: z.string() });

/**
 * What the writer checks of a `precos.json` built from SQL: the envelope and each code, not each session.
 * The sessions' types are fixed by the mart's columns (DATE formatted, DOUBLE); the catalogue schema
 * (PrecosEmpresaSchema) stays the oracle in precos-por-empresa.test.ts, over the SQL output of real and
 * made-here rows. Parsing every session with zod was most of this artefact's cost.
 */
const PrecosEscritaSchema = PrecosEmpresaSchema.extend({
  tickers: z.array(
    PrecosEmpresaSchema.shape.tickers.element.extend({
      sessoes: z.custom<Tickers[number]['sessoes']>((v) => Array.isArray(v)),
    }),
  ),
});

/** Each company of `cds` with its `tickers` (companies without a session left out), in code order. */
export async function tickersPorEmpresa(
  db: DuckDBConnection,
  cds: readonly number[],
): Promise<Map<number, Tickers>> {
  const out = new Map<number, Tickers>();
  for (const r of await linhas(db, sqlTickersPorEmpresa(cds), TickersJson)) {
    const tickers = JSON.parse(r.tickers) as (Omit<Tickers[number], 'fatores_ajuste'> & {
      fatores_ajuste: Tickers[number]['fatores_ajuste'] | null;
    })[];
    // An empty FILTER aggregate is NULL in DuckDB; the artefact says "no known factor" with [].
    out.set(
      r.cd_regulator,
      tickers.map((t) => ({ ticker: t.ticker, sessoes: t.sessoes, fatores_ajuste: t.fatores_ajuste ?? [] })),
    );
  }
  return out;
}

/** `json/empresas/<cd>/precos.json` for every company given that has at least one session. */
export async function publicarPrecosPorEmpresa(ctx: BuildContext, cds: number[]): Promise<ManifestEntry[]> {
  const out: ManifestEntry[] = [];
  const citacao = mensagem('pt', textosDoMercado('pt').precos.citacao, { versao: ctx.versao_do_dado });
  const nota = mensagem('pt', textosDoMercado('pt').precos.nota);
  // A slice of companies at a time (fatias.ts): every session of every code of the universe at once was
  // the full-scale build's memory peak in publicacao_mercado (docs/benchmarks.md).
  for (const fatia of fatias([...cds].sort((a, b) => a - b))) {
    for (const [cd, tickers] of await tickersPorEmpresa(ctx.db, fatia)) {
      const data: PrecosEmpresa = { cd_regulator: cd, citacao, tickers, nota };
      out.push(
        await ctx.writer.json({
          name: `precos_${cd}`,
          ...escrita(ARTEFATOS.precos, { cd }),
          schema: PrecosEscritaSchema,
          data,
        }),
      );
    }
  }
  return out;
}
