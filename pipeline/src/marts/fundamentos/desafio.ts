import type { Desafio } from '@fundamentos/schemas/desafio';
import { type TextosFundamentos, textosDosFundamentos } from '@fundamentos/ui/fundamentos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import type { Lang } from '@fundamentos/ui/i18n/strings';

type CasoPublicado = Desafio['casos'][number];
/** The case's words: ui/src/fundamentos, `desafio_casos.<id>` (pt the source, en checked against it). */
type Palavras = Pick<CasoPublicado, 'por_que_e_dificil' | 'o_que_fazemos'>;
type IdCaso = keyof TextosFundamentos['desafio_casos'];
type Caso = Omit<
  CasoPublicado,
  'ticker' | 'nome' | 'valor_servido' | 'flag' | 'linhagem' | keyof Palavras
> & {
  id: IdCaso;
};

/** Curated hard cases of the real sample; the build attaches the value it serves today. */
export const CASOS_DESAFIO: Caso[] = [
  {
    id: 'bb-2019-sem-ebit',
    cd_regulator: 1023,
    ano: 2019,
    indicador: 'margem_ebit',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv:3', 'dfp_cia_aberta_DRE_con_2019.csv:57'],
  },
  {
    id: 'bb-2019-lucro-3-09',
    cd_regulator: 1023,
    ano: 2019,
    indicador: 'roa',
    fontes: [
      'dfp_cia_aberta_DRE_con_2019.csv:73',
      'dfp_cia_aberta_BPA_con_2019.csv:2',
      'dfp_cia_aberta_BPA_con_2019.csv:3',
    ],
  },
  {
    id: 'b3-2019-sem-dfc-mi',
    cd_regulator: 21610,
    ano: 2019,
    indicador: 'ebitda',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv:845'],
  },
  {
    id: 'neoenergia-2016-parcela-a',
    cd_regulator: 15539,
    ano: 2016,
    indicador: 'ebitda',
    fontes: ['dfp_cia_aberta_DFC_MI_con_2016.csv:609'],
  },
  {
    id: 'neoenergia-2018-amortizacao-de-divida',
    cd_regulator: 15539,
    ano: 2018,
    indicador: 'ebitda',
    fontes: [
      'dfp_cia_aberta_DFC_MI_con_2018.csv:543',
      'dfp_cia_aberta_DFC_MI_con_2018.csv:547',
      'dfp_cia_aberta_DFC_MI_con_2018.csv:671',
    ],
  },
  {
    id: 'cielo-2019-custo-de-emissao',
    cd_regulator: 21733,
    ano: 2019,
    indicador: 'ebitda',
    fontes: ['dfp_cia_aberta_DFC_MI_con_2019.csv:453', 'dfp_cia_aberta_DFC_MI_con_2019.csv:473'],
  },
  {
    id: 'energisa-2016-minoritarios',
    cd_regulator: 15253,
    ano: 2016,
    indicador: 'roe',
    fontes: [
      'dfp_cia_aberta_DRE_con_2016.csv:257',
      'dfp_cia_aberta_DRE_con_2016.csv:259',
      'dfp_cia_aberta_BPP_con_2016.csv:575',
      'dfp_cia_aberta_BPP_con_2016.csv:627',
    ],
  },
  {
    id: 'energisa-2016-sem-comparativo-5a',
    cd_regulator: 15253,
    ano: 2016,
    indicador: 'cresc_receita_5a_cagr',
    fontes: ['dfp_cia_aberta_DRE_con_2016.csv:213'],
  },
  {
    id: 'gafisa-2021-subtotal',
    cd_regulator: 16101,
    ano: 2021,
    indicador: 'margem_liquida',
    fontes: ['dfp_cia_aberta_DRE_con_2021.csv'],
  },
  {
    id: 'porto-seguro-2019-plano-geral',
    cd_regulator: 16659,
    ano: 2019,
    indicador: 'margem_bruta',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv'],
  },
  {
    id: 'bb-seguridade-2019-plano-seguros',
    cd_regulator: 23159,
    ano: 2019,
    indicador: 'margem_liquida',
    fontes: ['dfp_cia_aberta_DRE_con_2019.csv'],
  },
  {
    id: 'santander-2021-subtotal-banco',
    cd_regulator: 20532,
    ano: 2021,
    indicador: 'roa',
    fontes: ['dfp_cia_aberta_DRE_con_2021.csv'],
  },
];

/** Why a case is hard and what the build does about it, in `lang`. */
export function palavrasDoCaso(lang: Lang, id: IdCaso): Palavras {
  const t = textosDosFundamentos(lang).desafio_casos[id];
  return {
    por_que_e_dificil: mensagem(lang, t.por_que_e_dificil),
    o_que_fazemos: mensagem(lang, t.o_que_fazemos),
  };
}
