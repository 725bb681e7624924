import { LIMITE_DIARIO } from './chave-formato.ts';
import { DEGUSTACAO } from './erro-api.ts';

/** Published limits (spec "Limits"); the maxima fill the spec's gap and are documented in docs/api.md. */
export const LIMITES = {
  versao_da_interface: '0.1.0',
  planos: {
    free: { chamadas_por_dia: LIMITE_DIARIO.free },
    pro: { chamadas_por_dia: LIMITE_DIARIO.pro },
  },
  janela_da_cota: 'dia civil de America/Sao_Paulo (recomeça à meia-noite de São Paulo)',
  degustacao_sem_chave: [...DEGUSTACAO],
  limite: { screener: { padrao: 100, maximo: 1000 }, vigia_eventos: { padrao: 500, maximo: 5000 } },
  n: { auditoria: { padrao: 10, maximo: 100 } },
  cache_publico_segundos: 300,
} as const;
