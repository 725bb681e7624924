import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passo } from '../../core/mart.ts';
import { amostraPublicada } from '../../testing/amostra.ts';
import { gravarCores } from '../eventos/bandeira.ts';
import {
  carregarMart,
  construirMartVeredito,
  montarVereditos,
  PASSOS_MART,
  PASSOS_POR_CORTE,
} from '../veredito.ts';
import { vistasDaPublicacao } from './vistas-publicadas.ts';

/**
 * The verdict as of each year (`mart_veredito_empresas_por_corte`, one set-based pass) against the
 * algorithm it replaced, kept here only as the reference: for every year with indicators, copy the
 * verdict's inputs cut at that year into a schema of their own, rerun the whole mart there and shape the
 * verdicts in TypeScript (`comVereditoNoAno` + `coresPorAno` of eventos/bandeira.ts before the change).
 * Run over the published bulk sets of the real sample.
 */

async function rodar(db: DuckDBConnection, passos: readonly Passo[]): Promise<void> {
  for (const p of passos) {
    if (typeof p === 'string') await db.run(p);
    else await db.run(p.sql, p.params);
  }
}

interface Cor {
  cd_regulator: number;
  ano: number;
  cor: string;
  motivos: string[];
  motivos_en: string[];
}

/** The replaced algorithm, as it was: one schema and one full mart rerun per year. */
async function coresPorAnoAntigas(db: DuckDBConnection): Promise<Cor[]> {
  const anos = (await db.runAndReadAll('SELECT DISTINCT ano FROM int_veredito_indicadores ORDER BY ano'))
    .getRows()
    .map((r) => Number(r[0]));
  const out: Cor[] = [];
  for (const ano of anos) {
    const s = 'veredito_no_ano';
    await db.run(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await db.run(`SET schema = '${s}'`);
    await db.run(`SET search_path = '${s},main'`);
    try {
      const ate = (t: string, op: '<=' | '<') => ({
        sql: `CREATE OR REPLACE TABLE ${t} AS SELECT * FROM main.${t} WHERE ano ${op} $ano`,
        params: { ano },
      });
      await rodar(db, [
        'CREATE OR REPLACE TABLE int_veredito_empresas AS SELECT * FROM main.int_veredito_empresas',
        ate('int_veredito_indicadores', '<='),
        ate('int_veredito_multiplos', '<='),
        ate('int_veredito_pareceres', '<='),
        ate('int_veredito_reapresentacoes', '<'),
        {
          sql: `CREATE OR REPLACE TABLE int_veredito_documentos AS
            WITH dfps AS (
              SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, CAST(year(dt_refer) AS INTEGER) AS ano,
                CAST(max(dt_refer) AS DATE) AS referencia, CAST(arg_max(dt_receb, (dt_refer, versao)) AS DATE) AS recebido
              FROM main.stg_cvm_doc_indice WHERE _doc = 'DFP' AND cd_cvm IS NOT NULL AND dt_receb IS NOT NULL GROUP BY ALL
            )
            SELECT cd_regulator, referencia AS ultimo_dfp_referencia, recebido AS ultimo_dfp_recebido,
              CAST(NULL AS DATE) AS ultimo_itr_referencia
            FROM dfps WHERE ano <= $ano
            QUALIFY row_number() OVER (PARTITION BY cd_regulator ORDER BY referencia DESC) = 1`,
          params: { ano },
        },
        ...PASSOS_MART,
      ]);
      for (const v of montarVereditos(await carregarMart(db), '2000-01-01-vigia|1', '2000-01-01'))
        if (v.ano === ano)
          out.push({
            cd_regulator: v.empresa.cd_regulator,
            ano,
            cor: v.bandeira.cor,
            motivos: v.bandeira.motivos,
            motivos_en: v.bandeira.motivos_en,
          });
    } finally {
      await db.run(`SET schema = 'main'`);
      await db.run('RESET search_path');
      await db.run(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    }
  }
  return out;
}

describe('the verdict as of each year (real sample, published bulk sets)', () => {
  let inst: DuckDBInstance;
  let db: DuckDBConnection;
  beforeAll(async () => {
    const cur = join(await amostraPublicada(), 'current');
    inst = await DuckDBInstance.create(':memory:');
    db = await inst.connect();
    await vistasDaPublicacao(db, cur);
    await construirMartVeredito(db);
  });
  afterAll(() => {
    db.closeSync();
    inst.closeSync();
  });

  it('int_eventos_bandeira_cores holds exactly the colours and reasons of the per-year rebuild it replaced', async () => {
    const antigas = await coresPorAnoAntigas(db);
    const n = await gravarCores(db);
    const novas = (
      await db.runAndReadAll(
        'SELECT cd_regulator, ano, cor, motivos, motivos_en FROM int_eventos_bandeira_cores ORDER BY ano, cd_regulator',
      )
    ).getRowObjectsJson();
    expect(n).toBe(antigas.length);
    expect(novas).toEqual(antigas);
    // the sample spans several years and both colours, so the comparison covers more than one case
    expect(new Set(antigas.map((c) => c.ano)).size).toBeGreaterThan(1);
    expect(new Set(antigas.map((c) => c.cor))).toEqual(new Set(['verde', 'amarelo']));
  });

  it('one row per year and company, nothing after the cut, and the newest cut has every verdict company', async () => {
    const [r] = (
      await db.runAndReadAll(`SELECT count(*) AS n, count(DISTINCT (corte, cd_regulator)) AS chaves,
          count(*) FILTER (WHERE ano > corte OR ano_dfp > corte OR ano_dfp_universo > corte) AS depois,
          (SELECT count(*) FROM mart_veredito_empresas) AS atuais,
          count(*) FILTER (WHERE corte = (SELECT max(corte) FROM mart_veredito_empresas_por_corte)) AS no_ultimo
        FROM mart_veredito_empresas_por_corte`)
    ).getRowObjectsJson();
    expect(r?.n).toBe(r?.chaves);
    expect(r?.depois).toBe('0');
    expect(r?.no_ultimo).toBe(r?.atuais);
  });
});

describe('the cut of each input (made-here rows, not company results)', () => {
  it('restatements count from the next year, the verdict year and DFPs stop at the cut, any filer sets the universe', async () => {
    const inst = await DuckDBInstance.create(':memory:');
    const db = await inst.connect();
    try {
      await rodar(db, [
        `CREATE TABLE int_veredito_empresas AS SELECT * FROM (VALUES
           (1, 'Feita Aqui Um', '1', 'Setor A', 'ON', 'FAQU3'), (2, 'Feita Aqui Dois', '2', 'Setor A', 'ON', 'FAQD3'))
           t(cd_regulator, nome, cnpj, setor, tipo, ticker_atual)`,
        `CREATE TABLE int_veredito_indicadores AS SELECT * FROM (VALUES
           (1, 2020, 'margem_liquida', 0.1, NULL), (1, 2021, 'margem_liquida', 0.1, NULL),
           (1, 2022, 'margem_liquida', 0.1, NULL), (2, 2020, 'margem_liquida', 0.2, NULL))
           t(cd_regulator, ano, nome, valor, flag)`,
        `CREATE TABLE int_veredito_multiplos (cd_regulator INTEGER, ano INTEGER, dt_receb DATE, data_preco DATE,
           preco DOUBLE, pl DOUBLE, pvp DOUBLE, flag_pl VARCHAR, flag VARCHAR)`,
        'CREATE TABLE int_veredito_pareceres (cd_regulator INTEGER, ano INTEGER, tipo VARCHAR)',
        `CREATE TABLE int_veredito_reapresentacoes AS SELECT * FROM (VALUES (1, 2021, 0.1)) t(cd_regulator, ano, dif_rel)`,
        `CREATE TABLE int_veredito_documentos AS SELECT * FROM (VALUES
           (1, DATE '2022-12-31', DATE '2023-03-01', NULL::DATE), (2, DATE '2020-12-31', DATE '2021-03-01', NULL::DATE))
           t(cd_regulator, ultimo_dfp_referencia, ultimo_dfp_recebido, ultimo_itr_referencia)`,
        // company 3 is no verdict company, but its DFP of 2021 is the universe's newest as of 2021
        `CREATE TABLE stg_cvm_doc_indice AS SELECT * FROM (VALUES
           ('1', 'DFP', DATE '2020-12-31', 1, DATE '2021-03-01'), ('1', 'DFP', DATE '2021-12-31', 1, DATE '2022-03-01'),
           ('1', 'DFP', DATE '2022-12-31', 1, DATE '2023-03-01'), ('2', 'DFP', DATE '2020-12-31', 1, DATE '2021-03-01'),
           ('3', 'DFP', DATE '2021-12-31', 1, DATE '2022-03-01'))
           t(cd_cvm, _doc, dt_refer, versao, dt_receb)`,
        ...PASSOS_MART,
        ...PASSOS_POR_CORTE,
      ]);
      const linhas = (
        await db.runAndReadAll(`SELECT corte, cd_regulator, ano, ano_dfp, ano_dfp_universo, reap_anos, reap_recentes, numeros
          FROM mart_veredito_empresas_por_corte ORDER BY corte, cd_regulator`)
      ).getRowsJson();
      expect(linhas).toEqual([
        [2020, 1, 2020, 2020, 2020, [], [], 1],
        [2020, 2, 2020, 2020, 2020, [], [], 1],
        // the restatement of 2021 is not known as of 2021; company 2 keeps its verdict year 2020
        [2021, 1, 2021, 2021, 2021, [], [], 1],
        [2021, 2, 2020, 2020, 2021, [], [], 1],
        [2022, 1, 2022, 2022, 2022, [2021], [2021], 1],
        [2022, 2, 2020, 2020, 2022, [], [], 1],
      ]);
      // only a company whose verdict year is the cut gets a colour for it
      expect(await gravarCores(db)).toBe(4);
      const cores = (
        await db.runAndReadAll(
          'SELECT ano, cd_regulator, len(motivos) FROM int_eventos_bandeira_cores ORDER BY ALL',
        )
      ).getRows();
      // one number of five: yellow every year; 2022 adds the restatement of 2021
      expect(cores).toEqual([
        [2020, 1, 1n],
        [2020, 2, 1n],
        [2021, 1, 1n],
        [2022, 1, 2n],
      ]);
    } finally {
      db.closeSync();
      inst.closeSync();
    }
  });
});
