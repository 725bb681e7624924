import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import PQueue from 'p-queue';
import { comprimir } from './staging.ts';
import type { RowRange, StagingCache } from './staging-cache.ts';

/** One staged input's staging-cache entry: its rows are these ranges of the staged tables. */
export interface EntradaASalvar {
  key: string;
  ranges: ReadonlyMap<string, RowRange>;
  meta: Parameters<StagingCache['save']>[3];
}

/**
 * Saves staged inputs' staging-cache entries while the build stages the next inputs. Each save is a
 * single-threaded `COPY` of the input's row ranges (its parts' bytes must depend on its rows only:
 * `emVetoresCheios`), so staging on the build's connection (itself on one thread: the typing statement
 * numbers lines with `WITH ORDINALITY`) and saving on connections of their own keep two cores busy where
 * the build used to stop staging to save. The tables only grow meanwhile (appends, committed one batch at
 * a time), so a save reads the committed range its input was appended at, still in memory.
 *
 * DuckDB's `threads` is one setting for the whole instance: while `ocupado`, the build must leave it at
 * one (`threadsFor` in build.ts), and it must set one before handing over an entry.
 */
export interface SalvamentoDeEntradas {
  /**
   * Queues an entry and returns once fewer than ENTRADAS_EM_ESPERA entries wait, so staging runs ahead
   * of saving by at most that many entries. Throws an earlier save's error.
   */
  salvar(e: EntradaASalvar): Promise<void>;
  /** A save runs or waits. */
  readonly ocupado: boolean;
  /** Waits for every queued save; throws the first error one met. */
  concluir(): Promise<void>;
  /** Waits for every save whatever its outcome and closes the connections (call it in a `finally`). */
  fechar(): Promise<void>;
}

/**
 * Rows saved since the last checkpoint past which the saving connection compresses the build's tables
 * (`comprimir`) once its save is done, beside staging as the save was: a full build's DFP/ITR zip (1–2 M
 * rows) is compressed as soon as it is saved; a nightly build's new COTAHIST day (1,446 rows) never, so
 * the 16 years of rows it loaded from the staging cache are not compressed for one day's.
 */
export const LINHAS_PARA_COMPRIMIR = 500_000;

/**
 * Entries that may wait for a save while the build stages on. An entry is a few row ranges of tables the
 * build keeps anyway, so waiting costs no memory; a batch of small inputs (at escala 0.1 the first holds
 * 16 DFP and 8 FCA zips) is saved while the next batch is staged, where returning only once each save
 * had started made the build wait for all but the last of them (~6 s of the 28 s the CVM inputs of
 * escala 0.1 took to stage, the other core idle meanwhile).
 */
export const ENTRADAS_EM_ESPERA = 64;

/**
 * `conexoes`: connections saving beside the build's (the build's threads less the one staging). With
 * none, each entry is saved on `db` before `salvar` returns.
 */
export async function salvamentoDeEntradas(
  instance: DuckDBInstance,
  db: DuckDBConnection,
  cache: StagingCache,
  conexoes: number,
): Promise<SalvamentoDeEntradas> {
  if (conexoes < 1)
    return {
      salvar: (e) => cache.save(db, e.key, e.ranges, e.meta),
      ocupado: false,
      concluir: async () => {},
      fechar: async () => {},
    };
  const todas = await Promise.all(Array.from({ length: conexoes }, () => instance.connect()));
  const livres = [...todas];
  const fila = new PQueue({ concurrency: conexoes });
  let falha: { erro: unknown } | null = null;
  let linhasDesde = 0;
  let comprimindo = false;
  return {
    async salvar(e) {
      if (falha) throw falha.erro;
      fila
        .add(async () => {
          const conexao = livres.pop();
          if (!conexao) throw new Error('salvamentoDeEntradas: no free connection');
          try {
            await cache.save(conexao, e.key, e.ranges, e.meta);
            for (const r of e.ranges.values()) linhasDesde += r.rows;
            // One checkpoint at a time; one that waited would find nothing left to compress.
            if (linhasDesde >= LINHAS_PARA_COMPRIMIR && !comprimindo) {
              linhasDesde = 0;
              comprimindo = true;
              try {
                await comprimir(conexao);
              } finally {
                comprimindo = false;
              }
            }
          } finally {
            livres.push(conexao);
          }
        })
        .catch((erro: unknown) => {
          falha ??= { erro };
        });
      await fila.onSizeLessThan(ENTRADAS_EM_ESPERA);
    },
    get ocupado() {
      return fila.size + fila.pending > 0;
    },
    async concluir() {
      await fila.onIdle();
      if (falha) throw falha.erro;
    },
    async fechar() {
      fila.clear();
      await fila.onIdle();
      for (const c of todas) c.closeSync();
    },
  };
}
