/**
 * The chart of accounts the generator publishes: CVM's fixed codes for industrial ("general")
 * companies plus a few free (`N`) lines, as seen in data/sample/raw/cvm/dfp (Jalles Machado 2023
 * BPA/BPP/DRE, Gafisa 2022 DFC_MI/DVA, Eletrobras 2024 DRA). One line per account:
 * `code|description|S or N|flags` where flags may hold `con` (consolidated only) or
 * `ind=<description>` (label used in the individual statements).
 */
export type Demo = 'BPA' | 'BPP' | 'DRE' | 'DRA' | 'DFC_MI' | 'DVA';
export type Agreg = 'con' | 'ind';

export interface Conta {
  cd: string;
  ds: string;
  dsInd: string;
  fixa: 'S' | 'N';
  soCon: boolean;
}

const TEXTO: Record<Demo, string> = {
  BPA: `
1|Ativo Total|S
1.01|Ativo Circulante|S
1.01.01|Caixa e Equivalentes de Caixa|S
1.01.02|Aplicações Financeiras|S
1.01.03|Contas a Receber|S
1.01.03.01|Clientes|S
1.01.03.02|Outras Contas a Receber|S
1.01.04|Estoques|S
1.01.05|Ativos Biológicos|S
1.01.06|Tributos a Recuperar|S
1.01.06.01|Tributos Correntes a Recuperar|S
1.01.07|Despesas Antecipadas|S
1.01.08|Outros Ativos Circulantes|S
1.01.08.01|Ativos Não-Correntes a Venda|S
1.01.08.03|Outros|S
1.02|Ativo Não Circulante|S
1.02.01|Ativo Realizável a Longo Prazo|S
1.02.01.01|Aplicações Financeiras Avaliadas a Valor Justo através do Resultado|S
1.02.01.04|Contas a Receber|S
1.02.01.07|Tributos Diferidos|S
1.02.01.10|Outros Ativos Não Circulantes|S
1.02.02|Investimentos|S
1.02.02.01|Participações Societárias|S
1.02.02.02|Propriedades para Investimento|S
1.02.03|Imobilizado|S
1.02.03.01|Imobilizado em Operação|S
1.02.03.02|Direito de Uso em Arrendamento|S
1.02.03.03|Imobilizado em Andamento|S
1.02.04|Intangível|S
1.02.04.01|Intangíveis|S
1.02.04.02|Goodwill|S`,
  BPP: `
2|Passivo Total|S
2.01|Passivo Circulante|S
2.01.01|Obrigações Sociais e Trabalhistas|S
2.01.01.01|Obrigações Sociais|S
2.01.01.02|Obrigações Trabalhistas|S
2.01.02|Fornecedores|S
2.01.02.01|Fornecedores Nacionais|S
2.01.02.02|Fornecedores Estrangeiros|S
2.01.03|Obrigações Fiscais|S
2.01.03.01|Obrigações Fiscais Federais|S
2.01.03.02|Obrigações Fiscais Estaduais|S
2.01.03.03|Obrigações Fiscais Municipais|S
2.01.04|Empréstimos e Financiamentos|S
2.01.04.01|Empréstimos e Financiamentos|S
2.01.04.01.01|Em Moeda Nacional|S
2.01.04.01.02|Em Moeda Estrangeira|S
2.01.04.02|Debêntures|S
2.01.04.03|Financiamento por Arrendamento|S
2.01.05|Outras Obrigações|S
2.01.05.02|Outros|S
2.01.05.02.01|Dividendos e JCP a Pagar|S
2.01.05.02.02|Dividendo Mínimo Obrigatório a Pagar|S
2.01.05.02.04|Outras contas a pagar|N
2.01.06|Provisões|S
2.01.07|Passivos sobre Ativos Não-Correntes a Venda e Descontinuados|S
2.02|Passivo Não Circulante|S
2.02.01|Empréstimos e Financiamentos|S
2.02.01.01|Empréstimos e Financiamentos|S
2.02.01.01.01|Em Moeda Nacional|S
2.02.01.01.02|Em Moeda Estrangeira|S
2.02.01.02|Debêntures|S
2.02.01.03|Financiamento por Arrendamento|S
2.02.02|Outras Obrigações|S
2.02.03|Tributos Diferidos|S
2.02.03.01|Imposto de Renda e Contribuição Social Diferidos|S
2.02.04|Provisões|S
2.02.04.01|Provisões Fiscais Previdenciárias Trabalhistas e Cíveis|S
2.02.04.02|Outras Provisões|S
2.02.04.02.04|Provisão para Passivo a Descoberto|N
2.02.05|Passivos sobre Ativos Não-Correntes a Venda e Descontinuados|S
2.02.06|Lucros e Receitas a Apropriar|S
2.03|Patrimônio Líquido Consolidado|S|ind=Patrimônio Líquido
2.03.01|Capital Social Realizado|S
2.03.02|Reservas de Capital|S
2.03.03|Reservas de Reavaliação|S
2.03.04|Reservas de Lucros|S
2.03.04.01|Reserva Legal|S
2.03.04.05|Reserva de Retenção de Lucros|S
2.03.04.09|Ações em Tesouraria|S
2.03.05|Lucros/Prejuízos Acumulados|S
2.03.06|Ajustes de Avaliação Patrimonial|S
2.03.07|Ajustes Acumulados de Conversão|S
2.03.08|Outros Resultados Abrangentes|S
2.03.09|Participação dos Acionistas Não Controladores|S|con`,
  DRE: `
3.01|Receita de Venda de Bens e/ou Serviços|S
3.02|Custo dos Bens e/ou Serviços Vendidos|S
3.03|Resultado Bruto|S
3.04|Despesas/Receitas Operacionais|S
3.04.01|Despesas com Vendas|S
3.04.02|Despesas Gerais e Administrativas|S
3.04.03|Perdas pela Não Recuperabilidade de Ativos|S
3.04.04|Outras Receitas Operacionais|S
3.04.05|Outras Despesas Operacionais|S
3.04.06|Resultado de Equivalência Patrimonial|S
3.05|Resultado Antes do Resultado Financeiro e dos Tributos|S
3.06|Resultado Financeiro|S
3.06.01|Receitas Financeiras|S
3.06.02|Despesas Financeiras|S
3.07|Resultado Antes dos Tributos sobre o Lucro|S
3.08|Imposto de Renda e Contribuição Social sobre o Lucro|S
3.08.01|Corrente|S
3.08.02|Diferido|S
3.09|Resultado Líquido das Operações Continuadas|S
3.10|Resultado Líquido de Operações Descontinuadas|S
3.10.01|Lucro/Prejuízo Líquido das Operações Descontinuadas|S
3.10.02|Ganhos/Perdas Líquidas sobre Ativos de Operações Descontinuadas|S
3.11|Lucro/Prejuízo Consolidado do Período|S|ind=Lucro/Prejuízo do Período
3.11.01|Atribuído a Sócios da Empresa Controladora|S|con
3.11.02|Atribuído a Sócios Não Controladores|S|con
3.99|Lucro por Ação - (Reais / Ação)|N
3.99.01|Lucro Básico por Ação|N
3.99.01.01|ON|N
3.99.01.02|PN|N
3.99.02|Lucro Diluído por Ação|N
3.99.02.01|ON|N
3.99.02.02|PN|N`,
  DRA: `
4.01|Lucro Líquido Consolidado do Período|S|ind=Lucro Líquido do Período
4.02|Outros Resultados Abrangentes|S
4.02.01|Ajustes acumulados de conversão|N
4.02.02|Hedge de fluxo de caixa|N
4.03|Resultado Abrangente Consolidado do Período|S|ind=Resultado Abrangente do Período
4.03.01|Atribuído a Sócios da Empresa Controladora|S|con
4.03.02|Atribuído a Sócios Não Controladores|S|con`,
  DFC_MI: `
6.01|Caixa Líquido Atividades Operacionais|S
6.01.01|Caixa Gerado nas Operações|S
6.01.01.01|Resultado Antes do Imposto de Renda e Contribuição Social|N
6.01.01.02|Depreciação e Amortização|N
6.01.01.03|Juros e Variações Monetárias Líquidas|N
6.01.01.04|Resultado de Equivalência Patrimonial|N
6.01.02|Variações nos Ativos e Passivos|S
6.01.02.01|Contas a Receber|N
6.01.02.02|Estoques|N
6.01.02.03|Fornecedores|N
6.01.02.04|Impostos Pagos|N
6.01.03|Outros|S
6.02|Caixa Líquido Atividades de Investimento|S
6.02.01|Aquisição de Ativo Imobilizado e Intangível|N
6.02.02|Aplicações Financeiras Líquidas|N
6.02.03|Dividendos Recebidos|N
6.03|Caixa Líquido Atividades de Financiamento|S
6.03.01|Captação de Empréstimos e Financiamentos|N
6.03.02|Amortização de Empréstimos e Financiamentos|N
6.03.03|Pagamento de Arrendamentos|N
6.03.04|Dividendos e Juros sobre Capital Próprio Pagos|N
6.04|Variação Cambial s/ Caixa e Equivalentes|S
6.05|Aumento (Redução) de Caixa e Equivalentes|S
6.05.01|Saldo Inicial de Caixa e Equivalentes|S
6.05.02|Saldo Final de Caixa e Equivalentes|S`,
  DVA: `
7.01|Receitas|S
7.01.01|Vendas de Mercadorias, Produtos e Serviços|S
7.01.02|Outras Receitas|S
7.01.03|Receitas refs. à Construção de Ativos Próprios|S
7.01.04|Provisão/Reversão de Créds. Liquidação Duvidosa|S
7.02|Insumos Adquiridos de Terceiros|S
7.02.01|Custos Prods., Mercs. e Servs. Vendidos|S
7.02.02|Materiais, Energia, Servs. de Terceiros e Outros|S
7.02.03|Perda/Recuperação de Valores Ativos|S
7.02.04|Outros|S
7.03|Valor Adicionado Bruto|S
7.04|Retenções|S
7.04.01|Depreciação, Amortização e Exaustão|S
7.04.02|Outras|S
7.05|Valor Adicionado Líquido Produzido|S
7.06|Vlr Adicionado Recebido em Transferência|S
7.06.01|Resultado de Equivalência Patrimonial|S
7.06.02|Receitas Financeiras|S
7.06.03|Outros|S
7.07|Valor Adicionado Total a Distribuir|S
7.08|Distribuição do Valor Adicionado|S
7.08.01|Pessoal|S
7.08.01.01|Remuneração Direta|S
7.08.01.02|Benefícios|S
7.08.01.03|F.G.T.S.|S
7.08.02|Impostos, Taxas e Contribuições|S
7.08.02.01|Federais|S
7.08.02.02|Estaduais|S
7.08.02.03|Municipais|S
7.08.03|Remuneração de Capitais de Terceiros|S
7.08.03.01|Juros|S
7.08.03.02|Aluguéis|S
7.08.03.03|Outras|S
7.08.04|Remuneração de Capitais Próprios|S
7.08.04.01|Juros sobre o Capital Próprio|S
7.08.04.02|Dividendos|S
7.08.04.03|Lucros Retidos / Prejuízo do Período|S
7.08.04.04|Part. Não Controladores nos Lucros Retidos|S
7.08.05|Outros|S`,
};

function ler(texto: string): Conta[] {
  return texto
    .trim()
    .split('\n')
    .map((linha) => {
      const [cd, ds, fixa, flag] = linha.split('|');
      if (!cd || !ds || (fixa !== 'S' && fixa !== 'N')) throw new Error(`plano.ts: bad chart line ${linha}`);
      return {
        cd,
        ds,
        dsInd: flag?.startsWith('ind=') ? flag.slice(4) : ds,
        fixa,
        soCon: flag === 'con',
      };
    });
}

export const PLANO: Record<Demo, Conta[]> = {
  BPA: ler(TEXTO.BPA),
  BPP: ler(TEXTO.BPP),
  DRE: ler(TEXTO.DRE),
  DRA: ler(TEXTO.DRA),
  DFC_MI: ler(TEXTO.DFC_MI),
  DVA: ler(TEXTO.DVA),
};

export const DEMOS: Demo[] = ['BPA', 'BPP', 'DRE', 'DRA', 'DFC_MI', 'DVA'];

/** GRUPO_DFP as published: `DF Consolidado - …` / `DF Individual - …`. */
export const GRUPO: Record<Demo, string> = {
  BPA: 'Balanço Patrimonial Ativo',
  BPP: 'Balanço Patrimonial Passivo',
  DRE: 'Demonstração do Resultado',
  DRA: 'Demonstração de Resultado Abrangente',
  DFC_MI: 'Demonstração do Fluxo de Caixa (Método Indireto)',
  DVA: 'Demonstração de Valor Adicionado',
};

export function grupoDfp(demo: Demo, agreg: Agreg): string {
  return `${agreg === 'con' ? 'DF Consolidado' : 'DF Individual'} - ${GRUPO[demo]}`;
}

/** Direct children of every code, over all statements (codes never repeat across statements). */
export const FILHOS: Map<string, string[]> = (() => {
  const todos = new Set(DEMOS.flatMap((d) => PLANO[d].map((c) => c.cd)));
  const m = new Map<string, string[]>();
  for (const cd of todos) {
    const pai = cd.includes('.') ? cd.slice(0, cd.lastIndexOf('.')) : null;
    if (pai !== null && todos.has(pai)) m.set(pai, [...(m.get(pai) ?? []), cd]);
  }
  return m;
})();

/** Earnings-per-share lines: reais per share, never summed. */
export function ehLpa(cd: string): boolean {
  return cd === '3.99' || cd.startsWith('3.99.');
}
