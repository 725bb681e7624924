/**
 * The per-company publication stages read their marts a slice of companies at a time, so the JS heap
 * holds a few companies' rows rather than the whole universe's (issue #10 item 2: at full scale,
 * `publicacao_fundamentos` loading all of `mart_fatos` at once set the build's memory peak, and that peak
 * grew with the number of years). Each slice's rows are written and released before the next is read.
 */
export const EMPRESAS_POR_CONSULTA = 25;

/** Consecutive slices of `xs`, at most `n` items each, in order. */
export function* fatias<T>(xs: readonly T[], n = EMPRESAS_POR_CONSULTA): Generator<T[]> {
  if (!Number.isInteger(n) || n < 1) throw new Error(`slice size must be a positive integer, got ${n}`);
  for (let k = 0; k < xs.length; k += n) yield xs.slice(k, k + n);
}

/**
 * `cd_regulator BETWEEN lo AND hi` for a slice of ascending company codes, added to a query's own filter.
 * A range of constants: mart_fatos and mart_fatos_trimestrais are stored ordered by cd_regulator, so
 * DuckDB's scan can skip the row groups outside it (their min/max). The bounds are integers from a validated query, checked again here.
 * The range may hold companies outside the slice: callers keep their own filter of which are published.
 */
export function faixaDeEmpresas(cds: readonly number[], coluna = 'cd_regulator'): string {
  const lo = cds[0];
  const hi = cds[cds.length - 1];
  if (lo === undefined || hi === undefined) throw new Error('an empty slice of companies has no range');
  for (const cd of [lo, hi])
    if (!Number.isSafeInteger(cd)) throw new Error(`company code ${cd} is not an integer`);
  if (lo > hi) throw new Error(`company codes must be ascending: ${lo} > ${hi}`);
  return `${coluna} BETWEEN ${lo} AND ${hi}`;
}
