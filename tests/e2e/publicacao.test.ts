import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simularProximoBuild } from '@fundamentos/edge-api/bench/simular';
import { publicarDiretorio, r2Local } from '@fundamentos/edge-api/publicar';
import { lerPublicado } from '@fundamentos/pipeline/publish/publicado';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { type Manifest, ManifestSchema } from '@fundamentos/schemas/manifest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarBorda } from './borda.ts';

/**
 * The upload module (edge-api/src/publicacao/enviar.ts through edge-api/scripts/publicar.ts) against the
 * local R2 that workerd runs (wrangler's local persistence), then the worker serving from that same state:
 * a first upload, a nightly delta that uploads only what changed, an interrupted upload that leaves the
 * previous build current and resumes, and `api serve` answering pack members byte for byte.
 */

let tmp: string;
let pub: string;
let atual: string;
let manifesto: Manifest;

const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

const proximoBuild = (n: number, mudar: number): Promise<string> =>
  simularProximoBuild(atual, manifesto, join(tmp, 'out'), n, mudar);

async function lerAtual(persist: string): Promise<unknown> {
  const r2 = await r2Local(persist);
  try {
    const destino = r2.destino as unknown as { get(k: string): Promise<{ text(): Promise<string> } | null> };
    const obj = await destino.get('current.json');
    return obj === null ? null : JSON.parse(await obj.text());
  } finally {
    await r2.fechar();
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'e2e-publicacao-'));
  pub = await amostraPublicada();
  atual = await realpath(join(pub, 'current'));
  manifesto = ManifestSchema.parse(JSON.parse(await readFile(join(atual, 'manifest.json'), 'utf8')));
}, 900_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('publication upload to the local R2, then served by the worker', () => {
  it('uploads every object once, skips them all the next time, and a nightly delta sends only what changed', async () => {
    const persist = join(tmp, 'estado');
    const distintos = new Set(manifesto.artefatos.map((a) => a.sha256)).size;
    const r2 = await r2Local(persist);
    try {
      // Objects above 2 MiB go up as multipart uploads here (64 MiB in production), so the sample has some.
      const primeira = await publicarDiretorio(atual, r2.destino, {
        paralelo: 16,
        limiteMultipart: 2 * 1024 * 1024,
      });
      expect(primeira).toMatchObject({ objetos: distintos, enviados: distintos, ja_presentes: 0 });
      const grandes = manifesto.artefatos.filter((a) => a.bytes > 2 * 1024 * 1024);
      expect(grandes.length).toBeGreaterThan(0);
      const leitura = r2.destino as unknown as {
        get(k: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
      };
      for (const a of grandes) {
        const obj = await leitura.get(`objetos/${a.sha256}`);
        expect(obj && sha256(Buffer.from(await obj.arrayBuffer())), a.path).toBe(a.sha256);
      }
      const segunda = await publicarDiretorio(atual, r2.destino);
      expect(segunda).toMatchObject({ objetos: distintos, enviados: 0, ja_presentes: distintos });
      const delta = await publicarDiretorio(await proximoBuild(2, 3), r2.destino);
      expect(delta.enviados).toBe(3);
      expect(delta.ja_presentes).toBe(distintos - 3);
      console.log(
        `upload of the sample to local R2: first ${primeira.segundos.toFixed(1)} s (${primeira.enviados} objects), ` +
          `unchanged ${segunda.segundos.toFixed(1)} s, delta of 3 ${delta.segundos.toFixed(1)} s`,
      );
    } finally {
      await r2.fechar();
    }
    expect(await lerAtual(persist)).toEqual({
      versao_do_dado: manifesto.versao_do_dado.replace(/\|\d+$/, '|2'),
      prefixo: `builds/${manifesto.versao_do_dado.replace(/\|\d+$/, '.2')}/`,
    });
  }, 600_000);

  it('an interrupted upload leaves the previous build current; the next run resumes with what is missing', async () => {
    const persist = join(tmp, 'estado');
    const antes = await lerAtual(persist);
    const dir = await proximoBuild(3, 40);
    const r2 = await r2Local(persist);
    try {
      const parar = new AbortController();
      const interrompida = publicarDiretorio(dir, r2.destino, {
        paralelo: 1,
        sinal: parar.signal,
        progresso: (feitos) => {
          if (feitos === 10) parar.abort(new Error('interrupted by the test'));
        },
      });
      await expect(interrompida).rejects.toThrow('interrupted by the test');
      expect(await lerAtual(persist)).toEqual(antes);
      const retomada = await publicarDiretorio(dir, r2.destino);
      expect(retomada.enviados).toBe(30);
    } finally {
      await r2.fechar();
    }
    expect(await lerAtual(persist)).toMatchObject({
      versao_do_dado: manifesto.versao_do_dado.replace(/\|\d+$/, '|3'),
    });
  }, 600_000);

  it('a file whose bytes differ from the manifest stops the upload before current.json moves', async () => {
    const persist = join(tmp, 'estado');
    const antes = await lerAtual(persist);
    const dir = await proximoBuild(4, 1);
    const m = ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
    const alvo = m.artefatos.find((a) => a.format === 'json');
    if (!alvo) throw new Error('no JSON artefact');
    // Same size, other bytes: R2 refuses the put against the manifest's sha256.
    await rm(join(dir, alvo.path));
    await writeFile(join(dir, alvo.path), 'x'.repeat(alvo.bytes));
    const r2 = await r2Local(persist);
    try {
      await expect(publicarDiretorio(dir, r2.destino)).rejects.toThrow(alvo.path);
    } finally {
      await r2.fechar();
    }
    expect(await lerAtual(persist)).toEqual(antes);
  }, 600_000);

  it('api serve uploads nothing new and answers a lineage value from its pack, byte for byte', async () => {
    const persist = join(tmp, 'estado');
    const site = join(tmp, 'sitio');
    await mkdir(site, { recursive: true });
    for (const f of ['index.html', '404.html'])
      await writeFile(join(site, f), '<!doctype html><title>x</title>\n');
    const borda = await iniciarBorda({ data: pub, site, persist });
    try {
      expect(borda.log()).toMatch(/\d+ objects, 0 uploaded/);
      const saude = (await (await fetch(`${borda.url}/saude`)).json()) as { versao_do_dado: string };
      expect(saude.versao_do_dado).toBe(manifesto.versao_do_dado);
      const universo = (await readFile(join(atual, 'auditoria/universo.txt'), 'utf8')).split('\n');
      const [cd, ano, indicador] = (universo[0] ?? '').split('|');
      const tickers = JSON.parse(await readFile(join(atual, 'json/tickers.json'), 'utf8')) as Record<
        string,
        { cd_regulator: number; ticker_atual: string }
      >;
      const ticker = Object.values(tickers).find((t) => String(t.cd_regulator) === cd)?.ticker_atual;
      const esperado = await lerPublicado(atual, `json/empresas/${cd}/linhagem/${ano}/${indicador}.json`);
      if (!ticker || esperado === null) throw new Error(`no lineage for ${universo[0]}`);
      const res = await fetch(`${borda.url}/empresas/${ticker}/linhagem/${ano}/${indicador}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(esperado);
      expect(res.headers.get('etag')).toBe(`"${sha256(esperado)}"`);
    } finally {
      await borda.parar();
    }
  }, 900_000);
});
