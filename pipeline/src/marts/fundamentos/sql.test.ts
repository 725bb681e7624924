import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { ARQUIVOS_NUMERADOS, LINHA_E_ARQUIVO } from './sql.ts';

/**
 * MADE HERE: rows of made-up file names and line numbers. The first line of each account must be the
 * row the former min over the struct {_linha, _arquivo} picked (fatos.ts, trimestres.ts).
 */
const ROWS: Array<[grupo: string, linha: number, arquivo: string]> = [
  // a tie on the line across files: the first file name wins, in byte order (upper case before lower)
  ['empate', 7, 'dfp_b.csv'],
  ['empate', 7, 'dfp_a.csv'],
  ['empate', 7, 'DFP_Z.csv'],
  // a lower line in a later file beats a higher line in an earlier one
  ['linha', 900, 'dfp_a.csv'],
  ['linha', 12, 'dfp_z.csv'],
  // line numbers far beyond the number of files
  ['grande', 3_000_001, 'dfp_a.csv'],
  ['grande', 3_000_000, 'dfp_b.csv'],
  ['so_um', 5, 'dfp_b.csv'],
];

describe('LINHA_E_ARQUIVO: (line, file) as one integer for the first-line min', () => {
  it('picks, in every group, the row the min over the struct picked', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const valores = ROWS.map(([g, l, a]) => `('${g}', ${l}, '${a}')`).join(', ');
    // _linha is BIGINT in staging (core/staging.ts)
    await db.run(
      `CREATE TABLE d AS SELECT grupo, CAST(l AS BIGINT) AS _linha, _arquivo FROM (VALUES ${valores}) t(grupo, l, _arquivo)`,
    );
    const ler = async (sql: string) =>
      (await db.runAndReadAll(sql)).getRowObjectsJson().map((r) => [r.grupo, r.linha, r.arquivo]);
    const antes = await ler(`SELECT grupo, min({'l': _linha, 'a': _arquivo}).l AS linha,
        min({'l': _linha, 'a': _arquivo}).a AS arquivo FROM d GROUP BY grupo ORDER BY grupo`);
    const agora = await ler(`WITH ${ARQUIVOS_NUMERADOS},
        o AS (SELECT d.*, ${LINHA_E_ARQUIVO} AS _ordem FROM d JOIN arquivos_numerados a USING (_arquivo)),
        p AS (SELECT grupo, min(_ordem) AS p FROM o GROUP BY grupo)
      SELECT grupo, o._linha AS linha, o._arquivo AS arquivo FROM o JOIN p USING (grupo) WHERE o._ordem = p.p
      ORDER BY grupo`);
    expect(agora).toEqual(antes);
    expect(agora).toEqual([
      ['empate', '7', 'DFP_Z.csv'],
      ['grande', '3000000', 'dfp_b.csv'],
      ['linha', '12', 'dfp_z.csv'],
      ['so_um', '5', 'dfp_b.csv'],
    ]);
    db.closeSync();
  });
});
