import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { ScoresEmpresa, ScoreValorAno } from '@fundamentos/schemas/scores';
import { z } from 'zod';
import { agruparPorEmpresa } from '../core/agrupar.ts';
import { linhas, num, numOuNulo } from '../core/sql.ts';
import type { BuildContext, Stage } from '../core/stage.ts';
import { escreverConjuntos } from './conjuntos/escrever.ts';
import { citacaoDe, frase } from './fundamentos/citacao.ts';
import { CRITERIOS_F_SCORE } from './fundamentos/indicadores.ts';
import { EMPRESAS_COM_SCORES } from './fundamentos/recursos.ts';

/** Bulk set of the value score (docs/datasets-mercado.md): the rows scores.json projects. */
export const CONJUNTOS_SCORES: Record<string, string> = {
  score_valor: `SELECT cd_regulator, ano, valor, flag, pl, pvp, posicao_lucro_preco, posicao_vp_preco, universo
    FROM mart_mercado_score_valor ORDER BY cd_regulator, ano`,
};

/** One row of `mart_mercado_score_valor` (score-valor.ts computes it). */
export const ScoreValorRow = z.object({
  cd_regulator: num,
  ano: num,
  valor: numOuNulo,
  flag: z.string().nullable(),
  pl: numOuNulo,
  pvp: numOuNulo,
  posicao_lucro_preco: numOuNulo,
  posicao_vp_preco: numOuNulo,
  universo: num,
});

/**
 * Percentile position of each value among `valores`: 0 = smallest, 1 = largest, ties share the mean
 * of the positions they occupy. Needs at least two values (one value has no position).
 */
export function posicoes(valores: number[]): number[] {
  const n = valores.length;
  return valores.map((v) => {
    const menores = valores.filter((x) => x < v).length;
    const iguais = valores.filter((x) => x === v).length;
    return (menores + (iguais - 1) / 2) / (n - 1);
  });
}

/**
 * `json/empresas/<cd>/scores.json`: the F-score (fundamentals) and the value score, which needs the
 * annual P/L and P/VP of the market marts. Published once, by this stage after both.
 */
async function publicarScores(ctx: BuildContext): Promise<ManifestEntry[]> {
  const fscore = await linhas(
    ctx.db,
    `SELECT cd_regulator, ano, valor, flag FROM mart_indicadores
     WHERE nome = 'f_score' AND cd_regulator IN (${EMPRESAS_COM_SCORES}) ORDER BY cd_regulator, ano`,
    z.object({ cd_regulator: num, ano: num, valor: numOuNulo, flag: z.string().nullable() }),
  );
  const crit = await linhas(
    ctx.db,
    `SELECT cd_regulator, ano, criterio, ponto FROM mart_f_score_criterios WHERE cd_regulator IN (${EMPRESAS_COM_SCORES})`,
    z.object({ cd_regulator: num, ano: num, criterio: z.string(), ponto: numOuNulo }),
  );
  const scoreValor = await linhas(
    ctx.db,
    `SELECT cd_regulator, ano, valor, flag, pl, pvp, posicao_lucro_preco, posicao_vp_preco, universo
     FROM mart_mercado_score_valor ORDER BY cd_regulator, ano`,
    ScoreValorRow,
  );
  const criterios = new Map<string, Map<string, number | null>>();
  for (const c of crit) {
    const k = `${c.cd_regulator}/${c.ano}`;
    criterios.set(k, (criterios.get(k) ?? new Map()).set(c.criterio, c.ponto));
  }
  const porEmpresa = agruparPorEmpresa(fscore);
  // ordered by company and year (one row per annual multiple, score-valor.ts)
  const scorePorEmpresa = new Map<number, ScoreValorAno[]>(
    [...agruparPorEmpresa(scoreValor)].map(([cd, rs]) => [cd, rs.map(({ cd_regulator: _, ...r }) => r)]),
  );
  const out: ManifestEntry[] = [];
  for (const [cd, anos] of porEmpresa) {
    const data: ScoresEmpresa = {
      cd_regulator: cd,
      f_score: anos.map((r) => {
        const c = criterios.get(`${cd}/${r.ano}`);
        return {
          ano: r.ano,
          valor: r.valor,
          flag: r.flag,
          criterios: CRITERIOS_F_SCORE.map((k) => {
            const p = c?.get(k.nome) ?? null;
            return { nome: k.nome, descricao: k.descricao, ponto: p === null ? null : p === 1 ? 1 : 0 };
          }),
        };
      }),
      score_valor: scorePorEmpresa.get(cd) ?? [],
      nota: frase('pt', 'scores', 'nota'),
      citacao: citacaoDe('pt', ctx.versao_do_dado, 'scores', { cd: String(cd) }),
    };
    out.push(
      await ctx.writer.json({
        name: `scores_${cd}`,
        ...escrita(ARTEFATOS.scores, { cd }),
        data,
      }),
    );
  }
  out.push(...(await escreverConjuntos(ctx, CONJUNTOS_SCORES)));
  return out;
}

export const scoresStage: Stage = {
  name: 'publicacao_scores',
  le: ['mart_empresas', 'mart_f_score_criterios', 'mart_indicadores', 'mart_mercado_score_valor'],
  cria: [],
  run: publicarScores,
};
