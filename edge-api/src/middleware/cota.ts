import { createMiddleware } from 'hono/factory';
import { LIMITE_DIARIO } from '../chave-formato.ts';
import { diaEmSaoPaulo, segundosAteMeiaNoite } from '../dia-sao-paulo.ts';
import { chaveNecessaria, DEGUSTACAO, ErroApi } from '../erro-api.ts';
import type { AppEnv } from '../tipos.ts';

export interface RegraDeAcesso {
  /** Answers without a key when the `ticker` path parameter is a trial ticker. */
  degustacao?: boolean;
  /** Only Pro keys pass (bulk sets). */
  somentePro?: boolean;
}

const degustacao = new Set<string>(DEGUSTACAO);

/**
 * For key routes: without a key only trial tickers pass (and cost nothing); with a key every call
 * costs one unit of the day's quota, counted exactly by the key's Durable Object.
 */
export function exigeChave(regra: RegraDeAcesso = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const chave = c.get('chave');
    if (chave === null) {
      const ticker = c.req.param('ticker')?.toUpperCase();
      if (regra.degustacao && ticker !== undefined && degustacao.has(ticker)) return next();
      throw chaveNecessaria(c.req.url);
    }
    const agora = new Date();
    const limite = LIMITE_DIARIO[chave.plano];
    const contador = c.env.QUOTA.get(c.env.QUOTA.idFromName(chave.id));
    const r = await contador.consumir(diaEmSaoPaulo(agora), limite);
    c.header('X-RateLimit-Limit', String(limite));
    c.header('X-RateLimit-Remaining', String(Math.max(0, limite - r.usados)));
    if (!r.permitido) {
      const segundos = segundosAteMeiaNoite(agora);
      throw new ErroApi(
        429,
        'cota_excedida',
        `Cota diária de ${limite} chamadas esgotada; a contagem recomeça à meia-noite de São Paulo.`,
        { tentar_novamente_em_segundos: segundos, limite_diario: limite },
        { 'Retry-After': String(segundos) },
      );
    }
    if (regra.somentePro && chave.plano !== 'pro') {
      throw new ErroApi(403, 'plano_insuficiente', 'Os conjuntos completos pertencem ao plano Pro.', {
        como_obter_chave: new URL('/assinar', c.req.url).toString(),
      });
    }
    return next();
  });
}
