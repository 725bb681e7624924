import type { DuckDBConnection } from '@duckdb/node-api';
import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { type PrecosEmpresa, PrecosEmpresaSchema, SessaoPrecoSchema } from '@fundamentos/schemas/precos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { textosDoMercado } from '@fundamentos/ui/mercado';
import { fatias } from '../../core/fatias.ts';
import { lit } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import {
  escreverJsonTexto,
  exigirDentroDoSchema,
  jsonComTexto,
  jsonObjetoPorLinha,
  jsonTexto,
  textoDasPartes,
  textosPorEmpresa,
} from '../../publish/json-sql.ts';
import { PADRAO_TICKER } from '../fundamentos/empresas.ts';

/** One session as JSON text (publish/json-sql.ts), in SessaoPrecoSchema's key order. */
const SESSAO_JSON = jsonObjetoPorLinha(
  {
    data: { data: 'data' },
    fechamento: { numero: 'fechamento' },
    // the row-by-row reading coerced a missing volume to 0 (z.coerce); kept, so no byte changes
    volume: { numero: 'coalesce(volume, 0)' },
  },
  Object.keys(SessaoPrecoSchema.shape),
);

const TickerJsonSchema = PrecosEmpresaSchema.shape.tickers.element;

/** One closed factor run as JSON text, in the schema's key order. */
const FATOR_JSON = jsonObjetoPorLinha(
  { ate: { data: 'data' }, fator: { numero: 'fator_ajuste' } },
  Object.keys(TickerJsonSchema.shape.fatores_ajuste.element.shape),
);

/** The JSON text of one code's entry from its aggregated parts, keys in the schema's order. */
const PARTES_DO_TICKER: Readonly<Record<string, string>> = {
  ticker: jsonTexto('ticker'),
  sessoes: `'[' || sessoes || ']'`,
  // a code without a factor run has no row in `fatores`; the artefact says "no known factor" with []
  fatores_ajuste: `'[' || coalesce(fatores_ajuste, '') || ']'`,
};
const TICKER_JSON = `concat(${Object.keys(TickerJsonSchema.shape)
  .map((k, i) => {
    const parte = PARTES_DO_TICKER[k];
    if (parte === undefined) throw new Error(`precos.json: no SQL for the key ${k} of a trading code`);
    return `${lit(`${i === 0 ? '{' : ','}${JSON.stringify(k)}:`)}, ${parte}`;
  })
  .join(', ')}, '}')`;

/**
 * The sessions of a slice of companies, written by DuckDB as each company's `tickers` array (JSON text with
 * the bytes `JSON.stringify` gives, publish/json-sql.ts): tickers in code order, sessions in date order,
 * factor runs closed by their last session. precos-por-empresa.test.ts checks it against a row-by-row
 * reference. No session crosses into JS as a value (~295 k at bench scale 0.1, ten times that at full).
 */
export const sqlTickersPorEmpresa = (cds: readonly number[]) => /* sql */ `
WITH s AS (
  SELECT cd_regulator, ticker, data, fechamento, volume, fator_ajuste,
    lead(fator_ajuste) OVER (PARTITION BY cd_regulator, ticker ORDER BY data) AS proximo
  FROM int_mercado_precos_empresa WHERE cd_regulator IN (${cds.join(',')})
),
sessoes AS (
  SELECT cd_regulator, ticker, string_agg(${SESSAO_JSON.objeto}, ',' ORDER BY data) AS sessoes
  FROM (SELECT ${SESSAO_JSON.selecao} FROM s) GROUP BY ALL
),
fatores AS (
  SELECT cd_regulator, ticker, string_agg(${FATOR_JSON.objeto}, ',' ORDER BY data) AS fatores_ajuste
  FROM (SELECT ${FATOR_JSON.selecao} FROM s WHERE fator_ajuste <> 1 AND (proximo IS NULL OR proximo <> fator_ajuste))
  GROUP BY ALL
)
SELECT cd_regulator, '[' || string_agg(${TICKER_JSON}, ',' ORDER BY ticker) || ']' AS tickers
FROM sessoes LEFT JOIN fatores USING (cd_regulator, ticker) GROUP BY cd_regulator ORDER BY cd_regulator`;

type Tickers = PrecosEmpresa['tickers'];

/**
 * The sessions a `precos.json` would publish that its schema rejects: text written in bulk is not parsed
 * row by row (json-sql.ts `exigirDentroDoSchema`), so SessaoPrecoSchema's, TickerSchema's and the factor's
 * constraints are restated here.
 */
const foraDoSchema = (cds: readonly number[]) => `
  SELECT cd_regulator, ticker, data, fechamento, volume, fator_ajuste, arquivo, linha FROM int_mercado_precos_empresa
  WHERE cd_regulator IN (${cds.join(',')}) AND NOT coalesce(
    fechamento > 0 AND coalesce(volume, 0) >= 0 AND fator_ajuste > 0 AND year(data) BETWEEN 1 AND 9999
    AND regexp_full_match(ticker, '${PADRAO_TICKER}'), false)`;

/**
 * Each company of `cds` with the JSON text of its `tickers` as UTF-8 bytes (companies without a session
 * left out), in code order.
 */
export function tickersJsonPorEmpresa(
  db: DuckDBConnection,
  cds: readonly number[],
): Promise<Map<number, Uint8Array>> {
  return textosPorEmpresa(db, sqlTickersPorEmpresa(cds));
}

/** `tickersJsonPorEmpresa` parsed (tests read the arrays). */
export async function tickersPorEmpresa(
  db: DuckDBConnection,
  cds: readonly number[],
): Promise<Map<number, Tickers>> {
  const out = new Map<number, Tickers>();
  for (const [cd, texto] of await tickersJsonPorEmpresa(db, cds))
    out.set(cd, JSON.parse(textoDasPartes([texto])) as Tickers);
  return out;
}

/** `json/empresas/<cd>/precos.json` for every company given that has at least one session. */
export async function publicarPrecosPorEmpresa(ctx: BuildContext, cds: number[]): Promise<ManifestEntry[]> {
  const out: ManifestEntry[] = [];
  if (cds.length === 0) return out;
  await exigirDentroDoSchema(ctx.db, 'int_mercado_precos_empresa', 'PrecosEmpresaSchema', foraDoSchema(cds));
  const citacao = mensagem('pt', textosDoMercado('pt').precos.citacao, { versao: ctx.versao_do_dado });
  const nota = mensagem('pt', textosDoMercado('pt').precos.nota);
  // A slice of companies at a time (fatias.ts): every session of every code of the universe at once was
  // the full-scale build's memory peak in publicacao_mercado (docs/benchmarks.md).
  for (const fatia of fatias([...cds].sort((a, b) => a - b))) {
    for (const [cd, tickers] of await tickersJsonPorEmpresa(ctx.db, fatia)) {
      const destino = escrita(ARTEFATOS.precos, { cd });
      const envelope = destino.schema.parse({ cd_regulator: cd, citacao, tickers: [], nota });
      out.push(
        await escreverJsonTexto(ctx.writer, {
          name: `precos_${cd}`,
          ...destino,
          texto: jsonComTexto(envelope, 'tickers', tickers),
        }),
      );
    }
  }
  return out;
}
