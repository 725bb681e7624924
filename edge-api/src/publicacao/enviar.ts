import { type Manifest, type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import { type Atual, AtualSchema, CHAVE_ATUAL, chaveDoObjeto, prefixoDoBuild } from './layout.ts';

/**
 * The one upload of a publication to R2 (docs/architecture.md, "Deploy"), used by `deploy.yml` and
 * `pnpm api serve` (through edge-api/scripts/publicar.ts, which reads a build directory) and by the
 * workerd tests (test/semear.ts). It runs wherever an R2 binding does: in workerd, or in Node through
 * wrangler's platform proxy (local persistence or the real bucket).
 *
 * 1. skips every object the current build's manifest lists (all were uploaded before that build became
 *    current, and objects are never rewritten), and asks R2 (`head`) for the others: keys are sha256, so
 *    "there" means "same bytes", and a run that was interrupted resumes where it stopped. (Listing
 *    `objetos/` instead took 74 s for 4,553 keys through the local proxy: slower than the heads.)
 * 2. uploads the missing objects, `paralelo` at a time (large ones in parts);
 * 3. writes `builds/<dir>/manifest.json` and the build's other files;
 * 4. writes `current.json` last: until then readers keep answering from the previous build.
 */

/** The part of an R2 bucket binding the upload uses (R2Bucket in workerd, its proxy in Node). */
export interface DestinoR2 {
  put(
    chave: string,
    valor: Uint8Array | string,
    opcoes?: { sha256?: string; httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  head(chave: string): Promise<unknown>;
  get(chave: string): Promise<{ text(): Promise<string> } | null>;
  createMultipartUpload(chave: string): Promise<{
    uploadPart(numero: number, valor: Uint8Array): Promise<{ partNumber: number; etag: string }>;
    complete(partes: Array<{ partNumber: number; etag: string }>): Promise<unknown>;
    abort(): Promise<void>;
  }>;
}

/** A publication to upload: its manifest and a way to read each artefact's bytes. */
export interface OrigemDaPublicacao {
  /** `<dir_da_versao>` (`versao_do_dado` with `|` replaced by `.`). */
  dir: string;
  manifesto: Manifest;
  /** The manifest's own bytes (uploaded as they are) and any other build-level file (`report.json`). */
  arquivosDoBuild: Record<string, Uint8Array>;
  /** Bytes `[inicio, fim)` of an artefact (the whole file when no range is given). */
  ler(entrada: ManifestEntry, inicio?: number, fim?: number): Promise<Uint8Array>;
  /**
   * Checks a large artefact's sha256 before it goes up in parts (a single `put` is checked by R2 itself,
   * from the `sha256` it is given).
   */
  conferir?(entrada: ManifestEntry): Promise<void>;
}

export interface OpcoesDeEnvio {
  /** Uploads in flight at once (default 16). */
  paralelo?: number;
  /** Called after each object is uploaded. */
  progresso?: (feitos: number, total: number) => void;
  /** Stops starting new uploads; the run rejects, current.json untouched. */
  sinal?: AbortSignal;
  /** Write current.json at the end (default true). */
  trocarAtual?: boolean;
  /** Objects above this many bytes go up in parts (default LIMITE_MULTIPART; tests lower it). */
  limiteMultipart?: number;
  /**
   * Skip, without asking R2, the objects the current build lists (default true). Off for a destination
   * whose current build was not uploaded whole (the workerd tests upload a subset of a manifest).
   */
  confiarNoAtual?: boolean;
}

export interface ResultadoDoEnvio {
  versao_do_dado: string;
  prefixo: string;
  /** Distinct objects the manifest needs (artefacts with equal bytes share one). */
  objetos: number;
  enviados: number;
  ja_presentes: number;
  bytes_enviados: number;
}

/** Objects above this size go up in parts of PARTE bytes (R2 parts: 5 MiB minimum except the last). */
export const LIMITE_MULTIPART = 64 * 1024 * 1024;
export const PARTE = 32 * 1024 * 1024;
const PARALELO_PADRAO = 16;

/** sha256 of every artefact of the build `current.json` points to (none when there is no such build). */
async function doBuildAtual(destino: DestinoR2): Promise<Set<string>> {
  const atual = await destino.get(CHAVE_ATUAL);
  if (atual === null) return new Set();
  const a = AtualSchema.safeParse(JSON.parse(await atual.text()));
  const m = a.success ? await destino.get(`${a.data.prefixo}manifest.json`) : null;
  const manifesto = m === null ? null : ManifestSchema.safeParse(JSON.parse(await m.text()));
  return new Set(manifesto?.success ? manifesto.data.artefatos.map((e) => e.sha256) : []);
}

async function enviarObjeto(
  destino: DestinoR2,
  origem: OrigemDaPublicacao,
  e: ManifestEntry,
  limiteMultipart: number,
): Promise<void> {
  const chave = chaveDoObjeto(e.sha256);
  if (e.bytes <= limiteMultipart) {
    await destino.put(chave, await origem.ler(e), { sha256: e.sha256 });
    return;
  }
  if (!origem.conferir) throw new Error(`${e.path}: ${e.bytes} bytes need a source that checks sha256 first`);
  await origem.conferir(e);
  const envio = await destino.createMultipartUpload(chave);
  try {
    const partes: Array<{ partNumber: number; etag: string }> = [];
    for (let inicio = 0, n = 1; inicio < e.bytes; inicio += PARTE, n++)
      partes.push(await envio.uploadPart(n, await origem.ler(e, inicio, Math.min(e.bytes, inicio + PARTE))));
    await envio.complete(partes);
  } catch (erro) {
    await envio.abort().catch(() => undefined);
    throw erro;
  }
}

export async function enviarPublicacao(
  destino: DestinoR2,
  origem: OrigemDaPublicacao,
  opcoes: OpcoesDeEnvio = {},
): Promise<ResultadoDoEnvio> {
  const doAtual = opcoes.confiarNoAtual === false ? new Set<string>() : await doBuildAtual(destino);
  const porSha = new Map<string, ManifestEntry>();
  for (const e of origem.manifesto.artefatos) if (!porSha.has(e.sha256)) porSha.set(e.sha256, e);
  const candidatos = [...porSha.values()].filter((e) => !doAtual.has(e.sha256));
  // Largest first: a big set does not start last and leave the other slots idle.
  candidatos.sort((a, b) => b.bytes - a.bytes);
  if (!origem.arquivosDoBuild['manifest.json']) throw new Error(`${origem.dir}: manifest.json is missing`);
  let proximo = 0;
  let feitos = 0;
  // After one failure the other slots finish what they hold and start nothing new.
  let falhou = false;
  let bytes = 0;
  const trabalhador = async (): Promise<void> => {
    for (;;) {
      opcoes.sinal?.throwIfAborted();
      const e = candidatos[proximo++];
      if (!e || falhou) return;
      try {
        if ((await destino.head(chaveDoObjeto(e.sha256))) !== null) continue;
        await enviarObjeto(destino, origem, e, opcoes.limiteMultipart ?? LIMITE_MULTIPART);
      } catch (erro) {
        falhou = true;
        throw new Error(`upload of ${e.path} (${chaveDoObjeto(e.sha256)}) failed: ${String(erro)}`, {
          cause: erro,
        });
      }
      feitos++;
      bytes += e.bytes;
      opcoes.progresso?.(feitos, candidatos.length);
    }
  };
  const n = Math.max(1, Math.min(opcoes.paralelo ?? PARALELO_PADRAO, candidatos.length));
  const resultados = await Promise.allSettled(Array.from({ length: n }, trabalhador));
  const falha = resultados.find((r) => r.status === 'rejected');
  if (falha) throw falha.reason;

  const prefixo = prefixoDoBuild(origem.dir);
  for (const [nome, conteudo] of Object.entries(origem.arquivosDoBuild))
    await destino.put(`${prefixo}${nome}`, conteudo);
  if (opcoes.trocarAtual !== false) {
    const atual: Atual = { versao_do_dado: origem.manifesto.versao_do_dado, prefixo };
    await destino.put(CHAVE_ATUAL, JSON.stringify(atual), {
      httpMetadata: { contentType: 'application/json' },
    });
  }
  return {
    versao_do_dado: origem.manifesto.versao_do_dado,
    prefixo,
    objetos: porSha.size,
    enviados: feitos,
    ja_presentes: porSha.size - feitos,
    bytes_enviados: bytes,
  };
}
