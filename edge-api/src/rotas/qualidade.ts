import { BuildReportSchema } from '@fundamentos/schemas/build-report';
import { CAMINHO_RELATORIO, QualidadeSchema, qualidadeDoRelatorio } from '@fundamentos/schemas/qualidade';
import { Hono } from 'hono';
import { buildAtual, jsonDoBuild } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';

/**
 * `GET /qualidade.json` (open): the data-quality report of the build being served, the same facts the
 * `/qualidade` page shows (schemas/src/qualidade.ts derives both from report.json).
 */
export const qualidade = new Hono<AppEnv>().get('/qualidade.json', async (c) => {
  const build = await buildAtual(c.env.ARTEFATOS);
  const relatorio = await jsonDoBuild(c.env.ARTEFATOS, build, CAMINHO_RELATORIO, BuildReportSchema);
  if (relatorio === null)
    throw new ErroApi(
      404,
      'nao_encontrado',
      `Este build não publicou ${CAMINHO_RELATORIO}: não há relatório de qualidade.`,
    );
  return c.json(QualidadeSchema.parse(qualidadeDoRelatorio(relatorio)), 200, {
    'X-Versao-Do-Dado': build.atual.versao_do_dado,
  });
});
