import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { carregarMart } from './entrada.ts';
import { montarVereditos } from './montar.ts';

async function publicarVereditos(ctx: BuildContext): Promise<ManifestEntry[]> {
  const vereditos = montarVereditos(await carregarMart(ctx.db), ctx.versao_do_dado, ctx.data_build);
  const out: ManifestEntry[] = [];
  for (const data of vereditos) {
    const cd = data.empresa.cd_regulator;
    out.push(
      await ctx.writer.json({
        name: `veredito_${cd}`,
        ...escrita(ARTEFATOS.veredito, { cd }),
        data,
      }),
    );
  }
  const cores = { verde: 0, amarelo: 0, vermelho: 0 };
  for (const v of vereditos) cores[v.bandeira.cor]++;
  ctx.report.note(
    'publicacao_veredito',
    `${vereditos.length} vereditos: ${cores.verde} verde, ${cores.amarelo} amarelo, ${cores.vermelho} vermelho`,
  );
  return out;
}

/** After mart_veredito (mart.ts): reads its rows, shapes and writes one verdict per company. */
export const vereditoStage: Stage = {
  name: 'publicacao_veredito',
  le: ['mart_veredito_empresas', 'mart_veredito_itens'],
  cria: [],
  run: publicarVereditos,
};
