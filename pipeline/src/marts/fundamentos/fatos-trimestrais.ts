import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import { type FatoTrimestral, OrigemFatoTrimestralSchema } from '@fundamentos/schemas/fatos';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { agruparPorEmpresa } from '../../core/agrupar.ts';
import { faixaDeEmpresas, fatias } from '../../core/fatias.ts';
import { linhas, num, numOuNulo } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { citacaoDe, frase } from './citacao.ts';
import { EMPRESAS_COM_FATOS_TRIMESTRAIS } from './recursos.ts';

const FatoTrimestralRow = z.object({
  cd_regulator: num,
  ano: num,
  trimestre: num,
  demo: z.string(),
  cd_conta: z.string(),
  ds_conta: z.string(),
  agreg: z.enum(['con', 'ind']),
  valor: numOuNulo,
  acumulado: numOuNulo,
  flag: z.string().nullable(),
  origem: OrigemFatoTrimestralSchema,
  versao: num,
  dt_receb: z.string().nullable(),
  arquivo: z.string(),
  linha: num,
});

/**
 * `json/empresas/<cd>/fatos_trimestrais.json` (`/empresas/{t}/fatos?trimestral=true`), for every
 * company with a trading code and at least one quarterly fact: it only selects and writes
 * `mart_fatos_trimestrais` (the rules are in trimestres.ts).
 */
export const publicacaoFatosTrimestraisStage: Stage = {
  name: 'publicacao_fatos_trimestrais',
  le: ['mart_empresas', 'mart_fatos_trimestrais'],
  cria: [],
  async run(ctx) {
    const cds = (
      await linhas(ctx.db, `${EMPRESAS_COM_FATOS_TRIMESTRAIS} ORDER BY 1`, z.object({ cd_regulator: num }))
    ).map((r) => r.cd_regulator);
    const out: ManifestEntry[] = [];
    // A slice of companies at a time (fatias.ts), so the JS heap holds a few companies' rows.
    for (const fatia of fatias(cds)) out.push(...(await publicar(ctx, fatia)));
    return out;
  },
};

/** The quarterly facts artefact of each company in `cds` (ascending). */
async function publicar(ctx: BuildContext, cds: number[]): Promise<ManifestEntry[]> {
  const rows = await linhas(
    ctx.db,
    `SELECT cd_regulator, ano, trimestre, demo, cd_conta, ds_conta, agreg, valor, acumulado, flag, origem, versao,
         CAST(dt_receb AS VARCHAR) AS dt_receb, arquivo, linha
       FROM mart_fatos_trimestrais WHERE cd_regulator IN (${cds.join(', ')}) AND ${faixaDeEmpresas(cds)}
       ORDER BY cd_regulator, ano, trimestre, demo, cd_conta`,
    FatoTrimestralRow,
  );
  const out: ManifestEntry[] = [];
  for (const [cd, rs] of agruparPorEmpresa(rows)) {
    const fatos = rs.map(
      (r): FatoTrimestral => ({
        ano: r.ano,
        trimestre: r.trimestre,
        demo: r.demo,
        cd_conta: r.cd_conta,
        ds_conta: r.ds_conta,
        agreg: r.agreg,
        valor: r.valor,
        acumulado: r.acumulado,
        flag: r.flag,
        origem: r.origem,
        versao: r.versao,
        dt_receb: r.dt_receb,
        fonte: `${r.arquivo}:${r.linha}`,
      }),
    );
    out.push(
      await ctx.writer.json({
        name: `fatos_trimestrais_${cd}`,
        ...escrita(ARTEFATOS.fatos_trimestrais, { cd }),
        data: {
          cd_regulator: cd,
          trimestral: true,
          fatos,
          nota: frase('pt', 'fatos_trimestrais', 'nota'),
          nota_en: frase('en', 'fatos_trimestrais', 'nota'),
          citacao: citacaoDe('pt', ctx.versao_do_dado, 'fatos_trimestrais', { cd: String(cd) }),
        },
      }),
    );
  }
  return out;
}
