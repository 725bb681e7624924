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

/**
 * The groups of ui/src/eventos the watcher's SQL fills row by row (the flag's reasons, "+N contas", the
 * source labels): each message is rendered with every placeholder left as a marker and bound as
 * `$texto_<grupo>_<chave>_<lingua>`; `sqlMensagem` replaces the markers with SQL expressions.
 */
const GRUPOS_SQL = ['motivo', 'fonte'] as const;
type GrupoSql = (typeof GRUPOS_SQL)[number];
type Textos = (typeof TEXTOS_EVENTOS)['pt'];
type ModeloSql = { [G in GrupoSql]: `${G}.${keyof Textos[G] & string}` }[GrupoSql];

const MODELOS_SQL = GRUPOS_SQL.flatMap((g) =>
  Object.keys(TEXTOS_EVENTOS.pt[g]).map((k) => `${g}.${k}` as ModeloSql),
);
const modeloSql = (chave: ModeloSql, lang: Lang): string => {
  const [grupo, k] = chave.split('.') as [GrupoSql, string];
  return (TEXTOS_EVENTOS[lang][grupo] as Record<string, string>)[k] as string;
};
const parametroTexto = (chave: ModeloSql, lang: Lang) => `texto_${chave.replace('.', '_')}_${lang}`;
/**
 * A placeholder's marker in a bound template: control characters no file name, account or reason holds,
 * so a value that happens to contain `{ano}` or another placeholder's marker is never replaced again.
 */
const marca = (nome: string) => `\u0001${nome}\u0002`;

/** The bound values of every `sqlMensagem` fragment: each template in each language. */
export const PARAMETROS_TEXTOS: Readonly<Record<string, DuckDBValue>> = Object.fromEntries(
  MODELOS_SQL.flatMap((chave) =>
    LINGUAS.map((lang) => {
      const modelo = modeloSql(chave, lang);
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
  const nomes = argumentos(modeloSql(chave, lang));
  if (Object.keys(valores).sort().join() !== nomes.join())
    throw new Error(
      `sqlMensagem ${chave}: expected values for ${nomes.join(', ')}, got ${Object.keys(valores).join(', ')}`,
    );
  let sql = `$${parametroTexto(chave, lang)}`;
  for (const n of nomes) sql = `replace(${sql}, chr(1) || '${n}' || chr(2), CAST(${valores[n]} AS VARCHAR))`;
  return sql;
}
