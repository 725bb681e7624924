import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restampar } from './restampar.ts';

// Made here: artefacts holding a build version once near their end (as a company's quarterly facts do) or
// in every record (as a lineage pack does), re-stamped to versions of the same, a longer and a shorter length.
const ANTIGA = '2026-11-24-bench|9';
const NOVAS = ['2026-11-25-bench|1', '2026-11-25-bench|10', '2026-11-25-x|1'];
const pasta = await mkdtemp(join(tmpdir(), 'restampar-'));
afterAll(() => rm(pasta, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function conferir(texto: string, nome: string) {
  const de = join(pasta, `${nome}.json`);
  await writeFile(de, texto);
  const desde = Buffer.from(texto, 'utf8').indexOf(ANTIGA);
  for (const nova of NOVAS) {
    const para = join(pasta, 'build', nova, `${nome}.json`);
    const r = await restampar(de, para, desde, ANTIGA, nova);
    const esperado = Buffer.from(texto.replaceAll(ANTIGA, nova), 'utf8');
    const escrito = await readFile(para);
    expect(escrito.equals(esperado)).toBe(true);
    expect(r).toEqual({ bytes: esperado.length, sha256: sha(esperado) });
  }
  // The entry's file is never touched.
  expect(await readFile(de, 'utf8')).toBe(texto);
  return desde;
}

describe('restampar: an artefact with its version replaced, copied up to the version first byte', () => {
  it('a large prefix (copied by the kernel, hashed) and the version twice after it', async () => {
    const linhas = Array.from(
      { length: 6000 },
      (_, i) => `{"ano":${2010 + (i % 16)},"conta":"Receita ç ${i}"}`,
    );
    const texto = `{"linhas":[${linhas.join(',')}],"citacao":"versão ${ANTIGA}","v":"${ANTIGA}"}\n`;
    expect(await conferir(texto, 'grande')).toBeGreaterThan(128 * 1024);
  });

  it('a prefix longer than one read of the copy (1 MiB), cut mid-read', async () => {
    const texto = `${'x'.repeat((1 << 20) * 2 + 12345)}"${ANTIGA}"é${ANTIGA}\n`;
    expect(await conferir(texto, 'dois-mib')).toBe((1 << 20) * 2 + 12346);
  });

  it('the version in every record from the start (read and written whole)', async () => {
    const texto = Array.from({ length: 500 }, (_, i) => `{"i":${i},"versao":"${ANTIGA}"}`).join('\n');
    expect(await conferir(texto, 'linhagem')).toBeLessThan(64 * 1024);
  });

  it('refuses a small file (read whole) whose version does not first occur at the recorded byte', async () => {
    const de = join(pasta, 'pequeno.json');
    await writeFile(de, `{"a":1,"v":"${ANTIGA}"}\n`);
    await expect(
      restampar(de, join(pasta, 'b', 'pequeno.json'), 13, ANTIGA, NOVAS[0] as string),
    ).rejects.toThrow(`${de}: the version ${ANTIGA} does not start at the recorded byte 13`);
    // The offset the writer records for these bytes: re-stamped.
    await expect(
      restampar(de, join(pasta, 'b', 'pequeno.json'), 12, ANTIGA, NOVAS[0] as string),
    ).resolves.toMatchObject({ bytes: Buffer.byteLength(`{"a":1,"v":"${NOVAS[0]}"}\n`) });
  });

  it('refuses an offset where the version does not start, or past the end, naming the file', async () => {
    const texto = `${'y'.repeat(100_000)}${ANTIGA}\n`;
    const de = join(pasta, 'errado.json');
    await writeFile(de, texto);
    await expect(
      restampar(de, join(pasta, 'b', 'errado.json'), 99_999, ANTIGA, NOVAS[0] as string),
    ).rejects.toThrow(`${de}: the version ${ANTIGA} does not start at the recorded byte 99999`);
    await expect(
      restampar(de, join(pasta, 'b', 'errado.json'), 200_000, ANTIGA, NOVAS[0] as string),
    ).rejects.toThrow(`${de}: the version's first byte was recorded at 200000`);
  });
});
