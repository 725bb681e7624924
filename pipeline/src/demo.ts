import { fileURLToPath } from 'node:url';
import { build } from './build.ts';

/** The main job on the embedded real sample: `pnpm demo` builds data/sample/raw into data/out and summarises it. */
const repo = fileURLToPath(new URL('../../', import.meta.url));

export async function demo(): Promise<void> {
  const started = Date.now();
  const r = await build({
    raw: `${repo}data/sample/raw`,
    out: `${repo}data/out`,
    label: 'amostra',
    log: (m) => console.error(m),
  });
  const rows = r.report.tabelas.map(
    (t) => `  ${t.tabela.padEnd(36)} ${String(t.linhas).padStart(8)} rows from ${t.arquivos.length} files`,
  );
  const q = r.report.quarentena.grupos.map((g) => `  ${g.fonte} / ${g.motivo}: ${g.n}`);
  const failed = r.report.invariantes
    .filter((i) => i.falhas > 0)
    .map((i) => `  ${i.nome} (${i.tipo}): ${i.falhas} of ${i.verificados}`);
  console.log(
    [
      `versao_do_dado ${r.versao_do_dado}`,
      `published at ${r.dir} (data/out/current), ${r.manifest.artefatos.length} artefacts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      'staging:',
      ...rows,
      `quarantine: ${r.report.quarentena.total} rows`,
      ...q,
      `invariants: ${r.report.invariantes.length} checked, ${failed.length} with failures (soft ones are reported, hard ones stop the build)`,
      ...failed,
      `files no source recognised: ${r.report.nao_reconhecidos.length}`,
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  demo().catch((e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  });
}
