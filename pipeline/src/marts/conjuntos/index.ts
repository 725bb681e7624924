import { ARTEFATOS, CONJUNTOS_DECLARADOS, entradaDoDicionario, escrita } from '@fundamentos/schemas/catalogo';
import type { Conjuntos } from '@fundamentos/schemas/conjuntos';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { textosDosFundamentos } from '@fundamentos/ui/fundamentos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { z } from 'zod';
import { linhas } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { CONJUNTOS_ETFS } from '../etfs/conjuntos.ts';
import { CONJUNTOS_EVENTOS } from '../eventos/publicacao.ts';
import { CONJUNTOS_FIIS } from '../fiis/conjuntos.ts';
import { CONJUNTOS } from '../fundamentos/publicacao.ts';
import { CONJUNTOS_MERCADO } from '../mercado/publicacao.ts';
import { CONJUNTOS_SCORES } from '../scores.ts';
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

/**
 * `int_conjuntos_colunas`: the columns (in order) of the sets of the filings (CONJUNTOS of the fundamentals
 * marts), as DuckDB describes their SQL. Stage `mart_colunas_conjuntos` writes it and only the filings decide
 * it, so a build where only prices changed restores it from the stage cache, and the dictionary stage no
 * longer loads `mart_fatos` and `mart_fatos_trimestrais` (every filing row) to describe two queries
 * (issue #10 item 3).
 */
export const colunasConjuntosStage: Stage = {
  name: 'mart_colunas_conjuntos',
  le: ['mart_empresas', 'mart_fatos', 'mart_fatos_trimestrais', 'mart_indicadores', 'mart_reapresentacoes'],
  cria: ['int_conjuntos_colunas'],
  async run(ctx) {
    await ctx.db.run(
      'CREATE OR REPLACE TABLE int_conjuntos_colunas (conjunto VARCHAR, posicao INTEGER, column_name VARCHAR, column_type VARCHAR)',
    );
    const ap = await ctx.db.createAppender('int_conjuntos_colunas');
    for (const [conjunto, sql] of Object.entries(CONJUNTOS))
      for (const [i, c] of (await linhas(ctx.db, `DESCRIBE ${sql}`, Coluna)).entries()) {
        ap.appendVarchar(conjunto);
        ap.appendInteger(i);
        ap.appendVarchar(c.column_name);
        ap.appendVarchar(c.column_type);
        ap.endRow();
      }
    ap.closeSync();
    return [];
  },
};

/** The columns of a set: those `int_conjuntos_colunas` kept for a set of the filings, DESCRIBE for the others. */
async function colunasDe(db: BuildContext['db'], conjunto: string, sql: string) {
  return Object.hasOwn(CONJUNTOS, conjunto)
    ? linhas(
        db,
        'SELECT column_name, column_type FROM int_conjuntos_colunas WHERE conjunto = $1 ORDER BY posicao',
        Coluna,
        [conjunto],
      )
    : linhas(db, `DESCRIBE ${sql}`, Coluna);
}

/** A set's column whose name, place or type differs from the catalogue's declaration. */
export interface Divergencia {
  conjunto: string;
  coluna: string;
  declarado: string | null;
  publicado: string | null;
}

/**
 * The column dictionary of every set: the catalogue's declaration (CONJUNTOS_DECLARADOS), checked against
 * the columns DuckDB gives for the set's SQL. Where they differ the dictionary tells what the files hold
 * (DuckDB's name and type, the declared meaning when the name is declared) and the difference is reported.
 */
export async function dicionarioDosConjuntos(
  ctx: Pick<BuildContext, 'db' | 'versao_do_dado'>,
): Promise<{ dicionario: Conjuntos; divergencias: Divergencia[] }> {
  const conjuntos: Conjuntos['conjuntos'] = [];
  const divergencias: Divergencia[] = [];
  for (const [conjunto, sql] of Object.entries(TODOS_OS_CONJUNTOS)) {
    const declarado = CONJUNTOS_DECLARADOS[conjunto];
    const entrada = declarado
      ? entradaDoDicionario(conjunto, declarado)
      : {
          conjunto,
          descricao: mensagem('pt', textosDosFundamentos('pt').conjunto_sem_descricao, { conjunto }),
          descricao_en: mensagem('en', textosDosFundamentos('en').conjunto_sem_descricao, { conjunto }),
          colunas: [],
        };
    const reais = await colunasDe(ctx.db, conjunto, sql);
    const n = Math.max(reais.length, entrada.colunas.length);
    for (let i = 0; i < n; i++) {
      const d = entrada.colunas[i];
      const r = reais[i];
      const dt = d ? `${d.coluna} ${d.tipo}` : null;
      const rt = r ? `${r.column_name} ${r.column_type}` : null;
      if (dt !== rt)
        divergencias.push({
          conjunto,
          coluna: r?.column_name ?? d?.coluna ?? '',
          declarado: dt,
          publicado: rt,
        });
    }
    const porNome = new Map(entrada.colunas.map((c) => [c.coluna, c]));
    const colunas = reais.map((r) => {
      const d = porNome.get(r.column_name);
      return {
        coluna: r.column_name,
        tipo: r.column_type,
        significado: d?.significado ?? null,
        significado_en: d?.significado_en ?? null,
      };
    });
    conjuntos.push({ ...entrada, colunas });
  }
  for (const conjunto of Object.keys(CONJUNTOS_DECLARADOS))
    if (!(conjunto in TODOS_OS_CONJUNTOS))
      divergencias.push({ conjunto, coluna: '', declarado: 'set', publicado: null });
  return { dicionario: { versao_do_dado: ctx.versao_do_dado, conjuntos }, divergencias };
}

/**
 * Stage `publicacao_conjuntos` (after every mart): the fund and ETF sets as Parquet and CSV, then
 * `json/conjuntos.json`, the column dictionary `/dump` serves beside sizes and hashes.
 */
export const conjuntosStage: Stage = {
  name: 'publicacao_conjuntos',
  le: [
    'int_conjuntos_colunas',
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
    'mart_eventos',
    'mart_fii_dy',
    'mart_fii_mensal',
    'mart_fii_proventos',
    'mart_fii_pvp',
    'mart_fiis',
    'mart_mercado_multiplos_anuais',
    'mart_mercado_multiplos_classe',
    'mart_mercado_precos',
    'mart_mercado_proventos',
    'mart_mercado_score_valor',
    'mart_mercado_valuation',
    'mart_mercado_valuation_classe',
    'mart_screener',
  ],
  cria: [],
  async run(ctx) {
    const out: ManifestEntry[] = await escreverConjuntos(ctx, CONJUNTOS_FUNDOS);
    const { dicionario, divergencias } = await dicionarioDosConjuntos(ctx);
    ctx.report.invariant({
      nome: 'conjuntos_colunas_documentadas',
      tipo: 'soft',
      descricao:
        'every column of every bulk set is declared in the catalogue with its place, type and meaning (json/conjuntos.json)',
      verificados: dicionario.conjuntos.reduce((n, c) => n + c.colunas.length, 0),
      falhas: divergencias.length,
      exemplos: divergencias.slice(0, 10),
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

/** The filings' set columns, then the dictionary stage that reads them. */
export const conjuntosStages: Stage[] = [colunasConjuntosStage, conjuntosStage];
