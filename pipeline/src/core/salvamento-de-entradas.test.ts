import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesDasTabelas } from '../test-support/memoria.ts';
import {
  type EntradaASalvar,
  LINHAS_PARA_COMPRIMIR,
  salvamentoDeEntradas,
} from './salvamento-de-entradas.ts';
import { openStagingCache, type StagingCache } from './staging-cache.ts';

// Rows made here: four "inputs" of a staged table, appended one transaction each as staging appends a batch;
// together they pass LINHAS_PARA_COMPRIMIR, so the saving connection compresses the table after the fourth.
const LINHAS = LINHAS_PARA_COMPRIMIR / 4 + 10_000;
const entrada = (i: number): EntradaASalvar => ({
  key: `entrada-${i}`,
  ranges: new Map([['stg_feito_aqui', { from: i * LINHAS, rows: LINHAS }]]),
  meta: { arquivo: `entrada-${i}.csv`, resultados: [], notas: [] },
});
const anexar = async (db: DuckDBConnection, i: number) => {
  await db.run('BEGIN TRANSACTION');
  await db.run(
    `INSERT INTO stg_feito_aqui SELECT range, 'Ativo Circulante ' || (range * 7919 % 50) || '-${i}' FROM range(${i * LINHAS}, ${(i + 1) * LINHAS})`,
  );
  await db.run('COMMIT');
};
describe('staging-cache entries saved while the next inputs are appended', () => {
  let instance: DuckDBInstance;
  let db: DuckDBConnection;
  let dir: string;
  let aoLado: StagingCache;
  let sozinho: StagingCache;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'salvamento-'));
    instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    db = await instance.connect();
    // As the build hands entries over (threadsFor().one()): DuckDB on one thread.
    await db.run('SET threads = 1');
    await db.run('CREATE TABLE stg_feito_aqui (a BIGINT, b VARCHAR)');
    aoLado = await openStagingCache(join(dir, 'ao-lado'));
    sozinho = await openStagingCache(join(dir, 'sozinho'));
  });
  afterAll(async () => {
    db.closeSync();
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  });

  it('each part has the bytes of the same part saved after staging, on the build connection, and the table ends compressed', async () => {
    // The same rows in a database nobody checkpoints: what the table takes uncompressed.
    const semComprimir = await DuckDBInstance.create(':memory:', { threads: '1' });
    const outro = await semComprimir.connect();
    await outro.run('CREATE TABLE stg_feito_aqui (a BIGINT, b VARCHAR)');
    for (let i = 0; i < 4; i++) await anexar(outro, i);
    const cheia = await bytesDasTabelas(outro);
    outro.closeSync();
    semComprimir.closeSync();
    const salvamento = await salvamentoDeEntradas(instance, db, aoLado, 1);
    try {
      // Input i+1 is appended and compressed on the build's connection while input i is saved on the other.
      for (let i = 0; i < 4; i++) {
        await anexar(db, i);
        await salvamento.salvar(entrada(i));
      }
      await salvamento.concluir();
      expect(salvamento.ocupado).toBe(false);
    } finally {
      await salvamento.fechar();
    }
    expect(cheia).toBeGreaterThan(16 << 20);
    expect(await bytesDasTabelas(db)).toBeLessThan(cheia / 4);
    const depois = await salvamentoDeEntradas(instance, db, sozinho, 0);
    for (let i = 0; i < 4; i++) await depois.salvar(entrada(i));
    for (let i = 0; i < 4; i++) {
      const [a, b] = await Promise.all([aoLado.lookup(`entrada-${i}`), sozinho.lookup(`entrada-${i}`)]);
      expect(a?.tabelas).toHaveLength(1);
      expect(a?.tabelas[0]?.linhas).toBe(LINHAS);
      expect(a?.tabelas[0]?.sha256).toBe(b?.tabelas[0]?.sha256);
    }
    // The part holds that input's rows and only them.
    const [[n, min, max]] = (
      await db.runAndReadAll(`SELECT count(*), min(a), max(a) FROM read_parquet($1)`, [
        aoLado.parte('entrada-2', 'stg_feito_aqui'),
      ])
    ).getRows() as [[bigint, bigint, bigint]];
    expect([Number(n), Number(min), Number(max)]).toEqual([LINHAS, 2 * LINHAS, 3 * LINHAS - 1]);
  });

  it("a failed save's error reaches the build at the next entry and at the end, and no entry is left", async () => {
    const salvamento = await salvamentoDeEntradas(instance, db, aoLado, 1);
    try {
      // More rows than the table holds past `from`: StagingCache.save refuses the short part.
      const errada: EntradaASalvar = {
        ...entrada(9),
        ranges: new Map([['stg_feito_aqui', { from: 3 * LINHAS, rows: 2 * LINHAS }]]),
      };
      await salvamento.salvar(errada);
      await expect(salvamento.concluir()).rejects.toThrow(
        new RegExp(`holds ${LINHAS} rows of entrada-9\\.csv, expected ${2 * LINHAS}`),
      );
      await expect(salvamento.salvar(entrada(1))).rejects.toThrow(/entrada-9\.csv/);
    } finally {
      await salvamento.fechar();
    }
    expect(await aoLado.lookup('entrada-9')).toBeNull();
  });
});
