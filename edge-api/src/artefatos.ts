import {
  type Manifest,
  type ManifestEntry,
  ManifestSchema,
  VersaoDoDadoSchema,
} from '@fundamentos/schemas/manifest';
import { type Tickers, TickersSchema } from '@fundamentos/schemas/tickers';
import { z } from 'zod';
import { ErroApi } from './erro-api.ts';

/** `current.json` at the bucket root: which uploaded build answers. */
export const AtualSchema = z.object({
  versao_do_dado: VersaoDoDadoSchema,
  /** `builds/<dir_da_versao>/`, with the trailing slash. */
  prefixo: z.string().regex(/^builds\/[^/]+\/$/),
});
export type Atual = z.infer<typeof AtualSchema>;

export interface Build {
  atual: Atual;
  manifesto: Manifest;
  porCaminho: Map<string, ManifestEntry>;
}

// Per isolate and keyed by version: a new build is picked up on the next request that reads
// current.json, and an old version is never served after the switch.
const manifestos = new Map<string, Promise<Build>>();
const tickers = new Map<string, Promise<Tickers>>();

function semDados(): ErroApi {
  return new ErroApi(503, 'sem_dados_publicados', 'Nenhum build publicado neste ambiente.');
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

/** Reads `current.json` (never cached: `/saude` shows the live version). */
export function lerAtual(bucket: R2Bucket): Promise<Atual> {
  return lerJson(bucket, 'current.json', AtualSchema);
}

export async function buildAtual(bucket: R2Bucket): Promise<Build> {
  const atual = await lerAtual(bucket);
  let build = manifestos.get(atual.versao_do_dado);
  if (!build) {
    build = lerJson(bucket, `${atual.prefixo}manifest.json`, ManifestSchema).then((manifesto) => ({
      atual,
      manifesto,
      porCaminho: new Map(manifesto.artefatos.map((a) => [a.path, a])),
    }));
    manifestos.set(atual.versao_do_dado, build);
    build.catch(() => manifestos.delete(atual.versao_do_dado));
  }
  return build;
}

export interface ArtefatoLido {
  entrada: ManifestEntry;
  corpo: R2ObjectBody;
}

/** The artefact at `caminho` when the manifest lists it, else null (not published in this build). */
export async function lerArtefato(
  bucket: R2Bucket,
  build: Build,
  caminho: string,
): Promise<ArtefatoLido | null> {
  const entrada = build.porCaminho.get(caminho);
  if (!entrada) return null;
  const corpo = await bucket.get(`${build.atual.prefixo}${caminho}`);
  if (corpo === null)
    throw new Error(`R2 ${build.atual.prefixo}${caminho}: listed in the manifest but missing`);
  return { entrada, corpo };
}

export async function tickersDe(bucket: R2Bucket, build: Build): Promise<Tickers | null> {
  if (!build.porCaminho.has('json/tickers.json')) return null;
  let t = tickers.get(build.atual.versao_do_dado);
  if (!t) {
    t = lerJson(bucket, `${build.atual.prefixo}json/tickers.json`, TickersSchema);
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

// Parsed JSON artefacts kept per isolate, keyed by version and path (the screener snapshot is read
// on every /screener call; parsing it once per build is what keeps the route cheap).
const jsonsParseados = new Map<string, Promise<unknown>>();

/** A JSON artefact of the build parsed with `schema`, or null when the manifest does not list it. */
export async function jsonDoBuild<S extends z.ZodType>(
  bucket: R2Bucket,
  build: Build,
  caminho: string,
  schema: S,
): Promise<z.output<S> | null> {
  if (!build.porCaminho.has(caminho)) return null;
  const chave = `${build.atual.versao_do_dado}\n${caminho}`;
  let p = jsonsParseados.get(chave);
  if (!p) {
    p = lerJson(bucket, `${build.atual.prefixo}${caminho}`, schema);
    jsonsParseados.set(chave, p);
    p.catch(() => jsonsParseados.delete(chave));
  }
  return p as Promise<z.output<S>>;
}
