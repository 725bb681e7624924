import { readdir } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { SourceSpec } from '../../../core/source.ts';
import type { BuildContext } from '../../../core/stage.ts';
import { createStagingTables, ensureQuarantineTable } from '../../../core/staging.ts';
import { stageDelimited } from '../../../readers/delimited.ts';
import { stageFixedWidth } from '../../../readers/fixed-width.ts';
import { stageJson } from '../../../readers/json.ts';
import { allSources } from '../../../sources/index.ts';
import { carregarAmostraCvm } from '../../fundamentos/amostra/staging-amostra.ts';
import { fundamentosStages } from '../../fundamentos/index.ts';

/** Staging tables the market marts read beyond the CVM statements loaded by carregarAmostraCvm. */
export const TABELAS_MERCADO = [
  'stg_b3_cotahist',
  'stg_b3_proventos_dinheiro',
  'stg_b3_complemento_empresa',
  'stg_b3_detalhes_empresa',
  'stg_b3_eventos_acoes',
  'stg_cvm_composicao_capital',
  'stg_cvm_fre_capital_social',
];

/**
 * Test support: the fundamentals staging of the sample (fast loader) plus the market files staged
 * through the real readers, then the fundamentals marts. Never part of a build.
 */
export async function prepararAmostraMercado(ctx: BuildContext, raw: string): Promise<void> {
  await ensureQuarantineTable(ctx.db);
  await createStagingTables(ctx.db, allSources);
  await carregarAmostraCvm(ctx.db, raw);
  const specs: SourceSpec[] = allSources.filter((s) => TABELAS_MERCADO.includes(s.staged));
  // plain files only (zips hold the made-here ITR/FRE fixtures, not needed here); path order like the build
  const arquivos = (await readdir(raw, { recursive: true })).map((f) => join(raw, f)).sort();
  for (const path of arquivos) {
    const spec = specs.find((s) => s.fileName.test(basename(path)));
    if (!spec) continue;
    const file = { path, arquivo: relative(raw, path) };
    if (spec.kind === 'delimited') await stageDelimited(ctx.db, spec, file, ctx.report);
    else if (spec.kind === 'fixed-width') await stageFixedWidth(ctx.db, spec, file, ctx.report);
    else
      for (const js of specs.filter((x) => x.kind === 'json' && x.fileName.test(basename(path))))
        if (js.kind === 'json') await stageJson(ctx.db, js, file, ctx.report);
  }
  const usadas = [
    'mart_fatos',
    'mart_reapresentacoes',
    'mart_empresas',
    'mart_dep_amort',
    'mart_indicadores',
    'mart_fatos_trimestrais',
  ];
  for (const s of fundamentosStages) if (usadas.includes(s.name)) await s.run(ctx);
}
