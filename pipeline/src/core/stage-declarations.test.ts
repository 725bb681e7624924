import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { martStages } from '../marts/index.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';
import type { ArtefactWriter, Stage } from './stage.ts';

/**
 * The `le`/`cria` declarations of every registered stage, checked against what the stage does on the
 * whole sample: every SQL text it hands DuckDB (through `ctx.db` or the writer) is recorded, and the
 * tables and macros before and after it are compared. The stage cache (core/stage-cache.ts) trusts
 * these declarations for its keys and for what it restores, so a wrong one would publish stale data.
 */

interface Estado {
  /** Table name → oid (a `CREATE OR REPLACE` gives the table a new oid). */
  tabelas: Map<string, string>;
  macros: Set<string>;
}

async function estado(db: DuckDBConnection): Promise<Estado> {
  const tabelas = new Map<string, string>();
  for (const [n, oid] of (
    await db.runAndReadAll('SELECT table_name, table_oid FROM duckdb_tables() WHERE NOT temporary')
  ).getRows())
    tabelas.set(String(n), String(oid));
  const macros = new Set(
    (
      await db.runAndReadAll(
        "SELECT DISTINCT function_name FROM duckdb_functions() WHERE NOT internal AND function_type IN ('macro', 'table_macro')",
      )
    )
      .getRows()
      .map((r) => String(r[0])),
  );
  return { tabelas, macros };
}

/** Calls every method of `o` on `o` itself (private fields), logging each string argument first. */
function gravando<T extends object>(o: T, textos: string[]): T {
  return new Proxy(o, {
    get(alvo, p) {
      const v: unknown = Reflect.get(alvo, p, alvo);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        for (const a of args) {
          if (typeof a === 'string') textos.push(a);
          else if (a && typeof a === 'object' && 'sql' in a && typeof a.sql === 'string') textos.push(a.sql);
        }
        return Reflect.apply(v, alvo, args);
      };
    },
  });
}

interface Observado {
  /** Existing tables and macros its SQL names (before it ran), besides what it wrote. */
  le: string[];
  /** Tables and macros it made, replaced or wrote into. */
  cria: string[];
  /** What existed before it ran (a declared read must be made by an earlier stage or by staging). */
  antes: Set<string>;
}

const ESCRITA = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|ALTER\s+TABLE|TRUNCATE)\s+("?)([A-Za-z_][\w]*)\1/gi;
const MACRO = /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP\s+|TEMPORARY\s+)?MACRO\s+("?)([A-Za-z_][\w]*)\1/gi;
const NOME = /[A-Za-z_][A-Za-z0-9_]*/g;

function observar(textos: string[], antes: Estado, depois: Estado): Observado {
  const conhecidos = new Set([...antes.tabelas.keys(), ...antes.macros]);
  const cria = new Set<string>();
  for (const [t, oid] of depois.tabelas) if (antes.tabelas.get(t) !== oid) cria.add(t);
  for (const m of depois.macros) if (!antes.macros.has(m)) cria.add(m);
  for (const s of textos) {
    for (const m of s.matchAll(ESCRITA)) if (m[2] && depois.tabelas.has(m[2])) cria.add(m[2]);
    for (const m of s.matchAll(MACRO)) if (m[2]) cria.add(m[2]);
    // An appender names its table alone.
    if (/^[A-Za-z_]\w*$/.test(s) && depois.tabelas.has(s)) cria.add(s);
  }
  const le = new Set<string>();
  for (const s of textos)
    for (const [n] of s.matchAll(NOME)) {
      if (conhecidos.has(n) && !cria.has(n)) le.add(n);
      // A staging table a stage makes when staging did not (no input fed it) is read when staging did.
      else if (n.startsWith('stg_') && cria.has(n)) le.add(n);
    }
  return { le: [...le].sort(), cria: [...cria].sort(), antes: conhecidos };
}

const root = mkdtempSync(join(tmpdir(), 'declaracoes-'));
const observados = new Map<string, Observado>();

beforeAll(async () => {
  const instrumentadas: Stage[] = martStages.map((s) => ({
    ...s,
    async run(ctx) {
      const textos: string[] = [];
      const antes = await estado(ctx.db);
      const entradas = await s.run({
        ...ctx,
        db: gravando(ctx.db, textos),
        writer: gravando<ArtefactWriter>(ctx.writer, textos),
      });
      observados.set(s.name, observar(textos, antes, await estado(ctx.db)));
      return entradas;
    },
  }));
  await build({
    raw: SAMPLE_RAW,
    out: join(root, 'out'),
    label: 'declaracoes',
    now: new Date('2026-11-22T15:00:00Z'),
    stages: instrumentadas,
  });
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('stage declarations', () => {
  it('every registered stage declares what it reads and creates, and the sample build shows exactly that', () => {
    const erros: string[] = [];
    for (const s of martStages) {
      const o = observados.get(s.name);
      if (!o) {
        erros.push(`${s.name}: did not run`);
        continue;
      }
      const declarado = { le: [...(s.le ?? [])].sort(), cria: [...(s.cria ?? [])].sort() };
      if (!s.le || !s.cria)
        erros.push(
          `${s.name}: no le/cria (observed le: ${JSON.stringify(o.le)}, cria: ${JSON.stringify(o.cria)})`,
        );
      else {
        if (JSON.stringify(declarado.le) !== JSON.stringify(o.le))
          erros.push(`${s.name}: le ${JSON.stringify(declarado.le)} but reads ${JSON.stringify(o.le)}`);
        // A staging table it reads and makes only when missing may exist already in the sample.
        const cria = declarado.cria.filter(
          (t) => o.cria.includes(t) || !(t.startsWith('stg_') && declarado.le.includes(t)),
        );
        if (JSON.stringify(cria) !== JSON.stringify(o.cria))
          erros.push(
            `${s.name}: cria ${JSON.stringify(declarado.cria)} but creates ${JSON.stringify(o.cria)}`,
          );
        const ausentes = declarado.le.filter((t) => !o.antes.has(t) && !declarado.cria.includes(t));
        if (ausentes.length) erros.push(`${s.name}: reads ${ausentes.join(', ')} before anything made it`);
      }
    }
    expect(erros).toEqual([]);
  });

  it('the recorder sees reads, writes and macros (made-here statements)', () => {
    const antes: Estado = {
      tabelas: new Map([
        ['mart_a', '1'],
        ['mart_b', '2'],
      ]),
      macros: new Set(['m']),
    };
    const depois: Estado = {
      tabelas: new Map([
        ['mart_a', '1'],
        ['mart_b', '2'],
        ['mart_c', '3'],
      ]),
      macros: new Set(['m', 'n']),
    };
    const o = observar(
      [
        'CREATE TABLE mart_c AS SELECT * FROM mart_a JOIN m(1) USING (x)',
        'INSERT INTO mart_b VALUES (1)',
        'CREATE OR REPLACE MACRO n(d) AS (SELECT 1)',
      ],
      antes,
      depois,
    );
    expect(o.le).toEqual(['m', 'mart_a']);
    expect(o.cria).toEqual(['mart_b', 'mart_c', 'n']);
    const stg = observar(
      ['CREATE TABLE IF NOT EXISTS stg_x (a INT)', 'CREATE TABLE mart_d AS FROM stg_x'],
      antes,
      { tabelas: new Map([...antes.tabelas, ['stg_x', '4'], ['mart_d', '5']]), macros: antes.macros },
    );
    expect(stg.le).toEqual(['stg_x']);
    expect(stg.cria).toEqual(['mart_d', 'stg_x']);
  });
});
