import type { DuckDBConnection } from '@duckdb/node-api';
import type { Stage } from './stage.ts';

/**
 * Which stages use each table, from their `le`/`cria` declarations (proved against what every stage does
 * by core/stage-declarations.test.ts), so the build can tell which tables only one stage ever uses and,
 * after each stage, which tables no stage after it uses. At full scale the build held every table until it
 * ended: the 32.6 M staged statement rows past `mart_fatos_trimestrais` (their last reader), the quarterly
 * marts' steps, 16 years of COTAHIST rows past `mart_precos`, all of it in DuckDB's memory limit or its
 * spill files (5.7 GB of spill at the end; 0.5 GB once dropped, docs/benchmarks.md).
 */
export interface UsoDasTabelas {
  /** Whether `stage` is the only stage that reads or writes `tabela`. */
  soDe(tabela: string, stage: Stage): boolean;
  /** Whether some stage declares `tabela` and none after `stage` (in build order) reads or writes it. */
  semUsoDepois(tabela: string, stage: Stage): boolean;
  /** Whether exactly one stage declares `tabela`, in its `le`: it is read once and written by none. */
  lidaPorUmaSo(tabela: string): boolean;
}

export function usoDasTabelas(stages: readonly Stage[]): UsoDasTabelas {
  // A stage that does not declare what it uses could use anything: then every table is kept.
  if (stages.some((s) => !s.le || !s.cria))
    return { soDe: () => false, semUsoDepois: () => false, lidaPorUmaSo: () => false };
  const quem = new Map<string, Set<string>>();
  const criadas = new Set(stages.flatMap((s) => s.cria ?? []));
  const ultimo = new Map<string, number>();
  const posicao = new Map<string, number>();
  stages.forEach((s, i) => {
    posicao.set(s.name, i);
    for (const t of [...(s.le ?? []), ...(s.cria ?? [])]) {
      quem.set(t, (quem.get(t) ?? new Set<string>()).add(s.name));
      ultimo.set(t, i);
    }
  });
  const onde = (stage: Stage) => {
    const i = posicao.get(stage.name);
    if (i === undefined) throw new Error(`usoDasTabelas: ${stage.name} is not a stage of this build`);
    return i;
  };
  return {
    soDe: (t, stage) => [...(quem.get(t) ?? [])].every((n) => n === stage.name),
    semUsoDepois: (t, stage) => {
      const u = ultimo.get(t);
      return u !== undefined && u <= onde(stage);
    },
    lidaPorUmaSo: (t) => quem.get(t)?.size === 1 && !criadas.has(t),
  };
}

/** The user macros of the database (DuckDB keeps a macro's body as text: what it names is read there). */
export async function macrosDoBanco(db: DuckDBConnection) {
  return (
    await db.runAndReadAll(
      "SELECT function_name, function_type, parameters, macro_definition FROM duckdb_functions() WHERE NOT internal AND function_type IN ('macro', 'table_macro')",
    )
  ).getRowObjectsJson() as {
    function_name: string;
    function_type: string;
    parameters: string[];
    macro_definition: string;
  }[];
}

/** Whether SQL text names the table `nome` (as a whole word). */
export const nomeadaEm = (nome: string, sql: string) => new RegExp(`\\b${nome}\\b`).test(sql);

/**
 * Its tables and views by name, in order (a staged table read in place is a view: tabelas-adiadas.ts,
 * `lerEmLugar`). Also the build's list of staged tables.
 */
export const tabelasDoBanco = async (db: DuckDBConnection) =>
  (
    await db.runAndReadAll(
      `SELECT table_name FROM duckdb_tables() WHERE NOT temporary
       UNION ALL SELECT view_name FROM duckdb_views() WHERE NOT internal AND NOT temporary ORDER BY 1`,
    )
  )
    .getRows()
    .map((r) => String(r[0]));

/**
 * Whether a stage that declares `cria` made no macro, given the tables among those names: a stage declares
 * a name once, as a table or as a macro, and most make none. Then the function catalogue is not asked:
 * `duckdb_functions()` lists every built-in function too (11–25 ms a call; 27 calls in a new day's build
 * before this was checked after restores and saves too).
 */
export const semMacros = (cria: readonly string[], tabelas: readonly string[]): boolean =>
  cria.every((n) => tabelas.includes(n));

/**
 * The bodies of the user macros, asked only when the stage may have made one (`semMacros` of its `cria`
 * and the database's tables) or, for a stage the stage cache restored, when the restore made a macro again
 * (`refeitas`: its tables are loaded only when a later stage reads them, so their absence says nothing).
 */
async function corposDeMacros(
  db: DuckDBConnection,
  nomes: readonly string[],
  tabelas: readonly string[],
  refeitas: readonly string[] | undefined,
): Promise<{ nome: string; corpo: string }[]> {
  if (refeitas ? refeitas.length === 0 : semMacros(nomes, tabelas)) return [];
  return (await macrosDoBanco(db)).map((m) => ({ nome: m.function_name, corpo: m.macro_definition }));
}

/**
 * The tables `stage` made only for its own statements, among `tabelas` (those of its `cria` that exist):
 * used by no other stage, named by none of `macros` (the text of the macros it makes: a macro's body runs
 * wherever the macro is read), and not staged tables (a stage may create an empty one that staging makes
 * when an input feeds it). The stage cache does not save them: at full scale they were 279 of the 587 MB
 * it saved (`int_fundamentos_blocos_itr`, `int_fundamentos_linhas_itr` and `int_fundamentos_versoes_dfp`
 * most of it). Given what the save reads anyway, so that it asks DuckDB's catalogue nothing more.
 */
export function tabelasPrivadas(
  stage: Stage,
  uso: UsoDasTabelas,
  tabelas: readonly string[],
  macros: readonly string[],
): string[] {
  return tabelas.filter(
    (t) => !t.startsWith('stg_') && uso.soDe(t, stage) && !macros.some((m) => nomeadaEm(t, m)),
  );
}

/** What the build drops after each stage (`aposEtapa`, in build order). */
export interface DescarteDeTabelas {
  /**
   * The tables that exist once `stage` ended (run or restored) and that no later stage uses nor any
   * macro made so far names (a macro stays in the database, and a later stage may read it). The build's
   * own tables (`_quarantine`, which the report reads at the end) and tables no stage declares are never
   * among them. `restaurada`: the stage came from the stage cache, which made these macros again.
   */
  aposEtapa(
    db: DuckDBConnection,
    stage: Stage,
    restaurada?: { macros: readonly string[] },
  ): Promise<string[]>;
}

export function descarteDeTabelas(uso: UsoDasTabelas): DescarteDeTabelas {
  const nomeadas = new Map<string, string>();
  return {
    async aposEtapa(db, stage, restaurada) {
      const tabelas = await tabelasDoBanco(db);
      for (const m of await corposDeMacros(db, stage.cria ?? [], tabelas, restaurada?.macros))
        nomeadas.set(m.nome, m.corpo);
      const corpos = [...nomeadas.values()];
      return tabelas.filter(
        (t) =>
          !t.startsWith('_') && uso.semUsoDepois(t, stage) && !corpos.some((corpo) => nomeadaEm(t, corpo)),
      );
    },
  };
}
