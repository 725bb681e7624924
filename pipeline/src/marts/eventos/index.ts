import { executar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { gravarCores } from './bandeira.ts';
import { PARAMETROS_FAIXAS } from './faixas.ts';
import { verificarEventosFii } from './fiis.ts';
import { publicarEventos } from './publicacao.ts';
import { SQL_EVENTOS_EMPRESAS, SQL_EVENTOS_MERCADO, verificarEventos } from './sql.ts';

/**
 * Stage `mart_eventos_empresas`: the company events that read the filings only (year against year,
 * restatements, quarter against quarter). Apart from `mart_eventos` so that a build where only prices
 * changed restores them from the stage cache instead of loading the fundamentals' big tables.
 */
export const eventosEmpresasStage: Stage = {
  name: 'mart_eventos_empresas',
  le: [
    'int_fundamentos_base',
    'int_fundamentos_linhas',
    'int_mercado_lucro_trimestral',
    'mart_empresas',
    'mart_fatos_trimestrais',
    'mart_indicadores',
    'mart_reapresentacoes',
    'stg_cvm_doc_indice',
  ],
  cria: [
    'int_eventos_dfp',
    'int_eventos_empresas',
    'int_eventos_ev_anual',
    'int_eventos_ev_reap',
    'int_eventos_ev_trimestral',
    'int_eventos_itr_documento',
    'int_eventos_pares_anuais',
    'int_eventos_pares_trimestrais',
    'int_eventos_reapresentacoes',
    'int_eventos_trimestres',
  ],
  async run(ctx) {
    await executar(ctx.db, SQL_EVENTOS_EMPRESAS, PARAMETROS_FAIXAS);
    return [];
  },
};

/**
 * Stage `mart_eventos`: the verdict's colour per company and year, the events that read prices or the
 * verdict, the mart of every part and its checks, then `json/vigia/eventos.json` and the `eventos` bulk
 * set. Runs last: it reads the company events, the verdict's inputs, the REIT and the ETF marts.
 */
export const eventosStage: Stage = {
  name: 'mart_eventos',
  le: [
    'int_etf_agio',
    'int_etf_lista',
    'int_etf_precos',
    'int_etf_sobreposicao_mensal',
    'int_etf_vinculo',
    'int_eventos_dfp',
    'int_eventos_empresas',
    'int_eventos_ev_anual',
    'int_eventos_ev_reap',
    'int_eventos_ev_trimestral',
    'int_eventos_pares_anuais',
    'int_eventos_pares_trimestrais',
    'int_fii_informes',
    'int_fii_vacancia_trimestral',
    'mart_fii_mensal',
    'mart_fii_proventos',
    'mart_fii_pvp',
    'mart_fiis',
    'mart_veredito_empresas_por_corte',
    'stg_b3_etf_listados',
    'stg_cvm_cad_fi_hist_taxa_adm',
  ],
  cria: [
    'int_eventos_bandeira_cores',
    'int_eventos_etf_agio',
    'int_eventos_etf_indice',
    'int_eventos_etf_sobreposicao',
    'int_eventos_etf_taxa',
    'int_eventos_ev_bandeira',
    'int_eventos_ev_etf_agio',
    'int_eventos_ev_etf_indice',
    'int_eventos_ev_etf_sobreposicao',
    'int_eventos_ev_etf_taxa',
    'int_eventos_ev_fii_dy',
    'int_eventos_ev_fii_pvp',
    'int_eventos_ev_fii_reenvio',
    'int_eventos_ev_fii_vacancia',
    'int_eventos_fii_dy',
    'int_eventos_fii_pvp',
    'int_eventos_fii_vacancia',
    'mart_eventos',
  ],
  async run(ctx) {
    const cores = await gravarCores(ctx.db);
    ctx.log(`vigia: ${cores} verdict colours (company × year)`);
    await executar(ctx.db, SQL_EVENTOS_MERCADO, PARAMETROS_FAIXAS);
    await verificarEventos(ctx);
    await verificarEventosFii(ctx);
    return publicarEventos(ctx);
  },
};

/** The company events, then the rest: `mart_eventos` reads the first stage's tables. */
export const eventosStages: Stage[] = [eventosEmpresasStage, eventosStage];
