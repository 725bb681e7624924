import { type Manifest, ManifestSchema } from '@fundamentos/schemas/manifest';
import { membroDe, membroDoPacote } from '@fundamentos/schemas/pacotes';
import { enviarPublicacao, type ResultadoDoEnvio } from '../src/publicacao/enviar.ts';
import type { BuildSemeavel } from './build-semeavel.ts';

function bytes(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/**
 * Uploads a build with the upload module `pnpm api serve` and deploy.yml use (objects by sha256, then
 * the manifest, then `current.json`). A test build carries only the files its tests read: the manifest
 * still lists the whole build, and only the files present are uploaded.
 */
export async function semearBuild(bucket: R2Bucket, build: BuildSemeavel): Promise<ResultadoDoEnvio> {
  const b64DoManifesto = build.arquivos['manifest.json'];
  if (b64DoManifesto === undefined) throw new Error(`${build.dir}: manifest.json missing`);
  const manifestoBytes = bytes(b64DoManifesto);
  const manifesto: Manifest = ManifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestoBytes)));
  return enviarPublicacao(
    bucket,
    {
      dir: build.dir,
      manifesto: { ...manifesto, artefatos: manifesto.artefatos.filter((a) => a.path in build.arquivos) },
      arquivosDoBuild: { 'manifest.json': manifestoBytes },
      async ler(e, inicio, fim) {
        const b64 = build.arquivos[e.path];
        if (b64 === undefined) throw new Error(`${e.path}: not in the test build`);
        return bytes(b64).slice(inicio ?? 0, fim);
      },
    },
    { confiarNoAtual: false },
  );
}

/** The bytes a path answers with in a test build: its own file, or its member of a pack. */
export function textoPublicado(build: BuildSemeavel, caminho: string): string {
  const decodificar = (b64: string) => new TextDecoder().decode(bytes(b64));
  const proprio = build.arquivos[caminho];
  if (proprio !== undefined) return decodificar(proprio);
  const m = membroDe(caminho);
  const pacote = m ? build.arquivos[m.pacote] : undefined;
  const texto = m && pacote !== undefined ? membroDoPacote(decodificar(pacote), m.chave) : null;
  if (texto === null) throw new Error(`${caminho}: not in the test build`);
  return texto;
}
