import type { Lang } from '@fundamentos/ui/i18n/strings';

/** Texts of the price chart, theme, comparison, small-caps and audit-history pages (pt and en). */
export const TEXTOS = {
  pt: {
    precos: 'Preço de fechamento',
    janela: 'Janela',
    janelas: {
      '1m': '1 mês',
      '3m': '3 meses',
      '6m': '6 meses',
      '1a': '1 ano',
      '2a': '2 anos',
      '5a': '5 anos',
      max: 'Tudo',
    },
    sem_precos: 'Não há preços publicados para esta empresa neste build.',
    poucas: (n: number) =>
      `Só ${n} ${n === 1 ? 'pregão' : 'pregões'} nesta janela nos nossos arquivos: uma linha sugeriria uma tendência que os dados não mostram, então listamos os fechamentos.`,
    bruto:
      'Fechamentos brutos (COTAHIST, PREULT/FATCOT), sem ajuste; a janela conta a partir do último pregão publicado',
    fatores: 'Fatores de ajuste (aplicar até a data)',
    data: 'Data',
    fechamento: 'Fechamento',
    volume: 'Volume negociado',
  },
  en: {
    precos: 'Closing price',
    janela: 'Window',
    janelas: {
      '1m': '1 month',
      '3m': '3 months',
      '6m': '6 months',
      '1a': '1 year',
      '2a': '2 years',
      '5a': '5 years',
      max: 'All',
    },
    sem_precos: 'No prices are published for this company in this build.',
    poucas: (n: number) =>
      `Only ${n} ${n === 1 ? 'session' : 'sessions'} in this window in our files: a line would suggest a trend the data does not show, so the closes are listed instead.`,
    bruto:
      'Raw closes (COTAHIST, PREULT/FATCOT), unadjusted; the window counts back from the last published session',
    fatores: 'Adjustment factors (apply up to the date)',
    data: 'Date',
    fechamento: 'Close',
    volume: 'Traded value',
  },
} satisfies Record<Lang, unknown>;

export const PAGINAS = {
  pt: {
    setores_titulo: 'Comparar por setor',
    setores_lead: (n: number) =>
      `Setores com pelo menos ${n} empresas com preço e indicadores publicados. Em cada um, comparamos as três mais líquidas entre elas.`,
    liquidez:
      'Liquidez = média do volume financeiro negociado (COTAHIST VOLTOT, todos os códigos da empresa somados) por pregão publicado; a amostra tem poucos pregões, então esta medida é frágil.',
    nenhum_setor: 'Nenhum setor tem empresas suficientes com preço e indicadores publicados neste build.',
    empresas: 'empresas',
    setor_titulo: (s: string) => `Comparação: ${s}`,
    ano_comum: (a: number) => `Último ano com indicadores publicados para as três: ${a}.`,
    sem_ano_comum: 'As três empresas não têm um ano de indicadores em comum neste build: nada a comparar.',
    empresa: 'Empresa',
    volume_medio: 'Volume médio por pregão',
    pl: 'P/L',
    sem_valor: 'sem valor',
    nao_publicado: 'não publicado',
    flags: 'Flags',
    small_titulo: 'Small caps',
    small_lead: (mc: string, v: string) =>
      `Empresas com valor de mercado (último preço publicado × ações) de até ${mc} e volume médio por pregão de pelo menos ${v}, mais líquidas primeiro.`,
    small_nenhuma: 'Nenhuma empresa desta publicação está na janela.',
    market_cap: 'Valor de mercado',
    ano_ind: 'Ano dos indicadores',
    hist_titulo: 'Histórico de auditorias',
    hist_lead:
      'Cada auditoria confere uma amostra de valores publicados contra os arquivos da CVM. `executor` diz quem conferiu (própria: nós; terceiro: alguém de fora) e `conferidos` conta os valores de fato conferidos, ao lado do tamanho da amostra sorteada.',
    hist_nenhuma:
      'Nenhuma execução de auditoria foi registrada nesta publicação: não há histórico a mostrar (e não inventamos um).',
    data: 'Data',
    executor: 'executor',
    semente: 'Semente',
    conferidos: 'conferidos',
    amostra: 'Tamanho da amostra',
    divergencias: 'Divergências',
  },
  en: {
    setores_titulo: 'Compare by sector',
    setores_lead: (n: number) =>
      `Sectors with at least ${n} companies with published prices and indicators. In each, the three most liquid of them are compared.`,
    liquidez:
      'Liquidity = mean traded value (COTAHIST VOLTOT, all the company’s trading codes added) per published session; the sample has few sessions, so this measure is fragile.',
    nenhum_setor: 'No sector has enough companies with published prices and indicators in this build.',
    empresas: 'companies',
    setor_titulo: (s: string) => `Comparison: ${s}`,
    ano_comum: (a: number) => `Latest year with published indicators for all three: ${a}.`,
    sem_ano_comum: 'The three companies share no year of indicators in this build: nothing to compare.',
    empresa: 'Company',
    volume_medio: 'Mean traded value per session',
    pl: 'P/E',
    sem_valor: 'no value',
    nao_publicado: 'not published',
    flags: 'Flags',
    small_titulo: 'Small caps',
    small_lead: (mc: string, v: string) =>
      `Companies with a market cap (latest published price × shares) up to ${mc} and a mean traded value per session of at least ${v}, most liquid first.`,
    small_nenhuma: 'No company of this publication is in the window.',
    market_cap: 'Market cap',
    ano_ind: 'Indicators year',
    hist_titulo: 'Audit history',
    hist_lead:
      'Each audit checks a sample of published values against the regulator’s files. `executor` says who checked (própria: us; terceiro: someone outside) and `conferidos` counts the values actually checked, next to the size of the sample drawn.',
    hist_nenhuma:
      'No audit run is recorded in this publication: there is no history to show (and we do not make one up).',
    data: 'Date',
    executor: 'executor',
    semente: 'Seed',
    conferidos: 'conferidos',
    amostra: 'Sample size',
    divergencias: 'Discrepancies',
  },
} satisfies Record<Lang, unknown>;
