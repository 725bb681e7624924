import { describe, expect, it } from 'vitest';
import { VereditoSchema } from './veredito.ts';

// Made here from the spec's verdict tables; values are placeholders except the WEGE3 price date
// 2022-02-03 (COTAHIST_D03022022.TXT line 804). Not company results.
const comparacao = {
  setor: { mediana: 0.1, n: 5, posicao: 'acima', percentil: 0.75 },
  historico: null,
  universo: null,
};
const item = (nome: string, extra: Record<string, unknown> = {}) => ({
  nome,
  rotulo: nome,
  valor: 0.1,
  ano: 2021,
  flag: null,
  marcas: [],
  faixa: 'entre 5% e 15%',
  faixa_en: 'between 5% and 15%',
  texto_curto: 'texto',
  texto_curto_en: 'text',
  comparacao,
  disponivel: true,
  ...extra,
});
const bandeira = {
  cor: 'verde',
  texto: 'Sem ressalvas relevantes.',
  texto_en: 'No relevant caveats.',
  motivos: [],
  motivos_en: [],
  reapresentacoes: { n: 0, anos: [], por_ano: {}, maior_dif_rel: null, ultimo_ano: null },
  ressalvas: { n: 0, de: 5, quais: [] },
  defasagem: {
    ultimo_dfp_referencia: '2021-12-31',
    ultimo_dfp_recebido: '2022-02-03',
    ultimo_itr_referencia: null,
    ultimo_trimestre: null,
    anos_entre_indicador_e_balanco: 0,
  },
  numeros_publicados: 5,
};
const veredito = {
  empresa: {
    cd_regulator: 5410,
    ticker: 'WEGE3',
    pedido: 'WEGE3',
    nome: 'WEG S.A.',
    setor: 'Máquinas',
    tipo: 'geral',
  },
  ano: 2021,
  modo: 'fato',
  frase_topo: 'Em 2021 a margem líquida ficou entre 5% e 15%.',
  frase_topo_en: 'In 2021 the net margin was between 5% and 15%.',
  perguntas: [
    { pergunta: 'Ganha dinheiro?', pergunta_en: 'Does it make money?', itens: ['margem_liquida', 'roic'] },
    { pergunta: 'É endividada?', pergunta_en: 'Is it indebted?', itens: ['dl_ebitda'] },
    { pergunta: 'Quanto custa?', pergunta_en: 'What does it cost?', itens: ['pl', 'pvp'] },
  ],
  itens: {
    margem_liquida: item('margem_liquida'),
    roic: item('roic'),
    dl_ebitda: item('dl_ebitda', { apoio: { divida_liquida: null, ebitda: null } }),
    pl: item('pl', { data_preco: '2022-02-03' }),
    pvp: item('pvp', { data_preco: '2022-02-03' }),
  },
  bandeira,
  versao_do_dado: '2026-11-22-amostra|1',
  apurado_em: '2026-11-22',
  nota: 'Descritivo; não é recomendação.',
  nota_en: 'Descriptive; not advice.',
  pagina: '/acoes/WEGE3',
  metodologia: '/metodologia',
  citacao: 'Fonte: regulator DFP e B3.',
};

describe('veredito', () => {
  it('accepts a verdict built from the spec', () => {
    expect(VereditoSchema.safeParse(veredito).success).toBe(true);
  });
  it('refuses a top sentence over 25 words', () => {
    const longa = Array.from({ length: 26 }, () => 'palavra').join(' ');
    expect(VereditoSchema.safeParse({ ...veredito, frase_topo: longa }).success).toBe(false);
  });
  it('refuses pl without data_preco and a margin with data_preco', () => {
    const semData = { ...veredito.itens, pl: item('pl') };
    expect(VereditoSchema.safeParse({ ...veredito, itens: semData }).success).toBe(false);
    const comData = { ...veredito.itens, roic: item('roic', { data_preco: '2022-02-03' }) };
    expect(VereditoSchema.safeParse({ ...veredito, itens: comData }).success).toBe(false);
  });
  it('refuses two questions, an item under another key and a question naming a missing item', () => {
    expect(VereditoSchema.safeParse({ ...veredito, perguntas: veredito.perguntas.slice(0, 2) }).success).toBe(
      false,
    );
    const trocado = { ...veredito.itens, roic: item('roe') };
    expect(VereditoSchema.safeParse({ ...veredito, itens: trocado }).success).toBe(false);
    const { roic: _r, ...semRoic } = veredito.itens;
    expect(VereditoSchema.safeParse({ ...veredito, itens: semRoic }).success).toBe(false);
  });
  it('refuses an unknown flag colour and motivos without their English twin', () => {
    expect(VereditoSchema.safeParse({ ...veredito, bandeira: { ...bandeira, cor: 'azul' } }).success).toBe(
      false,
    );
    expect(VereditoSchema.safeParse({ ...veredito, bandeira: { ...bandeira, motivos: ['x'] } }).success).toBe(
      false,
    );
  });
});
