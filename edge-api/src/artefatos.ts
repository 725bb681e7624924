import { env } from 'cloudflare:workers';
import { ARTEFATOS, type ArgumentosDe, type Artefato } from '@fundamentos/schemas/catalogo';
import { type Manifest, type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import { membroDe, membroDoPacote } from '@fundamentos/schemas/pacotes';
import type { Tickers } from '@fundamentos/schemas/tickers';
import type { z } from 'zod';
import { sha256Hex } from './chave-formato.ts';
import { ErroApi } from './erro-api.ts';
import { CacheLimitado, ComValidade } from './publicacao/cache.ts';
import { type Atual, AtualSchema, CHAVE_ATUAL, chaveDoObjeto } from './publicacao/layout.ts';

export { type Atual, AtualSchema } from './publicacao/layout.ts';

export interface Build {
  atual: Atual;
  manifesto: Manifest;
  porCaminho: Map<string, ManifestEntry>;
}

/*
 * What the isolate caches (docs/architecture.md, "Caches in the worker"):
 * - current.json for ATUAL_TTL_MS (wrangler.jsonc vars; 0 turns it off): a new build answers at most
 *   that long after its current.json was written, in every isolate;
 * - a build's manifest, keyed by its version: a version's manifest never changes;
 * - artefact bytes and parsed JSON, keyed by sha256: objects are addressed by content (`objetos/<sha256>`),
 *   so a cached copy is never stale; bounded in bytes, least recently used first out.
 */
const manifestos = new Map<string, Promise<Build>>();
const tickers = new Map<string, Promise<Tickers>>();
const atual = new ComValidade<Atual>();
/** Small artefacts and packs, as text, by sha256. */
const textos = new CacheLimitado<string>(48 * 1024 * 1024);
/** Parsed JSON by sha256 (size counted as the text's length). */
const parseados = new CacheLimitado<unknown>(48 * 1024 * 1024);
/** Bigger objects are streamed from R2, never held (bulk CSV and Parquet sets). */
const MAX_EM_MEMORIA = 2 * 1024 * 1024;

function semDados(): ErroApi {
  return new ErroApi(503, 'sem_dados_publicados', 'Nenhum build publicado neste ambiente.');
}

function ttlDoAtual(): number {
  const bruto = (env as Partial<Env>).ATUAL_TTL_MS;
  const n = bruto === undefined ? 0 : Number(bruto);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

async function lerJson<S extends z.ZodType>(
  bucket: R2Bucket,
  chave: string,
  schema: S,
): Promise<z.output<S>> {
  const obj = await bucket.get(chave);
  if (obj === null) throw semDados();
  const r = schema.safeParse(await obj.json());
  // A malformed published file is our fault: 500 with the file named in the log.
  if (!r.success) throw new Error(`R2 ${chave}: ${r.error.message}`);
  return r.data;
}

/** Reads `current.json`, cached in the isolate for ATUAL_TTL_MS (`/saude` shows it). */
export function lerAtual(bucket: R2Bucket): Promise<Atual> {
  return atual.obter(ttlDoAtual(), () => lerJson(bucket, CHAVE_ATUAL, AtualSchema));
}

export async function buildAtual(bucket: R2Bucket): Promise<Build> {
  const a = await lerAtual(bucket);
  let build = manifestos.get(a.versao_do_dado);
  if (!build) {
    build = lerJson(bucket, `${a.prefixo}manifest.json`, ManifestSchema).then((manifesto) => ({
      atual: a,
      manifesto,
      porCaminho: new Map(manifesto.artefatos.map((e) => [e.path, e])),
    }));
    manifestos.set(a.versao_do_dado, build);
    build.catch(() => manifestos.delete(a.versao_do_dado));
  }
  return build;
}

/** The body of an artefact: an R2 object streamed, or bytes the isolate already holds. */
export interface CorpoDoArtefato {
  body: ReadableStream | string;
  size: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export interface ArtefatoLido {
  entrada: ManifestEntry;
  corpo: CorpoDoArtefato;
}

const codificador = new TextEncoder();

function corpoDeTexto(texto: string, bytes: number): CorpoDoArtefato {
  return {
    body: texto,
    size: bytes,
    text: async () => texto,
    json: async () => JSON.parse(texto),
  };
}

/** An object's text, from the isolate's cache or R2 (only for objects up to MAX_EM_MEMORIA). */
async function textoDoObjeto(bucket: R2Bucket, e: ManifestEntry): Promise<string> {
  return textos.obter(e.sha256, e.bytes, async () => {
    const obj = await bucket.get(chaveDoObjeto(e.sha256));
    if (obj === null)
      throw new Error(`R2 ${chaveDoObjeto(e.sha256)} (${e.path}): listed in the manifest but missing`);
    return obj.text();
  });
}

/**
 * The artefact at `caminho` when the build publishes it, else null. A path stored inside a pack
 * (schemas/src/pacotes.ts) answers the member's own bytes, with their sha256 as if it were a file.
 */
export async function lerArtefato(
  bucket: R2Bucket,
  build: Build,
  caminho: string,
): Promise<ArtefatoLido | null> {
  const entrada = build.porCaminho.get(caminho);
  if (entrada) {
    // Text formats only: a Parquet file is bytes, never decoded as UTF-8.
    if (entrada.bytes <= MAX_EM_MEMORIA && entrada.format !== 'parquet')
      return { entrada, corpo: corpoDeTexto(await textoDoObjeto(bucket, entrada), entrada.bytes) };
    const corpo = await bucket.get(chaveDoObjeto(entrada.sha256));
    if (corpo === null)
      throw new Error(`R2 ${chaveDoObjeto(entrada.sha256)} (${caminho}): listed in the manifest but missing`);
    return { entrada, corpo };
  }
  const m = membroDe(caminho);
  const pacote = m ? build.porCaminho.get(m.pacote) : undefined;
  if (!m || !pacote) return null;
  const texto = membroDoPacote(await textoDoObjeto(bucket, pacote), m.chave);
  if (texto === null) return null;
  const bytes = codificador.encode(texto);
  return {
    entrada: {
      name: `${pacote.name}:${m.chave}`,
      path: caminho,
      rows: 1,
      bytes: bytes.length,
      sha256: await sha256Hex(texto),
      schema: pacote.schema.replace(/^pacote\//, ''),
      format: 'json',
    },
    corpo: corpoDeTexto(texto, bytes.length),
  };
}

export async function tickersDe(bucket: R2Bucket, build: Build): Promise<Tickers | null> {
  if (!build.porCaminho.has(ARTEFATOS.tickers.caminho())) return null;
  let t = tickers.get(build.atual.versao_do_dado);
  if (!t) {
    t = jsonDoCatalogo(bucket, build, ARTEFATOS.tickers).then((x) => x ?? {});
    tickers.set(build.atual.versao_do_dado, t);
    t.catch(() => tickers.delete(build.atual.versao_do_dado));
  }
  return t;
}

const TIPO_DE_CONTEUDO: Record<ManifestEntry['format'], string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};

/** Headers of a stored artefact streamed untouched: it was validated by the build, its sha256 is the ETag. */
export function cabecalhosDoArtefato(a: ArtefatoLido, build: Build): Record<string, string> {
  return {
    'Content-Type': TIPO_DE_CONTEUDO[a.entrada.format],
    'Content-Length': String(a.corpo.size),
    ETag: `"${a.entrada.sha256}"`,
    'X-Versao-Do-Dado': build.atual.versao_do_dado,
  };
}

/**
 * A JSON artefact of the build parsed with `schema`, or null when the build does not publish it.
 * Parsed once per isolate and content (the screener snapshot is read on every /screener call).
 */
export async function jsonDoBuild<S extends z.ZodType>(
  bucket: R2Bucket,
  build: Build,
  caminho: string,
  schema: S,
): Promise<z.output<S> | null> {
  const direto = build.porCaminho.get(caminho);
  if (direto) {
    const valor = await parseados.obter(`${direto.sha256}\n${direto.schema}`, direto.bytes, async () => {
      const obj = await bucket.get(chaveDoObjeto(direto.sha256));
      if (obj === null) throw semDados();
      const r = schema.safeParse(await obj.json());
      if (!r.success) throw new Error(`R2 ${chaveDoObjeto(direto.sha256)} (${caminho}): ${r.error.message}`);
      return r.data;
    });
    return valor as z.output<S>;
  }
  const a = await lerArtefato(bucket, build, caminho);
  if (a === null) return null;
  const valor = await parseados.obter(
    `${a.entrada.sha256}\n${a.entrada.schema}`,
    a.entrada.bytes,
    async () => {
      const r = schema.safeParse(await a.corpo.json());
      if (!r.success) throw new Error(`${caminho}: ${r.error.message}`);
      return r.data;
    },
  );
  return valor as z.output<S>;
}

/** A catalogued JSON artefact of the build (schemas/src/catalogo.ts), parsed with its own schema. */
export function jsonDoCatalogo<T extends string, S extends z.ZodType>(
  bucket: R2Bucket,
  build: Build,
  a: Artefato<T, S>,
  ...p: ArgumentosDe<T>
): Promise<z.output<S> | null> {
  return jsonDoBuild(bucket, build, a.caminho(...p), a.schema);
}
