import type { Bilingue } from './types.ts';

/** Open content pages of the spec, in the order the home lists them. Facts follow docs/sources.md. */
export const TOPICOS = {
  'quando-o-balanco-existe': {
    pt: {
      titulo: 'Quando um balanço passa a existir',
      resumo:
        'Para este serviço, um balanço existe a partir da data em que a CVM o recebeu (DT_RECEB), e não a partir da data de encerramento do período.',
      secoes: [
        {
          titulo: 'A data que conta é a de recebimento',
          paragrafos: [
            'O índice de cada arquivo DFP (anual) e ITR (trimestral) da CVM tem uma linha por versão de cada documento, com `DT_REFER` (data de referência do período) e `DT_RECEB` (data em que a CVM recebeu aquela versão). O balanço de 31 de dezembro só chega ao público semanas ou meses depois.',
            'Todo múltiplo que mistura preço e balanço usa o preço do primeiro pregão na data de recebimento ou depois dela. Nunca usamos o fechamento do último dia do período: isso seria olhar para um número que ninguém conhecia naquele dia.',
          ],
        },
        {
          titulo: 'Consultas em uma data passada',
          paragrafos: [
            'O filtro de empresas aceita `as_of`: com ele, só entram documentos já recebidos naquela data e preços já negociados nela, e cada linha informa `disponivel_em`.',
          ],
        },
        {
          titulo: 'O quarto trimestre não tem ITR',
          paragrafos: [
            'A CVM não recebe ITR do quarto trimestre. Os fluxos do quarto trimestre (resultado, caixa, valor adicionado) são o anual da DFP menos o acumulado de nove meses do ITR do terceiro trimestre; o balanço do quarto trimestre é o balanço da DFP. Por isso o número do quarto trimestre só existe depois que a DFP foi recebida.',
          ],
        },
      ],
    },
    en: {
      titulo: 'When a balance sheet starts to exist',
      resumo:
        'For this service a statement exists from the date the regulator (CVM) received it (DT_RECEB), not from the end of the period it covers.',
      secoes: [
        {
          titulo: 'The reception date is the one that counts',
          paragrafos: [
            "The index of every CVM DFP (annual) and ITR (quarterly) file has one row per version of each filing, with `DT_REFER` (the period's reference date) and `DT_RECEB` (the date CVM received that version). A 31 December balance sheet reaches the public weeks or months later.",
            'Every multiple that mixes price and statements uses the price of the first trading session on or after the reception date. We never use the close of the last day of the period: that would use a number nobody knew on that day.',
          ],
        },
        {
          titulo: 'Queries on a past date',
          paragrafos: [
            'The screener accepts `as_of`: with it, only filings already received on that date and prices already traded on it are used, and each row states `disponivel_em`.',
          ],
        },
        {
          titulo: 'There is no fourth-quarter ITR',
          paragrafos: [
            'CVM receives no ITR for the fourth quarter. Fourth-quarter flows (income, cash flow, value added) are the DFP annual figure minus the nine-month year-to-date figure of the third-quarter ITR; the fourth-quarter balance sheet is the DFP balance sheet. So a fourth-quarter number only exists once the DFP has been received.',
          ],
        },
      ],
    },
  },
  'documento-reenviado': {
    pt: {
      titulo: 'Documento reenviado: qual versão vale',
      resumo:
        'Quando uma empresa reenvia um DFP ou ITR, a CVM registra uma nova VERSAO. Usamos a versão mais recente e mostramos a data em que ela foi recebida.',
      secoes: [
        {
          titulo: 'Uma linha por versão no índice',
          paragrafos: [
            'O índice `dfp_cia_aberta_AAAA.csv` lista cada versão com sua própria `DT_RECEB`. Os arquivos de demonstrações trazem linhas apenas da versão que a CVM mantém hoje; versões antigas continuam no índice sem demonstrações.',
            'Regra: para cada par (CNPJ, `DT_REFER`) ficamos com a maior `VERSAO` e lemos as demonstrações dessa versão. Se um arquivo trouxer duas versões do mesmo documento, a maior vence e o caso vai para o relatório do build.',
          ],
        },
        {
          titulo: 'Reapresentação não é reenvio',
          paragrafos: [
            'Reenvio substitui o documento do mesmo período. Reapresentação é outra coisa: no ano seguinte, a coluna comparativa (`PENÚLTIMO`) traz o ano anterior com valores diferentes dos publicados. A página de reapresentações de cada empresa lista essas contas com os dois valores e a diferença relativa.',
          ],
        },
        {
          titulo: 'Fundos imobiliários',
          paragrafos: [
            'No informe mensal de FII, um mês reenviado aparece uma vez por versão. Guardamos a maior versão e, na página de reapresentações do fundo, listamos as versões com a data de entrega da versão atual.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Resubmitted filing: which version counts',
      resumo:
        'When a company resubmits a DFP or ITR, CVM records a new VERSAO. We use the latest version and show the date it was received.',
      secoes: [
        {
          titulo: 'One index row per version',
          paragrafos: [
            'The index `dfp_cia_aberta_YYYY.csv` lists every version with its own `DT_RECEB`. The statement files only carry rows for the version CVM holds today; older versions stay in the index without statements.',
            'Rule: for each (CNPJ, `DT_REFER`) pair we keep the highest `VERSAO` and read the statements of that version. If a file ever holds two versions of the same filing, the highest wins and the case goes to the build report.',
          ],
        },
        {
          titulo: 'A restatement is not a resubmission',
          paragrafos: [
            "A resubmission replaces the filing of the same period. A restatement is different: the next year, the comparative column (`PENÚLTIMO`) shows the previous year with values that differ from those published. Each company's restatement page lists those accounts with both values and the relative difference.",
          ],
        },
        {
          titulo: 'Real-estate funds',
          paragrafos: [
            "In the FII monthly report, a resubmitted month appears once per version. We keep the highest version and the fund's restatement page lists the versions with the delivery date of the current one.",
          ],
        },
      ],
    },
  },
  'mudou-de-ticker': {
    pt: {
      titulo: 'A empresa mudou de código de negociação',
      resumo:
        'Os números ficam presos ao código CVM da empresa, não ao ticker. Um código antigo continua funcionando e redireciona para o atual.',
      secoes: [
        {
          titulo: 'Como identificamos a empresa',
          paragrafos: [
            'Demonstrações são indexadas por `CD_CVM` (texto com zeros à esquerda) e CNPJ. O arquivo de cotações da B3 traz só o código do dia e o ISIN; os códigos de cada empresa ao longo do tempo vêm do FCA (`fca_cia_aberta_valor_mobiliario_AAAA.csv`), com `Data_Inicio_Negociacao` e `Data_Fim_Negociacao`.',
          ],
        },
        {
          titulo: 'O que acontece com um código antigo',
          paragrafos: [
            'O arquivo `json/tickers.json` do build mapeia todo código já usado para o código CVM e o ticker atual. A página `/acoes/{código antigo}` responde 301 para o código atual com `?de=` indicando de onde veio; a API faz o mesmo.',
          ],
        },
      ],
    },
    en: {
      titulo: 'The company changed its trading code',
      resumo:
        "Numbers are tied to the company's CVM code, not to the ticker. An old code keeps working and redirects to the current one.",
      secoes: [
        {
          titulo: 'How we identify a company',
          paragrafos: [
            "Statements are keyed by `CD_CVM` (zero-padded text) and CNPJ. B3's price file only carries the day's code and the ISIN; each company's codes over time come from the FCA (`fca_cia_aberta_valor_mobiliario_YYYY.csv`), with `Data_Inicio_Negociacao` and `Data_Fim_Negociacao`.",
          ],
        },
        {
          titulo: 'What happens to an old code',
          paragrafos: [
            "The build's `json/tickers.json` maps every code ever used to the CVM code and the current ticker. The page `/acoes/{old code}` answers 301 to the current code with `?de=` saying where it came from; the API does the same.",
          ],
        },
      ],
    },
  },
  'eventos-societarios': {
    pt: {
      titulo: 'Desdobramentos, grupamentos, bonificações e proventos',
      resumo:
        'O arquivo de cotações da B3 não é ajustado por eventos societários. Ajustamos com os eventos publicados pela própria B3 e nunca multiplicamos o preço de uma unit pelo total de ações.',
      secoes: [
        {
          titulo: 'Preços sem ajuste na origem',
          paragrafos: [
            'O COTAHIST traz preços como foram negociados. Um desdobramento, grupamento ou bonificação cria um salto que não é variação de valor. Usamos os eventos `stockDividends` da B3 para escalar os preços anteriores à data ex; o campo `DISMES` do próprio COTAHIST muda quando o estado de direitos do papel muda e serve de conferência.',
          ],
        },
        {
          titulo: 'Proventos',
          paragrafos: [
            'Cada provento traz a data com (`data_com`, último dia com direito; o papel negocia ex no pregão seguinte), o valor bruto por ação (juros sobre capital próprio antes do imposto de renda) e o preço de fechamento na data com.',
          ],
        },
        {
          titulo: 'Ações em circulação',
          paragrafos: [
            'Quantidade de ações = capital integralizado menos tesouraria, do arquivo `composicao_capital` da DFP/ITR. Algumas empresas informam essas quantidades em milhares e o arquivo não tem coluna de escala: quando a quantidade não fecha com o lucro por ação publicado, o valor sai com aviso em vez de ser corrigido por suposição.',
            'Valor de mercado soma classe por classe (ON × preço ON + PN × preço PN). Uma unit é um pacote de ações: o preço da unit nunca é multiplicado pelo total de ações.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Splits, reverse splits, bonus shares and dividends',
      resumo:
        "B3's price file is not adjusted for corporate actions. We adjust with the events B3 itself publishes and never multiply a unit's price by the total share count.",
      secoes: [
        {
          titulo: 'Unadjusted prices at the source',
          paragrafos: [
            "COTAHIST carries prices as traded. A split, reverse split or bonus creates a jump that is not a change in value. We use B3's `stockDividends` events to scale prices before the ex-date; COTAHIST's own `DISMES` field changes when the security's state of rights changes and serves as a cross-check.",
          ],
        },
        {
          titulo: 'Dividends',
          paragrafos: [
            'Each dividend carries the cum date (`data_com`, last day with entitlement; the share trades ex on the next session), the gross amount per share (interest on capital before income tax) and the closing price on the cum date.',
          ],
        },
        {
          titulo: 'Shares outstanding',
          paragrafos: [
            'Share count = paid-in shares minus treasury shares, from the DFP/ITR `composicao_capital` file. Some companies report these counts in thousands and the file has no scale column: when the count does not agree with the published earnings per share, the value is flagged instead of being corrected by guesswork.',
            'Market value is summed class by class (common × common price + preferred × preferred price). A unit is a bundle of shares: its price is never multiplied by the total share count.',
          ],
        },
      ],
    },
  },
  'saiu-da-bolsa': {
    pt: {
      titulo: 'Empresas que saíram da bolsa',
      resumo:
        'O universo de busca e do filtro é o das empresas ativas hoje. Isso cria viés de sobrevivência, que este serviço declara e não corrige.',
      secoes: [
        {
          titulo: 'O cadastro guarda quem saiu',
          paragrafos: [
            'O cadastro `cad_cia_aberta.csv` tem uma linha por registro, ativo ou cancelado, com `DT_CANCEL`, `MOTIVO_CANCEL` e `SIT`. É uma fotografia: cada download substitui o anterior, por isso guardamos cada cópia usada no build.',
          ],
        },
        {
          titulo: 'O que isso muda nos números',
          paragrafos: [
            'Medianas de setor e distribuições do universo usam só as empresas ativas. Empresas que quebraram, fecharam capital ou foram incorporadas não entram, e os resultados tendem a parecer melhores do que foram para quem investiu na época. Toda resposta do filtro repete esse limite em `limite_conhecido`.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Companies that left the exchange',
      resumo:
        'The search and screener universe is the companies active today. That creates survivorship bias, which this service states and does not correct.',
      secoes: [
        {
          titulo: 'The registry keeps who left',
          paragrafos: [
            'The registry `cad_cia_aberta.csv` has one row per registration, active or cancelled, with `DT_CANCEL`, `MOTIVO_CANCEL` and `SIT`. It is a snapshot: each download replaces the previous one, so we keep every copy a build used.',
          ],
        },
        {
          titulo: 'What it changes in the numbers',
          paragrafos: [
            'Sector medians and universe distributions only use active companies. Companies that failed, went private or were merged are left out, and results tend to look better than they were for investors at the time. Every screener answer repeats this limit in `limite_conhecido`.',
          ],
        },
      ],
    },
  },
  'o-que-erramos': {
    pt: {
      titulo: 'O que erramos',
      resumo:
        'Erros corrigidos são registrados aqui com a versão do dado que os corrigiu. Recibos antigos continuam como foram emitidos, para que a diferença possa ser conferida.',
      secoes: [
        {
          titulo: 'Como uma correção é publicada',
          paragrafos: [
            'Cada build tem um `versao_do_dado` (data, rótulo e número do build). Uma correção entra em um build novo; a página e a API passam a mostrar a nova versão no rodapé e em `versao_do_dado`. Um recibo do filtro é uma cópia congelada com seu próprio `versao_do_dado` e mostra também a versão de hoje.',
          ],
        },
        {
          titulo: 'Armadilhas conhecidas que o método verifica a cada build',
          paragrafos: [
            'Escala: `ESCALA_MOEDA` pode ser `MIL` ou `UNIDADE` e muda entre documentos da mesma empresa; cada linha é multiplicada pela própria escala, e saltos de receita acima de 500 vezes viram aviso.',
            'Período duplicado: toda conta aparece como `ÚLTIMO` e `PENÚLTIMO`; usar a linha errada troca o ano. Um terceiro valor faz o build falhar.',
            'Amortização de empréstimos: a linha `6.03` "Amortizações" do fluxo de caixa é pagamento de dívida, não depreciação, e fica fora do EBITDA.',
          ],
        },
      ],
    },
    en: {
      titulo: 'What we got wrong',
      resumo:
        'Corrected errors are recorded here with the data version that fixed them. Old receipts stay as issued, so the difference can be checked.',
      secoes: [
        {
          titulo: 'How a correction is published',
          paragrafos: [
            'Every build has a `versao_do_dado` (date, label and build number). A correction goes into a new build; pages and the API then show the new version in the footer and in `versao_do_dado`. A screener receipt is a frozen copy with its own `versao_do_dado` and also shows the current one.',
          ],
        },
        {
          titulo: 'Known traps the method checks on every build',
          paragrafos: [
            'Scale: `ESCALA_MOEDA` can be `MIL` (thousands) or `UNIDADE` (units) and changes between filings of the same company; each row is multiplied by its own scale, and revenue jumps above 500 times are flagged.',
            'Duplicate period: every account appears as `ÚLTIMO` (current) and `PENÚLTIMO` (comparative); using the wrong row swaps the year. Any third value fails the build.',
            'Loan repayments: the cash-flow line `6.03` "Amortizações" is debt repayment, not amortisation expense, and stays out of EBITDA.',
          ],
        },
      ],
    },
  },
  'o-que-nao-resolvemos': {
    pt: {
      titulo: 'O que ainda não resolvemos',
      resumo:
        'Casos em que o método não tem uma resposta segura. Nesses casos o número sai vazio, com aviso.',
      secoes: [
        {
          titulo: 'Limites conhecidos',
          paragrafos: [
            'Seguradoras: o código da conta de patrimônio líquido no plano de seguradoras não está confirmado; indicadores que dependem dele não são publicados para seguradoras.',
            'Mutações do patrimônio (DMPL): a partir dos arquivos de 2020 a coluna `COLUNA_DF` aparece desalinhada ou vazia em parte das linhas; a DMPL não é usada em indicadores.',
            'Contas livres: abaixo das contas fixas (`ST_CONTA_FIXA = S`) cada empresa cria códigos próprios. Depreciação e amortização, por exemplo, são contas livres do fluxo de caixa, localizadas pelo nome; a decisão linha a linha fica aberta em `/auditoria/dep_amort/{cd_regulator}/{ano}`.',
            'Exercício fora de dezembro: raro, mas existe; séries de doze meses usam as datas de início e fim de cada linha, não trimestres do calendário.',
            'Viés de sobrevivência: o universo é o das empresas ativas hoje (veja "Empresas que saíram da bolsa").',
          ],
        },
      ],
    },
    en: {
      titulo: 'What we have not solved',
      resumo: 'Cases where the method has no safe answer. In those cases the number is empty, with a flag.',
      secoes: [
        {
          titulo: 'Known limits',
          paragrafos: [
            "Insurers: the equity account code of the insurers' chart is not confirmed; indicators that depend on it are not published for insurers.",
            'Changes in equity (DMPL): from the 2020 files the `COLUNA_DF` column is misaligned or empty on part of the rows; the DMPL is not used in indicators.',
            'Free accounts: below the fixed accounts (`ST_CONTA_FIXA = S`) each company creates its own codes. Depreciation and amortisation, for instance, are free cash-flow accounts found by their label; the line-by-line decision is open at `/auditoria/dep_amort/{cd_regulator}/{ano}`.',
            "Fiscal years not ending in December: rare, but they exist; twelve-month series use each row's start and end dates, not calendar quarters.",
            'Survivorship bias: the universe is the companies active today (see "Companies that left the exchange").',
          ],
        },
      ],
    },
  },
  qualidade: {
    pt: {
      titulo: 'Qualidade: como os números são conferidos',
      resumo:
        'Cada build publica um relatório com as linhas postas de quarentena, as invariantes verificadas e os arquivos não reconhecidos.',
      secoes: [
        {
          titulo: 'Nada é estimado',
          paragrafos: [
            'Um valor duvidoso sai como `null` com um `flag` que diz o motivo, por exemplo `denominador_sem_comparativo` ou `pl_negativo`. A lista completa de avisos e seus significados está no dicionário de campos (`/dicionario`).',
          ],
        },
        {
          titulo: 'Invariantes',
          paragrafos: [
            'O relatório `report.json` de cada build lista as invariantes conferidas (chaves únicas, campos obrigatórios, ativo igual a passivo mais patrimônio líquido) com quantas linhas foram verificadas e quantas falharam. Uma invariante rígida que falha impede a publicação do build.',
            'Linhas com problema que o build consegue contornar vão para a quarentena com arquivo, linha, campo, valor e motivo, e são contadas no relatório.',
          ],
        },
        {
          titulo: 'Rastreabilidade',
          paragrafos: [
            'Todo número aponta para a conta da CVM e o arquivo de onde veio (`contas_usadas`, `proveniencia`). O `manifest.json` de cada build lista cada arquivo publicado com número de linhas e sha256.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Quality: how the numbers are checked',
      resumo:
        'Every build publishes a report with the rows put in quarantine, the invariants checked and the files it did not recognise.',
      secoes: [
        {
          titulo: 'Nothing is estimated',
          paragrafos: [
            'A doubtful value is `null` with a `flag` that says why, for example `denominador_sem_comparativo` or `pl_negativo`. The complete list of flags and their meanings is in the field dictionary (`/dicionario`).',
          ],
        },
        {
          titulo: 'Invariants',
          paragrafos: [
            "Each build's `report.json` lists the invariants checked (unique keys, required fields, assets equal to liabilities plus equity) with how many rows were checked and how many failed. A failing hard invariant stops the build from being published.",
            'Rows with a problem the build can survive go to quarantine with file, line, field, value and reason, and are counted in the report.',
          ],
        },
        {
          titulo: 'Traceability',
          paragrafos: [
            "Every number points to the CVM account and file it came from (`contas_usadas`, `proveniencia`). Each build's `manifest.json` lists every published file with its row count and sha256.",
          ],
        },
      ],
    },
  },
  covenants: {
    pt: {
      titulo: 'Dívida líquida/EBITDA e covenants',
      resumo:
        'Nosso dívida líquida/EBITDA é calculado das demonstrações publicadas. O covenant de um contrato de dívida usa a definição do próprio contrato e pode dar outro número.',
      secoes: [
        {
          titulo: 'Nossa definição',
          paragrafos: [
            'Dívida bruta = empréstimos e financiamentos do circulante (`2.01.04`) mais os do não circulante (`2.02.01`); essas contas já incluem debêntures e arrendamentos (IFRS 16), que não são somados de novo. Dívida líquida = dívida bruta menos caixa e equivalentes (`1.01.01`) e aplicações financeiras (`1.01.02`).',
            'EBITDA = resultado antes do resultado financeiro e dos tributos (`3.05`) mais depreciação e amortização lidas do fluxo de caixa pelo método indireto. Sem esse fluxo, o EBITDA sai vazio com aviso.',
          ],
        },
        {
          titulo: 'Por que o covenant pode ser diferente',
          paragrafos: [
            'Escrituras de debêntures costumam definir um EBITDA ajustado (sem itens não recorrentes, às vezes sem arrendamentos) e medir a dívida de outro jeito. Para saber se uma empresa cumpre um covenant, a fonte é a escritura e as notas explicativas, não este indicador.',
            'Bancos não têm EBIT nem dívida no sentido industrial; o indicador não é publicado para eles.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Net debt/EBITDA and covenants',
      resumo:
        "Our net debt/EBITDA is computed from the published statements. A debt contract's covenant uses the contract's own definition and may give another number.",
      secoes: [
        {
          titulo: 'Our definition',
          paragrafos: [
            'Gross debt = current loans and financing (`2.01.04`) plus non-current ones (`2.02.01`); these accounts already include debentures and IFRS 16 leases, which are not added again. Net debt = gross debt minus cash and equivalents (`1.01.01`) and financial investments (`1.01.02`).',
            'EBITDA = result before financial result and taxes (`3.05`) plus depreciation and amortisation read from the indirect-method cash-flow statement. Without that statement, EBITDA is empty with a flag.',
          ],
        },
        {
          titulo: 'Why the covenant can differ',
          paragrafos: [
            'Debenture indentures often define an adjusted EBITDA (without non-recurring items, sometimes without leases) and measure debt differently. To know whether a company meets a covenant, the source is the indenture and the notes, not this indicator.',
            'Banks have neither EBIT nor debt in the industrial sense; the indicator is not published for them.',
          ],
        },
      ],
    },
  },
  'plano-de-contas-banco': {
    pt: {
      titulo: 'O plano de contas dos bancos',
      resumo:
        'Bancos publicam em um plano de contas próprio, que mudou em 2020. Margem bruta, EBIT, EBITDA, dívida líquida e liquidez corrente não são calculados para eles.',
      secoes: [
        {
          titulo: 'Como sabemos que é um banco',
          paragrafos: [
            'Pelo nome da conta `3.01` do próprio documento ("Receitas da Intermediação Financeira" ou "Receitas de Intermediação Financeira"), não pelo setor do cadastro. Empresas do setor financeiro como holdings e bolsas publicam no plano geral e recebem os indicadores gerais.',
          ],
        },
        {
          titulo: 'O que muda',
          paragrafos: [
            'Não há separação entre circulante e não circulante, e a conta `3.05` é o resultado antes dos tributos, não o EBIT.',
            'Em 2020 o plano mudou: o patrimônio líquido passou de `2.08` para `2.07`, e o lucro líquido de `3.09` para `3.11` (a `3.09` passou a ser o resultado antes das participações nos lucros). Cada ano é lido no plano em que foi publicado.',
          ],
        },
      ],
    },
    en: {
      titulo: "The banks' chart of accounts",
      resumo:
        'Banks file on their own chart of accounts, which changed in 2020. Gross margin, EBIT, EBITDA, net debt and current ratio are not computed for them.',
      secoes: [
        {
          titulo: 'How we know it is a bank',
          paragrafos: [
            'From the label of account `3.01` in the filing itself ("Receitas da Intermediação Financeira", financial intermediation income), not from the registry sector. Financial-sector companies such as holdings and exchanges file on the general chart and get the general indicators.',
          ],
        },
        {
          titulo: 'What changes',
          paragrafos: [
            'There is no current/non-current split, and account `3.05` is the result before taxes, not EBIT.',
            'In 2020 the chart changed: equity moved from `2.08` to `2.07`, and net income from `3.09` to `3.11` (`3.09` became the result before profit sharing). Each year is read in the chart it was filed in.',
          ],
        },
      ],
    },
  },
  'ler-csv-da-regulator': {
    pt: {
      titulo: 'Como ler os CSV da CVM',
      resumo:
        'Os arquivos de companhias abertas da CVM são latin-1, separados por ponto e vírgula, sem aspas, com ponto decimal. Leia tudo como texto e converta depois.',
      secoes: [
        {
          titulo: 'Formato',
          paragrafos: [
            'Codificação ISO-8859-1 (latin-1); separador `;`; a CVM não usa aspas, e campos de texto livre podem conter `"` solto, por isso leia sem tratamento de aspas. Datas em `AAAA-MM-DD`. `VL_CONTA` usa ponto decimal com dez casas (por exemplo `1234.0000000000`): leia como texto e converta para decimal.',
            '`CD_CVM` é texto com zeros à esquerda (`001023`); um tipo numérico perde os zeros. O layout mudou ao longo dos anos: localize colunas pelo nome do cabeçalho, nunca pela posição.',
          ],
        },
        {
          titulo: 'Três colunas que mudam o número',
          paragrafos: [
            '`ESCALA_MOEDA`: `MIL` multiplica por 1000, `UNIDADE` por 1. Cada linha tem a sua.',
            '`ORDEM_EXERC`: `ÚLTIMO` é o período do documento, `PENÚLTIMO` o comparativo do período anterior. Toda conta aparece duas vezes.',
            '`VERSAO`: fique com a maior versão de cada documento.',
          ],
          codigo:
            "-- DuckDB\nSELECT *\nFROM read_csv('dfp_cia_aberta_DRE_con_2024.csv',\n  delim = ';', encoding = 'latin-1', quote = '', all_varchar = true, header = true);\n\n# pandas\npd.read_csv(arquivo, sep=';', encoding='latin-1', dtype=str, quoting=3)",
        },
      ],
    },
    en: {
      titulo: "How to read CVM's CSV files",
      resumo:
        "CVM's listed-company files are latin-1, semicolon-separated, unquoted, with a decimal point. Read everything as text and convert afterwards.",
      secoes: [
        {
          titulo: 'Format',
          paragrafos: [
            'Encoding ISO-8859-1 (latin-1); separator `;`; CVM emits no quoting and free-text fields can hold a stray `"`, so read without quote handling. Dates are `YYYY-MM-DD`. `VL_CONTA` uses a decimal point with ten decimals (for example `1234.0000000000`): read it as text and convert to a decimal.',
            '`CD_CVM` is zero-padded text (`001023`); a numeric type drops the zeros. The layout has changed over the years: find columns by header name, never by position.',
          ],
        },
        {
          titulo: 'Three columns that change the number',
          paragrafos: [
            '`ESCALA_MOEDA`: `MIL` multiplies by 1000, `UNIDADE` by 1. Each row has its own.',
            "`ORDEM_EXERC`: `ÚLTIMO` is the filing's period, `PENÚLTIMO` the comparative of the previous period. Every account appears twice.",
            '`VERSAO`: keep the highest version of each filing.',
          ],
          codigo:
            "-- DuckDB\nSELECT *\nFROM read_csv('dfp_cia_aberta_DRE_con_2024.csv',\n  delim = ';', encoding = 'latin-1', quote = '', all_varchar = true, header = true);\n\n# pandas\npd.read_csv(path, sep=';', encoding='latin-1', dtype=str, quoting=3)",
        },
      ],
    },
  },
  'issb-regulator-193': {
    pt: {
      titulo: 'Relatórios de sustentabilidade (ISSB, Resolução CVM 193)',
      resumo:
        'A Resolução CVM 193 trata da divulgação de informações de sustentabilidade pelos padrões do ISSB. Esses relatórios não estão nos arquivos estruturados que usamos, e este serviço não publica números deles.',
      secoes: [
        {
          titulo: 'O que a norma trata',
          paragrafos: [
            'A resolução adota os padrões do ISSB (IFRS S1, informações gerais de sustentabilidade, e IFRS S2, clima) para o relatório de informações financeiras relacionadas à sustentabilidade das companhias abertas, primeiro de forma voluntária e depois obrigatória.',
          ],
        },
        {
          titulo: 'O que este serviço faz',
          paragrafos: [
            'Nossos números vêm dos arquivos DFP, ITR, FCA, cadastro e informes de fundos da CVM e das cotações da B3. Os relatórios de sustentabilidade não fazem parte desses arquivos estruturados; por isso não publicamos indicadores de emissões ou clima, e não estimamos nenhum.',
          ],
        },
      ],
    },
    en: {
      titulo: 'Sustainability reports (ISSB, CVM Resolution 193)',
      resumo:
        'CVM Resolution 193 covers sustainability disclosure under the ISSB standards. Those reports are not in the structured files we use, and this service publishes no numbers from them.',
      secoes: [
        {
          titulo: 'What the rule covers',
          paragrafos: [
            "The resolution adopts the ISSB standards (IFRS S1, general sustainability disclosures, and IFRS S2, climate) for listed companies' sustainability-related financial reports, first on a voluntary basis and later as a requirement.",
          ],
        },
        {
          titulo: 'What this service does',
          paragrafos: [
            "Our numbers come from CVM's DFP, ITR, FCA, registry and fund-report files and from B3 prices. Sustainability reports are not part of those structured files; so we publish no emissions or climate indicators, and estimate none.",
          ],
        },
      ],
    },
  },
} satisfies Record<string, Bilingue>;

export type TopicoSlug = keyof typeof TOPICOS;
export const TOPICO_SLUGS = Object.keys(TOPICOS) as TopicoSlug[];
