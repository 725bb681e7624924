import { INDICADORES_FILTRAVEIS, RigorSchema } from '@fundamentos/schemas/screener';
import { z } from 'zod';
import { N_MAXIMO } from '../auditoria/amostra.ts';
import { LIMITE_MAXIMO } from '../vigia/selecao.ts';

const ticker = z
  .string()
  .regex(/^[A-Za-z0-9]{4,12}$/)
  .describe('Código de negociação, ex. WEGE3.');

const limites = z
  .strictObject(
    Object.fromEntries(
      INDICADORES_FILTRAVEIS.map((i) => [
        i,
        z
          .strictObject({ min: z.number().optional(), max: z.number().optional() })
          .optional()
          .describe(`Faixa de ${i} (inclusiva).`),
      ]),
    ),
  )
  .describe('Indicador → {min, max}.');

/**
 * MCP tools: each one is a GET of a public route, made with the caller's X-API-Key, so keys, quotas,
 * trial tickers and errors are exactly the HTTP API's.
 */
export const FERRAMENTAS = {
  buscar_empresa: {
    descricao:
      'Procura empresas por código de negociação ou parte do nome (lista aberta de /empresas) e devolve cd_regulator, tickers, nome e setor.',
    entrada: z.strictObject({ consulta: z.string().min(2).max(80).describe('Ticker ou parte do nome.') }),
  },
  empresa: {
    descricao: 'Índice de uma empresa: recursos publicados e se exigem chave (/empresas/{ticker}).',
    entrada: z.strictObject({ ticker }),
  },
  indicadores: {
    descricao:
      'Indicadores anuais de uma empresa, cada valor com flag e fórmula (/empresas/{ticker}/indicadores). Exige chave, salvo tickers de degustação.',
    entrada: z.strictObject({ ticker }),
  },
  multiplos: {
    descricao:
      'Múltiplos ponto-no-tempo (preço da primeira sessão na data de recebimento da DFP ou depois) (/empresas/{ticker}/multiplos). Exige chave, salvo tickers de degustação.',
    entrada: z.strictObject({ ticker }),
  },
  screener: {
    descricao:
      'Screener sobre o universo inteiro (/screener, exige chave). recibo=true congela a resposta num endereço permanente com sha256.',
    entrada: z.strictObject({
      filtros: limites.optional(),
      ano: z.number().int().min(1990).max(2100).optional(),
      as_of: z.iso.date().optional(),
      limite: z.number().int().min(1).max(1000).optional(),
      rigor: RigorSchema.optional(),
      recibo: z.boolean().optional(),
    }),
  },
  amostra_auditoria: {
    descricao:
      'Amostra determinística para auditoria (/auditoria/random/{seed}/{n}): cada caso com o número publicado, as contas e os arquivos da CVM para refazê-lo.',
    entrada: z.strictObject({
      seed: z.number().int().min(0).max(999999999999999),
      n: z.number().int().min(1).max(N_MAXIMO).optional(),
    }),
  },
  eventos_vigia: {
    descricao:
      'Eventos do vigia, mais novos primeiro (/vigia/eventos, aberta): lucro virou prejuízo, margem ou dívida mudou de faixa, reapresentação, bandeira; classe fiis ou etfs para fundos.',
    entrada: z.strictObject({
      ticker: ticker.optional(),
      tipo: z
        .string()
        .regex(/^[a-z0-9_]+$/)
        .optional()
        .describe('Tipo de evento, ex. faixa_margem.'),
      desde: z.iso.date().optional().describe('Só eventos desta data em diante.'),
      limite: z.number().int().min(1).max(LIMITE_MAXIMO).optional(),
      classe: z.enum(['fiis', 'etfs']).optional().describe('Ausente: empresas.'),
    }),
  },
} as const satisfies Record<string, { descricao: string; entrada: z.ZodType }>;

export type NomeFerramenta = keyof typeof FERRAMENTAS;

/** The route a tool call reads (path and query), from its validated arguments. */
export function caminhoDaFerramenta(nome: NomeFerramenta, args: unknown): string {
  switch (nome) {
    case 'buscar_empresa':
      return '/empresas';
    case 'empresa':
      return `/empresas/${FERRAMENTAS.empresa.entrada.parse(args).ticker}`;
    case 'indicadores':
    case 'multiplos':
      return `/empresas/${FERRAMENTAS[nome].entrada.parse(args).ticker}/${nome}`;
    case 'screener': {
      const a = FERRAMENTAS.screener.entrada.parse(args);
      const q = new URLSearchParams();
      for (const [ind, faixa] of Object.entries(a.filtros ?? {})) {
        if (faixa?.min !== undefined) q.set(`${ind}_min`, String(faixa.min));
        if (faixa?.max !== undefined) q.set(`${ind}_max`, String(faixa.max));
      }
      if (a.ano !== undefined) q.set('ano', String(a.ano));
      if (a.as_of !== undefined) q.set('as_of', a.as_of);
      if (a.limite !== undefined) q.set('limite', String(a.limite));
      if (a.rigor !== undefined) q.set('rigor', a.rigor);
      if (a.recibo !== undefined) q.set('recibo', String(a.recibo));
      return `/screener${q.size > 0 ? `?${q}` : ''}`;
    }
    case 'eventos_vigia': {
      const a = FERRAMENTAS.eventos_vigia.entrada.parse(args);
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(a)) if (v !== undefined) q.set(k, String(v));
      return `/vigia/eventos${q.size > 0 ? `?${q}` : ''}`;
    }
    case 'amostra_auditoria': {
      const a = FERRAMENTAS.amostra_auditoria.entrada.parse(args);
      return `/auditoria/random/${a.seed}/${a.n ?? 10}`;
    }
  }
}
