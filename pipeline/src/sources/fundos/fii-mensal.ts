import type { DelimitedSourceSpec } from '../../core/source.ts';
import { arquivoCvm, CVM_BASE, cnpjFundoClasse, col, cols, colunasGeraisFii } from './columns.ts';

const url = `${CVM_BASE}/FII/DOC/INF_MENSAL/DADOS/inf_mensal_fii_{YYYY}.zip`;
const urlParams = [
  'YYYY: year; one zip per year with the 12 months (Data_Referencia = first day of the month)',
];

const refCols = [
  cnpjFundoClasse,
  col('Data_Referencia', 'date', 'month of the report (first day)'),
  col('Versao', 'integer', 'version of the report; a refiled month appears once per version'),
];

/** CVM FII monthly report, `geral` member: registry facts of the fund in the month (docs/sources.md §5.1). */
export const fiiMensalGeralSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_fii_mensal_geral',
  title: 'CVM FII monthly report: general (registry, ISIN, quotas issued, administrator)',
  staged: 'stg_cvm_fii_mensal_geral',
  url,
  urlParams,
  fileName: /^inf_mensal_fii_geral_(?<ano>\d{4})\.csv$/,
  columns: [
    col('Tipo_Fundo_Classe', 'varchar', 'fund/class type (RCVM 175 files only)', { required: false }),
    ...refCols,
    ...colunasGeraisFii(),
  ],
});

/** `complemento` member: quota holders, net assets, quota value and the month's percentages. */
export const fiiMensalComplementoSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_fii_mensal_complemento',
  title: 'CVM FII monthly report: complement (quota holders, net assets, yields)',
  staged: 'stg_cvm_fii_mensal_complemento',
  url,
  urlParams,
  fileName: /^inf_mensal_fii_complemento_(?<ano>\d{4})\.csv$/,
  columns: [
    ...refCols,
    col('Data_Informacao_Numero_Cotistas', 'date', 'date of the quota-holder count'),
    col('Total_Numero_Cotistas', 'bigint', 'number of quota holders'),
    ...cols('bigint', 'quota holders of type', [
      'Numero_Cotistas_Pessoa_Fisica',
      'Numero_Cotistas_Pessoa_Juridica_Nao_Financeira',
      'Numero_Cotistas_Banco_Comercial',
      'Numero_Cotistas_Corretora_Distribuidora',
      'Numero_Cotistas_Outras_Pessoas_Juridicas_Financeira',
      'Numero_Cotistas_Investidores_Nao_Residentes',
      'Numero_Cotistas_Entidade_Aberta_Previdencia_Complementar',
      // CVM's own accented header, reproduced as published.
      'Numero_Cotistas_Entidade_Fechada_Previdência_Complementar',
      'Numero_Cotistas_Regime_Proprio_Previdencia_Servidores_Publicos',
      'Numero_Cotistas_Sociedade_Seguradora_Resseguradora',
      'Numero_Cotistas_Sociedade_Capitalizacao_Arrendamento_Mercantil',
      'Numero_Cotistas_FII',
      'Numero_Cotistas_Outros_Fundos',
      'Numero_Cotistas_Distribuidores_Fundo',
      'Numero_Cotistas_Outros_Tipos',
    ]),
    col('Valor_Ativo', 'decimal', 'total assets, BRL'),
    col('Patrimonio_Liquido', 'decimal', 'net assets, BRL'),
    col('Cotas_Emitidas', 'decimal', 'quotas issued'),
    col(
      'Valor_Patrimonial_Cotas',
      'decimal',
      'net asset value per quota, BRL (up to 18 decimals in the files)',
      { scale: 18 },
    ),
    // The files write small percentages in exponent form (`8.3E-05`, a third of 2020–2021 rows): DOUBLE
    // reads them; the unit (percent or fraction) is UNCONFIRMED (docs/sources.md §5.1).
    ...cols('double', 'percentage of the month (unit UNCONFIRMED)', [
      'Percentual_Despesas_Taxa_Administracao',
      'Percentual_Despesas_Agente_Custodiante',
      'Percentual_Rentabilidade_Efetiva_Mes',
      'Percentual_Rentabilidade_Patrimonial_Mes',
      'Percentual_Dividend_Yield_Mes',
      'Percentual_Amortizacao_Cotas_Mes',
    ]),
  ],
});

/** `ativo_passivo` member: balance lines, BRL. CRI_CRA and LCI_LCA are absent from the 2020–2021 files. */
export const fiiMensalAtivoPassivoSpec: DelimitedSourceSpec = arquivoCvm({
  id: 'cvm_fii_mensal_ativo_passivo',
  title: 'CVM FII monthly report: assets and liabilities',
  staged: 'stg_cvm_fii_mensal_ativo_passivo',
  url,
  urlParams,
  fileName: /^inf_mensal_fii_ativo_passivo_(?<ano>\d{4})\.csv$/,
  columns: [
    ...refCols,
    ...cols('decimal', 'balance line, BRL', [
      'Total_Necessidades_Liquidez',
      'Disponibilidades',
      'Titulos_Publicos',
      'Titulos_Privados',
      'Fundos_Renda_Fixa',
      'Total_Investido',
      'Direitos_Bens_Imoveis',
      'Terrenos',
      'Imoveis_Renda_Acabados',
      'Imoveis_Renda_Construcao',
      'Imoveis_Venda_Acabados',
      'Imoveis_Venda_Construcao',
      'Outros_Direitos_Reais',
      'Acoes',
      'Debentures',
      'Bonus_Subscricao',
      'Certificados_Deposito_Valores_Mobiliarios',
      'Cedulas_Debentures',
      'Fundo_Acoes',
      'FIP',
      'FII',
      'FDIC',
      'Outras_Cotas_FI',
      'Notas_Promissorias',
      'Acoes_Sociedades_Atividades_FII',
      'Cotas_Sociedades_Atividades_FII',
      'CEPAC',
      'CRI',
    ]),
    col('CRI_CRA', 'decimal', 'balance line, BRL: CRI and CRA (newer files)', { required: false }),
    ...cols('decimal', 'balance line, BRL', ['Letras_Hipotecarias', 'LCI']),
    col('LCI_LCA', 'decimal', 'balance line, BRL: LCI and LCA (newer files)', { required: false }),
    ...cols('decimal', 'balance line, BRL', [
      'LIG',
      // CVM's misspellings (Mobliarios, Contigencias) are the real header names.
      'Outros_Valores_Mobliarios',
      'Valores_Receber',
      'Contas_Receber_Aluguel',
      'Contas_Receber_Venda_Imoveis',
      'Outros_Valores_Receber',
      'Rendimentos_Distribuir',
      'Taxa_Administracao_Pagar',
      'Taxa_Performance_Pagar',
      'Obrigacoes_Aquisicao_Imoveis',
      'Adiantamento_Venda_Imoveis',
      'Adiantamento_Alugueis',
      'Obrigacoes_Securitizacao_Recebiveis',
      'Instrumentos_Financeiros_Derivativos',
      'Provisoes_Contigencias',
      'Outros_Valores_Pagar',
      'Total_Passivo',
    ]),
  ],
});

export const fiiMensalSources: DelimitedSourceSpec[] = [
  fiiMensalGeralSpec,
  fiiMensalComplementoSpec,
  fiiMensalAtivoPassivoSpec,
];
