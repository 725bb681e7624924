import type { Bilingue } from './types.ts';

/** Answered questions (`/perguntas/{slug}`); the spec leaves the slugs open, these are ours. */
export const PERGUNTAS = {
  'de-onde-vem-cada-numero': {
    pt: {
      titulo: 'De onde vem cada número?',
      resumo:
        'Dos arquivos públicos da CVM (DFP, ITR, FCA, cadastro, informes de fundos) e do arquivo de cotações da B3, recalculados a cada build.',
      secoes: [
        {
          titulo: 'Resposta',
          paragrafos: [
            'Cada indicador traz as contas da CVM usadas (`contas_usadas`), com demonstração, código da conta, agregação (consolidado ou individual) e exercício. A rota de linhagem `/empresas/{ticker}/linhagem/{ano}/{indicador}` mostra o caminho de um valor até as linhas do arquivo original.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Where does each number come from?',
      resumo:
        "From CVM's public files (DFP, ITR, FCA, registry, fund reports) and B3's price file, recomputed on every build.",
      secoes: [
        {
          titulo: 'Answer',
          paragrafos: [
            "Every indicator lists the CVM accounts used (`contas_usadas`), with statement, account code, aggregation (consolidated or individual) and fiscal year. The lineage route `/empresas/{ticker}/linhagem/{ano}/{indicador}` shows a value's path down to the rows of the original file.",
          ],
        },
      ],
    },
  },
  'por-que-um-valor-esta-vazio': {
    pt: {
      titulo: 'Por que um valor está vazio?',
      resumo:
        'Porque o dado de origem não permite calcular com segurança. Em vez de estimar, publicamos vazio com um aviso.',
      secoes: [
        {
          titulo: 'Resposta',
          paragrafos: [
            'O aviso (`flag`) diz o motivo: por exemplo, `denominador_sem_comparativo` quando falta o ano anterior para a média, `sem_acoes_em_circulacao` quando não há quantidade de ações, `pl_negativo` quando o lucro é zero ou negativo. A página de cada empresa explica cada aviso ao lado do número, com o texto do dicionário de campos.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Why is a value empty?',
      resumo:
        'Because the source data does not allow a safe computation. Instead of estimating, we publish it empty with a flag.',
      secoes: [
        {
          titulo: 'Answer',
          paragrafos: [
            "The `flag` says why: for instance `denominador_sem_comparativo` when the prior year needed for an average is missing, `sem_acoes_em_circulacao` when there is no share count, `pl_negativo` when profit is zero or negative. Each company page explains each flag next to the number, with the field dictionary's text.",
          ],
        },
      ],
    },
  },
  'qual-preco-entra-no-pl': {
    pt: {
      titulo: 'Qual preço entra no P/L?',
      resumo:
        'O fechamento do primeiro pregão na data de recebimento do documento pela CVM ou depois dela, nunca o do fim do período.',
      secoes: [
        {
          titulo: 'Resposta',
          paragrafos: [
            'Cada linha de múltiplos mostra `dt_receb` (recebimento do documento) e `data_preco` (pregão usado). Assim o P/L de um ano reflete o que o mercado pagava quando o balanço ficou público. Veja "Quando um balanço passa a existir".',
          ],
        },
      ],
    },
    en: {
      titulo: 'Which price goes into the P/E?',
      resumo:
        "The close of the first trading session on or after the date CVM received the filing, never the period's end.",
      secoes: [
        {
          titulo: 'Answer',
          paragrafos: [
            'Each multiples row shows `dt_receb` (filing reception) and `data_preco` (session used). So a year\'s P/E reflects what the market paid when the statements became public. See "When a balance sheet starts to exist".',
          ],
        },
      ],
    },
  },
  'o-que-e-versao-do-dado': {
    pt: {
      titulo: 'O que é a versão do dado no rodapé?',
      resumo: 'É a identidade do build que gerou a página: data do build, rótulo e número de sequência.',
      secoes: [
        {
          titulo: 'Resposta',
          paragrafos: [
            'O formato é `AAAA-MM-DD-rotulo|n`. A rota `/saude` mostra a versão em uso agora; uma página com outra versão é uma cópia em cache. Recibos guardam a versão com que foram emitidos.',
          ],
        },
      ],
    },
    en: {
      titulo: 'What is the data version in the footer?',
      resumo: "It identifies the build that produced the page: the build's date, label and sequence number.",
      secoes: [
        {
          titulo: 'Answer',
          paragrafos: [
            'The format is `YYYY-MM-DD-label|n`. The `/saude` route shows the live version; a page showing another one is a cached copy. Receipts keep the version they were issued with.',
          ],
        },
      ],
    },
  },
  'lucro-total-ou-dos-controladores': {
    pt: {
      titulo: 'Lucro total ou lucro dos controladores?',
      resumo:
        'Depende do indicador: margem líquida e ROA usam o lucro consolidado total; ROE e lucro por ação usam o lucro atribuído aos controladores.',
      secoes: [
        {
          titulo: 'Resposta',
          paragrafos: [
            'No consolidado, `3.11` é o lucro total (inclui minoritários) e `3.11.01` a parte dos sócios da controladora. No individual só existe `3.11`, que já é o lucro da controladora. Quando a diferença entre os dois é grande, a página de indicadores mostra um alerta de minoritários.',
          ],
        },
      ],
    },
    en: {
      titulo: "Total profit or controlling shareholders' profit?",
      resumo:
        'It depends on the indicator: net margin and ROA use total consolidated profit; ROE and earnings per share use the profit attributed to the controlling shareholders.',
      secoes: [
        {
          titulo: 'Answer',
          paragrafos: [
            "In consolidated statements, `3.11` is total profit (including non-controlling interests) and `3.11.01` the parent's shareholders' part. Individual statements only have `3.11`, which is already the parent's profit. When the two differ a lot, the indicators answer carries a minority-interest alert.",
          ],
        },
      ],
    },
  },
} satisfies Record<string, Bilingue>;

export type PerguntaSlug = keyof typeof PERGUNTAS;
export const PERGUNTA_SLUGS = Object.keys(PERGUNTAS) as PerguntaSlug[];
