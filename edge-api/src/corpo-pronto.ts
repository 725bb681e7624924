import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { type Build, cabecalhosDoArtefato, lerArtefato } from './artefatos.ts';
import type { AppEnv } from './tipos.ts';

/**
 * An artefact's answer made once per publication version and kept in the isolate: its bytes, a gzip
 * copy and the headers of each. Only for small text artefacts asked on every visit (the open company
 * index, ~96 KB at full scale), so a call costs no encoding, and a client that keeps the ETag gets a 304.
 */
interface Pronto {
  versao: string;
  identidade: { corpo: Uint8Array<ArrayBuffer>; cabecalhos: Record<string, string> };
  gzip: { corpo: Uint8Array<ArrayBuffer>; cabecalhos: Record<string, string> };
}

/*
 * One slot per artefact path, keyed by the build's `versao_do_dado` (docs/architecture.md, "Caches in the
 * worker"): when current.json names a new version, the next call finds the slot stale and makes the
 * answer again from the new manifest's object, so an old body is never served for a new version.
 */
const prontos = new Map<string, Promise<Pronto | null>>();

async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const fluxo = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(fluxo).arrayBuffer());
}

async function preparar(bucket: R2Bucket, build: Build, caminho: string): Promise<Pronto | null> {
  const a = await lerArtefato(bucket, build, caminho);
  if (a === null) return null;
  const corpo = new Uint8Array(await new Response(a.corpo.body).arrayBuffer());
  const base = cabecalhosDoArtefato(a, build);
  const comprimido = await gzip(corpo);
  return {
    versao: build.atual.versao_do_dado,
    identidade: { corpo, cabecalhos: { ...base, Vary: 'Accept-Encoding' } },
    gzip: {
      corpo: comprimido,
      cabecalhos: {
        ...base,
        'Content-Length': String(comprimido.length),
        'Content-Encoding': 'gzip',
        // Another representation, so another strong validator (RFC 9110 8.8.3).
        ETag: `"${a.entrada.sha256}-gzip"`,
        Vary: 'Accept-Encoding',
      },
    },
  };
}

async function pronto(bucket: R2Bucket, build: Build, caminho: string): Promise<Pronto | null> {
  const versao = build.atual.versao_do_dado;
  const guardado = prontos.get(caminho);
  if (guardado !== undefined) {
    const p = await guardado;
    if (p === null || p.versao === versao) return p;
  }
  const novo = preparar(bucket, build, caminho);
  prontos.set(caminho, novo);
  novo.catch(() => {
    if (prontos.get(caminho) === novo) prontos.delete(caminho);
  });
  return novo;
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2; `*` matches any). */
function casaEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '');
    return v === '*' || v === etag;
  });
}

/**
 * Answers the artefact at `caminho` from the isolate's prepared copy: gzip when the client accepts it
 * (sent as is: `encodeBody: 'manual'`), 304 when `If-None-Match` names the representation's ETag; null
 * when the build does not publish it.
 */
export async function responderPronto(
  c: Context<AppEnv>,
  build: Build,
  caminho: string,
): Promise<Response | null> {
  const p = await pronto(c.env.ARTEFATOS, build, caminho);
  if (p === null) return null;
  const comGzip =
    accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) === 'gzip';
  const r = comGzip ? p.gzip : p.identidade;
  const etag = r.cabecalhos.ETag ?? '';
  if (casaEtag(c.req.header('if-none-match'), etag)) {
    const { 'Content-Length': _l, 'Content-Encoding': _e, 'Content-Type': _t, ...cabecalhos } = r.cabecalhos;
    return c.body(null, 304, cabecalhos);
  }
  if (!comGzip) return c.body(r.corpo, 200, r.cabecalhos);
  // Already compressed: workerd must send the bytes untouched rather than encode them again.
  return new Response(r.corpo, { status: 200, headers: r.cabecalhos, encodeBody: 'manual' });
}
