import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { type Lang, porLingua, strings } from '@fundamentos/ui/i18n/strings';

/**
 * Texts of the price chart, theme, comparison, small-caps and audit-history pages. The words are the
 * `precos` and `mercado` sections of ui/src/translations (ICU messages, plural forms included); the ones
 * that take a value are offered as functions so pages call `x.poucas(n)`.
 */
function precos(lang: Lang) {
  const t = strings(lang).precos;
  return { ...t, poucas: (n: number) => mensagem(lang, t.poucas, { n }) };
}

function paginas(lang: Lang) {
  const t = strings(lang).mercado;
  return {
    ...t,
    setores_lead: (n: number) => mensagem(lang, t.setores_lead, { n }),
    setor_titulo: (setor: string) => mensagem(lang, t.setor_titulo, { setor }),
    ano_comum: (ano: number) => mensagem(lang, t.ano_comum, { ano }),
    small_lead: (mc: string, v: string) => mensagem(lang, t.small_lead, { mc, v }),
  };
}

export const TEXTOS = porLingua(precos);
export const PAGINAS = porLingua(paginas);
