/**
 * Publication bench (issue #10, items 4 and 6): objects in a publication and seconds to upload it with
 * the upload module into a fresh local R2 (workerd's local persistence): a first upload, the same build
 * again (nothing to send), and a nightly delta (a copy of the build with `--delta` JSON files changed).
 *
 *   pnpm --filter @fundamentos/edge-api exec tsx bench/publicacao.ts --data <publish dir> [--delta 20]
 */
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { publicarDiretorio, r2Local } from '../scripts/publicar.ts';
import { simularProximoBuild } from './simular.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { data: { type: 'string' }, delta: { type: 'string', default: '20' } },
});
if (!values.data) throw new Error('--data <publish dir> is required');
const atual = await realpath(join(resolve(values.data), 'current'));
const manifesto = ManifestSchema.parse(JSON.parse(await readFile(join(atual, 'manifest.json'), 'utf8')));
const tmp = await mkdtemp(join(tmpdir(), 'bench-publicacao-'));
try {
  const n = Number(/\|(\d+)$/.exec(manifesto.versao_do_dado)?.[1] ?? '1') + 1;
  const proximo = await simularProximoBuild(atual, manifesto, tmp, n, Number(values.delta));

  const r2 = await r2Local(join(tmp, 'estado'));
  try {
    const primeira = await publicarDiretorio(atual, r2.destino);
    const igual = await publicarDiretorio(atual, r2.destino);
    const delta = await publicarDiretorio(proximo, r2.destino);
    const porEmpresa = new Set(
      manifesto.artefatos
        .map((a) => /^json\/empresas\/(\d+)\//.exec(a.path)?.[1])
        .filter((x) => x !== undefined),
    );
    const mb = (b: number) => (b / 1e6).toFixed(1);
    console.log(
      `objects: ${manifesto.artefatos.length} artefacts (${primeira.objetos} distinct), ${porEmpresa.size} companies, ` +
        `${(manifesto.artefatos.filter((a) => a.path.startsWith('json/empresas/')).length / Math.max(1, porEmpresa.size)).toFixed(1)} per company`,
    );
    console.log(
      `upload, first: ${primeira.segundos.toFixed(1)} s (${primeira.enviados} objects, ${mb(primeira.bytes_enviados)} MB)`,
    );
    console.log(`upload, unchanged build: ${igual.segundos.toFixed(1)} s (${igual.enviados} objects)`);
    console.log(
      `upload, nightly delta: ${delta.segundos.toFixed(1)} s (${delta.enviados} objects, ${mb(delta.bytes_enviados)} MB)`,
    );
  } finally {
    await r2.fechar();
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
