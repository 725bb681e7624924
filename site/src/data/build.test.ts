import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listPaths, openBuild, readArtefact, umaVezPorBuild } from './build.ts';

// Fixture made here: a publish directory with one tiny non-financial artefact, to test the loader's rules.
let pub: string;
const conteudo = JSON.stringify({ nome: 'teste' });
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function publicar(artefatos: unknown[]): void {
  writeFileSync(
    join(pub, 'b1', 'manifest.json'),
    JSON.stringify({
      versao_do_dado: '2026-11-22-teste|1',
      criado_em: '2026-11-22T03:00:00-03:00',
      schema_version: 1,
      artefatos,
    }),
  );
}

const entrada = (path: string, hash: string) => ({
  name: path,
  path,
  rows: 1,
  bytes: Buffer.byteLength(conteudo),
  sha256: hash,
  schema: 'teste',
  format: 'json',
});

beforeAll(() => {
  pub = mkdtempSync(join(tmpdir(), 'site-build-'));
  mkdirSync(join(pub, 'b1', 'json', 'empresas', '9512'), { recursive: true });
  writeFileSync(join(pub, 'b1', 'json', 'ok.json'), conteudo);
  writeFileSync(join(pub, 'b1', 'json', 'empresas', '9512', 'index.json'), conteudo);
  symlinkSync('b1', join(pub, 'current'));
});
afterAll(() => rmSync(pub, { recursive: true, force: true }));

const Schema = z.strictObject({ nome: z.string() });

describe('openBuild / readArtefact', () => {
  it('reads only what the manifest lists, checking sha256 and schema', () => {
    publicar([
      entrada('json/ok.json', sha(conteudo)),
      entrada('json/empresas/9512/index.json', sha(conteudo)),
    ]);
    const b = openBuild(pub);
    expect(b.manifest.versao_do_dado).toBe('2026-11-22-teste|1');
    expect(readArtefact(b, 'json/ok.json', Schema)).toEqual({ nome: 'teste' });
    // Present on disk in other builds maybe, but not listed: the page must not use it.
    expect(readArtefact(b, 'json/empresas.json', Schema)).toBeNull();
    expect(listPaths(b, /^json\/empresas\/\d+\/index\.json$/)).toEqual(['json/empresas/9512/index.json']);
  });

  it('names the file when the hash differs from the manifest', () => {
    publicar([entrada('json/ok.json', 'a'.repeat(64))]);
    const b = openBuild(pub);
    expect(() => readArtefact(b, 'json/ok.json', Schema)).toThrow(/ok\.json: sha256 .* differs/);
  });

  it('names the file and the field when the artefact breaks its schema', () => {
    publicar([entrada('json/ok.json', sha(conteudo))]);
    const b = openBuild(pub);
    expect(() => readArtefact(b, 'json/ok.json', z.strictObject({ nome: z.number() }))).toThrow(
      /ok\.json: field nome/,
    );
  });

  it("trusts the pipeline's own check only where the manifest names the very schema asked for", () => {
    // {nome} is not a company list: a reader asking for ARTEFATOS.empresas' schema would refuse it, unless
    // the manifest says the build's writer checked it against that catalogue entry (then the bytes, whose
    // sha256 matches, are what passed that check and are returned as they are).
    const lista = ARTEFATOS.empresas.schema;
    publicar([{ ...entrada('json/ok.json', sha(conteudo)), schema: 'empresas' }]);
    expect(readArtefact(openBuild(pub), 'json/ok.json', lista)).toEqual({ nome: 'teste' });
    publicar([entrada('json/ok.json', sha(conteudo))]);
    expect(() => readArtefact(openBuild(pub), 'json/ok.json', lista)).toThrow(/ok\.json: field/);
    // a text entry (a pack) is never taken as checked JSON
    publicar([{ ...entrada('json/ok.json', sha(conteudo)), schema: 'empresas', format: 'text' }]);
    expect(() => readArtefact(openBuild(pub), 'json/ok.json', lista)).toThrow(/ok\.json: field/);
  });

  it('computes a value once per build (umaVezPorBuild), a null as well', () => {
    publicar([entrada('json/ok.json', sha(conteudo))]);
    const [b1, b2] = [openBuild(pub), openBuild(pub)];
    let chamadas = 0;
    const f = umaVezPorBuild((b) => {
      chamadas++;
      return b === b1 ? null : { n: chamadas };
    });
    expect([f(b1), f(b1), f(b2), f(b2)]).toEqual([null, null, { n: 2 }, { n: 2 }]);
    expect(chamadas).toBe(2);
  });

  it('refuses an invalid manifest, naming it', () => {
    writeFileSync(join(pub, 'b1', 'manifest.json'), JSON.stringify({ versao_do_dado: 'x' }));
    expect(() => openBuild(pub)).toThrow(/manifest\.json: field versao_do_dado/);
  });
});
