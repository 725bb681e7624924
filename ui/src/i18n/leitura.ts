import { mensagem } from './mensagem.ts';
import { type Lang, porLingua, type Strings, strings } from './strings.ts';

type Textos = Strings['leitura'];

/**
 * Texts of the reading layer (issue 15): the shell's search box, the home sections, the company/REIT/ETF
 * header strips, the charts beside each series and the sortable tables. The words are the `leitura` section
 * of the translations (ICU messages); the few that take a number or a date are offered here as functions so
 * pages call `x.fiis_lead(n)`. `busca.sugestoes` and `tabela.mostrando` keep a plain `{n}` filled by the
 * browser scripts (../layout/busca-script.ts, site/public/tabela.js).
 */
function leitura(lang: Lang) {
  const t: Textos = strings(lang).leitura;
  const m = (modelo: string, valores: Record<string, string | number>) => mensagem(lang, modelo, valores);
  return {
    ...t,
    inicio: {
      ...t.inicio,
      fiis_lead: (n: number) => m(t.inicio.fiis_lead, { n }),
      etfs_lead: (n: number) => m(t.inicio.etfs_lead, { n }),
      versao_data: (data: string) => m(t.inicio.versao_data, { data }),
      todas: (n: number) => m(t.inicio.todas, { n }),
    },
    faixa: {
      ...t.faixa,
      em: (data: string) => m(t.faixa.em, { data }),
      ano: (ano: number) => m(t.faixa.ano, { ano }),
    },
    graficos: {
      ...t.graficos,
      porque_poucos: (n: number) => m(t.graficos.porque_poucos, { n }),
      curto_poucos: (n: number) => m(t.graficos.curto_poucos, { n }),
    },
  };
}

export const LEITURA = porLingua(leitura);
