import type { DuckDBConnection } from '@duckdb/node-api';
import { type Verificacao, verificar } from './sql.ts';
import type { BuildReporter, InvariantKind } from './stage.ts';

/**
 * Declarative checks written beside a mart's SQL: what must hold of a table, not how to test it. Each
 * becomes one invariant of the build report (a failed `hard` one fails the build after its stage).
 * Table and column names are SQL identifiers written in the code (never data), so they are spliced
 * into the text; values would be bound parameters (core/sql.ts).
 */
export type Checagem = {
  /** Invariant name in report.json. */
  nome: string;
  tipo: InvariantKind;
  descricao: string;
  tabela: string;
  /** Optional filter: only these rows are checked (e.g. `cd_regulator IS NOT NULL`). */
  onde?: string;
} & (
  | { regra: 'chave_unica'; colunas: readonly string[] }
  | { regra: 'nao_nulo'; colunas: readonly string[] }
  /** Every row's `colunas` exist in `referencia` (a foreign key); rows with a null key are not checked. */
  | {
      regra: 'relacao';
      colunas: readonly string[];
      referencia: { tabela: string; colunas: readonly string[] };
    }
  /**
   * `esquerda` = `direita` (two SQL expressions over the row) wherever both are not null, within a
   * relative `tolerancia` (default 1e-9: the same number by two routes may differ in the last bits).
   */
  | {
      regra: 'identidade';
      esquerda: string;
      direita: string;
      colunas_exemplo: readonly string[];
      tolerancia?: number;
    }
);

const filtro = (c: Checagem, extra?: string): string => {
  const conds = [c.onde, extra].filter((x): x is string => Boolean(x));
  return conds.length ? ` WHERE ${conds.map((x) => `(${x})`).join(' AND ')}` : '';
};

/** The failing rows of one check, as SQL (also what the report shows as examples). */
export function falhasDe(c: Checagem): string {
  switch (c.regra) {
    case 'chave_unica': {
      const k = c.colunas.join(', ');
      return `SELECT ${k}, count(*) AS n FROM ${c.tabela}${filtro(c)} GROUP BY ${k} HAVING count(*) > 1`;
    }
    case 'nao_nulo': {
      const algum = c.colunas.map((x) => `${x} IS NULL`).join(' OR ');
      return `SELECT * FROM ${c.tabela}${filtro(c, algum)}`;
    }
    case 'relacao': {
      const ref = c.referencia;
      const igual = c.colunas.map((x, i) => `r.${ref.colunas[i]} = t.${x}`).join(' AND ');
      const naoNulos = c.colunas.map((x) => `${x} IS NOT NULL`).join(' AND ');
      return `SELECT DISTINCT ${c.colunas.map((x) => `t.${x}`).join(', ')} FROM (SELECT * FROM ${c.tabela}${filtro(c, naoNulos)}) t
        WHERE NOT EXISTS (SELECT 1 FROM ${ref.tabela} r WHERE ${igual})`;
    }
    case 'identidade': {
      const tol = c.tolerancia ?? 1e-9;
      const cols = c.colunas_exemplo.join(', ');
      return `SELECT ${cols}, ${c.esquerda} AS esquerda, ${c.direita} AS direita FROM ${c.tabela}${filtro(
        c,
        `(${c.esquerda}) IS NOT NULL AND (${c.direita}) IS NOT NULL AND abs((${c.esquerda}) - (${c.direita})) > ${tol} * greatest(1, abs(${c.direita}))`,
      )}`;
    }
  }
}

/** Runs one check: rows checked (after `onde`) and the failing ones. */
export function checar(db: DuckDBConnection, c: Checagem): Promise<Verificacao> {
  return verificar(db, `SELECT count(*) FROM ${c.tabela}${filtro(c)}`, falhasDe(c));
}

/** Runs the checks of a mart in order and reports each one as an invariant. */
export async function aplicarChecagens(
  db: DuckDBConnection,
  report: BuildReporter,
  checagens: readonly Checagem[],
): Promise<void> {
  for (const c of checagens)
    report.invariant({ nome: c.nome, tipo: c.tipo, descricao: c.descricao, ...(await checar(db, c)) });
}
