import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DelimitedSourceSpec } from '../../core/source.ts';
import { extractZip } from '../../readers/zip.ts';
import { etfListSpec } from '../b3/indices.ts';
import { samplePath } from '../b3/test-helpers.ts';
import { fundosSources } from './index.ts';

const RAW = samplePath('raw');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Header of a sample file as the file itself has it (first line, decoded as the spec says). */
function headerOf(path: string, spec: DelimitedSourceSpec): string[] {
  const text = readFileSync(path).toString(spec.encoding === 'latin-1' ? 'latin1' : 'utf8');
  return (text.split('\n')[0] ?? '').replace(/\r$/, '').split(spec.delimiter);
}

/** Header names a spec does not know, and required spec columns the header lacks. */
function compare(spec: DelimitedSourceSpec, header: string[]) {
  const known = (h: string) => spec.columns.some((c) => c.name === h || (c.aliases ?? []).includes(h));
  const present = (c: DelimitedSourceSpec['columns'][number]) =>
    [c.name, ...(c.aliases ?? [])].some((n) => header.includes(n));
  return {
    unknown: header.filter((h) => !known(h)),
    missing: spec.columns.filter((c) => c.required !== false && !present(c)).map((c) => c.name),
    // one header column must not satisfy two spec columns, nor one spec column two header columns
    ambiguous: spec.columns
      .filter((c) => [c.name, ...(c.aliases ?? [])].filter((n) => header.includes(n)).length > 1)
      .map((c) => c.name),
  };
}

const specs = [...(fundosSources as DelimitedSourceSpec[]), etfListSpec];
const files = walk(RAW);

describe('fund and ETF-list specs against the headers of the sample files', () => {
  // Members of the sample's zips count as files too (CVM ships the daily report, the RCVM 175 registry,
  // the CDA and the registry history as zips): each fund member is extracted and checked like a loose file.
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fundos-zips-'));
    for (const z of walk(RAW).filter((f) => f.endsWith('.zip'))) {
      const { extracted } = await extractZip(z, relative(RAW, z), join(dir, relative(RAW, z)), (m) =>
        specs.some((s) => s.fileName.test(m)),
      );
      // the extractor prefixes a position to each name; the specs read the member's own name
      for (const [i, e] of extracted.entries()) {
        const alvo = join(dir, relative(RAW, z), `m${i}`);
        mkdirSync(alvo, { recursive: true });
        renameSync(e.path, join(alvo, basename(e.member)));
        files.push(join(alvo, basename(e.member)));
      }
    }
  });

  it('every spec recognises at least one sample file (real where one exists, made here otherwise)', () => {
    const unmatched = specs.filter((s) => !files.some((f) => s.fileName.test(basename(f)))).map((s) => s.id);
    expect(unmatched).toEqual([]);
  });

  it('no sample file is claimed by two fund specs', () => {
    for (const f of files) {
      expect(specs.filter((s) => s.fileName.test(basename(f))).length).toBeLessThanOrEqual(1);
    }
  });

  for (const spec of specs) {
    it(`${spec.id}: each header column is known, each required column present`, () => {
      const matched = files.filter((f) => spec.fileName.test(basename(f)));
      expect(matched.length).toBeGreaterThan(0);
      for (const f of matched) {
        expect({ file: basename(f), ...compare(spec, headerOf(f, spec)) }).toEqual({
          file: basename(f),
          unknown: [],
          missing: [],
          ambiguous: [],
        });
      }
    });
  }

  it('maps the real 2020–2021 FII monthly headers through aliases (CNPJ_Fundo, Nome_Fundo)', () => {
    // data/sample/raw/cvm/fii/inf_mensal_fii_geral_2021.csv line 1 starts CNPJ_Fundo;Data_Referencia;Versao;Data_Entrega;Nome_Fundo.
    const geral = headerOf(
      samplePath('raw/cvm/fii/inf_mensal_fii_geral_2021.csv'),
      specs[0] as DelimitedSourceSpec,
    );
    expect(geral.slice(0, 5)).toEqual([
      'CNPJ_Fundo',
      'Data_Referencia',
      'Versao',
      'Data_Entrega',
      'Nome_Fundo',
    ]);
    const spec = specs.find((s) => s.id === 'cvm_fii_mensal_geral');
    expect(spec?.columns.find((c) => c.name === 'CNPJ_Fundo_Classe')?.aliases).toContain('CNPJ_Fundo');
    // The accented complemento header survives latin-1 decoding.
    const complemento = headerOf(
      samplePath('raw/cvm/fii/inf_mensal_fii_complemento_2021.csv'),
      specs[1] as DelimitedSourceSpec,
    );
    expect(complemento).toContain('Numero_Cotistas_Entidade_Fechada_Previdência_Complementar');
  });

  it('reads both daily-report layouts with one spec (made-here fixtures)', () => {
    const spec = specs.find((s) => s.id === 'cvm_inf_diario');
    if (!spec) throw new Error('cvm_inf_diario missing');
    const old = headerOf(samplePath('raw/feitos-aqui/fundos/inf_diario_fi_202401.csv'), spec);
    const novo = headerOf(samplePath('raw/feitos-aqui/fundos/inf_diario_fi_202410.csv'), spec);
    expect(old[1]).toBe('CNPJ_FUNDO');
    expect(novo[1]).toBe('CNPJ_FUNDO_CLASSE');
    expect(compare(spec, old).missing).toEqual([]);
    expect(compare(spec, novo).missing).toEqual([]);
  });

  it('takes the CDA block number from the member name', () => {
    const spec = specs.find((s) => s.id === 'cvm_cda_blc');
    expect(spec?.fileName.exec('cda_fi_BLC_4_202409.csv')?.groups).toEqual({
      bloco: '4',
      competencia: '202409',
    });
    expect(spec?.fileName.test('cda_fi_PL_202409.csv')).toBe(false);
    expect(spec?.fileName.test('cda_fi_BLC_9_202409.csv')).toBe(false);
  });
});
