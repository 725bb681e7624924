import { LEITURA } from '@fundamentos/ui/i18n/leitura';
import type { Lang } from '@fundamentos/ui/i18n/strings';

/** The sortable-table script (`public/tabela.js`); pages with a `data-ordenavel` table load it deferred. */
export const SCRIPT_TABELA = '/tabela.js';

/**
 * Attributes that make a server-rendered table sortable and filterable once `tabela.js` runs: numeric
 * columns are the `th.num` ones and sort by each cell's `data-valor`; a `th[data-sem-ordem]` is left alone.
 */
export function tabelaOrdenavel(lang: Lang): Record<string, string> {
  const t = LEITURA[lang].tabela;
  return { 'data-ordenavel': '', 'data-rotulo-filtro': t.filtrar, 'data-mostrando': t.mostrando };
}

/** A list sorted by a select (`ul[data-ordenavel-lista]`): fields as [field, label, numeric]; items carry `data-o-<field>`. */
export function listaOrdenavel(lang: Lang, campos: [string, string, 0 | 1][]): Record<string, string> {
  return {
    'data-ordenavel-lista': '',
    'data-rotulo-ordem': LEITURA[lang].tabela.ordenar,
    'data-campos': JSON.stringify(campos),
  };
}
