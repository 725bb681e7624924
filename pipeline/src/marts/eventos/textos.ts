import type { DuckDBValue } from '@duckdb/node-api';
import { textosDosEventos } from '@fundamentos/ui/eventos';
import { argumentos, mensagem, type Valores } from '@fundamentos/ui/i18n/mensagem';
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

type Textos = (typeof TEXTOS_EVENTOS)['pt'];

/**
 * Messages the watcher's SQL fills row by row: each is rendered with every placeholder left as a marker
 * and bound as `$texto_<chave>_<lingua>`; `sqlMensagem` replaces the markers with SQL expressions.
 */
const MODELOS_SQL = {
  motivo_antes: (t: Textos) => t.motivo.antes,
  motivo_depois: (t: Textos) => t.motivo.depois,
  mais_contas: (t: Textos) => t.motivo.mais_contas,
  fonte_dfp: (t: Textos) => t.fonte.dfp,
  fonte_itr: (t: Textos) => t.fonte.itr,
  fonte_informe_mensal: (t: Textos) => t.fonte.informe_mensal,
  fonte_informe_mensal_versao: (t: Textos) => t.fonte.informe_mensal_versao,
  fonte_informe_trimestral: (t: Textos) => t.fonte.informe_trimestral,
  fonte_cotahist_proventos: (t: Textos) => t.fonte.cotahist_proventos,
  fonte_cotahist_informe_diario: (t: Textos) => t.fonte.cotahist_informe_diario,
  fonte_lista_etfs: (t: Textos) => t.fonte.lista_etfs,
  fonte_cda: (t: Textos) => t.fonte.cda,
  fonte_cadastro_taxa: (t: Textos) => t.fonte.cadastro_taxa,
} as const;
type ModeloSql = keyof typeof MODELOS_SQL;

const parametroTexto = (chave: ModeloSql, lang: Lang) => `texto_${chave}_${lang}`;
/**
 * A placeholder's marker in a bound template: control characters no file name, account or reason holds,
 * so a value that happens to contain `{ano}` or another placeholder's marker is never replaced again.
 */
const marca = (nome: string) => `\u0001${nome}\u0002`;

/** The bound values of every `sqlMensagem` fragment: each template in each language. */
export const PARAMETROS_TEXTOS: Readonly<Record<string, DuckDBValue>> = Object.fromEntries(
  (Object.keys(MODELOS_SQL) as ModeloSql[]).flatMap((chave) =>
    LINGUAS.map((lang) => {
      const modelo = MODELOS_SQL[chave](TEXTOS_EVENTOS[lang]);
      const marcas = Object.fromEntries(argumentos(modelo).map((n) => [n, marca(n)]));
      return [parametroTexto(chave, lang), mensagem(lang, modelo, marcas)];
    }),
  ),
);

/**
 * The SQL expression that fills a bound template row by row: `valores` maps each placeholder of the
 * message to a SQL expression (every placeholder, no other). NULL in any value gives NULL, as `||` did.
 */
export function sqlMensagem(chave: ModeloSql, lang: Lang, valores: Readonly<Record<string, string>>): string {
  const nomes = argumentos(MODELOS_SQL[chave](TEXTOS_EVENTOS[lang]));
  if (Object.keys(valores).sort().join() !== nomes.join())
    throw new Error(
      `sqlMensagem ${chave}: expected values for ${nomes.join(', ')}, got ${Object.keys(valores).join(', ')}`,
    );
  let sql = `$${parametroTexto(chave, lang)}`;
  for (const n of nomes) sql = `replace(${sql}, chr(1) || '${n}' || chr(2), CAST(${valores[n]} AS VARCHAR))`;
  return sql;
}
