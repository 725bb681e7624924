import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { textosDoMercado } from '@fundamentos/ui/mercado';
import { DIAS_MAX_ATE_PRECO } from './multiplos.ts';

/**
 * The words of the market artefacts (citations, notes, coverage), filled from the ICU messages of
 * ui/src/mercado; the numbers come from the marts.
 */

const T = { pt: textosDoMercado('pt'), en: textosDoMercado('en') };

/** The market artefacts whose citation names their source files. */
export type ArtefatoMercado = keyof (typeof T)['pt']['arquivos'];

/** The citation of a market artefact, in Portuguese (`citacao`). */
export const citacaoMercado = (versao: string, artefato: ArtefatoMercado): string =>
  mensagem('pt', T.pt.citacao, { versao, arquivos: T.pt.arquivos[artefato] });
/** `citacaoMercado` in English (`citacao_en`), naming the same files in English. */
export const citacaoMercadoEn = (versao: string, artefato: ArtefatoMercado): string =>
  mensagem('en', T.en.citacao, { versao, arquivos: T.en.arquivos[artefato] });

/** preco_de in words, saying which session and how far it is from the reception. */
export function precoDe(r: {
  data_preco: string;
  dt_receb: string;
  ticker_preco: string;
  dias_ate_preco: number;
}) {
  const valores = { ticker_preco: r.ticker_preco, data_preco: r.data_preco, dt_receb: r.dt_receb };
  return r.dias_ate_preco > DIAS_MAX_ATE_PRECO
    ? mensagem('pt', T.pt.preco_de_distante, { ...valores, dias: r.dias_ate_preco })
    : mensagem('pt', T.pt.preco_de, valores);
}

const nota = (chave: 'nota_dividendos' | 'nota_multiplos') => ({
  pt: mensagem('pt', T.pt[chave], { dias_max: DIAS_MAX_ATE_PRECO }),
  en: mensagem('en', T.en[chave], { dias_max: DIAS_MAX_ATE_PRECO }),
});

export const TEXTO_MERCADO = {
  cobertura: {
    com_proventos: mensagem('pt', T.pt.cobertura.com_proventos),
    sem_dados_da_bolsa: mensagem('pt', T.pt.cobertura.sem_dados_da_bolsa),
  },
  nota_dividendos: nota('nota_dividendos'),
  nota_multiplos: nota('nota_multiplos'),
  nota_classe: {
    pt: mensagem('pt', T.pt.nota_classe),
    en: mensagem('en', T.en.nota_classe),
  },
  nota_trimestres: mensagem('pt', T.pt.nota_trimestres, { dias_max: DIAS_MAX_ATE_PRECO }),
} as const;

/** What the rules of quanto-rendeu.json name: the mart's constants (passed in, the mart imports this module). */
export interface ValoresRendeu {
  dias_max: number;
  flag_inicio: string;
  indice: string;
  serie: string;
}

/** The words of quanto-rendeu.json in both languages: its rules, citation and note. */
export function textosRendeu(v: ValoresRendeu) {
  const regras = (lang: 'pt' | 'en') => {
    const r = T[lang].rendeu.regras;
    const f = (m: string) => mensagem(lang, m, { ...v });
    return {
      inicio: f(r.inicio),
      preco: f(r.preco),
      com_proventos: f(r.com_proventos),
      indice: f(r.indice),
      selic: f(r.selic),
    };
  };
  const citacao = (lang: 'pt' | 'en') => (versao: string) =>
    mensagem(lang, T[lang].rendeu.citacao, { indice: v.indice, serie: v.serie, versao });
  return {
    regras: { pt: regras('pt'), en: regras('en') },
    citacao: { pt: citacao('pt'), en: citacao('en') },
    nota: { pt: mensagem('pt', T.pt.rendeu.nota), en: mensagem('en', T.en.rendeu.nota) },
  };
}
