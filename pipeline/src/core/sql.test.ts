import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crossFileDuplicates, stageDelimitedFiles } from '../readers/delimited.ts';
import { freshDb, recordingReporter, rows } from '../sources/b3/test-helpers.ts';
import type { DelimitedSourceSpec } from './source.ts';
import { executar, textos } from './sql.ts';
import { ensureQuarantineTable } from './staging.ts';

// MADE HERE (test-local fixtures, not source data): names and values with a quote and a backslash, the two
// characters that would end or escape a literal written into SQL text by hand.
const ASPAS = "it's";
const BARRA = 'back\\slash';

describe('values go into SQL as bound parameters', () => {
  it('executar binds each statement of a script to the parameters it names', async () => {
    const db = await freshDb();
    await executar(
      db,
      `CREATE TABLE t AS SELECT $a AS a, $lista[2] AS b;
       INSERT INTO t SELECT $b, $a`,
      { a: ASPAS, b: BARRA, lista: textos(['x', "o'\\"]) },
    );
    expect((await db.runAndReadAll('SELECT a, b FROM t ORDER BY ALL')).getRowsJson()).toEqual([
      [BARRA, ASPAS],
      [ASPAS, "o'\\"],
    ]);
    await expect(executar(db, 'SELECT $faltando', {})).rejects.toThrow('$faltando has no value');
  });

  const root = mkdtempSync(join(tmpdir(), 'aspas-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a delimited file whose folder, name, codes and values hold quotes and backslashes stages as written', async () => {
    const pasta = join(root, "pasta d'água \\ 1");
    mkdirSync(pasta, { recursive: true });
    const spec: DelimitedSourceSpec = {
      kind: 'delimited',
      id: "teste'aspas",
      title: 'made-here',
      staged: 'stg_teste_aspas',
      fileName: /^teste_(?<rotulo>.+)\.csv$/,
      encoding: 'utf-8',
      delimiter: ';',
      columns: [
        { name: 'COD', type: 'varchar', meaning: 'code', allowed: ["A'1", 'B\\2', "D'4"] },
        { name: 'VAL', type: 'decimal', meaning: 'value' },
      ],
      key: ['COD'],
    };
    const arquivo = (rotulo: string) => `pasta d'água \\ 1/teste_${rotulo}.csv`;
    const files = [
      // line 3: code outside `allowed`; line 4: the key of line 2 again (in-file duplicate); line 2 also
      // repeats a key of the other file, which comes first in `_arquivo` order (cross-file duplicate)
      { rotulo: ASPAS, text: "COD;VAL\nA'1;1.5\nC'3;2\nA'1;7\nD'4;9\n" },
      // line 3: not a number
      { rotulo: BARRA, text: "COD;VAL\nB\\2;4\nB\\2;x'\nA'1;3\n" },
    ].map(({ rotulo, text }) => {
      const path = join(pasta, `teste_${rotulo}.csv`);
      writeFileSync(path, text);
      return { path, arquivo: arquivo(rotulo) };
    });
    const db = await freshDb();
    await ensureQuarantineTable(db);
    await stageDelimitedFiles(db, spec, files, recordingReporter());
    const cruzadas = await crossFileDuplicates(
      db,
      spec,
      files.map((f) => f.arquivo),
    );
    expect([...cruzadas]).toEqual([[arquivo(ASPAS), 1]]);

    expect(
      await rows(
        db,
        'SELECT _arquivo, _linha, cod, CAST(val AS VARCHAR) AS val, _rotulo FROM stg_teste_aspas ORDER BY ALL',
      ),
    ).toEqual([
      { _arquivo: arquivo(BARRA), _linha: 2n, cod: 'B\\2', val: '4.0000000000', _rotulo: BARRA },
      { _arquivo: arquivo(BARRA), _linha: 4n, cod: "A'1", val: '3.0000000000', _rotulo: BARRA },
      { _arquivo: arquivo(ASPAS), _linha: 5n, cod: "D'4", val: '9.0000000000', _rotulo: ASPAS },
    ]);
    expect(await rows(db, 'SELECT * FROM _quarantine ORDER BY arquivo, linha')).toEqual([
      {
        source: spec.id,
        arquivo: arquivo(BARRA),
        linha: 3n,
        campo: 'VAL',
        valor: "x'",
        motivo: 'nao_numerico',
      },
      {
        source: spec.id,
        arquivo: arquivo(ASPAS),
        linha: 2n,
        campo: 'COD',
        valor: "A'1",
        motivo: 'duplicada',
      },
      {
        source: spec.id,
        arquivo: arquivo(ASPAS),
        linha: 3n,
        campo: 'COD',
        valor: "C'3",
        motivo: 'codigo_desconhecido',
      },
      {
        source: spec.id,
        arquivo: arquivo(ASPAS),
        linha: 4n,
        campo: 'COD',
        valor: "A'1",
        motivo: 'duplicada',
      },
    ]);
  });
});
