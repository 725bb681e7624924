import { AuditoriaDepAmortSchema } from '@fundamentos/schemas/auditoria';
import { AcompanharRespostaSchema, PortalSchema } from '@fundamentos/schemas/contas';
import { DesafioSchema } from '@fundamentos/schemas/desafio';
import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import { ErroSchema } from '@fundamentos/schemas/erros';
import { EtfRecursoSchema } from '@fundamentos/schemas/etfs';
import { FatosEmpresaSchema } from '@fundamentos/schemas/fatos';
import { FiiRecursoSchema } from '@fundamentos/schemas/fiis';
import { IndicadorEmpresaSchema } from '@fundamentos/schemas/indicador';
import { NOMES_INDICADORES } from '@fundamentos/schemas/indicadores';
import { emitirTodosJsonSchemas } from '@fundamentos/schemas/json-schema';
import { LinhagemSchema } from '@fundamentos/schemas/linhagem';
import { QualidadeSchema } from '@fundamentos/schemas/qualidade';
import { ScoresEmpresaSchema } from '@fundamentos/schemas/scores';
import { ScreenerParametrosDocSchema } from '@fundamentos/schemas/screener';
import { TrimestresSchema } from '@fundamentos/schemas/trimestres';
import { z } from 'zod';
import { AmostraAuditoriaSchema, MenuAuditoriaSchema, N_MAXIMO, N_PADRAO } from '../auditoria/amostra.ts';
import { LIMITE_MAXIMO, LIMITE_PADRAO } from '../vigia/selecao.ts';

type Js = Record<string, unknown>;

/** Schemas local to this document (the rest come from `ESQUEMAS` of the schemas package). */
const LOCAIS: Record<string, z.ZodType> = {
  erro: ErroSchema,
  linhagem: LinhagemSchema,
  dep_amort: AuditoriaDepAmortSchema,
  desafio: DesafioSchema,
  dicionario: DicionarioSchema,
  fatos: FatosEmpresaSchema,
  indicador: IndicadorEmpresaSchema,
  scores: ScoresEmpresaSchema,
  trimestres: TrimestresSchema,
  auditoria_amostra: AmostraAuditoriaSchema,
  auditoria_menu: MenuAuditoriaSchema,
  etf_publicado: EtfRecursoSchema,
  fii_publicado: FiiRecursoSchema,
  portal: PortalSchema,
  acompanhar: AcompanharRespostaSchema,
  qualidade: QualidadeSchema,
};

function semDialeto(s: Js): Js {
  const { $schema: _d, ...resto } = s;
  return resto;
}

export type Acesso = 'aberta' | 'chave' | 'pro';

export interface Parametro {
  nome: string;
  em: 'path' | 'query';
  obrigatorio: boolean;
  descricao: string;
  schema: Js;
}

/** The set name of `/dump/{conjunto}.csv` and `.parquet`. */
const PARAMETRO_CONJUNTO: Parametro = {
  nome: 'conjunto',
  em: 'path',
  obrigatorio: true,
  descricao: 'Nome do conjunto (veja /dump).',
  schema: { type: 'string' },
};

export interface Operacao {
  metodo: 'get' | 'post';
  caminho: string;
  acesso: Acesso;
  resumo: string;
  parametros: Parametro[];
  /** Component name, or a media type answered as-is. */
  resposta: string | { tipo: string };
}

const ticker: Parametro = {
  nome: 'ticker',
  em: 'path',
  obrigatorio: true,
  descricao: 'Código de negociação (4–12 letras ou dígitos); um código antigo responde 301.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9]{4,12}$' },
};
const inteiro = (nome: string, em: 'path' | 'query', descricao: string, extra: Js = {}): Parametro => ({
  nome,
  em,
  obrigatorio: em === 'path',
  descricao,
  schema: { type: 'integer', minimum: 0, ...extra },
});
const seed = (em: 'path' | 'query') =>
  inteiro('seed', em, 'Semente inteira do sorteio.', { maximum: 999999999999999 });
const n = (em: 'path' | 'query') =>
  inteiro('n', em, `Tamanho da amostra (padrão ${N_PADRAO}).`, { minimum: 1, maximum: N_MAXIMO });

const parametrosScreener: Parametro[] = Object.entries(ScreenerParametrosDocSchema.shape).map(
  ([nome, s]) => ({
    nome,
    em: 'query',
    obrigatorio: false,
    descricao: s.description ?? '',
    schema: { type: 'string' },
  }),
);

/** Every operation this worker answers: the OpenAPI document and the /docs page are generated from it. */
export const OPERACOES: Operacao[] = [
  {
    metodo: 'get',
    caminho: '/saude',
    acesso: 'aberta',
    resumo: 'Saúde e versão do dado ao vivo.',
    parametros: [],
    resposta: 'saude',
  },
  {
    metodo: 'get',
    caminho: '/info',
    acesso: 'aberta',
    resumo: 'Rotas, planos e tickers de degustação.',
    parametros: [],
    resposta: 'info',
  },
  {
    metodo: 'get',
    caminho: '/empresas',
    acesso: 'aberta',
    resumo: 'Lista de empresas.',
    parametros: [],
    resposta: 'empresas',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}',
    acesso: 'aberta',
    resumo: 'Índice da empresa.',
    parametros: [ticker],
    resposta: 'empresa',
  },
  ...(
    [
      ['indicadores', 'indicadores'],
      ['multiplos', 'multiplos'],
      ['dividendos', 'dividendos'],
      ['reapresentacoes', 'reapresentacoes'],
      ['scores', 'scores'],
      ['trimestres', 'trimestres'],
    ] as const
  ).map(
    ([r, s]): Operacao => ({
      metodo: 'get',
      caminho: `/empresas/{ticker}/${r}`,
      acesso: 'chave',
      resumo: `Recurso ${r} da empresa (sem chave, só tickers de degustação).`,
      parametros: [ticker],
      resposta: s,
    }),
  ),
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/fatos',
    acesso: 'chave',
    resumo: 'Fatos contábeis (trimestral=true: trimestrais).',
    parametros: [
      ticker,
      {
        nome: 'trimestral',
        em: 'query',
        obrigatorio: false,
        descricao: 'true ou false.',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    ],
    resposta: 'fatos',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/indicadores/{nome}',
    acesso: 'chave',
    resumo: 'Série de um indicador.',
    parametros: [
      ticker,
      {
        nome: 'nome',
        em: 'path',
        obrigatorio: true,
        descricao: 'Nome do indicador.',
        schema: { type: 'string', enum: [...NOMES_INDICADORES] },
      },
    ],
    resposta: 'indicador',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/veredito',
    acesso: 'aberta',
    resumo:
      'Veredito determinístico, sem IA: cinco números do último ano com faixa, comparação (setor, histórico, universo) e bandeira de confiança.',
    parametros: [ticker],
    resposta: 'veredito',
  },
  {
    metodo: 'get',
    caminho: '/empresas/{ticker}/linhagem/{ano}/{indicador}',
    acesso: 'aberta',
    resumo: 'Linhagem de um valor: cada linha da CVM lida, com arquivo e linha.',
    parametros: [
      ticker,
      inteiro('ano', 'path', 'Exercício (4 dígitos).'),
      {
        nome: 'indicador',
        em: 'path',
        obrigatorio: true,
        descricao: 'Nome do indicador.',
        schema: { type: 'string', enum: [...NOMES_INDICADORES] },
      },
    ],
    resposta: 'linhagem',
  },
  {
    metodo: 'get',
    caminho: '/screener',
    acesso: 'chave',
    resumo: 'Screener sobre o universo inteiro; recibo=true congela a resposta.',
    parametros: parametrosScreener,
    resposta: 'screener',
  },
  {
    metodo: 'get',
    caminho: '/recibo/{rid}',
    acesso: 'aberta',
    resumo: 'Recibo: JSON, ou página noindex com Accept: text/html.',
    parametros: [
      {
        nome: 'rid',
        em: 'path',
        obrigatorio: true,
        descricao: 'Id do recibo.',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,80}$' },
      },
    ],
    resposta: 'recibo',
  },
  {
    metodo: 'get',
    caminho: '/recibo/{id}.json',
    acesso: 'aberta',
    resumo: 'Recibo em JSON (cache público de 5 minutos sem chave).',
    parametros: [
      {
        nome: 'id',
        em: 'path',
        obrigatorio: true,
        descricao: 'Id do recibo.',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,80}$' },
      },
    ],
    resposta: 'recibo',
  },
  {
    metodo: 'get',
    caminho: '/auditoria/universo',
    acesso: 'aberta',
    resumo: 'Universo sorteável: cd_regulator|exercicio|indicador por linha.',
    parametros: [],
    resposta: { tipo: 'text/plain' },
  },
  {
    metodo: 'get',
    caminho: '/auditoria/random',
    acesso: 'aberta',
    resumo: 'Sem seed: menu (nada é sorteado); com seed: a amostra.',
    parametros: [{ ...seed('query'), obrigatorio: false }, n('query')],
    resposta: 'auditoria_amostra',
  },
  {
    metodo: 'get',
    caminho: '/auditoria/random/{seed}',
    acesso: 'aberta',
    resumo: 'Amostra determinística.',
    parametros: [seed('path'), n('query')],
    resposta: 'auditoria_amostra',
  },
  {
    metodo: 'get',
    caminho: '/auditoria/random/{seed}/{n}',
    acesso: 'aberta',
    resumo: 'Amostra determinística.',
    parametros: [seed('path'), n('path')],
    resposta: 'auditoria_amostra',
  },
  {
    metodo: 'get',
    caminho: '/auditoria/amostra/{seed}',
    acesso: 'aberta',
    resumo: 'Mesma amostra (nome honesto).',
    parametros: [seed('path'), n('query')],
    resposta: 'auditoria_amostra',
  },
  {
    metodo: 'get',
    caminho: '/auditoria/amostra/{seed}/{n}',
    acesso: 'aberta',
    resumo: 'Mesma amostra.',
    parametros: [seed('path'), n('path')],
    resposta: 'auditoria_amostra',
  },
  {
    metodo: 'get',
    caminho: '/auditoria/dep_amort/{cd_regulator}/{ano}',
    acesso: 'aberta',
    resumo: 'Cada linha candidata a D&A com a decisão.',
    parametros: [inteiro('cd_regulator', 'path', 'Código CVM.'), inteiro('ano', 'path', 'Exercício.')],
    resposta: 'dep_amort',
  },
  {
    metodo: 'get',
    caminho: '/desafio',
    acesso: 'aberta',
    resumo: 'Casos difíceis com o valor servido hoje.',
    parametros: [],
    resposta: 'desafio',
  },
  {
    metodo: 'get',
    caminho: '/hoje',
    acesso: 'aberta',
    resumo:
      'O que mudou nos 7 dias até o recebimento mais recente dos dados (HTML por padrão; JSON com Accept: application/json).',
    parametros: [
      {
        nome: 'lang',
        em: 'query',
        obrigatorio: false,
        descricao: 'Idioma da página (pt ou en); sem ele, Accept-Language.',
        schema: { type: 'string', enum: ['pt', 'en'] },
      },
    ],
    resposta: 'hoje',
  },
  {
    metodo: 'get',
    caminho: '/vigia/eventos',
    acesso: 'aberta',
    resumo:
      'Eventos do vigia, mais novos primeiro: lucro/prejuízo, faixas de margem e dívida, reapresentações, bandeira (empresas); classe=fiis ou etfs para os vigias de fundos. total conta todos, mostrados o que limite deixa passar.',
    parametros: [
      {
        ...ticker,
        em: 'query',
        obrigatorio: false,
        descricao: 'Código de negociação; um código antigo vale pelo atual; desconhecido: 404.',
      },
      {
        nome: 'tipo',
        em: 'query',
        obrigatorio: false,
        descricao: 'Tipo de evento do vigia pedido (ex.: faixa_margem; fiis: faixa_pvp, informe_reenviado…).',
        schema: { type: 'string', pattern: '^[a-z0-9_]+$' },
      },
      {
        nome: 'desde',
        em: 'query',
        obrigatorio: false,
        descricao: 'Só eventos com data nesta data ou depois (AAAA-MM-DD).',
        schema: { type: 'string', format: 'date' },
      },
      inteiro('limite', 'query', `Eventos devolvidos (padrão ${LIMITE_PADRAO}).`, {
        minimum: 1,
        maximum: LIMITE_MAXIMO,
      }),
      {
        nome: 'classe',
        em: 'query',
        obrigatorio: false,
        descricao: 'fiis ou etfs; ausente: empresas.',
        schema: { type: 'string', enum: ['fiis', 'etfs'] },
      },
      {
        nome: 'lang',
        em: 'query',
        obrigatorio: false,
        descricao: 'Idioma dos rótulos de tipos e do critério (pt ou en; padrão pt).',
        schema: { type: 'string', enum: ['pt', 'en'] },
      },
    ],
    resposta: 'vigia_eventos',
  },
  {
    metodo: 'get',
    caminho: '/etfs/{ticker}',
    acesso: 'chave',
    resumo:
      'ETF publicado (cadastro, fechamento, ágio, carteira, retornos; nulos com flag em lacunas). JSON só com Accept: application/json; BOVA11 sem chave.',
    parametros: [ticker],
    resposta: 'etf_publicado',
  },
  {
    metodo: 'get',
    caminho: '/fiis/{ticker}',
    acesso: 'chave',
    resumo:
      'FII publicado (cadastro, último informe, P/VP ponto no tempo, DY 12 meses, vacância). JSON só com Accept: application/json (senão, a página); MXRF11 sem chave.',
    parametros: [ticker],
    resposta: 'fii_publicado',
  },
  {
    metodo: 'get',
    caminho: '/fiis/{ticker}/reapresentacoes',
    acesso: 'aberta',
    resumo: 'Informes mensais reenviados do FII (versão > 1). JSON só com Accept: application/json.',
    parametros: [ticker],
    resposta: 'fii_reapresentacoes',
  },
  {
    metodo: 'get',
    caminho: '/fiis/{ticker}/dividendos',
    acesso: 'aberta',
    resumo:
      'Responde 301 para a seção de rendimentos da página do fundo (/fiis/{ticker}#dy), mantendo lang; fundo desconhecido 404.',
    parametros: [
      ticker,
      {
        nome: 'lang',
        em: 'query',
        obrigatorio: false,
        descricao: 'Idioma da página (pt ou en), mantido no redirecionamento.',
        schema: { type: 'string', enum: ['pt', 'en'] },
      },
    ],
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'get',
    caminho: '/dicionario',
    acesso: 'aberta',
    resumo: 'Metodologia por indicador.',
    parametros: [],
    resposta: 'dicionario',
  },
  {
    metodo: 'get',
    caminho: '/dump',
    acesso: 'chave',
    resumo: 'Índice dos conjuntos exportáveis.',
    parametros: [],
    resposta: 'dump',
  },
  {
    metodo: 'get',
    caminho: '/dump/{conjunto}.csv',
    acesso: 'pro',
    resumo: 'Um conjunto inteiro em CSV, em streaming.',
    parametros: [PARAMETRO_CONJUNTO],
    resposta: { tipo: 'text/csv' },
  },
  {
    metodo: 'get',
    caminho: '/dump/{conjunto}.parquet',
    acesso: 'pro',
    resumo: 'O mesmo conjunto em Parquet (colunas tipadas, ZSTD).',
    parametros: [PARAMETRO_CONJUNTO],
    resposta: { tipo: 'application/vnd.apache.parquet' },
  },
  {
    metodo: 'get',
    caminho: '/qualidade.json',
    acesso: 'aberta',
    resumo: 'Relatório de qualidade do build servido: invariantes, contagens, falhas, quarentena.',
    parametros: [],
    resposta: 'qualidade',
  },
  {
    metodo: 'post',
    caminho: '/chave-gratis',
    acesso: 'aberta',
    resumo: 'Cria uma chave grátis (HTML; JSON com Accept: application/json).',
    parametros: [],
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'get',
    caminho: '/assinar',
    acesso: 'aberta',
    resumo:
      'Planos (sem plano) ou a confirmação de um plano (HTML); nunca cobra, não cria sessão de checkout nem evento de funil.',
    parametros: [
      {
        nome: 'plano',
        em: 'query',
        obrigatorio: false,
        descricao: 'pro ou pix.',
        schema: { type: 'string', enum: ['pro', 'pix'] },
      },
      {
        nome: 'moeda',
        em: 'query',
        obrigatorio: false,
        descricao: 'brl (padrão) ou usd; Pix só brl.',
        schema: { type: 'string', enum: ['brl', 'usd'] },
      },
      {
        nome: 'pacote',
        em: 'query',
        obrigatorio: false,
        descricao: 'Pacote Pix: 1m, 3m ou 12m.',
        schema: { type: 'string', enum: ['1m', '3m', '12m'] },
      },
      {
        nome: 'voltou',
        em: 'query',
        obrigatorio: false,
        descricao: 'Volta do checkout: ok ou cancelado.',
        schema: { type: 'string', enum: ['ok', 'cancelado'] },
      },
    ],
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'post',
    caminho: '/assinar/confirmar',
    acesso: 'aberta',
    resumo:
      'Confirmação do plano (formulário: plano, moeda, pacote, lang): cria a sessão de checkout do Stripe, registra o evento de funil e responde 303 ao checkout.',
    parametros: [],
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'post',
    caminho: '/assinar/webhook',
    acesso: 'aberta',
    resumo:
      'Webhook do Stripe (cabeçalho Stripe-Signature verificado; assinatura inválida ou antiga: 422). Pagamento confirmado emite a chave Pro uma única vez e a envia por e-mail.',
    parametros: [],
    resposta: { tipo: 'application/json' },
  },
  {
    metodo: 'post',
    caminho: '/portal',
    acesso: 'pro',
    resumo:
      'Sessão do portal do cliente no Stripe para a chave Pro (corpo de formulário, cabeçalho X-API-Key).',
    parametros: [],
    resposta: 'portal',
  },
  {
    metodo: 'post',
    caminho: '/acompanhar',
    acesso: 'aberta',
    resumo:
      'Acompanhar uma empresa por e-mail (formulário: ticker, email, lang, carimbo; campo armadilha site vazio). Guarda o pedido pendente e envia a confirmação; a resposta nunca repete o endereço; limite global por hora (429). HTML; JSON com Accept: application/json.',
    parametros: [],
    resposta: 'acompanhar',
  },
  {
    metodo: 'post',
    caminho: '/acompanhar/confirmar',
    acesso: 'aberta',
    resumo: 'Confirma um pedido pendente (id e t do link, uso único).',
    parametros: [],
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'post',
    caminho: '/acompanhar/cancelar',
    acesso: 'aberta',
    resumo:
      'Cancela um acompanhamento e apaga o endereço (id e t do link; também o POST de um clique da RFC 8058).',
    parametros: [],
    resposta: { tipo: 'text/html' },
  },
  {
    metodo: 'post',
    caminho: '/mcp',
    acesso: 'aberta',
    resumo:
      'Conector MCP (JSON-RPC 2.0, Streamable HTTP); as ferramentas de dados exigem a chave como as rotas.',
    parametros: [],
    resposta: { tipo: 'application/json' },
  },
];

const ERROS: Record<string, string> = {
  '401': 'Chave necessária ou inválida.',
  '403': 'Plano insuficiente.',
  '404': 'Não encontrado ou não publicado.',
  '422': 'Parâmetros inválidos.',
  '429': 'Cota diária esgotada.',
  '500': 'Erro interno.',
  '503': 'Nenhum build publicado.',
};

let componentes: Record<string, Js> | undefined;
function schemas(): Record<string, Js> {
  if (componentes !== undefined) return componentes;
  const novos: Record<string, Js> = Object.fromEntries([
    ...Object.entries(emitirTodosJsonSchemas()).map(([k, v]) => [k, semDialeto(v as Js)]),
    ...Object.entries(LOCAIS).map(([k, v]) => [
      k,
      semDialeto(z.toJSONSchema(v, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Js),
    ]),
  ]);
  componentes = novos;
  return novos;
}

/** OpenAPI 3.1 document generated from the zod schemas (never written by hand). */
export function documentoOpenApi(origem: string): Js {
  const paths: Record<string, Record<string, Js>> = {};
  for (const op of OPERACOES) {
    const conteudo =
      typeof op.resposta === 'string'
        ? { 'application/json': { schema: { $ref: `#/components/schemas/${op.resposta}` } } }
        : { [op.resposta.tipo]: { schema: { type: 'string' } } };
    const respostas: Record<string, Js> = { '200': { description: 'OK', content: conteudo } };
    for (const [s, d] of Object.entries(ERROS))
      respostas[s] = {
        description: d,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/erro' } } },
      };
    paths[op.caminho] ??= {};
    const entrada = paths[op.caminho] as Record<string, Js>;
    entrada[op.metodo] = {
      summary: op.resumo,
      operationId: `${op.metodo}_${op.caminho.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
      'x-acesso': op.acesso,
      ...(op.acesso === 'aberta' ? { security: [] } : { security: [{ chave: [] }] }),
      parameters: op.parametros.map((p) => ({
        name: p.nome,
        in: p.em,
        required: p.obrigatorio,
        description: p.descricao,
        schema: p.schema,
      })),
      responses: respostas,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'fundamentos-br',
      version: '0.1.0',
      description:
        'Fundamentos de companhias abertas, FIIs e ETFs brasileiros, rastreáveis até a conta e o arquivo da CVM. Conteúdo descritivo, não é recomendação de investimento.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: origem }],
    paths,
    components: {
      schemas: schemas(),
      securitySchemes: { chave: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    },
  };
}
