import { TIPOS_POR_CLASSE } from '@fundamentos/schemas/eventos';
import { NOMES_INDICADORES } from '@fundamentos/schemas/indicadores';
import { TickerNaRotaSchema } from '@fundamentos/schemas/parametros';
import { ScreenerParametrosDocSchema } from '@fundamentos/schemas/screener';
import { z } from 'zod';
import { EscolhaQuery } from '../contas/planos.ts';
import {
  ConsultaDaCarteira,
  ConsultaDaProcura,
  ConsultaDoVigia,
  ConsultaDoVigiaPorCodigo,
  ConsultaSoDeIdioma,
  ParDeCodigos,
} from '../paginas/consultas.ts';

/**
 * Every route this worker answers, declared once: method, path, parameters (the zod schemas the route's
 * validator uses), answer, access, cache policy and the texts of the OpenAPI document and of `/info`.
 * Derived from it: `/openapi.json` and `/docs` (src/openapi/documento.ts), `/info`'s list
 * (src/rotas/abertas.ts), the cache middleware (src/middleware/cache.ts), the MCP tools' input schemas
 * (src/mcp/ferramentas.ts) and the site's list of worker paths (site/scripts/links.ts). The handlers
 * stay inline in their Hono sub-apps; test/rotas-declaradas.test.ts checks that the app answers on
 * every declaration and on nothing else.
 *
 * This module imports nothing that needs the Workers runtime, so Node scripts (the site's link check)
 * can read it.
 */

export type Acesso = 'aberta' | 'chave' | 'pro';

interface Base {
  metodo: 'get' | 'post';
  /** OpenAPI path template (`/empresas/{ticker}`). */
  caminho: string;
  /**
   * Who may call it: no key, any key (or a trial ticker), a Pro key. Enforced for every request by one
   * middleware (src/middleware/acesso.ts) that finds the request's declaration; no handler checks keys.
   * A `chave` route with a `ticker` path parameter answers a trial ticker without a key.
   */
  acesso: Acesso;
  /**
   * The address is also an open page: only a request asking `Accept: application/json` gets the keyed
   * JSON answer, so access is checked for those alone (the page layer answers the rest).
   */
  pagina_aberta?: true;
  /** A key route that reads no data: the key is checked but the call costs no quota unit. */
  sem_cota?: true;
  /** For `acesso: 'pro'`: the 403's message to a free key. */
  motivo_pro?: string;
  /**
   * `publico`: `Cache-Control: public, max-age=300` for a 2xx asked without a key (the spec's list);
   * absent: `private, no-store` (the static-page layer chooses its own files' policy).
   */
  cache?: 'publico';
  /** `/info`'s one line. */
  o_que: string;
  /** Path parameters, as the route validates them (field descriptions go to the document). */
  parametros?: z.ZodObject;
  /** Also answered under `/en` (a page's English copy). */
  ingles?: true;
}

/** A route of the OpenAPI document: its summary and answer (a component name, or a media type as-is). */
interface Documentada extends Base {
  documento?: true;
  /** Query parameters, as the route validates them (each one a parameter of the document). */
  consulta?: z.ZodObject;
  resumo: string;
  resposta: string | { tipo: string };
}

/** A page (or the documentation itself): listed by `/info`, not an operation of the document. */
interface Pagina extends Base {
  documento: false;
  /**
   * The page's query, as its handler validates it (src/paginas/consultas.ts): any zod schema, since a page
   * may take open-ended keys (the portfolio's codes).
   */
  consulta?: z.ZodType;
}

export type Declaracao = Documentada | Pagina;

// ---- Parameters: each written once, used by the declarations below and by the routes' validators.

/**
 * Parameter descriptions for the OpenAPI document, in a registry of their own rather than `.describe()`:
 * the MCP tools take the same schemas as their input and keep showing the bare rules.
 */
export const DESCRICOES = z.registry<{ descricao: string }>();

// The plan query of `/assinar` is the accounts module's own (src/contas/planos.ts); its descriptions here.
EscolhaQuery.shape.plano.register(DESCRICOES, { descricao: 'pro ou pix.' });
EscolhaQuery.shape.moeda.register(DESCRICOES, { descricao: 'brl (padrão) ou usd; Pix só brl.' });
EscolhaQuery.shape.pacote.register(DESCRICOES, { descricao: 'Pacote Pix: 1m, 3m ou 12m.' });
EscolhaQuery.shape.voltou.register(DESCRICOES, { descricao: 'Volta do checkout: ok ou cancelado.' });
EscolhaQuery.shape.lang.register(DESCRICOES, { descricao: 'Idioma da página (pt ou en).' });

/** Path of every per-code route (companies, funds, ETFs); the MCP tools take it as their input too. */
export const PorTicker = z.object({
  ticker: TickerNaRotaSchema.clone().register(DESCRICOES, {
    descricao: 'Código de negociação (4–12 letras ou dígitos); um código antigo responde 301.',
  }),
});
const indicador = z.enum(NOMES_INDICADORES).register(DESCRICOES, { descricao: 'Nome do indicador.' });
export const PorIndicador = PorTicker.extend({ nome: indicador });
export const PorLinhagem = PorTicker.extend({
  ano: z
    .string()
    .regex(/^\d{4}$/, 'ano com 4 dígitos')
    .transform(Number)
    .pipe(z.number().int().min(1990).max(2100))
    .register(DESCRICOES, { descricao: 'Exercício (4 dígitos).' }),
  indicador,
});
export const QueryDeFatos = z.strictObject({
  trimestral: z.enum(['true', 'false']).optional().register(DESCRICOES, { descricao: 'true ou false.' }),
});
/** `?lang=` of `/hoje` (nothing else accepted). */
export const QueryDaHoje = z.strictObject({
  lang: z
    .enum(['pt', 'en'])
    .optional()
    .register(DESCRICOES, { descricao: 'Idioma da página (pt ou en); sem ele, Accept-Language.' }),
});
/** `?lang=` kept by the redirect of `/fiis/{ticker}/dividendos` (other parameters ignored). */
export const QueryDeIdioma = z.object({
  lang: z
    .enum(['pt', 'en'])
    .optional()
    .register(DESCRICOES, { descricao: 'Idioma da página (pt ou en), mantido no redirecionamento.' }),
});

export const N_PADRAO = 10;
export const N_MAXIMO = 100;
// Up to 2^53 - 1, so the decimal form the scheme hashes is exactly what the client sent (minus leading zeros).
export const seed = z
  .string()
  .regex(/^\d{1,15}$/, 'seed: inteiro de 0 a 999999999999999')
  .transform(Number)
  .register(DESCRICOES, { descricao: 'Semente inteira do sorteio.' });
export const n = z
  .string()
  .regex(/^\d{1,3}$/, `n: inteiro de 1 a ${N_MAXIMO}`)
  .transform(Number)
  .pipe(z.number().int().min(1).max(N_MAXIMO))
  .register(DESCRICOES, { descricao: `Tamanho da amostra (padrão ${N_PADRAO}).` });
export const PorSeed = z.object({ seed });
export const PorSeedEN = z.object({ seed, n });
export const QueryDeN = z.strictObject({ n: n.optional() });
export const QueryDeAmostra = z.strictObject({ seed: seed.optional(), n: n.optional() });
export const PorDepAmort = z.object({
  cd_regulator: z
    .string()
    .regex(/^\d{1,9}$/, 'cd_regulator: inteiro')
    .transform(Number)
    .register(DESCRICOES, { descricao: 'Código CVM.' }),
  ano: z
    .string()
    .regex(/^\d{4}$/, 'ano com 4 dígitos')
    .transform(Number)
    .register(DESCRICOES, { descricao: 'Exercício.' }),
});

const idDoRecibo = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,80}$/, 'id do recibo: letras, dígitos, _ ou -')
  .register(DESCRICOES, { descricao: 'Id do recibo.' });
export const PorRecibo = z.object({ rid: idDoRecibo });
/**
 * `/recibo/{id}.json` as Hono matches it: one segment `arquivo` ending in `.json` (a parameter cannot
 * end before a literal suffix), so a refusal names `arquivo`; the document shows `id`.
 */
export const PorReciboJson = z.object({
  arquivo: z.string().regex(/^[A-Za-z0-9_-]{1,80}\.json$/, 'esperado <id>.json'),
});

export const PorConjunto = z.object({
  conjunto: z.string().register(DESCRICOES, { descricao: 'Nome do conjunto (veja /dump).' }),
});

/** Query of `POST /chave-gratis`: the page language and where the visitor came from. */
export const QueryDaChaveGratis = z.object({
  lang: z.enum(['pt', 'en']).optional().register(DESCRICOES, { descricao: 'Idioma da resposta (pt ou en).' }),
  de: z
    .string()
    .max(64, 'no máximo 64 caracteres')
    .optional()
    .register(DESCRICOES, { descricao: 'Página de origem do pedido.' }),
});

export const LIMITE_PADRAO = 500;
/** Largest `limite` accepted (docs/api.md): the whole history of a company fits many times over. */
export const LIMITE_MAXIMO = 5000;

/** Query of `GET /vigia/eventos`; every refusal is the one 422 shape naming the parameter. */
export const ConsultaEventosSchema = z
  .strictObject({
    ticker: TickerNaRotaSchema.optional().register(DESCRICOES, {
      descricao: 'Código de negociação; um código antigo vale pelo atual; desconhecido: 404.',
    }),
    tipo: z
      .string()
      .regex(/^[a-z0-9_]+$/, 'tipo de evento em minúsculas (ex.: faixa_margem)')
      .optional()
      .register(DESCRICOES, {
        descricao: 'Tipo de evento do vigia pedido (ex.: faixa_margem; fiis: faixa_pvp, informe_reenviado…).',
      }),
    desde: z.iso
      .date('data no formato AAAA-MM-DD')
      .optional()
      .register(DESCRICOES, { descricao: 'Só eventos com data nesta data ou depois (AAAA-MM-DD).' }),
    limite: z.coerce
      .number('limite deve ser um inteiro')
      .int('limite deve ser um inteiro')
      .min(1, 'limite mínimo 1')
      .max(LIMITE_MAXIMO, `limite máximo ${LIMITE_MAXIMO}`)
      .default(LIMITE_PADRAO)
      .register(DESCRICOES, { descricao: `Eventos devolvidos (padrão ${LIMITE_PADRAO}).` }),
    classe: z
      .enum(['fiis', 'etfs'], "classe deve ser 'fiis' ou 'etfs' (ausente: empresas)")
      .optional()
      .register(DESCRICOES, { descricao: 'fiis ou etfs; ausente: empresas.' }),
    lang: z.enum(['pt', 'en'], "lang deve ser 'pt' ou 'en'").optional().register(DESCRICOES, {
      descricao: 'Idioma dos rótulos de tipos e do critério (pt ou en; padrão pt).',
    }),
  })
  .superRefine((q, ctx) => {
    const classe = q.classe ?? 'empresas';
    if (q.tipo !== undefined && !TIPOS_POR_CLASSE[classe].includes(q.tipo))
      ctx.addIssue({
        code: 'custom',
        path: ['tipo'],
        message: `tipo desconhecido para ${classe}; valores: ${TIPOS_POR_CLASSE[classe].join(', ')}`,
      });
  });

/** The company resources answered as stored, behind a key (trial tickers open). */
export const RECURSOS_DA_EMPRESA = [
  'indicadores',
  'multiplos',
  'dividendos',
  'reapresentacoes',
  'scores',
  'trimestres',
] as const;

const recursoDaEmpresa = (r: string): Documentada => ({
  metodo: 'get',
  caminho: `/empresas/{ticker}/${r}`,
  acesso: 'chave',
  resumo: `Recurso ${r} da empresa (sem chave, só tickers de degustação).`,
  o_que: `recurso ${r} da empresa (sem chave: só tickers de degustação)`,
  parametros: PorTicker,
  resposta: r,
});

const amostra = <P extends z.ZodObject>(
  caminho: string,
  resumo: string,
  parametros: P,
  consulta?: z.ZodObject,
) =>
  ({
    metodo: 'get',
    caminho,
    acesso: 'aberta',
    resumo,
    o_que: 'amostra determinística para auditoria',
    parametros,
    ...(consulta ? { consulta } : {}),
    resposta: 'auditoria_amostra',
  }) satisfies Documentada;

const MOTIVO_DUMP = 'Os conjuntos completos pertencem ao plano Pro.';

/** Named declarations other modules refer to (the MCP tools, the tests). */
export const ROTA = {
  vigiaEventos: {
    metodo: 'get',
    caminho: '/vigia/eventos',
    acesso: 'aberta',
    cache: 'publico',
    resumo:
      'Eventos do vigia, mais novos primeiro: lucro/prejuízo, faixas de margem e dívida, reapresentações, bandeira (empresas); classe=fiis ou etfs para os vigias de fundos. total conta todos, mostrados o que limite deixa passar.',
    o_que: 'eventos do vigia (ticker, tipo, desde, limite, classe=fiis|etfs)',
    consulta: ConsultaEventosSchema,
    resposta: 'vigia_eventos',
  },
  screener: {
    metodo: 'get',
    caminho: '/screener',
    acesso: 'chave',
    resumo: 'Screener sobre o universo inteiro; recibo=true congela a resposta.',
    o_que: 'screener sobre o universo inteiro; recibo=true congela a resposta',
    consulta: ScreenerParametrosDocSchema,
    resposta: 'screener',
  },
  amostraComN: amostra('/auditoria/random/{seed}/{n}', 'Amostra determinística.', PorSeedEN),
} satisfies Record<string, Documentada>;

/** Every route, in the order of the document and of `/info`. */
export const DECLARACOES: readonly Declaracao[] = [
  {
    metodo: 'get',
    caminho: '/saude',
    acesso: 'aberta',
    resumo: 'Saúde e versão do dado ao vivo.',
    o_que: 'saúde do serviço e versão do dado ao vivo',
    resposta: 'saude',
  },
  {
    metodo: 'get',
    caminho: '/info',
    acesso: 'aberta',
    resumo: 'Rotas, planos e tickers de degustação.',
    o_que: 'esta descrição',
    resposta: 'info',
  },
  {
    metodo: 'get',
    caminho: '/empresas',
    acesso: 'aberta',
    resumo: 'Lista de empresas.',
    o_que: 'lista de empresas',
    resposta: 'empresas',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}',
    acesso: 'aberta',
    resumo: 'Índice da empresa.',
    o_que: 'índice da empresa',
    parametros: PorTicker,
    resposta: 'empresa',
  },
  ...RECURSOS_DA_EMPRESA.map(recursoDaEmpresa),
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/fatos',
    acesso: 'chave',
    resumo: 'Fatos contábeis (trimestral=true: trimestrais).',
    o_que: 'recurso fatos da empresa (sem chave: só tickers de degustação)',
    parametros: PorTicker,
    consulta: QueryDeFatos,
    resposta: 'fatos',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/indicadores/{nome}',
    acesso: 'chave',
    resumo: 'Série de um indicador.',
    o_que: 'recurso indicadores/{nome} da empresa (sem chave: só tickers de degustação)',
    parametros: PorIndicador,
    resposta: 'indicador',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/veredito',
    acesso: 'aberta',
    resumo:
      'Veredito determinístico, sem IA: cinco números do último ano com faixa, comparação (setor, histórico, universo) e bandeira de confiança.',
    o_que: 'veredito determinístico',
    parametros: PorTicker,
    resposta: 'veredito',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/linhagem/{ano}/{indicador}',
    acesso: 'aberta',
    resumo: 'Linhagem de um valor: cada linha da CVM lida, com arquivo e linha.',
    o_que: 'linhagem de um valor de indicador',
    parametros: PorLinhagem,
    resposta: 'linhagem',
  },
  ROTA.screener,
  {
    metodo: 'get',
    caminho: '/recibo/{rid}',
    acesso: 'aberta',
    resumo: 'Recibo: JSON, ou página noindex com Accept: text/html.',
    o_que: 'recibo: JSON, ou página com Accept: text/html',
    parametros: PorRecibo,
    resposta: 'recibo',
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/recibo/{id}.json',
    acesso: 'aberta',
    cache: 'publico',
    resumo: 'Recibo em JSON (cache público de 5 minutos sem chave).',
    o_que: 'recibo congelado de um screener',
    parametros: z.object({ id: idDoRecibo }),
    resposta: 'recibo',
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/auditoria/universo',
    acesso: 'aberta',
    resumo: 'Universo sorteável: cd_regulator|exercicio|indicador por linha.',
    o_que: 'universo sorteável (text/plain)',
    resposta: { tipo: 'text/plain' },
  },
  {
    metodo: 'get',
    caminho: '/auditoria/random',
    acesso: 'aberta',
    resumo: 'Sem seed: menu (nada é sorteado); com seed: a amostra.',
    o_que: 'sem seed: menu; com seed: amostra determinística',
    consulta: QueryDeAmostra,
    resposta: 'auditoria_amostra',
  },
  amostra('/auditoria/random/{seed}', 'Amostra determinística.', PorSeed, QueryDeN),
  ROTA.amostraComN,
  amostra('/auditoria/amostra/{seed}', 'Mesma amostra (nome honesto).', PorSeed, QueryDeN),
  amostra('/auditoria/amostra/{seed}/{n}', 'Mesma amostra.', PorSeedEN),
  {
    metodo: 'get',
    caminho: '/auditoria/dep_amort/{cd_regulator}/{ano}',
    acesso: 'aberta',
    resumo: 'Cada linha candidata a D&A com a decisão.',
    o_que: 'linhas candidatas a D&A com a decisão',
    parametros: PorDepAmort,
    resposta: 'dep_amort',
  },
  {
    metodo: 'get',
    caminho: '/desafio',
    acesso: 'aberta',
    resumo: 'Casos difíceis com o valor servido hoje.',
    o_que: 'casos difíceis com o valor servido hoje',
    resposta: 'desafio',
  },
  {
    metodo: 'get',
    caminho: '/hoje',
    acesso: 'aberta',
    resumo:
      'O que mudou nos 7 dias até o recebimento mais recente dos dados (HTML por padrão; JSON com Accept: application/json).',
    o_que: 'o que mudou nos últimos dias dos dados: HTML; JSON com Accept: application/json',
    consulta: QueryDaHoje,
    resposta: 'hoje',
    ingles: true,
  },
  ROTA.vigiaEventos,
  {
    metodo: 'get',
    caminho: '/etfs/{ticker}',
    acesso: 'chave',
    pagina_aberta: true,
    cache: 'publico',
    resumo:
      'ETF publicado (cadastro, fechamento, ágio, carteira, retornos; nulos com flag em lacunas). JSON só com Accept: application/json; BOVA11 sem chave.',
    o_que: 'ETF: JSON com Accept: application/json; sem ele, a página do ETF',
    parametros: PorTicker,
    resposta: 'etf_publicado',
  },
  {
    metodo: 'get',
    caminho: '/fiis/{ticker}',
    acesso: 'chave',
    pagina_aberta: true,
    cache: 'publico',
    resumo:
      'FII publicado (cadastro, último informe, P/VP ponto no tempo, DY 12 meses, vacância). JSON só com Accept: application/json (senão, a página); MXRF11 sem chave.',
    o_que: 'FII: JSON com Accept: application/json; sem ele, a página do fundo',
    parametros: PorTicker,
    resposta: 'fii_publicado',
  },
  {
    metodo: 'get',
    caminho: '/fiis/{ticker}/reapresentacoes',
    acesso: 'aberta',
    cache: 'publico',
    resumo: 'Informes mensais reenviados do FII (versão > 1). JSON só com Accept: application/json.',
    o_que: 'reapresentações do FII: JSON com Accept: application/json',
    parametros: PorTicker,
    resposta: 'fii_reapresentacoes',
  },
  {
    metodo: 'get',
    caminho: '/fiis/{ticker}/dividendos',
    acesso: 'aberta',
    resumo:
      'Responde 301 para a seção de rendimentos da página do fundo (/fiis/{ticker}#dy), mantendo lang; fundo desconhecido 404.',
    o_que: '301 para a seção de rendimentos da página do fundo',
    parametros: PorTicker,
    consulta: QueryDeIdioma,
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'get',
    caminho: '/dicionario',
    acesso: 'aberta',
    resumo: 'Metodologia por indicador.',
    o_que: 'metodologia por indicador e flags',
    resposta: 'dicionario',
  },
  {
    metodo: 'get',
    caminho: '/dump',
    acesso: 'chave',
    resumo: 'Índice dos conjuntos exportáveis.',
    o_que: 'índice dos conjuntos exportáveis',
    resposta: 'dump',
  },
  {
    metodo: 'get',
    caminho: '/dump/{conjunto}.csv',
    acesso: 'pro',
    motivo_pro: MOTIVO_DUMP,
    resumo: 'Um conjunto inteiro em CSV, em streaming.',
    o_que: 'um conjunto inteiro em CSV',
    parametros: PorConjunto,
    resposta: { tipo: 'text/csv' },
  },
  {
    metodo: 'get',
    caminho: '/dump/{conjunto}.parquet',
    acesso: 'pro',
    motivo_pro: MOTIVO_DUMP,
    resumo: 'O mesmo conjunto em Parquet (colunas tipadas, ZSTD).',
    o_que: 'o mesmo conjunto em Parquet (colunas tipadas)',
    parametros: PorConjunto,
    resposta: { tipo: 'application/vnd.apache.parquet' },
  },
  {
    metodo: 'get',
    caminho: '/qualidade.json',
    acesso: 'aberta',
    resumo: 'Relatório de qualidade do build servido: invariantes, contagens, falhas, quarentena.',
    o_que: 'relatório de qualidade do build servido: invariantes, contagens, falhas, quarentena',
    resposta: 'qualidade',
  },
  {
    metodo: 'post',
    caminho: '/chave-gratis',
    acesso: 'aberta',
    resumo: 'Cria uma chave grátis (HTML; JSON com Accept: application/json).',
    o_que: 'cria uma chave grátis',
    consulta: QueryDaChaveGratis,
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'get',
    caminho: '/assinar',
    acesso: 'aberta',
    resumo:
      'Planos (sem plano) ou a confirmação de um plano (HTML); nunca cobra, não cria sessão de checkout nem evento de funil.',
    o_que: 'planos e confirmação de um plano (página); nada é cobrado',
    consulta: EscolhaQuery,
    resposta: { tipo: 'text/html' },
    ingles: true,
  },
  {
    metodo: 'post',
    caminho: '/assinar/confirmar',
    acesso: 'aberta',
    resumo:
      'Confirmação do plano (formulário: plano, moeda, pacote, lang): cria a sessão de checkout do Stripe, registra o evento de funil e responde 303 ao checkout.',
    o_que: 'confirmação do plano: cria o checkout no Stripe e responde 303 a ele',
    resposta: { tipo: 'text/html' },
    ingles: true,
  },
  {
    metodo: 'post',
    caminho: '/assinar/webhook',
    acesso: 'aberta',
    resumo:
      'Webhook do Stripe (cabeçalho Stripe-Signature verificado; assinatura inválida ou antiga: 422). Pagamento confirmado emite a chave Pro uma única vez e a envia por e-mail.',
    o_que: 'webhook do Stripe (assinatura verificada): emite a chave Pro uma vez e a envia por e-mail',
    resposta: { tipo: 'application/json' },
  },
  {
    metodo: 'post',
    caminho: '/portal',
    acesso: 'pro',
    sem_cota: true,
    motivo_pro: 'O portal do cliente é do plano Pro.',
    resumo:
      'Sessão do portal do cliente no Stripe para a chave Pro (corpo de formulário, cabeçalho X-API-Key).',
    o_que: 'portal do cliente no Stripe (JSON com a URL)',
    resposta: 'portal',
  },
  {
    metodo: 'post',
    caminho: '/acompanhar',
    acesso: 'aberta',
    resumo:
      'Acompanhar uma empresa por e-mail (formulário: ticker, email, lang, carimbo; campo armadilha site vazio). Guarda o pedido pendente e envia a confirmação; a resposta nunca repete o endereço; limite global por hora (429). HTML; JSON com Accept: application/json.',
    o_que: 'acompanhar uma empresa por e-mail: pedido pendente e mensagem de confirmação',
    resposta: 'acompanhar',
    ingles: true,
  },
  {
    metodo: 'post',
    caminho: '/acompanhar/confirmar',
    acesso: 'aberta',
    resumo: 'Confirma um pedido pendente (id e t do link, uso único).',
    o_que: 'confirma um pedido pendente (botão da página do link)',
    resposta: { tipo: 'text/html' },
    ingles: true,
  },
  {
    metodo: 'post',
    caminho: '/acompanhar/cancelar',
    acesso: 'aberta',
    resumo:
      'Cancela um acompanhamento e apaga o endereço (id e t do link; também o POST de um clique da RFC 8058).',
    o_que: 'cancela um acompanhamento e apaga o endereço (também o POST de um clique da RFC 8058)',
    resposta: { tipo: 'text/html' },
    ingles: true,
  },
  {
    metodo: 'post',
    caminho: '/mcp',
    acesso: 'aberta',
    resumo:
      'Conector MCP (JSON-RPC 2.0, Streamable HTTP); as ferramentas de dados exigem a chave como as rotas.',
    o_que: 'conector MCP (JSON-RPC 2.0); ferramentas com as mesmas chaves e cotas',
    resposta: { tipo: 'application/json' },
  },
  // Pages rendered per request and the documentation itself: in /info, not operations of the document.
  {
    metodo: 'get',
    caminho: '/procurar',
    acesso: 'aberta',
    consulta: ConsultaDaProcura,
    o_que: 'busca por código, nome, código CVM ou CNPJ (página; código exato: 302)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/comparar/{cod_a}/{cod_b}',
    acesso: 'aberta',
    parametros: ParDeCodigos,
    o_que: 'duas empresas lado a lado (página)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/carteira',
    acesso: 'aberta',
    consulta: ConsultaDaCarteira,
    o_que: 'carteira pela URL, nada guardado (página; o formulário responde 303)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'post',
    caminho: '/carteira',
    acesso: 'aberta',
    o_que: 'formulário da carteira: 303 ao endereço canônico',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/vigia',
    acesso: 'aberta',
    consulta: ConsultaDoVigia,
    o_que: 'últimos eventos do vigia, com filtros (página)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/vigia/{ticker}',
    acesso: 'aberta',
    consulta: ConsultaDoVigiaPorCodigo,
    o_que: 'todos os eventos de uma empresa ou fundo (página; código antigo: 301)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/vigia/semana/{semana}',
    acesso: 'aberta',
    consulta: ConsultaSoDeIdioma,
    o_que: 'eventos de uma semana ISO AAAA-SS, o conteúdo do e-mail semanal (página)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/acompanhar/confirmar',
    acesso: 'aberta',
    o_que: 'confirmação de um pedido (link da mensagem)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/acompanhar/cancelar',
    acesso: 'aberta',
    o_que: 'cancelamento sem login (link de toda mensagem)',
    documento: false,
    ingles: true,
  },
  {
    metodo: 'get',
    caminho: '/openapi.json',
    acesso: 'aberta',
    o_que: 'documento OpenAPI 3.1',
    documento: false,
  },
  {
    metodo: 'get',
    caminho: '/docs',
    acesso: 'aberta',
    o_que: 'documentação interativa',
    documento: false,
  },
  {
    metodo: 'get',
    caminho: '/docs/api',
    acesso: 'aberta',
    o_que: 'o documento OpenAPI no Swagger UI, servido daqui (nada vem de fora)',
    documento: false,
  },
  {
    metodo: 'get',
    caminho: '/docs/api/swagger-ui-bundle.js',
    acesso: 'aberta',
    cache: 'publico',
    o_que: 'script do Swagger UI (swagger-ui-dist)',
    documento: false,
  },
  {
    metodo: 'get',
    caminho: '/docs/api/swagger-ui.css',
    acesso: 'aberta',
    cache: 'publico',
    o_que: 'folha de estilo do Swagger UI (swagger-ui-dist)',
    documento: false,
  },
];

export const documentada = (d: Declaracao): d is Documentada => d.documento !== false;

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/a/{b}.json` → a regex matching the concrete paths of that template (each parameter one segment). */
export function regexDoCaminho(caminho: string): RegExp {
  return new RegExp(
    `^${caminho
      .split(/\{[^}]+\}/)
      .map(escapar)
      .join('([^/]+)')}$`,
  );
}

/**
 * Whether the worker answers a GET of `caminho` (a path without query): it fits the template of a GET
 * declaration or of its `/en` copy (each parameter one segment, values not checked: a link with a
 * wrong code still reaches the worker, which answers 404 on its own). The site's link check leaves
 * such links to the worker.
 */
export function respondidoPeloWorker(caminho: string): boolean {
  return DECLARACOES.some(
    (d) =>
      d.metodo === 'get' &&
      [d.caminho, ...(d.ingles ? [`/en${d.caminho}`] : [])].some((modelo) =>
        regexDoCaminho(modelo).test(caminho),
      ),
  );
}
