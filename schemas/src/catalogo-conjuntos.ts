import { INDICADORES } from './indicadores.ts';

/**
 * The bulk sets' columns, written once: every set the build publishes as `csv/{conjunto}.csv` and
 * `parquet/{conjunto}.parquet` (the catalogue's `conjunto_csv` and `conjunto_parquet` entries), with each
 * column in file order, its DuckDB type and its meaning in Portuguese and English. The build's column
 * dictionary (`json/conjuntos.json`, which `/dump` serves) is this declaration; the build compares it with
 * the columns its SQL really gives (invariant `conjuntos_colunas_documentadas`) and
 * tests/regressao/catalogo.test.ts proves the published headers equal it. Adding a column to a set's SQL
 * means adding it here.
 */

/** Meaning of a column in Portuguese and in English. */
export type Significado = readonly [pt: string, en: string];

export interface ColunaDeclarada {
  readonly coluna: string;
  /** DuckDB type of the column in the Parquet copy. */
  readonly tipo: string;
  readonly significado: Significado;
}

export interface ConjuntoDeclarado {
  readonly descricao: Significado;
  readonly colunas: readonly ColunaDeclarada[];
}

/** Columns that mean the same in every set where they appear (written once here). */
export const COLUNAS_COMUNS: Readonly<Record<string, Significado>> = {
  cd_regulator: ['código CVM da empresa', 'CVM company code'],
  ano: ['ano fiscal (ano de DT_REFER)', 'fiscal year (year of DT_REFER)'],
  ticker: ['código de negociação na B3', 'B3 trading code'],
  nome: ['nome como publicado na fonte', 'name as published by the source'],
  cnpj: ['CNPJ', 'CNPJ (Brazilian tax id)'],
  data: ['data do pregão', 'session date'],
  flag: [
    'nulo ou avisos separados por `;` (significados em /dicionario)',
    'null or flags separated by `;` (meanings in /dicionario)',
  ],
  arquivo: ['arquivo de origem, relativo à pasta bruta', 'source file, relative to the raw folder'],
  linha: ['linha no arquivo de origem (cabeçalho = 1)', 'line in the source file (header = 1)'],
  versao: ['VERSAO do documento usada', 'VERSAO of the filing used'],
  dt_receb: ['data de recebimento do documento pela CVM', 'date CVM received the filing'],
  demo: [
    'demonstração (BPA, BPP, DRE, DFC_MD, DFC_MI, DVA…)',
    'statement (BPA, BPP, DRE, DFC_MD, DFC_MI, DVA…)',
  ],
  cd_conta: ['código da conta', 'account code'],
  ds_conta: ['rótulo da conta como publicado', 'account label as filed'],
  agreg: ['con (consolidado) ou ind (individual)', 'con (consolidated) or ind (individual)'],
  valor: ['valor em reais', 'value in BRL'],
  preco: ['fechamento (R$)', 'close (BRL)'],
  data_preco: ['pregão do preço usado', 'session of the price used'],
  pl: [
    'patrimônio líquido (R$) ou P/L, conforme o conjunto',
    'net assets (BRL) or P/E, depending on the set',
  ],
  pvp: ['preço / valor patrimonial', 'price / book value'],
  market_cap: ['valor de mercado (R$)', 'market capitalisation (BRL)'],
  ev_ebitda: ['EV / EBITDA', 'EV / EBITDA'],
  fcf: ['fluxo de caixa livre (R$)', 'free cash flow (BRL)'],
  fcf_yield: ['fluxo de caixa livre / valor de mercado', 'free cash flow / market cap'],
  flag_pl: ['avisos do P/L anual', 'flags of the annual P/E'],
  data_com: ['último dia com direito ao provento', 'last day with entitlement to the distribution'],
  on_circulacao: ['ações ON em circulação', 'common shares outstanding'],
  pn_circulacao: ['ações PN em circulação', 'preferred shares outstanding'],
  feito_aqui: [
    'verdadeiro quando a linha vem de um arquivo feito aqui (pasta feitos-aqui/ da amostra), não de um arquivo real',
    "true when the row comes from a file made here (the sample's feitos-aqui/ folder), not from a real file",
  ],
};

/**
 * A column: `[nome, tipo]` takes its meaning from `COLUNAS_COMUNS`, `[nome, tipo, pt, en]` says its own
 * (a column that means something else in this set).
 */
type Coluna =
  | readonly [nome: string, tipo: string]
  | readonly [nome: string, tipo: string, pt: string, en: string];

function conjunto(descricao: Significado, colunas: readonly Coluna[]): ConjuntoDeclarado {
  return {
    descricao,
    colunas: colunas.map((c) => {
      const [coluna, tipo] = c;
      const significado: Significado | undefined = c.length === 4 ? [c[2], c[3]] : COLUNAS_COMUNS[coluna];
      if (significado === undefined)
        throw new Error(`set column ${coluna}: no meaning of its own nor in COLUNAS_COMUNS`);
      return { coluna, tipo, significado };
    }),
  };
}

/** One value and one flag column per indicator (schemas/src/indicadores.ts), in its order. */
const colunasDeIndicadores = (): Coluna[] =>
  Object.keys(INDICADORES).flatMap((n): Coluna[] => [
    [
      n,
      'DOUBLE',
      `indicador ${n} do ano (/dicionario#${n})`,
      `indicator ${n} of the year (/dicionario#${n})`,
    ],
    [`${n}__flag`, 'VARCHAR', `avisos do indicador ${n}`, `flags of indicator ${n}`],
  ]);

/** The code columns of the per-class sets (pipeline/src/marts/mercado/classes.ts). */
const CODIGO_DA_CLASSE: Coluna[] = [
  [
    'tipo_acao',
    'VARCHAR',
    'classe da ação (ON, PN, PNA…) pelo dígito do código',
    'share class (ON, PN, PNA…) from the code digit',
  ],
  ['ticker_principal', 'VARCHAR', 'código principal da empresa', "the company's main code"],
  ['principal', 'BOOLEAN', 'verdadeiro quando o código é o principal', 'true when the code is the main one'],
];

/** The price and per-share columns of the per-class sets, in their order. */
const COLUNAS_DA_CLASSE: Coluna[] = [
  [
    'preco',
    'DOUBLE',
    'fechamento do próprio código no pregão (R$); nulo sem pregão da classe (classe_sem_pregao)',
    "the code's own close on the session (BRL); null when the class did not trade (classe_sem_pregao)",
  ],
  ['volume', 'DOUBLE', 'volume financeiro do próprio código (R$)', "the code's own traded value (BRL)"],
  [
    'acoes',
    'DOUBLE',
    'ações em circulação da empresa (todas as classes, sem tesouraria)',
    "the company's shares outstanding (every class, ex-treasury)",
  ],
  [
    'lucro',
    'DOUBLE',
    'lucro dos controladores do ano (R$)',
    'net income attributable to owners for the year (BRL)',
  ],
  ['patrimonio', 'DOUBLE', 'patrimônio líquido dos controladores (R$)', "owners' equity (BRL)"],
  [
    'lpa',
    'DOUBLE',
    'lucro / acoes: da empresa, igual em todas as classes (R$)',
    'lucro / acoes: company figure, the same for every class (BRL)',
  ],
  [
    'vpa',
    'DOUBLE',
    'patrimonio / acoes: da empresa, igual em todas as classes (R$)',
    'patrimonio / acoes: company figure, the same for every class (BRL)',
  ],
  ['pl', 'DOUBLE', 'preço da classe / lpa', 'class price / lpa'],
  ['pvp', 'DOUBLE', 'preço da classe / vpa', 'class price / vpa'],
];

/** Every bulk set, in the order the dictionary lists them. */
export const CONJUNTOS_DECLARADOS: Readonly<Record<string, ConjuntoDeclarado>> = {
  empresas: conjunto(
    ['uma linha por código CVM', 'one row per CVM code'],
    [
      ['cd_regulator', 'INTEGER'],
      ['nome', 'VARCHAR'],
      ['cnpj', 'VARCHAR'],
      ['setor', 'VARCHAR', 'setor de atividade do cadastro', 'sector in the registry'],
      [
        'tipo',
        'VARCHAR',
        'plano de contas lido no rótulo de 3.01',
        'chart of accounts read from the 3.01 label',
      ],
      ['ticker_atual', 'VARCHAR', 'código principal vigente', 'current main trading code'],
      ['tickers', 'VARCHAR', 'todos os códigos, separados por `;`', 'every code, separated by `;`'],
      ['primeiro_ano', 'INTEGER', 'ano do primeiro DFP', 'year of the first DFP'],
      ['ultimo_ano', 'INTEGER', 'ano do último DFP', 'year of the latest DFP'],
      ['reapresentacoes', 'INTEGER', 'reapresentações registradas', 'restatements recorded'],
    ],
  ),
  fatos: conjunto(
    ['contas fixas da coluna ÚLTIMO de cada DFP', 'fixed accounts of the ÚLTIMO column of each DFP'],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['demo', 'VARCHAR'],
      ['cd_conta', 'VARCHAR'],
      ['ds_conta', 'VARCHAR'],
      ['agreg', 'VARCHAR'],
      ['valor', 'DECIMAL(38,10)'],
      ['versao', 'INTEGER'],
      ['dt_receb', 'DATE'],
      ['arquivo', 'VARCHAR'],
      ['linha', 'BIGINT'],
    ],
  ),
  fatos_trimestrais: conjunto(
    ['contas por trimestre a partir do ITR', 'accounts per quarter from the ITR'],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['trimestre', 'INTEGER', 'trimestre (1 a 4)', 'quarter (1 to 4)'],
      ['demo', 'VARCHAR'],
      ['cd_conta', 'VARCHAR'],
      ['ds_conta', 'VARCHAR'],
      ['agreg', 'VARCHAR'],
      ['valor', 'DOUBLE'],
      ['flag', 'VARCHAR'],
      ['origem', 'VARCHAR', 'como o valor trimestral foi obtido', 'how the quarterly value was obtained'],
      ['versao', 'INTEGER'],
      ['dt_receb', 'DATE'],
      ['arquivo', 'VARCHAR'],
      ['linha', 'BIGINT'],
      [
        'acumulado',
        'DOUBLE',
        'valor acumulado no ano até o trimestre, como no ITR (R$)',
        'year-to-date value up to the quarter, as filed in the ITR (BRL)',
      ],
    ],
  ),
  indicadores: conjunto(
    ['indicadores em formato longo', 'indicators in long format'],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['nome', 'VARCHAR', 'nome do indicador', 'indicator name'],
      ['valor', 'DOUBLE', 'valor na unidade do indicador', "value in the indicator's unit"],
      ['flag', 'VARCHAR'],
    ],
  ),
  reapresentacoes: conjunto(
    ['linhas de /empresas/{ticker}/reapresentacoes', 'rows of /empresas/{ticker}/reapresentacoes'],
    [
      ['ano', 'INTEGER'],
      ['demo', 'VARCHAR'],
      ['cd_conta', 'VARCHAR'],
      ['valor_ultimo', 'DOUBLE', 'primeira publicação (R$)', 'first publication (BRL)'],
      [
        'valor_penult',
        'DOUBLE',
        'o mesmo período no DFP seguinte (R$)',
        'the same period in the next DFP (BRL)',
      ],
      ['dif_rel', 'DOUBLE', '(penult − ultimo) / |ultimo|', '(penult − ultimo) / |ultimo|'],
      ['agreg', 'VARCHAR'],
      ['sem_valor', 'VARCHAR', 'nulo ou motivo de não haver diferença', 'null or why there is no difference'],
      ['cd_regulator', 'INTEGER'],
      [
        'tipo',
        'VARCHAR',
        'dfp_seguinte (primeira publicação contra o DFP seguinte) ou reapresentacao_no_ano (reenvio do mesmo ano, VERSAO > 1)',
        'dfp_seguinte (first publication against the next DFP) or reapresentacao_no_ano (same-year resubmission, VERSAO > 1)',
      ],
      [
        'versao_original',
        'INTEGER',
        'VERSAO da primeira publicação capturada',
        'VERSAO of the first captured publication',
      ],
      ['dt_receb_original', 'DATE', 'recebimento dessa versão pela CVM', 'date CVM received that version'],
      [
        'versao_seguinte',
        'INTEGER',
        'VERSAO do documento que reapresentou',
        'VERSAO of the filing that restated',
      ],
      ['dt_receb_seguinte', 'DATE', 'recebimento desse documento pela CVM', 'date CVM received that filing'],
    ],
  ),
  precos: conjunto(
    ['código × pregão, lote padrão (COTAHIST)', 'code × session, standard lot (COTAHIST)'],
    [
      ['ticker', 'VARCHAR'],
      ['data', 'DATE'],
      ['abertura', 'DOUBLE', 'abertura (R$)', 'open (BRL)'],
      ['maxima', 'DOUBLE', 'máxima (R$)', 'high (BRL)'],
      ['minima', 'DOUBLE', 'mínima (R$)', 'low (BRL)'],
      ['fechamento', 'DOUBLE', 'fechamento (R$)', 'close (BRL)'],
      ['volume', 'DOUBLE', 'volume financeiro (R$)', 'traded value (BRL)'],
      [
        'fator_ajuste',
        'DOUBLE',
        'fator que ajusta o preço por desdobramentos e bonificações',
        'factor adjusting the price for splits and bonus shares',
      ],
    ],
  ),
  capex: conjunto(
    ['linha candidata a capex no DFC_MI', 'capex candidate line in DFC_MI'],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['agreg', 'VARCHAR'],
      ['cd_conta', 'VARCHAR'],
      ['ds_conta', 'VARCHAR'],
      ['valor', 'DOUBLE'],
      ['decisao', 'VARCHAR', 'incluida ou excluida do capex', 'included in or excluded from capex'],
      [
        'motivo',
        'VARCHAR',
        'por que a linha foi incluída ou excluída',
        'why the line was included or excluded',
      ],
      ['versao', 'INTEGER'],
      ['dt_receb', 'DATE'],
      ['arquivo', 'VARCHAR'],
      ['linha', 'BIGINT'],
      ['fco', 'DOUBLE', 'fluxo de caixa operacional (R$)', 'operating cash flow (BRL)'],
      ['capex', 'DOUBLE', 'soma das linhas incluídas (R$)', 'sum of the included lines (BRL)'],
      ['fcf', 'DOUBLE'],
      ['motivo_fcf', 'VARCHAR', 'por que o fcf é nulo', 'why fcf is null'],
    ],
  ),
  multiplos: conjunto(
    ['empresa × ano fiscal: múltiplos no ponto do tempo', 'company × fiscal year: point-in-time multiples'],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['dt_receb', 'DATE'],
      ['data_preco', 'DATE'],
      ['preco', 'DOUBLE'],
      ['ticker_preco', 'VARCHAR', 'código cujo preço foi usado', 'code whose price was used'],
      ['market_cap', 'DOUBLE'],
      ['pl', 'DOUBLE'],
      ['pvp', 'DOUBLE'],
      ['ev_ebitda', 'DOUBLE'],
      ['fcf', 'DOUBLE'],
      ['fcf_yield', 'DOUBLE'],
      ['flag', 'VARCHAR'],
      ['flag_pl', 'VARCHAR'],
      ['on_circulacao', 'DOUBLE'],
      ['pn_circulacao', 'DOUBLE'],
      ['preco_on', 'DOUBLE', 'fechamento da classe ON (R$)', 'close of the common class (BRL)'],
      ['ticker_on', 'VARCHAR', 'código da classe ON', 'code of the common class'],
      ['preco_pn', 'DOUBLE', 'fechamento da classe PN (R$)', 'close of the preferred class (BRL)'],
      ['ticker_pn', 'VARCHAR', 'código da classe PN', 'code of the preferred class'],
      [
        'acoes_dt_refer',
        'DATE',
        'data de referência da contagem de ações',
        'reference date of the share count',
      ],
      ['origem_preco', 'VARCHAR', 'arquivo:linha do COTAHIST', 'COTAHIST file:line'],
      ['origem_acoes', 'VARCHAR', 'arquivo:linha da contagem de ações', 'file:line of the share count'],
    ],
  ),
  acoes: conjunto(
    ['contagens de ações por documento', 'share counts per filing'],
    [
      ['cd_regulator', 'INTEGER'],
      ['doc', 'VARCHAR', 'documento (composição do capital, FRE)', 'filing (capital composition, FRE)'],
      ['dt_refer', 'DATE', 'data de referência', 'reference date'],
      ['versao', 'INTEGER'],
      ['dt_receb', 'DATE'],
      ['fonte', 'VARCHAR', 'membro do arquivo lido', 'member of the file read'],
      ['on_emitidas', 'DOUBLE', 'ações ON emitidas, como arquivadas', 'common shares issued, as filed'],
      ['pn_emitidas', 'DOUBLE', 'ações PN emitidas, como arquivadas', 'preferred shares issued, as filed'],
      [
        'on_tesouraria',
        'DOUBLE',
        'ações ON em tesouraria, como arquivadas',
        'common treasury shares, as filed',
      ],
      [
        'pn_tesouraria',
        'DOUBLE',
        'ações PN em tesouraria, como arquivadas',
        'preferred treasury shares, as filed',
      ],
      [
        'data_escala',
        'DATE',
        'data do fechamento usado para inferir a escala',
        'date of the close used to infer the scale',
      ],
      [
        'patrimonio',
        'DOUBLE',
        'patrimônio líquido usado na conferência (R$)',
        'equity used in the check (BRL)',
      ],
      ['pvp_declarado', 'DOUBLE', 'P/VP com as contagens como arquivadas', 'P/B with the counts as filed'],
      ['escala', 'INTEGER', '1, 1000 ou nulo (escala inferida)', '1, 1000 or null (inferred scale)'],
      ['on_circulacao', 'DOUBLE'],
      ['pn_circulacao', 'DOUBLE'],
      ['flag', 'VARCHAR'],
      ['arquivo', 'VARCHAR'],
      ['linha', 'BIGINT'],
    ],
  ),
  dividendos: conjunto(
    ['evento em dinheiro da B3', 'B3 cash event'],
    [
      ['cd_regulator', 'INTEGER'],
      ['tipo_acao', 'VARCHAR', 'classe da ação (ON, PN…)', 'share class (ON, PN…)'],
      ['tipo', 'VARCHAR', 'tipo do provento', 'distribution type'],
      [
        'acao_corporativa',
        'VARCHAR',
        'rótulo da B3 (DIVIDENDO, JRS CAP PROPRIO…)',
        "B3's label (DIVIDENDO, JRS CAP PROPRIO…)",
      ],
      ['valor', 'DOUBLE'],
      ['data_aprovacao', 'DATE', 'data de aprovação', 'approval date'],
      ['data_com', 'DATE'],
      ['preco_com', 'DOUBLE', 'fechamento na data com (R$)', 'close on the cum date (BRL)'],
      ['ticker_com', 'VARCHAR', 'código desse fechamento', 'code of that close'],
      [
        'fonte_preco_com',
        'VARCHAR',
        'cotahist, b3_fechamento_data_com ou nulo',
        'cotahist, b3_fechamento_data_com or null',
      ],
      ['flag', 'VARCHAR'],
      ['arquivo', 'VARCHAR'],
      ['linha', 'BIGINT'],
    ],
  ),
  valuation: conjunto(
    [
      'empresa: valuation no último pregão com o balanço mais recente (o bloco valuation de multiplos.json), DY e payout',
      "company: valuation at the latest session with the latest balance sheet (multiplos.json's valuation block), DY and payout",
    ],
    [
      ['cd_regulator', 'INTEGER'],
      ['data_preco', 'DATE'],
      ['preco', 'DOUBLE'],
      ['ticker_preco', 'VARCHAR', 'código cujo preço foi usado', 'code whose price was used'],
      [
        'classe',
        'VARCHAR',
        'classe do preço usado (ON quando desconhecida); os proventos somados são dessa classe',
        'class of the price used (ON when unknown); the proventos summed are of that class',
      ],
      ['ano', 'INTEGER', 'ano fiscal do balanço usado', 'fiscal year of the balance sheet used'],
      ['acoes', 'DOUBLE', 'ações em circulação (ON + PN)', 'shares outstanding (common + preferred)'],
      [
        'flags_acoes',
        'VARCHAR',
        'avisos da contagem de ações, separados por `;`',
        'flags of the share count, separated by `;`',
      ],
      ['market_cap', 'DOUBLE'],
      [
        'ev',
        'DOUBLE',
        'valor da firma: valor de mercado + dívida líquida (R$)',
        'enterprise value: market cap + net debt (BRL)',
      ],
      ['divida_liquida', 'DOUBLE', 'dívida líquida do ano (R$)', 'net debt of the year (BRL)'],
      [
        'lucro',
        'DOUBLE',
        'lucro dos controladores do ano (R$)',
        'net income attributable to owners for the year (BRL)',
      ],
      ['patrimonio', 'DOUBLE', 'patrimônio líquido dos controladores (R$)', "owners' equity (BRL)"],
      ['lpa', 'DOUBLE', 'lucro por ação (R$)', 'earnings per share (BRL)'],
      ['vpa', 'DOUBLE', 'valor patrimonial por ação (R$)', 'book value per share (BRL)'],
      [
        'n_proventos',
        'BIGINT',
        'eventos em dinheiro da B3 da empresa (0: a bolsa não respondeu; proventos, DY e payout nulos)',
        "the company's B3 cash events (0: no answer from the exchange; proventos, DY and payout null)",
      ],
      [
        'proventos_12m',
        'DOUBLE',
        'proventos por ação da classe com data com nos 12 meses até data_preco (R$)',
        'proventos per share of the class with cum date in the 12 months to data_preco (BRL)',
      ],
      [
        'dy_12m',
        'DOUBLE',
        'dividend yield 12 meses: proventos_12m / preco',
        '12-month dividend yield: proventos_12m / preco',
      ],
      [
        'proventos_ano',
        'DOUBLE',
        'proventos por ação da classe com data com no ano fiscal (R$)',
        'proventos per share of the class with cum date in the fiscal year (BRL)',
      ],
      [
        'payout',
        'DOUBLE',
        'proventos_ano × acoes / lucro; só com uma classe de ações e lucro positivo',
        'proventos_ano × acoes / lucro; only with a single share class and positive income',
      ],
      ['fco', 'DOUBLE', 'fluxo de caixa operacional (R$)', 'operating cash flow (BRL)'],
      ['fcf', 'DOUBLE'],
      [
        'p_fco',
        'DOUBLE',
        'valor de mercado / fluxo de caixa operacional',
        'market cap / operating cash flow',
      ],
      ['p_fcf', 'DOUBLE', 'valor de mercado / fluxo de caixa livre', 'market cap / free cash flow'],
    ],
  ),
  multiplos_classe: conjunto(
    [
      'empresa × ano fiscal (DFP) × classe viva: preço da própria classe e múltiplos por ação no pregão da linha da empresa',
      "company × fiscal year (DFP) × live share class: the class's own price and per-share multiples on the company row's session",
    ],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['ticker', 'VARCHAR'],
      ...CODIGO_DA_CLASSE,
      ['dt_receb', 'DATE'],
      ['data_preco', 'DATE'],
      ...COLUNAS_DA_CLASSE,
      ['flag', 'VARCHAR'],
      ['origem_preco', 'VARCHAR', 'arquivo:linha do COTAHIST', 'COTAHIST file:line'],
    ],
  ),
  valuation_classe: conjunto(
    [
      'empresa × classe viva no último pregão da empresa: preço, volume, P/L, P/VP e DY da própria classe',
      "company × live share class at the company's latest session: the class's own price, volume, P/E, P/B and DY",
    ],
    [
      ['cd_regulator', 'INTEGER'],
      ['ticker', 'VARCHAR'],
      ...CODIGO_DA_CLASSE,
      ['data_preco', 'DATE'],
      ['ano', 'INTEGER', 'ano fiscal do balanço usado', 'fiscal year of the balance sheet used'],
      ...COLUNAS_DA_CLASSE,
      [
        'proventos_12m',
        'DOUBLE',
        'proventos por ação desta classe (tipo_acao) com data com nos 12 meses até data_preco (R$)',
        'proventos per share of this class (tipo_acao) with cum date in the 12 months to data_preco (BRL)',
      ],
      ['dy_12m', 'DOUBLE', 'proventos_12m / preco da classe', 'proventos_12m / the class price'],
      ['flag', 'VARCHAR'],
      ['origem_preco', 'VARCHAR', 'arquivo:linha do COTAHIST', 'COTAHIST file:line'],
    ],
  ),
  score_valor: conjunto(
    [
      'empresa × ano fiscal com múltiplo anual: score de valor (metodologia 9.1), o de scores.json',
      "company × fiscal year with an annual multiple: value score (methodology 9.1), scores.json's",
    ],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      [
        'valor',
        'DOUBLE',
        'média das duas posições; nulo fora do universo do ano ou com universo de uma empresa',
        "mean of the two positions; null outside the year's universe or with a universe of one",
      ],
      [
        'flag',
        'VARCHAR',
        'por que o score é nulo: flag bloqueante do P/L, score_valor_sem_multiplos, pvp_patrimonio_nao_positivo ou score_valor_universo_pequeno',
        'why the score is null: the P/E blocking flag, score_valor_sem_multiplos, pvp_patrimonio_nao_positivo or score_valor_universo_pequeno',
      ],
      ['pl', 'DOUBLE', 'P/L anual', 'annual P/E'],
      ['pvp', 'DOUBLE'],
      [
        'posicao_lucro_preco',
        'DOUBLE',
        'posição percentual de lucro/preço (1/P/L) no universo do ano: 0 menor, 1 maior',
        "percentile position of earnings/price (1/P/E) in the year's universe: 0 smallest, 1 largest",
      ],
      [
        'posicao_vp_preco',
        'DOUBLE',
        'posição percentual de valor patrimonial/preço (1/P/VP) no universo do ano',
        "percentile position of book/price (1/P/B) in the year's universe",
      ],
      [
        'universo',
        'BIGINT',
        'empresas do ano com P/L e P/VP e sem flag bloqueante',
        'companies of the year with P/E and P/B and no blocking flag',
      ],
    ],
  ),
  screener: conjunto(
    [
      'empresa × ano com DFP: indicadores, múltiplos e P/L 12 meses (o instantâneo do /screener)',
      'company × year with a DFP: indicators, multiples and 12-month P/E (the /screener snapshot)',
    ],
    [
      ['cd_regulator', 'INTEGER'],
      ['ano', 'INTEGER'],
      ['nome', 'VARCHAR'],
      ['ticker', 'VARCHAR'],
      [
        'disponivel_em',
        'DATE',
        'data em que a linha passou a existir (= dt_receb)',
        'date the row became available (= dt_receb)',
      ],
      ['dt_receb', 'DATE'],
      ...colunasDeIndicadores(),
      ['data_preco', 'DATE'],
      ['preco', 'DOUBLE'],
      ['market_cap', 'DOUBLE'],
      ['pl', 'DOUBLE'],
      ['pvp', 'DOUBLE'],
      ['ev_ebitda', 'DOUBLE'],
      ['fcf_yield', 'DOUBLE'],
      ['flag_multiplos', 'VARCHAR', 'avisos dos múltiplos', 'flags of the multiples'],
      ['flag_pl', 'VARCHAR'],
      [
        'pl_gravidade',
        'VARCHAR',
        'pior gravidade dos avisos do P/L anual (classificacao_flags_pl); nula sem pregão',
        'worst severity of the annual P/E flags (classificacao_flags_pl); null without a session',
      ],
      [
        'pl_ttm_ano',
        'INTEGER',
        'ano do trimestre do P/L 12 meses',
        'year of the quarter of the 12-month P/E',
      ],
      ['pl_ttm_trimestre', 'INTEGER', 'trimestre do P/L 12 meses', 'quarter of the 12-month P/E'],
      ['pl_ttm_dt_receb', 'DATE', 'recebimento do ITR usado', 'reception of the ITR used'],
      ['pl_ttm_data_preco', 'DATE', 'pregão do preço do P/L 12 meses', 'session of the 12-month P/E price'],
      ['pl_ttm', 'DOUBLE', 'P/L 12 meses', '12-month P/E'],
      ['flag_pl_ttm', 'VARCHAR', 'avisos do P/L 12 meses', 'flags of the 12-month P/E'],
      [
        'pl_ttm_gravidade',
        'VARCHAR',
        'pior gravidade dos avisos do P/L 12 meses',
        'worst severity of the 12-month P/E flags',
      ],
    ],
  ),
  fiis: conjunto(
    [
      'FII com código de negociação: cadastro, último informe e DY 12 meses',
      'REIT with a trading code: registry, newest report and 12-month yield',
    ],
    [
      ['ticker', 'VARCHAR'],
      ['cnpj', 'VARCHAR'],
      ['isin', 'VARCHAR', 'ISIN do informe mais recente', 'ISIN of the newest report'],
      ['nome', 'VARCHAR'],
      ['segmento', 'VARCHAR', 'Segmento_Atuacao', 'Segmento_Atuacao'],
      ['mandato', 'VARCHAR', 'Mandato', 'Mandato'],
      ['tipo_gestao', 'VARCHAR', 'Tipo_Gestao', 'Tipo_Gestao'],
      ['publico_alvo', 'VARCHAR', 'Publico_Alvo', 'Publico_Alvo'],
      ['data_funcionamento', 'DATE', 'Data_Funcionamento', 'Data_Funcionamento'],
      ['competencia', 'DATE', 'mês do informe mensal mais recente', 'month of the newest monthly report'],
      ['versao', 'INTEGER'],
      ['data_entrega', 'DATE', 'Data_Entrega da versão usada', 'Data_Entrega of the version used'],
      ['cotistas', 'BIGINT', 'Total_Numero_Cotistas', 'Total_Numero_Cotistas'],
      ['pl', 'DOUBLE'],
      [
        'data_base',
        'DATE',
        'último fechamento do fundo (fim da janela de 12 meses)',
        "fund's newest close (end of the 12-month window)",
      ],
      ['preco', 'DOUBLE'],
      [
        'rendimento_12m',
        'DOUBLE',
        'soma dos RENDIMENTO com data com na janela (R$ por cota)',
        'sum of RENDIMENTO with data com in the window (BRL per quota)',
      ],
      ['n_meses', 'BIGINT', 'meses com rendimento na janela', 'months with income in the window'],
      ['dy_12m', 'DOUBLE', 'rendimento_12m / preco', 'rendimento_12m / preco'],
      ['flag_dy', 'VARCHAR', 'avisos do DY 12 meses', 'flags of the 12-month yield'],
      ['fonte_geral', 'VARCHAR', 'arquivo:linha do informe (geral)', 'file:line of the report (general)'],
      [
        'fonte_complemento',
        'VARCHAR',
        'arquivo:linha do informe (complemento)',
        'file:line of the report (complement)',
      ],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  fiis_pvp: conjunto(
    ['FII × informe mensal: P/VP no ponto do tempo', 'REIT × monthly report: point-in-time P/B'],
    [
      ['ticker', 'VARCHAR'],
      ['competencia', 'DATE', 'mês do informe', 'month of the report'],
      ['data_entrega', 'DATE', 'Data_Entrega da versão usada', 'Data_Entrega of the version used'],
      ['data_preco', 'DATE'],
      ['preco', 'DOUBLE'],
      ['vp_cota', 'DOUBLE', 'Valor_Patrimonial_Cotas (R$)', 'Valor_Patrimonial_Cotas (BRL)'],
      ['pvp', 'DOUBLE'],
      ['flag', 'VARCHAR'],
      ['fonte_preco', 'VARCHAR', 'arquivo:linha do COTAHIST do preço', 'COTAHIST file:line of the price'],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  fiis_mensal: conjunto(
    [
      'FII × mês: versão do informe, P/VP, preço no fim do mês, DY 12 meses e vacância',
      'REIT × month: report version, P/B, month-end price, 12-month yield and vacancy',
    ],
    [
      ['ticker', 'VARCHAR'],
      ['competencia', 'DATE', 'mês (primeiro dia)', 'month (first day)'],
      ['versao', 'INTEGER'],
      [
        'data_entrega',
        'DATE',
        'Data_Entrega da versão usada do informe do mês',
        "Data_Entrega of the version used of the month's report",
      ],
      ['vp_cota', 'DOUBLE', 'Valor_Patrimonial_Cotas (R$)', 'Valor_Patrimonial_Cotas (BRL)'],
      [
        'pvp',
        'DOUBLE',
        'P/VP no ponto do tempo do informe do mês (fiis_pvp)',
        "point-in-time P/B of the month's report (fiis_pvp)",
      ],
      ['flag_pvp', 'VARCHAR', 'avisos do P/VP', 'flags of the P/B'],
      ['data_preco', 'DATE', 'último pregão do fundo no mês', "the fund's last session in the month"],
      ['preco', 'DOUBLE'],
      [
        'rendimento_12m',
        'DOUBLE',
        'soma dos RENDIMENTO com data com nos 12 meses até o fim do mês (R$ por cota)',
        'sum of RENDIMENTO with data com in the 12 months up to the month end (BRL per quota)',
      ],
      ['n_meses', 'BIGINT', 'meses com rendimento na janela', 'months with income in the window'],
      ['dy_12m', 'DOUBLE', 'rendimento_12m / preco', 'rendimento_12m / preco'],
      ['flag_dy', 'VARCHAR', 'avisos do DY 12 meses', 'flags of the 12-month yield'],
      [
        'vacancia',
        'DOUBLE',
        'vacância do fundo ponderada por área, fração, do informe trimestral mais novo entregue até o fim do mês',
        'area-weighted fund vacancy, fraction, of the newest quarterly report delivered by the month end',
      ],
      [
        'vacancia_referencia',
        'DATE',
        'Data_Referencia desse informe trimestral',
        'Data_Referencia of that quarterly report',
      ],
      ['flag_vacancia', 'VARCHAR', 'avisos da vacância', 'flags of the vacancy'],
      [
        'fonte_informe',
        'VARCHAR',
        'arquivo:linha do informe mensal (geral)',
        'file:line of the monthly report (general)',
      ],
      ['fonte_preco', 'VARCHAR', 'arquivo:linha do COTAHIST do preço', 'COTAHIST file:line of the price'],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  fiis_proventos: conjunto(
    [
      'proventos de FII (B3 GetListedSupplementFunds), só o ISIN da cota',
      'REIT distributions (B3 GetListedSupplementFunds), quota ISIN only',
    ],
    [
      ['ticker', 'VARCHAR'],
      ['tipo', 'VARCHAR', 'rótulo da B3 (RENDIMENTO, AMORTIZACAO…)', "B3's label (RENDIMENTO, AMORTIZACAO…)"],
      ['valor', 'DOUBLE', 'R$ por cota, bruto', 'BRL per quota, gross'],
      ['data_com', 'DATE', 'último dia com direito', 'last day with entitlement'],
      ['data_pagamento', 'DATE', 'data de pagamento', 'payment date'],
      [
        'relativo_a',
        'VARCHAR',
        'período a que se refere, como a B3 escreve',
        'period it refers to, as B3 writes it',
      ],
      ['flag', 'VARCHAR'],
      ['arquivo', 'VARCHAR'],
      ['linha', 'BIGINT'],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  etfs: conjunto(
    [
      'ETF da lista da B3: vínculo CVM, último fechamento, liquidez',
      'ETF of the B3 list: CVM link, newest close, liquidity',
    ],
    [
      ['ticker', 'VARCHAR'],
      ['sigla', 'VARCHAR', 'código raiz (4 letras)', 'root code (4 letters)'],
      ['nome', 'VARCHAR', 'razão social na lista da B3', 'legal name in the B3 list'],
      ['nome_pregao', 'VARCHAR', 'nome de pregão', 'trading name'],
      ['emissor', 'VARCHAR', 'emissor/gestor na lista', 'issuer/manager in the list'],
      ['indice', 'VARCHAR', 'índice de referência (lista semicurada)', 'reference index (semi-curated list)'],
      [
        'cnpj',
        'VARCHAR',
        'CNPJ vinculado; nulo sem vínculo único',
        'linked CNPJ; null without a single link',
      ],
      [
        'n_cnpj',
        'BIGINT',
        'CNPJs distintos com a mesma razão social',
        'distinct CNPJs with the same legal name',
      ],
      ['ultima_sessao', 'DATE', 'último pregão com negócio', 'newest session with a trade'],
      ['ultimo_fechamento', 'DOUBLE', 'fechamento nesse pregão (R$)', 'close on that session (BRL)'],
      [
        'liquidez_media_60',
        'DOUBLE',
        'volume médio dos 60 últimos pregões (R$); nulo com menos de 60',
        'mean traded value of the 60 newest sessions (BRL); null with fewer',
      ],
      ['origem', 'VARCHAR', 'arquivo:linha da lista da B3', 'file:line of the B3 list'],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  etfs_agio: conjunto(
    ['ETF × pregão: ágio sobre a cota do mesmo dia', 'ETF × session: premium over the same-day quota'],
    [
      ['ticker', 'VARCHAR'],
      ['data', 'DATE'],
      ['preco', 'DOUBLE'],
      [
        'cota',
        'DOUBLE',
        'VL_QUOTA do informe diário da mesma data',
        'VL_QUOTA of the daily report of the same date',
      ],
      ['agio', 'DOUBLE', 'preco / cota − 1', 'preco / cota − 1'],
      ['flag', 'VARCHAR'],
      ['origem_preco', 'VARCHAR', 'arquivo:linha do COTAHIST', 'COTAHIST file:line'],
      ['origem_cota', 'VARCHAR', 'arquivo:linha do informe diário', 'daily report file:line'],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  etfs_carteira: conjunto(
    ['posições da carteira (CDA) do mês mais recente', 'portfolio positions (CDA) of the newest month'],
    [
      ['ticker', 'VARCHAR'],
      ['competencia', 'DATE', 'data da carteira', 'portfolio date'],
      ['ativo', 'VARCHAR', 'código, ISIN ou descrição do ativo', 'code, ISIN or description of the asset'],
      ['tipo', 'VARCHAR', 'bloco do CDA', 'CDA block'],
      ['valor', 'DOUBLE', 'VL_MERC_POS_FINAL (R$)', 'VL_MERC_POS_FINAL (BRL)'],
      ['fracao', 'DOUBLE', 'valor / PL da mesma data', 'value / net assets of the same date'],
      ['arquivo', 'VARCHAR'],
      ['feito_aqui', 'BOOLEAN'],
    ],
  ),
  eventos: conjunto(
    [
      'eventos do vigia (empresas, FIIs e ETFs), mais novos primeiro (docs/vigia.md)',
      'watcher events (companies, REITs and ETFs), newest first (docs/vigia.md)',
    ],
    [
      ['classe', 'VARCHAR', 'vigia: empresas, fiis ou etfs', 'watcher: empresas, fiis or etfs'],
      [
        'tipo',
        'VARCHAR',
        'tipo do evento (rótulos em /vigia/eventos)',
        'event kind (labels in /vigia/eventos)',
      ],
      ['ticker', 'VARCHAR'],
      ['cd_regulator', 'INTEGER'],
      ['nome', 'VARCHAR'],
      ['setor', 'VARCHAR', 'setor da empresa; nulo para fundos', 'company sector; null for funds'],
      [
        'periodo_anterior',
        'VARCHAR',
        'período anterior: ano (2023) ou trimestre (2024T1)',
        'previous period: year (2023) or quarter (2024T1)',
      ],
      ['periodo_novo', 'VARCHAR', 'período novo, mesma forma', 'new period, same form'],
      [
        'data',
        'VARCHAR',
        'recebimento do documento que revela o evento',
        'reception date of the document that reveals the event',
      ],
      [
        'indicador',
        'VARCHAR',
        'indicador envolvido; nulo em eventos de bandeira',
        'indicator concerned; null for flag events',
      ],
      ['antes', 'DOUBLE', 'valor antes (eventos de indicador)', 'value before (indicator events)'],
      ['depois', 'DOUBLE', 'valor depois (eventos de indicador)', 'value after (indicator events)'],
      ['antes_texto', 'VARCHAR', 'cor antes (eventos de bandeira)', 'colour before (flag events)'],
      ['depois_texto', 'VARCHAR', 'cor depois (eventos de bandeira)', 'colour after (flag events)'],
      ['faixa_antes', 'VARCHAR', 'faixa antes', 'band before'],
      ['faixa_depois', 'VARCHAR', 'faixa depois', 'band after'],
      ['fonte', 'VARCHAR', 'arquivo e versão do documento', 'file and version of the filing'],
      [
        'documento',
        'VARCHAR',
        'endereço do documento na fonte, quando há',
        'address of the filing at the source, when known',
      ],
    ],
  ),
};

/** A set's entry as `json/conjuntos.json` publishes it. */
export function entradaDoDicionario(nome: string, c: ConjuntoDeclarado) {
  return {
    conjunto: nome,
    descricao: c.descricao[0],
    descricao_en: c.descricao[1],
    colunas: c.colunas.map((x) => ({
      coluna: x.coluna,
      tipo: x.tipo,
      significado: x.significado[0],
      significado_en: x.significado[1],
    })),
  };
}
