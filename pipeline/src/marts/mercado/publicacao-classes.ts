import type { MultiplosClasse } from '@fundamentos/schemas/multiplos';
import { z } from 'zod';
import { agruparPor } from '../../core/agrupar.ts';
import { linhas, num, numOuNulo } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { PUBLICADAS } from '../fundamentos/recursos.ts';
import { TEXTO_MERCADO } from './textos.ts';

const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const porAcao = {
  cd_regulator: num,
  ticker: z.string(),
  tipo_acao: z.string(),
  ticker_principal: z.string(),
  data_preco: data,
  preco: numOuNulo,
  volume: numOuNulo,
  lpa: numOuNulo,
  vpa: numOuNulo,
  pl: numOuNulo,
  pvp: numOuNulo,
  flag: z.string().nullable(),
};
const AnualClasseRow = z.object({ ...porAcao, ano: num, dt_receb: data });
const ValuationClasseRow = z.object({
  ...porAcao,
  ano: numOuNulo,
  proventos_12m: numOuNulo,
  dy_12m: numOuNulo,
});

/**
 * Company-wide fields of `multiplos` (outside `classe`), named on every class answer: the market cap sums
 * every class, so it and what rests on it are the same whichever code is asked.
 */
export const CAMPOS_DA_EMPRESA = [
  'anuais[].market_cap',
  'anuais[].pl',
  'anuais[].pvp',
  'anuais[].ev_ebitda',
  'anuais[].fcf_yield',
  'trimestrais[]',
  'valuation',
];

/**
 * The `classe` block of every live class other than the main code of a published company, by company:
 * a projection of `mart_mercado_multiplos_classe` and `mart_mercado_valuation_classe`.
 */
export async function blocosDeClasse(ctx: BuildContext): Promise<Map<number, MultiplosClasse[]>> {
  const filtro = `NOT principal AND cd_regulator IN (${PUBLICADAS})`;
  // keyed by company and code: the FCA may list one code under two companies
  const chave = (r: { cd_regulator: number; ticker: string }) => `${r.cd_regulator}:${r.ticker}`;
  const anuais = agruparPor(
    await linhas(
      ctx.db,
      `SELECT * FROM mart_mercado_multiplos_classe WHERE ${filtro} ORDER BY cd_regulator, ticker, ano DESC`,
      AnualClasseRow,
    ),
    chave,
  );
  const atuais = await linhas(
    ctx.db,
    `SELECT * FROM mart_mercado_valuation_classe WHERE ${filtro} ORDER BY cd_regulator, ticker`,
    ValuationClasseRow,
  );
  const classes = await linhas(
    ctx.db,
    `SELECT DISTINCT cd_regulator, ticker, tipo_acao, ticker_principal FROM int_mercado_classes_vivas WHERE ${filtro}
     ORDER BY cd_regulator, ticker`,
    z.object({ cd_regulator: num, ticker: z.string(), tipo_acao: z.string(), ticker_principal: z.string() }),
  );
  const atual = new Map(atuais.map((v) => [chave(v), v]));
  const out = new Map<number, MultiplosClasse[]>();
  for (const c of classes) {
    const v = atual.get(chave(c));
    const bloco: MultiplosClasse = {
      ticker: c.ticker,
      tipo_acao: c.tipo_acao,
      ticker_principal: c.ticker_principal,
      anuais: (anuais.get(chave(c)) ?? []).map((r) => ({
        ano: r.ano,
        dt_receb: r.dt_receb,
        data_preco: r.data_preco,
        preco: r.preco,
        volume: r.volume,
        lpa: r.lpa,
        vpa: r.vpa,
        pl: r.pl,
        pvp: r.pvp,
        flag: r.flag,
      })),
      valuation:
        v === undefined || v.ano === null
          ? null
          : {
              data_preco: v.data_preco,
              ano: v.ano,
              preco: v.preco,
              volume: v.volume,
              lpa: v.lpa,
              vpa: v.vpa,
              pl: v.pl,
              pvp: v.pvp,
              flag: v.flag,
              proventos_12m: v.proventos_12m,
              dy_12m: v.dy_12m,
            },
      da_empresa: CAMPOS_DA_EMPRESA,
      nota: TEXTO_MERCADO.nota_classe.pt,
      nota_en: TEXTO_MERCADO.nota_classe.en,
    };
    const lista = out.get(c.cd_regulator);
    if (lista) lista.push(bloco);
    else out.set(c.cd_regulator, [bloco]);
  }
  return out;
}
