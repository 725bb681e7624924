import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gerar } from '../../../bench/gerador/gerar.ts';
import { build } from '../../build.ts';
import type { Stage } from '../../core/stage.ts';
import { fundamentosStages } from '../fundamentos/index.ts';
import { acoesStage } from './acoes.ts';
import { DIAS_MAX_ATE_PRECO, multiplosStage, SQL_MULTIPLOS_ANUAIS } from './multiplos.ts';
import { precosStage } from './precos.ts';

/**
 * Property over input made by the bench generator (pipeline/bench/gerador: real CVM/COTAHIST layouts,
 * generated values, small scale): whatever the reception dates of the filings, no annual multiple
 * uses a price dated before the reception, the price is the company's first session on or after
 * it, and a price more than DIAS_MAX_ATE_PRECO days later never yields a multiple.
 */
const TABELAS = [
  'int_mercado_precos_empresa',
  'int_mercado_preco_classe',
  'int_mercado_acoes',
  'int_fundamentos_ticker_atual',
  'int_fundamentos_base',
  'mart_indicadores',
  'int_fundamentos_fcf',
  'int_mercado_filings',
];
let dir: string;
let db: DuckDBConnection;
let sessoes: Map<number, string[]>;
let filings: { cd: number; ano: number }[];
let dias: { min: string; n: number };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mercado-prop-'));
  await gerar({ seed: 11, escala: 0.01, anos: [2022, 2023], out: join(dir, 'raw') });
  const exportar: Stage = {
    name: 'exportar_para_o_teste',
    async run(ctx) {
      for (const t of TABELAS)
        await ctx.db.run(`COPY ${t} TO '${join(dir, `${t}.parquet`)}' (FORMAT PARQUET)`);
      return [];
    },
  };
  // the fundamentals marts without their publication: only the tables the multiples read
  const fund = fundamentosStages.filter((s) =>
    [
      'mart_fatos',
      'mart_reapresentacoes',
      'mart_empresas',
      'mart_dep_amort',
      'mart_indicadores',
      'mart_capex',
    ].includes(s.name),
  );
  await build({
    raw: join(dir, 'raw'),
    out: join(dir, 'out'),
    label: 'prop',
    stages: [...fund, precosStage, acoesStage, multiplosStage, exportar],
  });
  db = await (await DuckDBInstance.create(':memory:')).connect();
  for (const t of TABELAS) await db.run(`CREATE TABLE ${t} AS FROM '${join(dir, `${t}.parquet`)}'`);
  const ps = (
    await db.runAndReadAll(
      'SELECT DISTINCT cd_regulator, CAST(data AS VARCHAR) AS d FROM int_mercado_precos_empresa ORDER BY 1, 2',
    )
  ).getRowObjectsJson();
  sessoes = new Map();
  for (const p of ps)
    sessoes.set(Number(p.cd_regulator), [...(sessoes.get(Number(p.cd_regulator)) ?? []), String(p.d)]);
  filings = (await db.runAndReadAll('SELECT cd_regulator, ano FROM int_mercado_filings ORDER BY 1, 2'))
    .getRowObjectsJson()
    .map((r) => ({ cd: Number(r.cd_regulator), ano: Number(r.ano) }));
  const [faixa] = (
    await db.runAndReadAll(
      `SELECT CAST(min(data) - 20 AS VARCHAR) AS min, date_diff('day', min(data), max(data)) + 40 AS n FROM int_mercado_precos_empresa`,
    )
  ).getRowObjectsJson();
  dias = { min: String(faixa?.min), n: Number(faixa?.n) };
}, 240_000);

afterAll(async () => {
  db?.closeSync();
  await rm(dir, { recursive: true, force: true });
});

const maisDias = (d: string, n: number): string =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

it('the generated input has filings and priced companies to test', () => {
  expect(filings.length).toBeGreaterThan(3);
  expect(sessoes.size).toBeGreaterThan(3);
});

it('no multiple ever uses a price dated before the filing reception date', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: dias.n }), { minLength: filings.length, maxLength: filings.length }),
      async (offs) => {
        const receb = filings.map((f, i) => ({ ...f, dt: maisDias(dias.min, offs[i] ?? 0) }));
        await db.run(
          `CREATE OR REPLACE TABLE int_mercado_filings AS SELECT * FROM (VALUES ${receb
            .map((r) => `(${r.cd}, ${r.ano}, DATE '${r.dt}')`)
            .join(', ')}) t(cd_regulator, ano, dt_receb)`,
        );
        await db.run(SQL_MULTIPLOS_ANUAIS);
        const rows = (
          await db.runAndReadAll(`SELECT cd_regulator, ano, CAST(dt_receb AS VARCHAR) AS r, CAST(data_preco AS VARCHAR) AS p,
          dias_ate_preco, market_cap, pl, pvp, flag FROM mart_mercado_multiplos_anuais`)
        ).getRowObjectsJson();
        for (const f of receb) {
          const esperado = (sessoes.get(f.cd) ?? []).find((d) => d >= f.dt);
          const row = rows.find((x) => Number(x.cd_regulator) === f.cd && Number(x.ano) === f.ano);
          if (esperado === undefined) expect(row).toBeUndefined();
          else {
            expect(row?.p).toBe(esperado);
            expect(String(row?.p) >= f.dt).toBe(true);
            if (Number(row?.dias_ate_preco) > DIAS_MAX_ATE_PRECO) {
              expect([row?.market_cap, row?.pl, row?.pvp]).toEqual([null, null, null]);
              expect(String(row?.flag)).toContain('preco_distante');
            }
          }
        }
      },
    ),
    { numRuns: 30, seed: 20261122 },
  );
});
