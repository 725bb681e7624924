import { executar } from '../../core/sql.ts';
import type { Stage } from '../../core/stage.ts';
import { gravarCores } from './bandeira.ts';
import { PARAMETROS_FAIXAS } from './faixas.ts';
import { verificarEventosFii } from './fiis.ts';
import { publicarEventos } from './publicacao.ts';
import { SQL_EVENTOS, verificarEventos } from './sql.ts';

/**
 * Stage `mart_eventos`: the verdict's colour per company and year, the events SQL and its checks, then
 * `json/vigia/eventos.json` and the `eventos` bulk set. Runs last: it reads the fundamentals, the
 * quarterly profits, the verdict's inputs, the REIT and the ETF marts.
 */
export const eventosStage: Stage = {
  name: 'mart_eventos',
  async run(ctx) {
    const cores = await gravarCores(ctx.db);
    ctx.log(`vigia: ${cores} verdict colours (company × year)`);
    await executar(ctx.db, SQL_EVENTOS, PARAMETROS_FAIXAS);
    await verificarEventos(ctx);
    await verificarEventosFii(ctx);
    return publicarEventos(ctx);
  },
};
