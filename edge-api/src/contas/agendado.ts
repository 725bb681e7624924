import { ultimaSemanaFechada } from '../vigia/semana.ts';
import { apagarPendentes } from './acompanhar.ts';
import { expirarPacotes } from './assinar.ts';
import { enviarResumo } from './resumo.ts';

/** The two Cron Triggers of wrangler.jsonc; any other cron string is a configuration mistake. */
export const CRON_HORARIO = '0 * * * *';
export const CRON_RESUMO = '0 11 * * 1';

/**
 * Scheduled handler. Hourly: deletes follow requests left unconfirmed past their delay and expires Pix
 * packages. Mondays: the digest of the ISO week that closed the day before. Logs counts only, never an address.
 */
export async function agendado(controller: ScheduledController, env: Env): Promise<void> {
  const agora = new Date(controller.scheduledTime);
  if (controller.cron === CRON_RESUMO) {
    const r = await enviarResumo(env, ultimaSemanaFechada(agora), env.ORIGEM_PUBLICA);
    console.log(JSON.stringify({ tarefa: 'resumo_semanal', ...r }));
    return;
  }
  if (controller.cron === CRON_HORARIO) {
    const apagados = await apagarPendentes(env, agora);
    const expirados = await expirarPacotes(env, agora);
    console.log(
      JSON.stringify({ tarefa: 'limpeza_horaria', pedidos_apagados: apagados, pacotes_expirados: expirados }),
    );
    return;
  }
  throw new Error(`scheduled: unknown cron "${controller.cron}" (wrangler.jsonc triggers.crons)`);
}
