import { INDICADORES } from '@fundamentos/schemas/indicadores';

/** Meaning of a column in Portuguese and in English. */
export type Significado = readonly [pt: string, en: string];

export interface DescricaoConjunto {
  descricao: Significado;
  /** Columns of this set whose meaning differs from (or is missing in) `COLUNAS_COMUNS`. */
  colunas: Record<string, Significado>;
}

/** Columns that mean the same in every set where they appear (written once here). */
export const COLUNAS_COMUNS: Record<string, Significado> = {
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

const indicadoresDoScreener = (): Record<string, Significado> =>
  Object.fromEntries(
    Object.keys(INDICADORES).flatMap((n) => [
      [
        n,
        [
          `indicador ${n} do ano (/dicionario#${n})`,
          `indicator ${n} of the year (/dicionario#${n})`,
        ] as const,
      ],
      [`${n}__flag`, [`avisos do indicador ${n}`, `flags of indicator ${n}`] as const],
    ]),
  );

/**
 * What each bulk set is and what its own columns mean. A set or column missing here is still published;
 * the build's soft invariant `conjuntos_colunas_documentadas` lists it and `/dump` shows a null meaning.
 */
/** Columns of the per-class sets (pipeline/src/marts/mercado/classes.ts). */
const COLUNAS_POR_CLASSE: Record<string, Significado> = {
  tipo_acao: [
    'classe da ação (ON, PN, PNA…) pelo dígito do código',
    'share class (ON, PN, PNA…) from the code digit',
  ],
  ticker_principal: ['código principal da empresa', "the company's main code"],
  principal: ['verdadeiro quando o código é o principal', 'true when the code is the main one'],
  preco: [
    'fechamento do próprio código no pregão (R$); nulo sem pregão da classe (classe_sem_pregao)',
    "the code's own close on the session (BRL); null when the class did not trade (classe_sem_pregao)",
  ],
  volume: ['volume financeiro do próprio código (R$)', "the code's own traded value (BRL)"],
  acoes: [
    'ações em circulação da empresa (todas as classes, sem tesouraria)',
    "the company's shares outstanding (every class, ex-treasury)",
  ],
  lucro: ['lucro dos controladores do ano (R$)', 'net income attributable to owners for the year (BRL)'],
  patrimonio: ['patrimônio líquido dos controladores (R$)', "owners' equity (BRL)"],
  lpa: [
    'lucro / acoes: da empresa, igual em todas as classes (R$)',
    'lucro / acoes: company figure, the same for every class (BRL)',
  ],
  vpa: [
    'patrimonio / acoes: da empresa, igual em todas as classes (R$)',
    'patrimonio / acoes: company figure, the same for every class (BRL)',
  ],
  pl: ['preço da classe / lpa', 'class price / lpa'],
  pvp: ['preço da classe / vpa', 'class price / vpa'],
  origem_preco: ['arquivo:linha do COTAHIST', 'COTAHIST file:line'],
};

export const DESCRICOES_CONJUNTOS: Record<string, DescricaoConjunto> = {
  empresas: {
    descricao: ['uma linha por código CVM', 'one row per CVM code'],
    colunas: {
      setor: ['setor de atividade do cadastro', 'sector in the registry'],
      tipo: ['plano de contas lido no rótulo de 3.01', 'chart of accounts read from the 3.01 label'],
      ticker_atual: ['código principal vigente', 'current main trading code'],
      tickers: ['todos os códigos, separados por `;`', 'every code, separated by `;`'],
      primeiro_ano: ['ano do primeiro DFP', 'year of the first DFP'],
      ultimo_ano: ['ano do último DFP', 'year of the latest DFP'],
      reapresentacoes: ['reapresentações registradas', 'restatements recorded'],
    },
  },
  fatos: {
    descricao: [
      'contas fixas da coluna ÚLTIMO de cada DFP',
      'fixed accounts of the ÚLTIMO column of each DFP',
    ],
    colunas: {},
  },
  fatos_trimestrais: {
    descricao: ['contas por trimestre a partir do ITR', 'accounts per quarter from the ITR'],
    colunas: {
      trimestre: ['trimestre (1 a 4)', 'quarter (1 to 4)'],
      origem: ['como o valor trimestral foi obtido', 'how the quarterly value was obtained'],
      acumulado: [
        'valor acumulado no ano até o trimestre, como no ITR (R$)',
        'year-to-date value up to the quarter, as filed in the ITR (BRL)',
      ],
    },
  },
  indicadores: {
    descricao: ['indicadores em formato longo', 'indicators in long format'],
    colunas: {
      nome: ['nome do indicador', 'indicator name'],
      valor: ['valor na unidade do indicador', "value in the indicator's unit"],
    },
  },
  reapresentacoes: {
    descricao: ['linhas de /empresas/{ticker}/reapresentacoes', 'rows of /empresas/{ticker}/reapresentacoes'],
    colunas: {
      valor_ultimo: ['primeira publicação (R$)', 'first publication (BRL)'],
      valor_penult: ['o mesmo período no DFP seguinte (R$)', 'the same period in the next DFP (BRL)'],
      dif_rel: ['(penult − ultimo) / |ultimo|', '(penult − ultimo) / |ultimo|'],
      sem_valor: ['nulo ou motivo de não haver diferença', 'null or why there is no difference'],
      tipo: [
        'dfp_seguinte (primeira publicação contra o DFP seguinte) ou reapresentacao_no_ano (reenvio do mesmo ano, VERSAO > 1)',
        'dfp_seguinte (first publication against the next DFP) or reapresentacao_no_ano (same-year resubmission, VERSAO > 1)',
      ],
      versao_original: [
        'VERSAO da primeira publicação capturada',
        'VERSAO of the first captured publication',
      ],
      dt_receb_original: ['recebimento dessa versão pela CVM', 'date CVM received that version'],
      versao_seguinte: ['VERSAO do documento que reapresentou', 'VERSAO of the filing that restated'],
      dt_receb_seguinte: ['recebimento desse documento pela CVM', 'date CVM received that filing'],
    },
  },
  precos: {
    descricao: ['código × pregão, lote padrão (COTAHIST)', 'code × session, standard lot (COTAHIST)'],
    colunas: {
      abertura: ['abertura (R$)', 'open (BRL)'],
      maxima: ['máxima (R$)', 'high (BRL)'],
      minima: ['mínima (R$)', 'low (BRL)'],
      fechamento: ['fechamento (R$)', 'close (BRL)'],
      volume: ['volume financeiro (R$)', 'traded value (BRL)'],
      fator_ajuste: [
        'fator que ajusta o preço por desdobramentos e bonificações',
        'factor adjusting the price for splits and bonus shares',
      ],
    },
  },
  multiplos: {
    descricao: [
      'empresa × ano fiscal: múltiplos no ponto do tempo',
      'company × fiscal year: point-in-time multiples',
    ],
    colunas: {
      ticker_preco: ['código cujo preço foi usado', 'code whose price was used'],
      preco_on: ['fechamento da classe ON (R$)', 'close of the common class (BRL)'],
      ticker_on: ['código da classe ON', 'code of the common class'],
      preco_pn: ['fechamento da classe PN (R$)', 'close of the preferred class (BRL)'],
      ticker_pn: ['código da classe PN', 'code of the preferred class'],
      acoes_dt_refer: ['data de referência da contagem de ações', 'reference date of the share count'],
      origem_preco: ['arquivo:linha do COTAHIST', 'COTAHIST file:line'],
      origem_acoes: ['arquivo:linha da contagem de ações', 'file:line of the share count'],
    },
  },
  capex: {
    descricao: ['linha candidata a capex no DFC_MI', 'capex candidate line in DFC_MI'],
    colunas: {
      decisao: ['incluida ou excluida do capex', 'included in or excluded from capex'],
      motivo: ['por que a linha foi incluída ou excluída', 'why the line was included or excluded'],
      fco: ['fluxo de caixa operacional (R$)', 'operating cash flow (BRL)'],
      capex: ['soma das linhas incluídas (R$)', 'sum of the included lines (BRL)'],
      motivo_fcf: ['por que o fcf é nulo', 'why fcf is null'],
    },
  },
  acoes: {
    descricao: ['contagens de ações por documento', 'share counts per filing'],
    colunas: {
      doc: ['documento (composição do capital, FRE)', 'filing (capital composition, FRE)'],
      dt_refer: ['data de referência', 'reference date'],
      fonte: ['membro do arquivo lido', 'member of the file read'],
      on_emitidas: ['ações ON emitidas, como arquivadas', 'common shares issued, as filed'],
      pn_emitidas: ['ações PN emitidas, como arquivadas', 'preferred shares issued, as filed'],
      on_tesouraria: ['ações ON em tesouraria, como arquivadas', 'common treasury shares, as filed'],
      pn_tesouraria: ['ações PN em tesouraria, como arquivadas', 'preferred treasury shares, as filed'],
      data_escala: [
        'data do fechamento usado para inferir a escala',
        'date of the close used to infer the scale',
      ],
      patrimonio: ['patrimônio líquido usado na conferência (R$)', 'equity used in the check (BRL)'],
      pvp_declarado: ['P/VP com as contagens como arquivadas', 'P/B with the counts as filed'],
      escala: ['1, 1000 ou nulo (escala inferida)', '1, 1000 or null (inferred scale)'],
    },
  },
  dividendos: {
    descricao: ['evento em dinheiro da B3', 'B3 cash event'],
    colunas: {
      tipo_acao: ['classe da ação (ON, PN…)', 'share class (ON, PN…)'],
      tipo: ['tipo do provento', 'distribution type'],
      acao_corporativa: [
        'rótulo da B3 (DIVIDENDO, JRS CAP PROPRIO…)',
        "B3's label (DIVIDENDO, JRS CAP PROPRIO…)",
      ],
      data_aprovacao: ['data de aprovação', 'approval date'],
      preco_com: ['fechamento na data com (R$)', 'close on the cum date (BRL)'],
      ticker_com: ['código desse fechamento', 'code of that close'],
      fonte_preco_com: [
        'cotahist, b3_fechamento_data_com ou nulo',
        'cotahist, b3_fechamento_data_com or null',
      ],
    },
  },
  score_valor: {
    descricao: [
      'empresa × ano fiscal com múltiplo anual: score de valor (metodologia 9.1), o de scores.json',
      "company × fiscal year with an annual multiple: value score (methodology 9.1), scores.json's",
    ],
    colunas: {
      valor: [
        'média das duas posições; nulo fora do universo do ano ou com universo de uma empresa',
        "mean of the two positions; null outside the year's universe or with a universe of one",
      ],
      flag: [
        'por que o score é nulo: flag bloqueante do P/L, score_valor_sem_multiplos, pvp_patrimonio_nao_positivo ou score_valor_universo_pequeno',
        'why the score is null: the P/E blocking flag, score_valor_sem_multiplos, pvp_patrimonio_nao_positivo or score_valor_universo_pequeno',
      ],
      pl: ['P/L anual', 'annual P/E'],
      posicao_lucro_preco: [
        'posição percentual de lucro/preço (1/P/L) no universo do ano: 0 menor, 1 maior',
        "percentile position of earnings/price (1/P/E) in the year's universe: 0 smallest, 1 largest",
      ],
      posicao_vp_preco: [
        'posição percentual de valor patrimonial/preço (1/P/VP) no universo do ano',
        "percentile position of book/price (1/P/B) in the year's universe",
      ],
      universo: [
        'empresas do ano com P/L e P/VP e sem flag bloqueante',
        'companies of the year with P/E and P/B and no blocking flag',
      ],
    },
  },
  valuation: {
    descricao: [
      'empresa: valuation no último pregão com o balanço mais recente (o bloco valuation de multiplos.json), DY e payout',
      "company: valuation at the latest session with the latest balance sheet (multiplos.json's valuation block), DY and payout",
    ],
    colunas: {
      ticker_preco: ['código cujo preço foi usado', 'code whose price was used'],
      classe: [
        'classe do preço usado (ON quando desconhecida); os proventos somados são dessa classe',
        'class of the price used (ON when unknown); the proventos summed are of that class',
      ],
      ano: ['ano fiscal do balanço usado', 'fiscal year of the balance sheet used'],
      acoes: ['ações em circulação (ON + PN)', 'shares outstanding (common + preferred)'],
      flags_acoes: [
        'avisos da contagem de ações, separados por `;`',
        'flags of the share count, separated by `;`',
      ],
      ev: [
        'valor da firma: valor de mercado + dívida líquida (R$)',
        'enterprise value: market cap + net debt (BRL)',
      ],
      divida_liquida: ['dívida líquida do ano (R$)', 'net debt of the year (BRL)'],
      lucro: ['lucro dos controladores do ano (R$)', 'net income attributable to owners for the year (BRL)'],
      patrimonio: ['patrimônio líquido dos controladores (R$)', "owners' equity (BRL)"],
      lpa: ['lucro por ação (R$)', 'earnings per share (BRL)'],
      vpa: ['valor patrimonial por ação (R$)', 'book value per share (BRL)'],
      n_proventos: [
        'eventos em dinheiro da B3 da empresa (0: a bolsa não respondeu; proventos, DY e payout nulos)',
        "the company's B3 cash events (0: no answer from the exchange; proventos, DY and payout null)",
      ],
      proventos_12m: [
        'proventos por ação da classe com data com nos 12 meses até data_preco (R$)',
        'proventos per share of the class with cum date in the 12 months to data_preco (BRL)',
      ],
      dy_12m: [
        'dividend yield 12 meses: proventos_12m / preco',
        '12-month dividend yield: proventos_12m / preco',
      ],
      proventos_ano: [
        'proventos por ação da classe com data com no ano fiscal (R$)',
        'proventos per share of the class with cum date in the fiscal year (BRL)',
      ],
      payout: [
        'proventos_ano × acoes / lucro; só com uma classe de ações e lucro positivo',
        'proventos_ano × acoes / lucro; only with a single share class and positive income',
      ],
      fco: ['fluxo de caixa operacional (R$)', 'operating cash flow (BRL)'],
      p_fco: ['valor de mercado / fluxo de caixa operacional', 'market cap / operating cash flow'],
      p_fcf: ['valor de mercado / fluxo de caixa livre', 'market cap / free cash flow'],
    },
  },
  multiplos_classe: {
    descricao: [
      'empresa × ano fiscal (DFP) × classe viva: preço da própria classe e múltiplos por ação no pregão da linha da empresa',
      "company × fiscal year (DFP) × live share class: the class's own price and per-share multiples on the company row's session",
    ],
    colunas: COLUNAS_POR_CLASSE,
  },
  valuation_classe: {
    descricao: [
      'empresa × classe viva no último pregão da empresa: preço, volume, P/L, P/VP e DY da própria classe',
      "company × live share class at the company's latest session: the class's own price, volume, P/E, P/B and DY",
    ],
    colunas: {
      ...COLUNAS_POR_CLASSE,
      ano: ['ano fiscal do balanço usado', 'fiscal year of the balance sheet used'],
      proventos_12m: [
        'proventos por ação desta classe (tipo_acao) com data com nos 12 meses até data_preco (R$)',
        'proventos per share of this class (tipo_acao) with cum date in the 12 months to data_preco (BRL)',
      ],
      dy_12m: ['proventos_12m / preco da classe', 'proventos_12m / the class price'],
    },
  },
  screener: {
    descricao: [
      'empresa × ano com DFP: indicadores, múltiplos e P/L 12 meses (o instantâneo do /screener)',
      'company × year with a DFP: indicators, multiples and 12-month P/E (the /screener snapshot)',
    ],
    colunas: {
      ...indicadoresDoScreener(),
      disponivel_em: [
        'data em que a linha passou a existir (= dt_receb)',
        'date the row became available (= dt_receb)',
      ],
      flag_multiplos: ['avisos dos múltiplos', 'flags of the multiples'],
      pl_ttm: ['P/L 12 meses', '12-month P/E'],
      pl_ttm_ano: ['ano do trimestre do P/L 12 meses', 'year of the quarter of the 12-month P/E'],
      pl_ttm_trimestre: ['trimestre do P/L 12 meses', 'quarter of the 12-month P/E'],
      pl_ttm_dt_receb: ['recebimento do ITR usado', 'reception of the ITR used'],
      pl_ttm_data_preco: ['pregão do preço do P/L 12 meses', 'session of the 12-month P/E price'],
      flag_pl_ttm: ['avisos do P/L 12 meses', 'flags of the 12-month P/E'],
      pl_gravidade: [
        'pior gravidade dos avisos do P/L anual (classificacao_flags_pl); nula sem pregão',
        'worst severity of the annual P/E flags (classificacao_flags_pl); null without a session',
      ],
      pl_ttm_gravidade: [
        'pior gravidade dos avisos do P/L 12 meses',
        'worst severity of the 12-month P/E flags',
      ],
    },
  },
  fiis: {
    descricao: [
      'FII com código de negociação: cadastro, último informe e DY 12 meses',
      'REIT with a trading code: registry, newest report and 12-month yield',
    ],
    colunas: {
      isin: ['ISIN do informe mais recente', 'ISIN of the newest report'],
      segmento: ['Segmento_Atuacao', 'Segmento_Atuacao'],
      mandato: ['Mandato', 'Mandato'],
      tipo_gestao: ['Tipo_Gestao', 'Tipo_Gestao'],
      publico_alvo: ['Publico_Alvo', 'Publico_Alvo'],
      data_funcionamento: ['Data_Funcionamento', 'Data_Funcionamento'],
      competencia: ['mês do informe mensal mais recente', 'month of the newest monthly report'],
      data_entrega: ['Data_Entrega da versão usada', 'Data_Entrega of the version used'],
      cotistas: ['Total_Numero_Cotistas', 'Total_Numero_Cotistas'],
      data_base: [
        'último fechamento do fundo (fim da janela de 12 meses)',
        "fund's newest close (end of the 12-month window)",
      ],
      rendimento_12m: [
        'soma dos RENDIMENTO com data com na janela (R$ por cota)',
        'sum of RENDIMENTO with data com in the window (BRL per quota)',
      ],
      n_meses: ['meses com rendimento na janela', 'months with income in the window'],
      dy_12m: ['rendimento_12m / preco', 'rendimento_12m / preco'],
      flag_dy: ['avisos do DY 12 meses', 'flags of the 12-month yield'],
      fonte_geral: ['arquivo:linha do informe (geral)', 'file:line of the report (general)'],
      fonte_complemento: ['arquivo:linha do informe (complemento)', 'file:line of the report (complement)'],
    },
  },
  fiis_pvp: {
    descricao: ['FII × informe mensal: P/VP no ponto do tempo', 'REIT × monthly report: point-in-time P/B'],
    colunas: {
      competencia: ['mês do informe', 'month of the report'],
      data_entrega: ['Data_Entrega da versão usada', 'Data_Entrega of the version used'],
      vp_cota: ['Valor_Patrimonial_Cotas (R$)', 'Valor_Patrimonial_Cotas (BRL)'],
      fonte_preco: ['arquivo:linha do COTAHIST do preço', 'COTAHIST file:line of the price'],
    },
  },
  fiis_mensal: {
    descricao: [
      'FII × mês: versão do informe, P/VP, preço no fim do mês, DY 12 meses e vacância',
      'REIT × month: report version, P/B, month-end price, 12-month yield and vacancy',
    ],
    colunas: {
      competencia: ['mês (primeiro dia)', 'month (first day)'],
      data_entrega: [
        'Data_Entrega da versão usada do informe do mês',
        "Data_Entrega of the version used of the month's report",
      ],
      vp_cota: ['Valor_Patrimonial_Cotas (R$)', 'Valor_Patrimonial_Cotas (BRL)'],
      pvp: [
        'P/VP no ponto do tempo do informe do mês (fiis_pvp)',
        "point-in-time P/B of the month's report (fiis_pvp)",
      ],
      flag_pvp: ['avisos do P/VP', 'flags of the P/B'],
      data_preco: ['último pregão do fundo no mês', "the fund's last session in the month"],
      rendimento_12m: [
        'soma dos RENDIMENTO com data com nos 12 meses até o fim do mês (R$ por cota)',
        'sum of RENDIMENTO with data com in the 12 months up to the month end (BRL per quota)',
      ],
      n_meses: ['meses com rendimento na janela', 'months with income in the window'],
      dy_12m: ['rendimento_12m / preco', 'rendimento_12m / preco'],
      flag_dy: ['avisos do DY 12 meses', 'flags of the 12-month yield'],
      vacancia: [
        'vacância do fundo ponderada por área, fração, do informe trimestral mais novo entregue até o fim do mês',
        'area-weighted fund vacancy, fraction, of the newest quarterly report delivered by the month end',
      ],
      vacancia_referencia: [
        'Data_Referencia desse informe trimestral',
        'Data_Referencia of that quarterly report',
      ],
      flag_vacancia: ['avisos da vacância', 'flags of the vacancy'],
      fonte_informe: ['arquivo:linha do informe mensal (geral)', 'file:line of the monthly report (general)'],
      fonte_preco: ['arquivo:linha do COTAHIST do preço', 'COTAHIST file:line of the price'],
    },
  },
  fiis_proventos: {
    descricao: [
      'proventos de FII (B3 GetListedSupplementFunds), só o ISIN da cota',
      'REIT distributions (B3 GetListedSupplementFunds), quota ISIN only',
    ],
    colunas: {
      tipo: ['rótulo da B3 (RENDIMENTO, AMORTIZACAO…)', "B3's label (RENDIMENTO, AMORTIZACAO…)"],
      valor: ['R$ por cota, bruto', 'BRL per quota, gross'],
      data_com: ['último dia com direito', 'last day with entitlement'],
      data_pagamento: ['data de pagamento', 'payment date'],
      relativo_a: ['período a que se refere, como a B3 escreve', 'period it refers to, as B3 writes it'],
    },
  },
  etfs: {
    descricao: [
      'ETF da lista da B3: vínculo CVM, último fechamento, liquidez',
      'ETF of the B3 list: CVM link, newest close, liquidity',
    ],
    colunas: {
      sigla: ['código raiz (4 letras)', 'root code (4 letters)'],
      nome: ['razão social na lista da B3', 'legal name in the B3 list'],
      nome_pregao: ['nome de pregão', 'trading name'],
      emissor: ['emissor/gestor na lista', 'issuer/manager in the list'],
      indice: ['índice de referência (lista semicurada)', 'reference index (semi-curated list)'],
      cnpj: ['CNPJ vinculado; nulo sem vínculo único', 'linked CNPJ; null without a single link'],
      n_cnpj: ['CNPJs distintos com a mesma razão social', 'distinct CNPJs with the same legal name'],
      ultima_sessao: ['último pregão com negócio', 'newest session with a trade'],
      ultimo_fechamento: ['fechamento nesse pregão (R$)', 'close on that session (BRL)'],
      liquidez_media_60: [
        'volume médio dos 60 últimos pregões (R$); nulo com menos de 60',
        'mean traded value of the 60 newest sessions (BRL); null with fewer',
      ],
      origem: ['arquivo:linha da lista da B3', 'file:line of the B3 list'],
    },
  },
  etfs_agio: {
    descricao: [
      'ETF × pregão: ágio sobre a cota do mesmo dia',
      'ETF × session: premium over the same-day quota',
    ],
    colunas: {
      cota: ['VL_QUOTA do informe diário da mesma data', 'VL_QUOTA of the daily report of the same date'],
      agio: ['preco / cota − 1', 'preco / cota − 1'],
      origem_preco: ['arquivo:linha do COTAHIST', 'COTAHIST file:line'],
      origem_cota: ['arquivo:linha do informe diário', 'daily report file:line'],
    },
  },
  etfs_carteira: {
    descricao: [
      'posições da carteira (CDA) do mês mais recente',
      'portfolio positions (CDA) of the newest month',
    ],
    colunas: {
      competencia: ['data da carteira', 'portfolio date'],
      ativo: ['código, ISIN ou descrição do ativo', 'code, ISIN or description of the asset'],
      tipo: ['bloco do CDA', 'CDA block'],
      valor: ['VL_MERC_POS_FINAL (R$)', 'VL_MERC_POS_FINAL (BRL)'],
      fracao: ['valor / PL da mesma data', 'value / net assets of the same date'],
    },
  },
  eventos: {
    descricao: [
      'eventos do vigia (empresas, FIIs e ETFs), mais novos primeiro (docs/vigia.md)',
      'watcher events (companies, REITs and ETFs), newest first (docs/vigia.md)',
    ],
    colunas: {
      classe: ['vigia: empresas, fiis ou etfs', 'watcher: empresas, fiis or etfs'],
      tipo: ['tipo do evento (rótulos em /vigia/eventos)', 'event kind (labels in /vigia/eventos)'],
      setor: ['setor da empresa; nulo para fundos', 'company sector; null for funds'],
      periodo_anterior: [
        'período anterior: ano (2023) ou trimestre (2024T1)',
        'previous period: year (2023) or quarter (2024T1)',
      ],
      periodo_novo: ['período novo, mesma forma', 'new period, same form'],
      data: [
        'recebimento do documento que revela o evento',
        'reception date of the document that reveals the event',
      ],
      indicador: [
        'indicador envolvido; nulo em eventos de bandeira',
        'indicator concerned; null for flag events',
      ],
      antes: ['valor antes (eventos de indicador)', 'value before (indicator events)'],
      depois: ['valor depois (eventos de indicador)', 'value after (indicator events)'],
      antes_texto: ['cor antes (eventos de bandeira)', 'colour before (flag events)'],
      depois_texto: ['cor depois (eventos de bandeira)', 'colour after (flag events)'],
      faixa_antes: ['faixa antes', 'band before'],
      faixa_depois: ['faixa depois', 'band after'],
      fonte: ['arquivo e versão do documento', 'file and version of the filing'],
      documento: [
        'endereço do documento na fonte, quando há',
        'address of the filing at the source, when known',
      ],
    },
  },
};
