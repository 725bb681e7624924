import type { DuckDBValue } from '@duckdb/node-api';
import { textosDosEventos } from '@fundamentos/ui/eventos';
import { mensagem, type Valores } from '@fundamentos/ui/i18n/mensagem';
import type { Lang } from '@fundamentos/ui/i18n/strings';

/**
 * The words of the watcher and of hoje.json, filled from the ICU messages of ui/src/eventos; this module
 * only chooses the message and its values (codes, and numbers the callers format).
 */

export const TEXTOS_EVENTOS = { pt: textosDosEventos('pt'), en: textosDosEventos('en') };
export const LINGUAS = ['pt', 'en'] as const satisfies readonly Lang[];

/** A message of ui/src/eventos filled in one language. */
export const frase = (lang: Lang, escolher: (t: (typeof TEXTOS_EVENTOS)['pt']) => string, v: Valores = {}) =>
  mensagem(lang, escolher(TEXTOS_EVENTOS[lang]), v);

/**
 * "{quem}: a DFP {ano_filing} mudou {n} contas de {ano}.": written once for the watcher's restatement
 * event and for hoje.json's restatement line.
 */
export const fraseReapresentacao = (
  lang: Lang,
  v: { quem: string; ano_filing: string | number; n: number; ano: string | number },
): string => frase(lang, (t) => t.texto.reapresentacao, v);

/**
 * Messages the watcher's SQL fills row by row: each is rendered with its placeholders left as `{nome}`
 * and bound as `$texto_<chave>_<lingua>`; `sqlMensagem` replaces the placeholders with SQL expressions.
 */
const MODELOS_SQL = {
  motivo_antes: { escolher: (t: (typeof TEXTOS_EVENTOS)['pt']) => t.motivo.antes, nomes: ['ano', 'motivo'] },
  motivo_depois: {
    escolher: (t: (typeof TEXTOS_EVENTOS)['pt']) => t.motivo.depois,
    nomes: ['ano', 'motivo'],
  },
  mais_contas: { escolher: (t: (typeof TEXTOS_EVENTOS)['pt']) => t.motivo.mais_contas, nomes: ['n'] },
} as const;
type ModeloSql = keyof typeof MODELOS_SQL;

const parametroTexto = (chave: ModeloSql, lang: Lang) => `texto_${chave}_${lang}`;

/** The bound values of every `sqlMensagem` fragment: each template in each language. */
export const PARAMETROS_TEXTOS: Readonly<Record<string, DuckDBValue>> = Object.fromEntries(
  (Object.keys(MODELOS_SQL) as ModeloSql[]).flatMap((chave) =>
    LINGUAS.map((lang) => {
      const { escolher, nomes } = MODELOS_SQL[chave];
      const marcas = Object.fromEntries(nomes.map((n) => [n, `{${n}}`]));
      return [parametroTexto(chave, lang), frase(lang, escolher, marcas)];
    }),
  ),
);

/**
 * The SQL expression that fills a bound template row by row: `valores` maps each placeholder to a SQL
 * expression, every placeholder of the template must be given. Replaced in the template's declared order,
 * the free text last (`motivo`), so a value that happens to contain `{ano}` is never replaced again.
 */
export function sqlMensagem(chave: ModeloSql, lang: Lang, valores: Readonly<Record<string, string>>): string {
  const { nomes } = MODELOS_SQL[chave];
  const faltando = nomes.filter((n) => valores[n] === undefined);
  if (faltando.length > 0 || Object.keys(valores).length !== nomes.length)
    throw new Error(`sqlMensagem ${chave}: expected values for ${nomes.join(', ')}`);
  let sql = `$${parametroTexto(chave, lang)}`;
  for (const n of nomes) sql = `replace(${sql}, '{${n}}', CAST(${valores[n]} AS VARCHAR))`;
  return sql;
}
