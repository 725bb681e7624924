import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textosDosFundamentos } from '@fundamentos/ui/fundamentos';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../build.ts';
import { SAMPLE_RAW } from '../../test-support/sample.ts';
import { CASOS_DESAFIO, palavrasDoCaso } from './desafio.ts';

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

describe('the curated cases and their words (ui/src/fundamentos, desafio_casos)', () => {
  it('every case has words and every word a case', () => {
    expect(Object.keys(textosDosFundamentos('pt').desafio_casos).sort()).toEqual(
      CASOS_DESAFIO.map((c) => c.id).sort(),
    );
  });

  it('the pt words are published as written: no ICU syntax in them is taken for a placeholder', () => {
    for (const c of CASOS_DESAFIO)
      expect(palavrasDoCaso('pt', c.id), c.id).toEqual(textosDosFundamentos('pt').desafio_casos[c.id]);
    // the first case's reason as ui/src/fundamentos/pt.json writes it; en's apostrophe stays literal in ICU
    expect(palavrasDoCaso('pt', 'bb-2019-sem-ebit').por_que_e_dificil).toMatch(
      /^No plano de contas de bancos a conta 3\.05/,
    );
    expect(palavrasDoCaso('en', 'bb-2019-sem-ebit').por_que_e_dificil).toMatch(
      /^In the banks' chart of accounts/,
    );
  });
});
