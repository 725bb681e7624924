import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { build } from '../build.ts';
import { tabelaDeStagingPublicada } from '../publish/staging-publicado.ts';
import { cvmSources } from '../sources/cvm/index.ts';
import { fiiMensalComplementoSpec } from '../sources/fundos/fii-mensal.ts';
import { inputErrorOf as inputError } from '../test-support/input-error.ts';
import { dataLines, query, SAMPLE_RAW } from '../test-support/sample.ts';
import { gruposRepetidos } from './delimited.ts';

// Every case starts from real rows: header + first 5 data rows of the real DFP 2010 DFC_MD_con file
// (CIA ENERGETICA DE BRASILIA, 6.01/6.01.01/6.01.02, latin-1, LF). Each case breaks one thing.
const NAME = 'dfp_cia_aberta_DFC_MD_con_2010.csv';
const REAL = readFileSync(join(SAMPLE_RAW, 'cvm/dfp/ano-completo', NAME))
  .toString('latin1')
  .split('\n')
  .slice(0, 6);
const root = mkdtempSync(join(tmpdir(), 'entradas-ruins-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** Builds a raw folder holding one file and returns the build's outcome. */
async function buildWith(name: string, content: Buffer | string) {
  const dir = join(root, `caso-${n++}`);
  mkdirSync(join(dir, 'raw'), { recursive: true });
  writeFileSync(
    join(dir, 'raw', name),
    typeof content === 'string' ? Buffer.from(content, 'latin1') : content,
  );
  return build({
    raw: join(dir, 'raw'),
    out: join(dir, 'out'),
    label: 'ruim',
    sources: cvmSources,
    stages: [],
  });
}
const lines = (ls: string[]) => `${ls.join('\n')}\n`;
const cols = (l: string) => l.split(';');
const setField = (l: string, i: number, v: string) =>
  cols(l)
    .map((c, k) => (k === i ? v : c))
    .join(';');

describe('file-level problems stop the build and name file, line and field', () => {
  it('control: the untouched real rows stage', async () => {
    const r = await buildWith(NAME, lines(REAL));
    expect(r.report.tabelas.find((t) => t.tabela === 'stg_cvm_demonstracao')?.linhas).toBe(5);
  });

  it('missing column', async () => {
    const e = await inputError(buildWith(NAME, lines(REAL.map((l) => cols(l).slice(0, 14).join(';')))));
    expect([e.arquivo, e.linha, e.campo, e.encontrado]).toEqual([NAME, 1, 'ST_CONTA_FIXA', null]);
  });

  it('renamed column', async () => {
    const e = await inputError(
      buildWith(NAME, lines([REAL[0]?.replace('VL_CONTA', 'VALOR_CONTA') ?? '', ...REAL.slice(1)])),
    );
    expect([e.arquivo, e.linha, e.campo, e.encontrado]).toEqual([NAME, 1, 'VL_CONTA', 'VALOR_CONTA']);
  });

  it('unexpected extra column', async () => {
    const e = await inputError(buildWith(NAME, lines(REAL.map((l, i) => `${l};${i === 0 ? 'EXTRA' : 'x'}`))));
    expect([e.arquivo, e.linha, e.campo]).toEqual([NAME, 1, 'EXTRA']);
  });

  it('UTF-8 bytes where latin-1 is declared (would stage as mojibake)', async () => {
    const e = await inputError(buildWith(NAME, Buffer.from(lines(REAL), 'utf8')));
    // Line 2 is the first with an accent: "Demonstração" in GRUPO_DFP.
    expect([e.arquivo, e.linha]).toEqual([NAME, 2]);
    expect(e.message).toContain('UTF-8');
  });

  it('empty file', async () => {
    const e = await inputError(buildWith(NAME, ''));
    expect([e.arquivo, e.encontrado]).toEqual([NAME, 'empty file']);
  });

  it('a row with a field too many', async () => {
    const e = await inputError(
      buildWith(NAME, lines([...REAL.slice(0, 3), `${REAL[3]};x`, ...REAL.slice(4)])),
    );
    expect(e.arquivo).toBe(NAME);
  });

  it('truncated zip', async () => {
    const zip = readFileSync(join(SAMPLE_RAW, 'feitos-aqui/cvm/itr_cia_aberta_2024.zip'));
    const e = await inputError(
      buildWith('itr_cia_aberta_2024.zip', zip.subarray(0, Math.floor(zip.length / 2))),
    );
    expect(e.arquivo).toBe('itr_cia_aberta_2024.zip');
  });

  it('corrupt zip (damaged compressed data)', async () => {
    const zip = Buffer.from(readFileSync(join(SAMPLE_RAW, 'feitos-aqui/cvm/itr_cia_aberta_2024.zip')));
    // Overwrite the start of the first member's deflate stream (local header is 30 bytes + name).
    const start = 30 + 'itr_cia_aberta_2024.csv'.length;
    zip.fill(0xff, start, start + 40);
    const e = await inputError(buildWith('itr_cia_aberta_2024.zip', zip));
    expect(e.arquivo).toBe('itr_cia_aberta_2024.zip');
  });
});

describe('row-level problems go to quarantine with file, line, field, value and reason', () => {
  const quarantined = async (content: string) => {
    const r = await buildWith(NAME, content);
    const staged = r.report.tabelas.find((t) => t.tabela === 'stg_cvm_demonstracao')?.linhas;
    const exemplos = r.report.quarentena.grupos.flatMap((g) =>
      g.exemplos.map((x) => ({ ...x, motivo: g.motivo, fonte: g.fonte })),
    );
    return { staged, total: r.report.quarentena.total, exemplos };
  };

  it('non-numeric value (comma decimal in VL_CONTA, line 3)', async () => {
    const q = await quarantined(lines(REAL.map((l, i) => (i === 2 ? setField(l, 13, '113240,5') : l))));
    expect(q).toEqual({
      staged: 4,
      total: 1,
      exemplos: [
        {
          arquivo: NAME,
          linha: 3,
          campo: 'VL_CONTA',
          valor: '113240,5',
          motivo: 'nao_numerico',
          fonte: 'cvm_dfp_fluxo',
        },
      ],
    });
  });

  it('unknown ESCALA_MOEDA (line 4)', async () => {
    const q = await quarantined(lines(REAL.map((l, i) => (i === 3 ? setField(l, 7, 'BILHAO') : l))));
    expect(q.exemplos).toEqual([
      {
        arquivo: NAME,
        linha: 4,
        campo: 'ESCALA_MOEDA',
        valor: 'BILHAO',
        motivo: 'codigo_desconhecido',
        fonte: 'cvm_dfp_fluxo',
      },
    ]);
    expect(q.staged).toBe(4);
  });

  it('invalid date (line 2)', async () => {
    const q = await quarantined(lines(REAL.map((l, i) => (i === 1 ? setField(l, 10, '2009-02-30') : l))));
    expect(q.exemplos).toEqual([
      {
        arquivo: NAME,
        linha: 2,
        campo: 'DT_FIM_EXERC',
        valor: '2009-02-30',
        motivo: 'data_invalida',
        fonte: 'cvm_dfp_fluxo',
      },
    ]);
  });

  it('duplicated row: the repeat (line 7) is quarantined, the first kept', async () => {
    const q = await quarantined(lines([...REAL, REAL[1] ?? '']));
    expect(q.staged).toBe(5);
    expect(q.exemplos).toHaveLength(1);
    expect(q.exemplos[0]).toMatchObject({ arquivo: NAME, linha: 7, motivo: 'duplicada' });
    expect(q.exemplos[0]?.valor).toContain('6.01');
  });

  it('the same file loose and inside a zip: the second copy is quarantined whole as duplicada', async () => {
    const dir = join(root, `caso-${n++}`);
    mkdirSync(join(dir, 'raw'), { recursive: true });
    const csv = Buffer.from(lines(REAL), 'latin1');
    writeFileSync(join(dir, 'raw', NAME), csv);
    const zip = new yazl.ZipFile();
    zip.addBuffer(csv, NAME);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    writeFileSync(join(dir, 'raw', 'dup.zip'), Buffer.concat(chunks));
    const r = await build({
      raw: join(dir, 'raw'),
      out: join(dir, 'out'),
      label: 'ruim',
      sources: cvmSources,
      stages: [],
    });
    const t = r.report.tabelas.find((x) => x.tabela === 'stg_cvm_demonstracao');
    expect(t?.arquivos.map((a) => [a.arquivo, a.linhas, a.quarentena])).toEqual([
      [NAME, 5, 0],
      [`dup.zip:${NAME}`, 0, 5],
    ]);
    expect(r.report.quarentena.grupos).toMatchObject([{ motivo: 'duplicada', n: 5 }]);
  });
});

describe('decimal columns read exponent form exactly, never through a float', () => {
  it('real row: FII 2020 complemento line 4843 writes Valor_Patrimonial_Cotas as 2E-08 and stages as 0.00000002', async () => {
    // inf_mensal_fii_complemento_2020.csv line 4843: fund 30.982.923/0001-57, December 2020, version 2,
    // Patrimonio_Liquido 0.01, Cotas_Emitidas 608073.4648, Valor_Patrimonial_Cotas 2E-08 (scale 18).
    const dir = mkdtempSync(join(root, 'exp-'));
    const path = join(SAMPLE_RAW, 'cvm/fii/inf_mensal_fii_complemento_2020.csv');
    const out = join(dir, 'out');
    mkdirSync(join(dir, 'raw'));
    writeFileSync(join(dir, 'raw', 'inf_mensal_fii_complemento_2020.csv'), readFileSync(path));
    const r = await build({
      raw: join(dir, 'raw'),
      out,
      label: 'exp',
      sources: [fiiMensalComplementoSpec],
      stages: [],
    });
    const [file] = r.report.tabelas.flatMap((t) => t.arquivos);
    expect(file).toEqual({
      arquivo: 'inf_mensal_fii_complemento_2020.csv',
      fonte: 'cvm_fii_mensal_complemento',
      linhas: dataLines(path),
      quarentena: 0,
    });
    const row = await query(
      `SELECT cnpj_fundo_classe, data_referencia::VARCHAR d, versao, patrimonio_liquido::VARCHAR pl, cotas_emitidas::VARCHAR cotas,
              valor_patrimonial_cotas::VARCHAR vpc, typeof(valor_patrimonial_cotas) t
       FROM ${tabelaDeStagingPublicada(r.dir, 'stg_cvm_fii_mensal_complemento')} WHERE _linha = 4843`,
    );
    expect(row).toEqual([
      {
        cnpj_fundo_classe: '30.982.923/0001-57',
        d: '2020-12-01',
        versao: 2,
        pl: '0.0100000000',
        cotas: '608073.4648000000',
        vpc: '0.000000020000000000',
        t: 'DECIMAL(38,18)',
      },
    ]);
  });

  // Made here: VL_CONTA of real row 3 replaced by exponent forms (not financial data) to pin each rule.
  const withValue = (v: string) => lines(REAL.map((l, i) => (i === 2 ? setField(l, 13, v) : l)));
  const vlConta = async (v: string) => {
    const r = await buildWith(NAME, withValue(v));
    const staged = await query(
      `SELECT vl_conta::VARCHAR v FROM ${tabelaDeStagingPublicada(r.dir, 'stg_cvm_demonstracao')} WHERE _linha = 3`,
    );
    return { staged: staged.map((x) => x.v), motivos: r.report.quarentena.grupos.map((g) => g.motivo) };
  };

  it('mantissa and exponent shift the point as text (scale 10)', async () => {
    expect(await vlConta('-1.5e3')).toEqual({ staged: ['-1500.0000000000'], motivos: [] });
    expect(await vlConta('8.3E-05')).toEqual({ staged: ['0.0000830000'], motivos: [] });
    // 1.0E-10 writes a digit past the scale, but it is a zero: the value needs only 10 places.
    expect(await vlConta('1.0E-10')).toEqual({ staged: ['0.0000000001'], motivos: [] });
    expect(await vlConta('12345678901234567890.123E+5')).toEqual({
      staged: ['1234567890123456789012300.0000000000'],
      motivos: [],
    });
  });

  it('more decimal places than the scale (1.5E-10 needs 11): casas_decimais_excedidas; too large or a 4-digit exponent: nao_numerico', async () => {
    expect(await vlConta('1.5E-10')).toEqual({ staged: [], motivos: ['casas_decimais_excedidas'] });
    expect(await vlConta('1E+40')).toEqual({ staged: [], motivos: ['nao_numerico'] });
    expect(await vlConta('1E-1000')).toEqual({ staged: [], motivos: ['nao_numerico'] });
  });
});

describe('repeated keys are found by a hash of the key (gruposRepetidos)', () => {
  // Rows made here: the key's columns as the staged statements type them (text, date, integer), NULLs
  // among them, as a spec lacking another's key column holds.
  it('counts the groups sharing a key, NULLs equal, and none when every key differs', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run(`CREATE TABLE t AS SELECT * FROM (VALUES
      ('a.csv', 'X', DATE '2020-03-31', 1, NULL::DATE),
      ('a.csv', 'X', DATE '2020-03-31', 1, NULL::DATE),
      ('a.csv', 'X', DATE '2020-03-31', 2, NULL::DATE),
      ('b.csv', 'X', DATE '2020-03-31', 1, DATE '2020-01-01'),
      ('b.csv', 'X', DATE '2020-03-31', 1, DATE '2020-01-02'),
      ('b.csv', 'Y', NULL, 1, DATE '2020-01-01'),
      ('b.csv', 'Y', NULL, 1, DATE '2020-01-01')) v(arq, conta, dt, versao, ini)`);
    const contar = (onde: string, cols: string[]) => gruposRepetidos(db, 't', onde, cols);
    // a.csv's first two rows; b.csv's last two (NULL date equal to NULL date)
    expect(await contar('true', ['arq', 'conta', 'dt', 'versao', 'ini'])).toBe(2);
    expect(await contar("arq = 'a.csv'", ['arq', 'conta', 'dt', 'versao', 'ini'])).toBe(1);
    // Without `ini`, b.csv's rows 4–5 share a key too.
    expect(await contar("arq = 'b.csv'", ['arq', 'conta', 'dt', 'versao'])).toBe(2);
    // Rows whose keys all differ (the third, fourth and fifth): no group.
    expect(await contar("arq = 'a.csv' AND versao = 2", ['arq', 'conta', 'dt', 'versao', 'ini'])).toBe(0);
    expect(await contar('rowid IN (2, 3, 4)', ['arq', 'conta', 'dt', 'versao', 'ini'])).toBe(0);
    db.closeSync();
  });
});
