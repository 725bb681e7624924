import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import { juntarFlags, separarFlags } from '@fundamentos/schemas/flags';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { ScoresEmpresa, ScoreValorAno } from '@fundamentos/schemas/scores';
import { z } from 'zod';
import type { BuildContext, Stage } from '../core/stage.ts';
import { CRITERIOS_F_SCORE } from './fundamentos/indicadores.ts';
import { citacao } from './fundamentos/publicacao.ts';
import { EMPRESAS_COM_SCORES } from './fundamentos/recursos.ts';
import { linhas } from './fundamentos/sql.ts';
import { gravidadePl } from './mercado/multiplos.ts';

const num = z.coerce.number();
const numOuNulo = z.union([z.null(), z.coerce.number()]);

/** One annual multiple as the market marts published it (`mkt_multiplos_anuais`). */
export const MultiploAnualRow = z.object({
  cd_regulator: num,
  ano: num,
  pl: numOuNulo,
  pvp: numOuNulo,
  flag_pl: z.string().nullable(),
  flag: z.string().nullable(),
});
export type MultiploAnual = z.infer<typeof MultiploAnualRow>;

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

/** Why a multiple cannot enter the universe, or null when it can (metodologia 9.1). */
function motivoFora(m: MultiploAnual): string | null {
  const bloqueantes = separarFlags(m.flag_pl).filter((f) => gravidadePl(f) === 'bloqueante');
  if (m.pl === null || bloqueantes.length > 0) return juntarFlags(bloqueantes) ?? 'score_valor_sem_multiplos';
  if (m.pvp === null) {
    // P/VP is null only without market cap (then P/L is null too) or with equity <= 0
    return separarFlags(m.flag).includes('pvp_patrimonio_nao_positivo')
      ? 'pvp_patrimonio_nao_positivo'
      : 'score_valor_sem_multiplos';
  }
  return null;
}

/**
 * Value score per company and exercise: within the year's universe (P/L and P/VP present, no blocking
 * P/L flag), E/P = 1/P/L and B/P = 1/P/VP become percentile positions and the score is their mean.
 * Outside the universe: null with the multiple's blocking flag. A universe of one has no positions.
 */
export function calcularScoreValor(multiplos: MultiploAnual[]): Map<string, ScoreValorAno> {
  const out = new Map<string, ScoreValorAno>();
  const porAno = new Map<number, MultiploAnual[]>();
  for (const m of multiplos) {
    const fora = motivoFora(m);
    if (fora !== null) {
      out.set(`${m.cd_regulator}/${m.ano}`, {
        ano: m.ano,
        valor: null,
        flag: fora,
        pl: m.pl,
        pvp: m.pvp,
        posicao_lucro_preco: null,
        posicao_vp_preco: null,
        universo: 0,
      });
      continue;
    }
    porAno.set(m.ano, [...(porAno.get(m.ano) ?? []), m]);
  }
  for (const [ano, universo] of porAno) {
    const n = universo.length;
    const ep = n > 1 ? posicoes(universo.map((m) => 1 / (m.pl as number))) : [];
    const bp = n > 1 ? posicoes(universo.map((m) => 1 / (m.pvp as number))) : [];
    universo.forEach((m, i) => {
      const a = ep[i] ?? null;
      const b = bp[i] ?? null;
      out.set(`${m.cd_regulator}/${ano}`, {
        ano,
        valor: a === null || b === null ? null : (a + b) / 2,
        flag: a === null || b === null ? 'score_valor_universo_pequeno' : null,
        pl: m.pl,
        pvp: m.pvp,
        posicao_lucro_preco: a,
        posicao_vp_preco: b,
        universo: n,
      });
    });
  }
  // every company and year outside the universe still reports the size of the universe it missed
  for (const s of out.values()) if (s.universo === 0) s.universo = porAno.get(s.ano)?.length ?? 0;
  return out;
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
  const multiplos = await linhas(
    ctx.db,
    'SELECT cd_regulator, ano, pl, pvp, flag_pl, flag FROM mkt_multiplos_anuais ORDER BY cd_regulator, ano',
    MultiploAnualRow,
  );
  const score = calcularScoreValor(multiplos);
  const criterios = new Map<string, Map<string, number | null>>();
  for (const c of crit) {
    const k = `${c.cd_regulator}/${c.ano}`;
    criterios.set(k, (criterios.get(k) ?? new Map()).set(c.criterio, c.ponto));
  }
  const porEmpresa = new Map<number, typeof fscore>();
  for (const r of fscore) porEmpresa.set(r.cd_regulator, [...(porEmpresa.get(r.cd_regulator) ?? []), r]);
  // multiplos come ordered by company and year
  const anosMultiplos = new Map<number, number[]>();
  for (const m of multiplos)
    anosMultiplos.set(m.cd_regulator, [...(anosMultiplos.get(m.cd_regulator) ?? []), m.ano]);
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
      score_valor: (anosMultiplos.get(cd) ?? []).flatMap((ano) => score.get(`${cd}/${ano}`) ?? []),
      nota: 'F-score de Piotroski com os nove critérios abertos (metodologia, seção 9). Score de valor (seção 9.1): média das posições percentuais de lucro/preço e valor patrimonial/preço no universo do exercício; nulo com a flag do múltiplo quando o P/L ou o P/VP falta ou tem flag bloqueante.',
      citacao: citacao(ctx.versao_do_dado, `DFP dfp_cia_aberta_* da empresa ${cd}; COTAHIST (múltiplos)`),
    };
    out.push(
      await ctx.writer.json({
        name: `scores_${cd}`,
        ...escrita(ARTEFATOS.scores, { cd }),
        data,
      }),
    );
  }
  return out;
}

export const scoresStage: Stage = {
  name: 'publicacao_scores',
  run: publicarScores,
};
