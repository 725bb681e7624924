import { describe, expect, it } from 'vitest';
import { EtfSchema } from './etf.ts';

// Made here. Real: name/root/index from data/sample/raw/b3/etf/etfs-listados-20231014.csv line 42
// (ISHARES BOVA, BOVA, IBOV) and the BOVA11 close 107.77 on 2022-02-03 (COTAHIST_D03022022.TXT
// line 1115). CNPJ, codes and every other number are placeholders, not fund data.
const agio = { data: '2022-02-03', preco: 107.77, cota: 100, agio: null, flag: 'acumulado_sem_mes_anterior' };
const retornos = { janelas: { '1m': null, '1a': null }, ate: '2022-02-03', mil_reais: { '1m': null } };
const intervalo = { n: 2, de: '2021-06-25', ate: '2022-02-03' };
const etf = {
  cadastro: {
    cnpj: '00.000.000/0000-00',
    codigo_regulator: '0',
    nome: 'ISHARES IBOVESPA FUNDO DE ÍNDICE',
    ticker: 'BOVA11',
    sigla: 'BOVA',
    tipo_b3: 'ETF',
    situacao: 'EM FUNCIONAMENTO NORMAL',
    data_inicio: '2008-12-01',
    gestor: 'gestor',
    administrador: null,
    escriturador: 'escriturador',
    custodiante: 'custodiante',
    auditor: 'auditor',
    id_fnet: 1,
    cotas_emitidas: 1,
    cotas_data: '2022-02-03',
    indice_nome: 'IBOV',
    pl_registro: 1,
    pl_registro_data: '2008-12-01',
  },
  ultimo_informe: {
    data: '2022-02-03',
    cota: 100,
    pl: 1,
    cotistas: 1,
    captacao: 0,
    resgate: 0,
    data_entrega: '2022-02-04',
  },
  ultimo_fechamento: { data: '2022-02-03', fechamento: 107.77 },
  ultimo_agio: agio,
  agio_30_pregoes: [agio],
  taxa_efetiva_mensal: [],
  taxa_media_12m: null,
  carteira: {
    competencia: '2022-01-01',
    n_posicoes: 0,
    pl: 1,
    maiores: [],
    por_tipo: [['Ações', 1]],
    sobreposicao_mesmo_indice: [],
  },
  retornos_pela_cota: retornos,
  retornos_pelo_preco: retornos,
  pares: { n: 0, criterio: 'mesmo índice', agio: null, taxa: null },
  liquidez_media_60: 0,
  cobertura: { precos: intervalo, informes: intervalo },
  fontes: { precos: 'B3 COTAHIST', informes: 'regulator' },
};

describe('etf', () => {
  it('accepts an ETF built from the spec', () => {
    expect(EtfSchema.safeParse(etf).success).toBe(true);
  });
  it('refuses an unknown return window and the regulator spelled with its real name', () => {
    const janela = { ...retornos, janelas: { '6m': 0.1 } };
    expect(EtfSchema.safeParse({ ...etf, retornos_pela_cota: janela }).success).toBe(false);
    const { codigo_regulator, ...resto } = etf.cadastro;
    expect(
      EtfSchema.safeParse({ ...etf, cadastro: { ...resto, codigo_cvm: codigo_regulator } }).success,
    ).toBe(false);
  });
  it('refuses por_tipo as objects and more than 30 sessions of premium', () => {
    const porTipo = { ...etf.carteira, por_tipo: [{ tipo: 'Ações', fracao: 1 }] };
    expect(EtfSchema.safeParse({ ...etf, carteira: porTipo }).success).toBe(false);
    expect(
      EtfSchema.safeParse({ ...etf, agio_30_pregoes: Array.from({ length: 31 }, () => agio) }).success,
    ).toBe(false);
  });
});
