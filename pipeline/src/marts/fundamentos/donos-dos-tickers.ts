import type { Checagem } from '../../core/checagens.ts';
import { estagioDeMart } from '../../core/mart.ts';

/**
 * `mart_fundamentos_tickers_donos`: which company a trading code resolves to (json/tickers.json). A
 * code reused by another company belongs to the one where it is current, else to the latest FCA.
 */
export const SQL_DONOS_DOS_TICKERS = /* sql */ `
CREATE OR REPLACE TABLE mart_fundamentos_tickers_donos AS
SELECT t.ticker, t.cd_regulator, a.ticker_atual, t.vigente
FROM mart_tickers t JOIN int_fundamentos_ticker_atual a USING (cd_regulator)
QUALIFY row_number() OVER (PARTITION BY t.ticker ORDER BY t.vigente DESC, t.ultimo_fca_com_codigo DESC) = 1
`;

export const CHECAGENS_DONOS_DOS_TICKERS: readonly Checagem[] = [
  {
    nome: 'ticker_um_dono',
    tipo: 'hard',
    descricao: 'every trading code resolves to exactly one company',
    tabela: 'mart_fundamentos_tickers_donos',
    regra: 'chave_unica',
    colunas: ['ticker'],
  },
  {
    nome: 'ticker_dono_conhecido',
    tipo: 'hard',
    descricao: 'the company a code resolves to is in mart_empresas',
    tabela: 'mart_fundamentos_tickers_donos',
    regra: 'relacao',
    colunas: ['cd_regulator'],
    referencia: { tabela: 'mart_empresas', colunas: ['cd_regulator'] },
  },
  {
    nome: 'ticker_dono_com_codigo_atual',
    tipo: 'hard',
    descricao: 'every code names the current code of its company',
    tabela: 'mart_fundamentos_tickers_donos',
    regra: 'nao_nulo',
    colunas: ['ticker', 'cd_regulator', 'ticker_atual', 'vigente'],
  },
];

export const donosDosTickersStage = estagioDeMart(
  'mart_donos_dos_tickers',
  [SQL_DONOS_DOS_TICKERS],
  CHECAGENS_DONOS_DOS_TICKERS,
  {
    le: ['int_fundamentos_ticker_atual', 'mart_empresas', 'mart_tickers'],
    cria: ['mart_fundamentos_tickers_donos'],
  },
);
