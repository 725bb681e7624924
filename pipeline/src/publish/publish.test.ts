import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, InvariantError } from '../build.ts';
import { InputError } from '../core/source.ts';
import type { Stage } from '../core/stage.ts';
import { cvmSources } from '../sources/cvm/index.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';
import { pastasDePublicacao } from './pastas-de-teste.ts';

// A small real raw folder (DFP 2010 index and DFC_MD_con 2010) is enough to prove the publication rules.
const { out, good, broken } = pastasDePublicacao('publicacao-');
const now = new Date('2026-11-22T02:30:00Z'); // 23:30 on the 21st in São Paulo
const opts = { out, label: 'teste', sources: cvmSources, now };
const current = () => readFileSync(join(out, 'current', 'manifest.json'), 'utf8');

beforeAll(() => {
  for (const d of [good, broken]) mkdirSync(d, { recursive: true });
  for (const f of ['dfp_cia_aberta_2010.csv', 'dfp_cia_aberta_DFC_MD_con_2010.csv']) {
    cpSync(join(SAMPLE_RAW, 'cvm/dfp/ano-completo', f), join(good, f));
    cpSync(join(SAMPLE_RAW, 'cvm/dfp/ano-completo', f), join(broken, f));
  }
  // The broken folder adds a truncated zip: the whole build must fail.
  const zip = readFileSync(join(SAMPLE_RAW, 'feitos-aqui/cvm/itr_cia_aberta_2024.zip'));
  writeFileSync(join(broken, 'itr_cia_aberta_2024.zip'), zip.subarray(0, 100));
});

describe('atomic publication', () => {
  let first: string;

  it('publishes the first build and points current at it (date in America/Sao_Paulo, sequence 1)', async () => {
    const r = await build({ ...opts, raw: good, stages: [] });
    expect(r.versao_do_dado).toBe('2026-11-21-teste|1');
    expect(readlinkSync(join(out, 'current'))).toBe('2026-11-21-teste.1');
    first = current();
    expect(JSON.parse(first).versao_do_dado).toBe('2026-11-21-teste|1');
  });

  it('a broken raw folder fails the build and leaves current and the first build untouched', async () => {
    await expect(build({ ...opts, raw: broken, stages: [] })).rejects.toBeInstanceOf(InputError);
    expect(readlinkSync(join(out, 'current'))).toBe('2026-11-21-teste.1');
    expect(current()).toBe(first);
    expect(readdirSync(out).sort()).toEqual(['2026-11-21-teste.1', 'current']);
  });

  it('a failed hard invariant in a stage fails the build the same way', async () => {
    const failing: Stage = {
      name: 'invariante_quebrada',
      async run(ctx) {
        ctx.report.invariant({
          nome: 'ativo_igual_passivo',
          tipo: 'hard',
          descricao: 'made here to fail',
          verificados: 1,
          falhas: 1,
          exemplos: [],
        });
        return [];
      },
    };
    await expect(build({ ...opts, raw: good, stages: [failing] })).rejects.toBeInstanceOf(InvariantError);
    expect(current()).toBe(first);
    expect(readdirSync(out).sort()).toEqual(['2026-11-21-teste.1', 'current']);
  });

  it('a stage whose JSON does not match its schema fails the build', async () => {
    const { z } = await import('zod');
    const bad: Stage = {
      name: 'json_invalido',
      async run(ctx) {
        return [
          await ctx.writer.json({
            name: 'x',
            path: 'json/x.json',
            schemaName: 'X',
            schema: z.object({ n: z.number() }),
            data: { n: 'um' as unknown as number },
          }),
        ];
      },
    };
    await expect(build({ ...opts, raw: good, stages: [bad] })).rejects.toThrow(/does not match X/);
    expect(current()).toBe(first);
  });

  it('the next good build gets sequence 2, and every artefact in its manifest has the hash and size written', async () => {
    // A stage made here writes one CSV and one text artefact through the writer.
    const extra: Stage = {
      name: 'extra',
      async run(ctx) {
        return [
          await ctx.writer.csv({
            name: 'versoes',
            path: 'csv/versoes.csv',
            schemaName: 'teste',
            sql: 'SELECT DISTINCT versao FROM stg_cvm_doc_indice ORDER BY 1',
          }),
          await ctx.writer.text({
            name: 'leia',
            path: 'leia.txt',
            schemaName: 'teste',
            content: 'a\nb\n',
            rows: 2,
          }),
        ];
      },
    };
    const r = await build({ ...opts, raw: good, stages: [extra] });
    expect(r.versao_do_dado).toBe('2026-11-21-teste|2');
    // DFP 2010 index: VERSAO runs 1..9 (MANIFEST), so 9 distinct versions.
    expect(r.manifest.artefatos.find((a) => a.path === 'csv/versoes.csv')).toMatchObject({
      rows: 9,
      format: 'csv',
    });
    expect(readFileSync(join(r.dir, 'csv/versoes.csv'), 'utf8').split('\n')[0]).toBe('versao');
    expect(readlinkSync(join(out, 'current'))).toBe('2026-11-21-teste.2');
    expect(existsSync(join(out, '2026-11-21-teste.1', 'manifest.json'))).toBe(true);
    const { createHash } = await import('node:crypto');
    for (const a of r.manifest.artefatos) {
      const bytes = readFileSync(join(r.dir, a.path));
      expect({
        path: a.path,
        bytes: bytes.length,
        sha: createHash('sha256').update(bytes).digest('hex'),
      }).toEqual({ path: a.path, bytes: a.bytes, sha: a.sha256 });
    }
    expect(r.manifest.artefatos.map((a) => a.path)).toContain('report.json');
  });
});
