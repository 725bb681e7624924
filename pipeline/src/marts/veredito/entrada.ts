import type { DuckDBConnection } from '@duckdb/node-api';
import type { ItemVeredito } from '@fundamentos/schemas/veredito';
import { z } from 'zod';
import { linhas, num, numOuNulo } from '../../core/sql.ts';
import { ITENS_VEREDITO } from './regras.ts';

/** What the verdict reads from its mart tables (mart.ts), validated row by row. */

const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const posicao = z.enum(['abaixo', 'igual', 'acima']).nullable();

/** One company of `mart_veredito_empresas`: its year and the flag's inputs. */
export const EmpresaVereditoRow = z.object({
  cd_regulator: num,
  nome: z.string().min(1),
  setor: z.string().min(1),
  tipo: z.string().min(1),
  ticker_atual: z.string().min(1),
  ano: num,
  ultimo_dfp_referencia: data,
  ultimo_dfp_recebido: data,
  ultimo_itr_referencia: data.nullable(),
  ultimo_trimestre: z.string().nullable(),
  ano_dfp: num,
  anos_entre_indicador_e_balanco: num,
  ano_dfp_universo: num,
  reap_n: num,
  reap_anos: z.array(num),
  reap_por_ano: z.array(z.object({ ano: num, n: num })),
  reap_maior_dif_rel: numOuNulo,
  reap_ultimo_ano: num.nullable(),
  reap_recentes: z.array(num),
  ressalvas_n: num,
  ressalvas_de: num,
  ressalvas_quais: z.array(z.string()),
  ressalva_no_ano: z.boolean(),
  outras_ressalvas: z.array(num),
  numeros: num,
  aplicaveis: num,
});

/** One item of `mart_veredito_itens`: the value of the verdict year and its three reference groups. */
export const ItemVereditoRow = z.object({
  cd_regulator: num,
  ano: num,
  nome: z.enum(ITENS_VEREDITO),
  ordem: num,
  valor: numOuNulo,
  flag: z.string().nullable(),
  data_preco: data.nullable(),
  preco: numOuNulo,
  dt_receb: data.nullable(),
  divida_liquida: numOuNulo,
  ebitda: numOuNulo,
  setor_n: num.nullable(),
  setor_mediana: numOuNulo,
  setor_posicao: posicao,
  setor_percentil: numOuNulo,
  historico_n: num,
  historico_mediana: numOuNulo,
  historico_posicao: posicao,
  universo_n: num,
  universo_mediana: numOuNulo,
  universo_posicao: posicao,
  universo_percentil: numOuNulo,
});

export type EmpresaVeredito = z.infer<typeof EmpresaVereditoRow>;
export type ItemVereditoLinha = z.infer<typeof ItemVereditoRow>;
export type Referencia = NonNullable<ItemVeredito['comparacao']['setor']>;

/** The verdict's mart rows: one per company, five items per company. */
export interface MartVereditos {
  empresas: EmpresaVeredito[];
  itens: ItemVereditoLinha[];
}

const DATAS = (cols: readonly string[]) => cols.map((c) => `CAST(${c} AS VARCHAR) AS ${c}`).join(', ');

/** The dates of a company row, read as text. */
const DATAS_EMPRESA = DATAS(['ultimo_dfp_referencia', 'ultimo_dfp_recebido', 'ultimo_itr_referencia']);

/** Reads the verdict's mart tables, ordered (the same tables always give the same bytes). */
export async function carregarMart(db: DuckDBConnection): Promise<MartVereditos> {
  const empresas = await linhas(
    db,
    `SELECT * REPLACE (${DATAS_EMPRESA})
     FROM mart_veredito_empresas ORDER BY cd_regulator`,
    EmpresaVereditoRow,
  );
  const itens = await linhas(
    db,
    `SELECT * REPLACE (${DATAS(['data_preco', 'dt_receb'])}) FROM mart_veredito_itens ORDER BY cd_regulator, ordem`,
    ItemVereditoRow,
  );
  return { empresas, itens };
}

/** One row of `mart_veredito_empresas_por_corte`: a company's flag inputs as of the year `corte`. */
export const EmpresaNoCorteRow = EmpresaVereditoRow.extend({ corte: num });
export type EmpresaNoCorte = z.infer<typeof EmpresaNoCorteRow>;

/** The flag inputs of the companies whose verdict year as of `corte` is `corte` itself, ordered. */
export async function carregarEmpresasNoProprioAno(db: DuckDBConnection): Promise<EmpresaNoCorte[]> {
  return linhas(
    db,
    `SELECT * REPLACE (${DATAS_EMPRESA})
     FROM mart_veredito_empresas_por_corte WHERE ano = corte ORDER BY corte, cd_regulator`,
    EmpresaNoCorteRow,
  );
}
