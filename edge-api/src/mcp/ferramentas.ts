import { z } from 'zod';
import { PorTicker, ROTA } from '../rotas/declaracoes.ts';

/**
 * One MCP tool: a question a user asks, answered by one GET of a public route. `entrada` is taken from
 * that route's declaration (src/rotas/declaracoes.ts: its path or query parameters, as text where the
 * URL has text), so a tool cannot accept what the route refuses; `caminho` turns the validated
 * arguments into the route's path and query.
 */
export interface Ferramenta<S extends z.ZodObject = z.ZodObject> {
  titulo: string;
  descricao: string;
  entrada: S;
  caminho: (args: z.output<S>) => string;
}

const ferramenta = <S extends z.ZodObject>(f: Ferramenta<S>): Ferramenta<S> => f;

/** `?a=1&b=2` from the arguments that were given, or '' when none was. */
function consulta(args: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(args)) if (v !== undefined) q.set(k, String(v));
  return q.size > 0 ? `?${q}` : '';
}

/**
 * Company search. `/empresas` takes no parameter (it is the open list), so the query rule is this tool's
 * own: the tool filters the list by trading code, name or CNPJ (digits compared, punctuation ignored).
 */
export const BuscaEmpresaSchema = z.strictObject({
  consulta: z
    .string()
    .trim()
    .min(2)
    .max(80)
    .describe('Código de negociação (WEGE3), parte do nome (weg) ou CNPJ (com ou sem pontuação).'),
});
export const LIMITE_BUSCA = 20;

const porTicker = (recurso: string) => (a: z.output<typeof PorTicker>) => `/empresas/${a.ticker}/${recurso}`;

/**
 * The curated tools: one per question, not one per route (a long tool list floods an agent's context).
 * Keys, quotas, trial tickers and errors are the HTTP API's, because each call is that route's GET with
 * the caller's X-API-Key.
 */
export const FERRAMENTAS = {
  buscar_empresa: ferramenta({
    titulo: 'Encontrar uma empresa',
    descricao: `Procura companhias abertas por código de negociação, parte do nome ou CNPJ na lista aberta de /empresas; devolve até ${LIMITE_BUSCA} com cd_regulator, tickers, nome, CNPJ e setor. Use o ticker nas outras ferramentas.`,
    entrada: BuscaEmpresaSchema,
    caminho: () => '/empresas',
  }),
  indicadores: ferramenta({
    titulo: 'Indicadores de uma empresa',
    descricao:
      'Indicadores anuais de uma empresa (margens, retornos, endividamento...), cada valor com flag e fórmula (/empresas/{ticker}/indicadores). Exige chave, salvo tickers de degustação.',
    entrada: PorTicker,
    caminho: porTicker('indicadores'),
  }),
  multiplos: ferramenta({
    titulo: 'Múltiplos de uma empresa',
    descricao:
      'Múltiplos ponto-no-tempo (P/L, P/VP, EV/EBIT...), com o preço da primeira sessão na data de recebimento da DFP ou depois (/empresas/{ticker}/multiplos). Exige chave, salvo tickers de degustação.',
    entrada: PorTicker,
    caminho: porTicker('multiplos'),
  }),
  reapresentacoes: ferramenta({
    titulo: 'Reapresentações de uma empresa',
    descricao:
      'Demonstrações reapresentadas: que contas mudaram, de quanto, entre qual versão e qual (/empresas/{ticker}/reapresentacoes). Exige chave, salvo tickers de degustação.',
    entrada: PorTicker,
    caminho: porTicker('reapresentacoes'),
  }),
  eventos_vigia: ferramenta({
    titulo: 'Eventos do vigia',
    descricao:
      'Eventos do vigia, mais novos primeiro (/vigia/eventos, aberta): lucro virou prejuízo, margem ou dívida mudou de faixa, reapresentação, bandeira; classe fiis ou etfs para fundos.',
    entrada: ROTA.vigiaEventos.consulta,
    caminho: (a) => `/vigia/eventos${consulta(a)}`,
  }),
  screener: ferramenta({
    titulo: 'Filtrar empresas (screener)',
    descricao:
      'Screener sobre o universo inteiro (/screener, exige chave): faixas <indicador>_min / <indicador>_max, ano, as_of, limite, rigor, todos como texto, como na URL. recibo "true" congela a resposta num endereço permanente com sha256.',
    entrada: ROTA.screener.consulta,
    caminho: (a) => `/screener${consulta(a)}`,
  }),
  amostra_auditoria: ferramenta({
    titulo: 'Amostra para auditoria',
    descricao:
      'Amostra determinística para auditoria (/auditoria/random/{seed}/{n}, aberta): cada caso com o número publicado, as contas e os arquivos da CVM para refazê-lo. seed e n como texto, como na URL.',
    entrada: ROTA.amostraComN.parametros.partial({ n: true }),
    caminho: (a) => `/auditoria/random/${a.seed}${a.n === undefined ? '' : `/${a.n}`}`,
  }),
};

export type NomeFerramenta = keyof typeof FERRAMENTAS;
