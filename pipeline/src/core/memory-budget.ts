import { stat } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';

/**
 * DuckDB's `memory_limit` when the caller gives none, derived from the size of the raw inputs.
 *
 * DuckDB keeps table blocks resident up to its limit whatever the build needs, so a fixed 2GB limit gave a
 * small build the same ~3 GiB peak as the full one (docs/benchmarks.md, "Memory budget"). The limit grows
 * with the bytes of the raw files (zips as they sit on disk) and is bounded: below the floor the spilling
 * costs more than it saves, and the ceiling is the limit the full-scale build was measured under (peak
 * 3,582 MiB against the 4 GB target), so full scale keeps exactly the settings it had.
 */
const CEILING_GB = 2;
/** The largest derived limit: full scale's (DEFAULT_MEMORY_LIMIT in build.ts). */
export const MEMORY_LIMIT_CEILING = `${CEILING_GB}GB`;
export const MEMORY_LIMIT_FLOOR_MB = 256;
/** MB of DuckDB memory per MB of raw input (the full-scale bench's 493 MB of zips reach the ceiling). */
export const MEMORY_MB_PER_INPUT_MB = 5;

/** `memory_limit` for raw inputs totalling `inputBytes` bytes, e.g. `'256MB'`, `'460MB'` or `'2GB'`. */
export function memoryLimitFor(inputBytes: number): string {
  const mb = Math.ceil((inputBytes / 1e6) * MEMORY_MB_PER_INPUT_MB);
  if (mb >= CEILING_GB * 1000) return MEMORY_LIMIT_CEILING;
  return `${Math.max(MEMORY_LIMIT_FLOOR_MB, mb)}MB`;
}

/** Total size in bytes of the given files. */
export async function totalBytes(paths: readonly string[]): Promise<number> {
  let n = 0;
  for (const p of paths) n += (await stat(p)).size;
  return n;
}

/**
 * DuckDB settings every build gets beside `memory_limit`. This DuckDB (the Node binding, no jemalloc) uses
 * glibc malloc, which keeps what DuckDB frees outside its buffer pool (hash tables, sort states, result
 * chunks) in its arenas; DuckDB returns it to the system (`malloc_trim`) when a task freed more than these
 * thresholds (defaults 128MiB and 512MiB). At escala 0.1 with a 256MB limit, RSS after
 * `publicacao_fundamentos` was 404 MiB with 16MB against 886–937 MiB with the defaults (docs/benchmarks.md,
 * "Memory budget").
 */
export const DUCKDB_ALLOCATOR_SETTINGS = {
  allocator_flush_threshold: '16MB',
  allocator_bulk_deallocation_flush_threshold: '16MB',
} as const;

/**
 * How far V8 lets the old generation grow past what the last full GC kept, in percent (V8's own factor
 * moves between 10% and 300%). When the publication stages turned every row into JS objects, V8's default
 * growth left 610–640 MiB of heap after `publicacao_fatos_trimestrais` at escala 0.1, most of it garbage,
 * and 20% bounded it. Those rows are now JSON text made by DuckDB, and at 20% the build ran full GCs so
 * often that they were a tenth of a new day's main thread at escala 0.1 (0.4–0.6 of 4.9 s). At 100% the
 * build's peak did not move (escala 0.1: 717–796 MiB against 730–833 MiB; full scale: 2,923 against
 * 2,920 MiB), and the full-scale mart stages ran in 106.7 s against 116.3 s (docs/benchmarks.md, "Fewer
 * catalogue queries, fewer full garbage collections").
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Bounds the growth of this process's V8 heap for the rest of its life (V8 reads the flag at each full
 * GC). Process-wide on purpose: a build is the process's job, whether from the CLI, the bench or a test.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
