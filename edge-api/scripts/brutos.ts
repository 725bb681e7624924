/**
 * The durable store of raw downloads (R2 bucket BRUTOS, docs/download.md "Durable store"): the scheduled
 * workflows restore `--raw` from it before fetching and save it after, so conditional requests and
 * unchanged years survive the CI cache's eviction. Same layout and upload as a publication
 * (src/publicacao/): files as `objetos/<sha256>` (only new content is uploaded), the list of files
 * (path → sha256) as a manifest under `builds/<date>-brutos.<n>/`, and `current.json` moved last, so an
 * interrupted save leaves the previous complete list in place.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { type Manifest, type ManifestEntry, ManifestSchema } from '@fundamentos/schemas/manifest';
import { type DestinoR2, enviarPublicacao, type ResultadoDoEnvio } from '../src/publicacao/enviar.ts';
import { AtualSchema, CHAVE_ATUAL, chaveDoObjeto } from '../src/publicacao/layout.ts';
import { origemDoDiretorio } from './publicar.ts';

/** What the fetch tool leaves behind that is not a download (docs/download.md): never stored. */
const FORA = /(^|\/)\.|\.part$|\.part\.json$/;

/** The bucket operations the restore needs beyond the upload's. */
export interface LeituraR2 {
  get(chave: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; text(): Promise<string> } | null>;
}

async function sha256DoArquivo(caminho: string): Promise<string> {
  const h = createHash('sha256');
  for await (const pedaco of createReadStream(caminho)) h.update(pedaco as Buffer);
  return h.digest('hex');
}

async function arquivos(raiz: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(raiz, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = relative(raiz, join(e.parentPath, e.name)).split(sep).join('/');
    if (!FORA.test(rel)) out.push(rel);
  }
  return out.sort();
}

/** The raw folder as a manifest (path → sha256), written as `<raw>/.brutos/<dir>/manifest.json`. */
async function manifestoDoRaw(raw: string, versao: string): Promise<{ dir: string; manifesto: Manifest }> {
  const artefatos: ManifestEntry[] = [];
  for (const path of await arquivos(raw)) {
    const s = await stat(join(raw, path));
    artefatos.push({
      name: path,
      path,
      rows: 0,
      bytes: s.size,
      sha256: await sha256DoArquivo(join(raw, path)),
      schema: 'bruto',
      format: 'text',
    });
  }
  const manifesto: Manifest = {
    versao_do_dado: versao,
    criado_em: new Date().toISOString(),
    schema_version: 1,
    artefatos,
  };
  return { dir: versao.replace('|', '.'), manifesto };
}

/**
 * Saves every file under `raw` to the store. `versao` names this save (`<YYYY-MM-DD>-brutos|<run>`).
 * The list is written beside the files under `<raw>/.brutos/` (a dot folder: the build skips it).
 */
export async function guardarBrutos(
  raw: string,
  destino: DestinoR2,
  versao: string,
): Promise<ResultadoDoEnvio> {
  const { dir, manifesto } = await manifestoDoRaw(raw, versao);
  const pasta = join(raw, '.brutos', dir);
  await mkdir(pasta, { recursive: true });
  await writeFile(join(pasta, 'manifest.json'), JSON.stringify(manifesto));
  // The upload module reads artefacts relative to the build folder: point it at the raw folder itself.
  const origem = await origemDoDiretorio(pasta);
  const raiz = (e: ManifestEntry) => ({ ...e, path: join('..', '..', e.path) });
  return enviarPublicacao(destino, {
    ...origem,
    ler: (e, inicio, fim) => origem.ler(raiz(e), inicio, fim),
    conferir: async (e) => origem.conferir?.(raiz(e)),
  });
}

/**
 * Restores into `raw` every file of the store's latest list whose bytes are not already there.
 * Returns how many files were written; an empty store restores nothing (first run).
 */
export async function restaurarBrutos(
  raw: string,
  bucket: LeituraR2,
): Promise<{ restaurados: number; presentes: number }> {
  const atual = await bucket.get(CHAVE_ATUAL);
  if (atual === null) return { restaurados: 0, presentes: 0 };
  const a = AtualSchema.parse(JSON.parse(await atual.text()));
  const m = await bucket.get(`${a.prefixo}manifest.json`);
  if (m === null) throw new Error(`store: ${a.prefixo}manifest.json missing`);
  const manifesto = ManifestSchema.parse(JSON.parse(await m.text()));
  let restaurados = 0;
  let presentes = 0;
  for (const e of manifesto.artefatos) {
    const destino = join(raw, e.path);
    const local = await sha256DoArquivo(destino).catch(() => null);
    if (local === e.sha256) {
      presentes++;
      continue;
    }
    const obj = await bucket.get(chaveDoObjeto(e.sha256));
    if (obj === null) throw new Error(`store: ${e.path} (${chaveDoObjeto(e.sha256)}) missing`);
    const bytes = Buffer.from(await obj.arrayBuffer());
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== e.sha256) throw new Error(`store: ${e.path}: sha256 ${sha}, the list says ${e.sha256}`);
    await mkdir(dirname(destino), { recursive: true });
    await writeFile(`${destino}.restaurando`, bytes);
    await rename(`${destino}.restaurando`, destino);
    restaurados++;
  }
  return { restaurados, presentes };
}
