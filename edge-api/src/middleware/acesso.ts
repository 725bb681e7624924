import { createMiddleware } from 'hono/factory';
import { querJson } from '../aceita.ts';
import { LIMITE_DIARIO } from '../chave-formato.ts';
import { diaEmSaoPaulo, segundosAteMeiaNoite } from '../dia-sao-paulo.ts';
import { chaveNecessaria, DEGUSTACAO, ErroApi } from '../erro-api.ts';
import { DECLARACOES, type Declaracao, regexDoCaminho } from '../rotas/declaracoes.ts';
import type { AppEnv } from '../tipos.ts';
import { conferir } from '../validacao.ts';

const degustacao = new Set<string>(DEGUSTACAO);

interface Protegida {
  declaracao: Declaracao;
  metodo: string;
  /** The declared path (and its `/en` copy) as a regex, with the names of its parameters in order. */
  modelos: { regex: RegExp; nomes: string[] }[];
}

/** Declarations that need a key, matched by method and path template (each parameter one segment). */
const PROTEGIDAS: readonly Protegida[] = DECLARACOES.filter((d) => d.acesso !== 'aberta').map((d) => ({
  declaracao: d,
  metodo: d.metodo.toUpperCase(),
  modelos: [d.caminho, ...(d.ingles ? [`/en${d.caminho}`] : [])].map((m) => ({
    regex: regexDoCaminho(m),
    nomes: [...m.matchAll(/\{([^}]+)\}/g)].map((x) => x[1] ?? ''),
  })),
}));

/** The protected declaration a request falls under, with its path parameters, or null (an open route). */
export function protegidaDe(
  metodo: string,
  caminho: string,
): { declaracao: Declaracao; parametros: Record<string, string> } | null {
  // Hono answers HEAD with the GET route.
  const m = metodo === 'HEAD' ? 'GET' : metodo;
  for (const p of PROTEGIDAS) {
    if (p.metodo !== m) continue;
    for (const { regex, nomes } of p.modelos) {
      const achado = regex.exec(caminho);
      if (achado === null) continue;
      const parametros: Record<string, string> = {};
      nomes.forEach((n, i) => {
        parametros[n] = achado[i + 1] ?? '';
      });
      return { declaracao: p.declaracao, parametros };
    }
  }
  return null;
}

/**
 * The declared access (src/rotas/declaracoes.ts), for every request, before any handler: the one place
 * keys and quotas are enforced. A route declared open passes. On a `chave`/`pro` route the declared path
 * parameters are checked first (422, costing nothing), then: without a key only a trial ticker passes
 * (free); with a key every call costs one unit of the day's quota, counted exactly by the key's Durable
 * Object (unless the route is declared `sem_cota`); a `pro` route then refuses a free key (403).
 */
export const acesso = createMiddleware<AppEnv>(async (c, next) => {
  const achada = protegidaDe(c.req.method, c.req.path);
  if (achada === null) return next();
  const { declaracao: d, parametros } = achada;
  if (d.pagina_aberta && !querJson(c.req.header('accept'))) return next();
  if (d.parametros) conferir('param', d.parametros, parametros);
  const chave = c.get('chave');
  if (chave === null) {
    const ticker = parametros.ticker?.toUpperCase();
    if (d.acesso === 'chave' && ticker !== undefined && degustacao.has(ticker)) return next();
    throw chaveNecessaria(c.req.url);
  }
  if (!d.sem_cota) {
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
  }
  if (d.acesso === 'pro' && chave.plano !== 'pro') {
    throw new ErroApi(403, 'plano_insuficiente', d.motivo_pro ?? 'Esta rota pertence ao plano Pro.', {
      como_obter_chave: new URL('/assinar', c.req.url).toString(),
    });
  }
  return next();
});
