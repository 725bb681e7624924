import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { quote } from '../core/sql.ts';

/**
 * A regression net for the whole publication: what a build published, reduced to a small committed
 * summary (artefact groups with file and row counts, every bulk set's rows, null counts and numeric
 * sums). Compared on every test run, so any change to what the sample publishes shows up in review as a
 * diff of `tests/regressao/resumo-amostra.json`; `pnpm regressao:atualizar` rewrites it on purpose.
 */

export const GrupoSchema = z.strictObject({
  modelo: z.string().describe('Path with each per-company, per-ticker or per-year segment as *.'),
  schema: z.string(),
  format: z.string(),
  arquivos: z.number().int().nonnegative(),
  linhas: z.number().int().nonnegative(),
});

export const ColunaSchema = z.strictObject({
  tipo: z.string(),
  nulos: z.number().int().nonnegative(),
  soma: z.string().nullable().describe('Numeric columns only, 12 significant digits.'),
});

export const ConjuntoSchema = z.strictObject({
  path: z.string(),
  linhas: z.number().int().nonnegative(),
  colunas: z.record(z.string(), ColunaSchema),
});

export const ResumoSchema = z.strictObject({
  grupos: z.array(GrupoSchema),
  conjuntos: z.array(ConjuntoSchema),
});
export type Resumo = z.infer<typeof ResumoSchema>;

/**
 * A segment that names one company, ticker, fund or year (it holds a digit) becomes `*`, so the
 * summary counts files per kind of artefact instead of listing thousands of paths.
 */
export function modeloDoCaminho(path: string): string {
  return path
    .split('/')
    .map((seg, i, todos) => {
      if (i === 0 || !/\d/.test(seg)) return seg;
      const ponto = i === todos.length - 1 ? seg.indexOf('.') : -1;
      return ponto > 0 ? `*${seg.slice(ponto)}` : '*';
    })
    .join('/');
}

function grupos(artefatos: readonly ManifestEntry[]): Resumo['grupos'] {
  const m = new Map<string, Resumo['grupos'][number]>();
  for (const a of artefatos) {
    const modelo = modeloDoCaminho(a.path);
    const chave = `${modelo}\0${a.schema}\0${a.format}`;
    const g = m.get(chave) ?? { modelo, schema: a.schema, format: a.format, arquivos: 0, linhas: 0 };
    g.arquivos += 1;
    g.linhas += a.rows;
    m.set(chave, g);
  }
  return [...m.values()].sort((a, b) => (a.modelo + a.schema < b.modelo + b.schema ? -1 : 1));
}

const NUMERICO =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|DOUBLE|DECIMAL)/;

/** Float sums depend on the order DuckDB adds in; 12 significant digits are stable and still precise. */
function arredondar(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? String(Number(n.toPrecision(12))) : String(v);
}

async function conjunto(dir: string, path: string): Promise<Resumo['conjuntos'][number]> {
  const inst = await DuckDBInstance.create(':memory:');
  const db = await inst.connect();
  try {
    const arquivo = [join(dir, path)];
    const desc = (await db.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($1)', arquivo))
      .getRowObjectsJson()
      .map((r) => ({ nome: String(r.column_name), tipo: String(r.column_type) }));
    const exprs = ['count(*) AS "n"'];
    desc.forEach((c, i) => {
      const q = quote(c.nome);
      exprs.push(`count(*) - count(${q}) AS "z${i}"`);
      if (NUMERICO.test(c.tipo)) exprs.push(`sum(${q})::DOUBLE AS "s${i}"`);
    });
    const [linha] = (
      await db.runAndReadAll(`SELECT ${exprs.join(', ')} FROM read_parquet($1)`, arquivo)
    ).getRowObjectsJson();
    const colunas: Resumo['conjuntos'][number]['colunas'] = {};
    desc.forEach((c, i) => {
      colunas[c.nome] = {
        tipo: c.tipo,
        nulos: Number(linha?.[`z${i}`] ?? 0),
        soma: NUMERICO.test(c.tipo) ? arredondar(linha?.[`s${i}`]) : null,
      };
    });
    return { path, linhas: Number(linha?.n ?? 0), colunas };
  } finally {
    db.closeSync();
    inst.closeSync();
  }
}

/** The summary of the publication at `dir` (a build directory or its `current` link). */
export async function resumirPublicacao(dir: string): Promise<Resumo> {
  const manifesto = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
  const conjuntos: Resumo['conjuntos'] = [];
  for (const a of manifesto.artefatos)
    if (a.format === 'parquet') conjuntos.push(await conjunto(dir, a.path));
  conjuntos.sort((a, b) => (a.path < b.path ? -1 : 1));
  return ResumoSchema.parse({ grupos: grupos(manifesto.artefatos), conjuntos });
}
