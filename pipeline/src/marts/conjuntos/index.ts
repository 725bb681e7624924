import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { Conjuntos } from '@fundamentos/schemas/conjuntos';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { linhas } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { CONJUNTOS_ETFS } from '../etfs/conjuntos.ts';
import { CONJUNTOS_EVENTOS } from '../eventos/publicacao.ts';
import { CONJUNTOS_FIIS } from '../fiis/conjuntos.ts';
import { CONJUNTOS } from '../fundamentos/publicacao.ts';
import { CONJUNTOS_MERCADO } from '../mercado/publicacao.ts';
import { CONJUNTOS_SCORES } from '../scores.ts';
import { COLUNAS_COMUNS, DESCRICOES_CONJUNTOS } from './dicionario.ts';
import { escreverConjuntos } from './escrever.ts';

/** The sets this stage writes (Parquet and CSV); the company and market sets are written by their stages. */
export const CONJUNTOS_FUNDOS: Record<string, string> = { ...CONJUNTOS_FIIS, ...CONJUNTOS_ETFS };

/** Every bulk set of a build and the SQL of its rows (the screener snapshot is the table its stage left). */
export const TODOS_OS_CONJUNTOS: Record<string, string> = {
  ...CONJUNTOS,
  ...CONJUNTOS_MERCADO,
  ...CONJUNTOS_SCORES,
  screener: 'SELECT * FROM mart_screener',
  ...CONJUNTOS_FUNDOS,
  ...CONJUNTOS_EVENTOS,
};

const Coluna = z.object({ column_name: z.string(), column_type: z.string() });

/** The column dictionary of every set: names and types from DuckDB, meanings from `DESCRICOES_CONJUNTOS`. */
export async function dicionarioDosConjuntos(
  ctx: Pick<BuildContext, 'db' | 'versao_do_dado'>,
): Promise<{ dicionario: Conjuntos; sem_significado: { conjunto: string; coluna: string }[] }> {
  const conjuntos: Conjuntos['conjuntos'] = [];
  const semSignificado: { conjunto: string; coluna: string }[] = [];
  for (const [conjunto, sql] of Object.entries(TODOS_OS_CONJUNTOS)) {
    const desc = DESCRICOES_CONJUNTOS[conjunto];
    const colunas = (await linhas(ctx.db, `DESCRIBE ${sql}`, Coluna)).map((c) => {
      const s = desc?.colunas[c.column_name] ?? COLUNAS_COMUNS[c.column_name] ?? null;
      if (s === null) semSignificado.push({ conjunto, coluna: c.column_name });
      return {
        coluna: c.column_name,
        tipo: c.column_type,
        significado: s?.[0] ?? null,
        significado_en: s?.[1] ?? null,
      };
    });
    conjuntos.push({
      conjunto,
      descricao: desc?.descricao[0] ?? `conjunto ${conjunto} (sem descrição)`,
      descricao_en: desc?.descricao[1] ?? `set ${conjunto} (no description)`,
      colunas,
    });
  }
  return { dicionario: { versao_do_dado: ctx.versao_do_dado, conjuntos }, sem_significado: semSignificado };
}

/**
 * Stage `publicacao_conjuntos` (after every mart): the fund and ETF sets as Parquet and CSV, then
 * `json/conjuntos.json`, the column dictionary `/dump` serves beside sizes and hashes.
 */
export const conjuntosStage: Stage = {
  name: 'publicacao_conjuntos',
  le: [
    'int_etf_agio',
    'int_etf_carteira',
    'int_etf_informes',
    'int_etf_liquidez',
    'int_etf_lista',
    'int_etf_precos',
    'int_etf_vinculo',
    'int_fundamentos_fcf',
    'int_mercado_acoes',
    'mart_capex_candidatos',
    'mart_empresas',
    'mart_eventos',
    'mart_fatos',
    'mart_fatos_trimestrais',
    'mart_fii_dy',
    'mart_fii_mensal',
    'mart_fii_proventos',
    'mart_fii_pvp',
    'mart_fiis',
    'mart_indicadores',
    'mart_mercado_multiplos_anuais',
    'mart_mercado_multiplos_classe',
    'mart_mercado_precos',
    'mart_mercado_proventos',
    'mart_mercado_score_valor',
    'mart_mercado_valuation',
    'mart_mercado_valuation_classe',
    'mart_reapresentacoes',
    'mart_screener',
  ],
  cria: [],
  async run(ctx) {
    const out: ManifestEntry[] = await escreverConjuntos(ctx, CONJUNTOS_FUNDOS);
    const { dicionario, sem_significado } = await dicionarioDosConjuntos(ctx);
    ctx.report.invariant({
      nome: 'conjuntos_colunas_documentadas',
      tipo: 'soft',
      descricao: 'every column of every bulk set has a meaning in the set dictionary (json/conjuntos.json)',
      verificados: dicionario.conjuntos.reduce((n, c) => n + c.colunas.length, 0),
      falhas: sem_significado.length,
      exemplos: sem_significado.slice(0, 10),
    });
    out.push(
      await ctx.writer.json({
        name: 'conjuntos',
        ...escrita(ARTEFATOS.conjuntos),
        data: dicionario,
      }),
    );
    return out;
  },
};
