/**
 * Node side of the upload (src/publicacao/enviar.ts): a build directory as the source, and R2 reached
 * through wrangler's platform proxy, either the local persistence `wrangler dev --persist-to <dir>` uses
 * or the real bucket (remote binding, credentials from CLOUDFLARE_API_TOKEN / CLOUDFLARE_ACCOUNT_ID).
 * Used by `pnpm api serve`, `pnpm api publicar` (deploy.yml) and tests/e2e/publicacao.test.ts.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';
import {
  type DestinoR2,
  enviarPublicacao,
  type OpcoesDeEnvio,
  type OrigemDaPublicacao,
  type ResultadoDoEnvio,
} from '../src/publicacao/enviar.ts';

export const CONFIG = join(dirname(fileURLToPath(import.meta.url)), '..', 'wrangler.jsonc');
/** The build's own files uploaded beside the manifest (not artefacts: the manifest does not list them). */
const ARQUIVOS_DO_BUILD = ['manifest.json', 'report.json'];

async function sha256DoArquivo(caminho: string): Promise<string> {
  const h = createHash('sha256');
  for await (const pedaco of createReadStream(caminho)) h.update(pedaco as Buffer);
  return h.digest('hex');
}

/** A published build directory (`<out>/current` or `<out>/<dir>`) as an upload source. */
export async function origemDoDiretorio(diretorio: string): Promise<OrigemDaPublicacao> {
  const dir = await realpath(diretorio);
  const caminhoDoManifesto = join(dir, 'manifest.json');
  const texto = await readFile(caminhoDoManifesto).catch(() => {
    throw new Error(`${caminhoDoManifesto}: no published build there`);
  });
  const lido = ManifestSchema.safeParse(JSON.parse(texto.toString('utf8')));
  if (!lido.success) throw new Error(`${caminhoDoManifesto}: ${lido.error.message}`);
  const arquivosDoBuild: Record<string, Uint8Array> = {};
  for (const nome of ARQUIVOS_DO_BUILD) {
    const bytes = await readFile(join(dir, nome)).catch(() => null);
    if (bytes) arquivosDoBuild[nome] = bytes;
  }
  const caminho = (e: ManifestEntry) => join(dir, e.path);
  return {
    // From the manifest, not the folder's name: a CI artefact restores `current` as a plain folder.
    dir: lido.data.versao_do_dado.replace('|', '.'),
    manifesto: lido.data,
    arquivosDoBuild,
    async ler(e, inicio, fim) {
      if (inicio === undefined) {
        const bytes = await readFile(caminho(e));
        if (bytes.length !== e.bytes)
          throw new Error(`${caminho(e)}: ${bytes.length} bytes, manifest.json says ${e.bytes}`);
        return bytes;
      }
      const f = await open(caminho(e));
      try {
        const buf = Buffer.alloc((fim ?? e.bytes) - inicio);
        const { bytesRead } = await f.read(buf, 0, buf.length, inicio);
        if (bytesRead !== buf.length) throw new Error(`${caminho(e)}: shorter than manifest.json says`);
        return buf;
      } finally {
        await f.close();
      }
    },
    async conferir(e) {
      const sha = await sha256DoArquivo(caminho(e));
      if (sha !== e.sha256)
        throw new Error(`${caminho(e)}: sha256 ${sha} differs from manifest.json (${e.sha256})`);
    },
  };
}

export interface R2Aberto {
  destino: DestinoR2;
  fechar(): Promise<void>;
}

/** R2 buckets of wrangler.jsonc the scripts write: the publication, and the raw downloads' store. */
export type BindingR2 = 'ARTEFATOS' | 'BRUTOS';

/** A bucket in the local state `wrangler dev --persist-to <persist>` uses. */
export async function r2Local(persist: string, binding: BindingR2 = 'ARTEFATOS'): Promise<R2Aberto> {
  const proxy = await getPlatformProxy<Record<BindingR2, DestinoR2>>({
    configPath: CONFIG,
    persist: { path: join(persist, 'v3') },
    remoteBindings: false,
  });
  return { destino: proxy.env[binding], fechar: () => proxy.dispose() };
}

/**
 * The real bucket (wrangler.jsonc names it), through a remote binding: a throw-away config holding only
 * that binding, marked `remote`, so nothing else of the worker is started or touched.
 */
export async function r2Remoto(binding: BindingR2 = 'ARTEFATOS'): Promise<R2Aberto> {
  const config = unstable_readConfig({ config: CONFIG });
  const bucket = config.r2_buckets.find((b: { binding: string }) => b.binding === binding);
  if (!bucket?.bucket_name) throw new Error(`${CONFIG}: no R2 binding ${binding}`);
  const pasta = await mkdtemp(join(tmpdir(), 'publicar-'));
  const configRemota = join(pasta, 'wrangler.json');
  await writeFile(
    configRemota,
    JSON.stringify({
      name: `${config.name}-publicacao`,
      compatibility_date: config.compatibility_date,
      r2_buckets: [{ binding, bucket_name: bucket.bucket_name, remote: true }],
    }),
  );
  const proxy = await getPlatformProxy<Record<BindingR2, DestinoR2>>({
    configPath: configRemota,
    persist: false,
    remoteBindings: true,
  });
  return {
    destino: proxy.env[binding],
    fechar: async () => {
      await proxy.dispose();
      await rm(pasta, { recursive: true, force: true });
    },
  };
}

/** Uploads the build in `diretorio` to `destino` (see enviar.ts for the order and the skips). */
export async function publicarDiretorio(
  diretorio: string,
  destino: DestinoR2,
  opcoes: OpcoesDeEnvio = {},
): Promise<ResultadoDoEnvio & { segundos: number }> {
  const t0 = performance.now();
  const r = await enviarPublicacao(destino, await origemDoDiretorio(diretorio), opcoes);
  return { ...r, segundos: (performance.now() - t0) / 1000 };
}
