import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../build.ts';
import { SAMPLE_RAW } from '../../test-support/sample.ts';
import { CASOS_DESAFIO } from './desafio.ts';

const root = mkdtempSync(join(tmpdir(), 'desafio-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('/desafio on an input without the curated companies', () => {
  it('the build succeeds, json/desafio.json is left out and a build note says why', async () => {
    // One real file: the 2010 DFP index (data/sample/raw/cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv).
    // No statements, so no indicator of any curated case exists in this build.
    const raw = join(root, 'raw');
    mkdirSync(raw, { recursive: true });
    copyFileSync(
      join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
      join(raw, 'dfp_cia_aberta_2010.csv'),
    );
    const out = join(root, 'out');
    const r = await build({ raw, out, label: 'desafio', now: new Date('2026-01-02T12:00:00Z') });
    expect(r.manifest.artefatos.some((a) => a.path === 'json/desafio.json')).toBe(false);
    expect(existsSync(join(r.dir, 'json', 'desafio.json'))).toBe(false);
    const nota = r.report.notas.find((n) => n.mensagem.startsWith('json/desafio.json not published'));
    expect(nota?.etapa).toBe('publicacao_fundamentos_extras');
    expect(nota?.mensagem).toContain(`0 of the ${CASOS_DESAFIO.length} curated cases`);
  }, 120_000);
});
