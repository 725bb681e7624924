import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Checagem, checar } from './checagens.ts';
import { linhas, temColuna } from './sql.ts';

/** Tables made here (test-local fixture): each rule must catch exactly the rows planted to break it. */
const db = await (await DuckDBInstance.create(':memory:')).connect();

beforeAll(async () => {
  await db.run(`
    CREATE TABLE feito_aqui_empresas AS SELECT * FROM (VALUES (1), (2)) t(cd_regulator);
    CREATE TABLE feito_aqui_valuation AS SELECT * FROM (VALUES
      (1, 10.0, 0.5, 5.0),   -- dy × preco = proventos
      (1, 20.0, 0.1, 2.0),   -- duplicate key
      (3, 8.0, 0.5, 9.0),    -- unknown company; identity broken (0.5 × 8 = 4 ≠ 9)
      (2, NULL, NULL, 1.0)   -- null price; identity not checked (a side is null)
    ) t(cd_regulator, preco, dy, proventos);
  `);
});
afterAll(() => db.closeSync());

const base = { tipo: 'hard', descricao: 'feito aqui', tabela: 'feito_aqui_valuation' } as const;

describe('declarative checks (core/checagens.ts)', () => {
  it('chave_unica: one failure per repeated key, every row counted', async () => {
    const c: Checagem = { ...base, nome: 'k', regra: 'chave_unica', colunas: ['cd_regulator'] };
    const r = await checar(db, c);
    expect(r).toMatchObject({ verificados: 4, falhas: 1 });
    expect(r.exemplos).toEqual([{ cd_regulator: 1, n: '2' }]);
  });

  it('nao_nulo: the row with a null column', async () => {
    const r = await checar(db, { ...base, nome: 'n', regra: 'nao_nulo', colunas: ['cd_regulator', 'preco'] });
    expect(r).toMatchObject({ verificados: 4, falhas: 1 });
  });

  it('relacao: the key missing from the referenced table', async () => {
    const r = await checar(db, {
      ...base,
      nome: 'r',
      regra: 'relacao',
      colunas: ['cd_regulator'],
      referencia: { tabela: 'feito_aqui_empresas', colunas: ['cd_regulator'] },
    });
    expect(r.falhas).toBe(1);
    expect(r.exemplos).toEqual([{ cd_regulator: 3 }]);
  });

  it('identidade: only rows where both sides have a value, within tolerance', async () => {
    const r = await checar(db, {
      ...base,
      nome: 'i',
      regra: 'identidade',
      esquerda: 'dy * preco',
      direita: 'proventos',
      colunas_exemplo: ['cd_regulator'],
    });
    expect(r.falhas).toBe(1);
    const [e] = r.exemplos as { cd_regulator: number; esquerda: unknown; direita: unknown }[];
    expect([e?.cd_regulator, Number(e?.esquerda), Number(e?.direita)]).toEqual([3, 4, 9]);
  });

  it('onde restricts the rows checked', async () => {
    const r = await checar(db, {
      ...base,
      nome: 'o',
      regra: 'chave_unica',
      colunas: ['cd_regulator'],
      onde: 'preco > 15',
    });
    expect(r).toMatchObject({ verificados: 1, falhas: 0 });
  });
});

describe('bound parameters (core/sql.ts)', () => {
  it('a quote inside a value stays a value', async () => {
    const nome = "d'água'; DROP TABLE feito_aqui_empresas; --";
    const r = await linhas(db, 'SELECT $1 AS nome', z.object({ nome: z.string() }), [nome]);
    expect(r).toEqual([{ nome }]);
    expect(await temColuna(db, 'feito_aqui_empresas', 'cd_regulator')).toBe(true);
    expect(await temColuna(db, "feito_aqui_empresas' OR '1'='1", 'cd_regulator')).toBe(false);
  });
});
