import { type TextosFundamentos, textosDosFundamentos } from '@fundamentos/ui/fundamentos';
import { mensagem, type Valores } from '@fundamentos/ui/i18n/mensagem';
import type { Lang } from '@fundamentos/ui/i18n/strings';

/** How every company artefact cites its sources (pt in `citacao`, en in `citacao_en`); words in ui/src/fundamentos. */
export const citacao = (versao: string, arquivos: string): string =>
  mensagem('pt', textosDosFundamentos('pt').citacao, { versao, arquivos });

/** The groups of ui/src/fundamentos that hold one artefact's sentences (keys to messages). */
type Grupo = {
  [G in keyof TextosFundamentos]: TextosFundamentos[G] extends Record<string, string> ? G : never;
}[keyof TextosFundamentos];

/** The groups whose artefact cites files of its own (`<grupo>.arquivos`). */
type GrupoComArquivos = {
  [G in Grupo]: TextosFundamentos[G] extends { arquivos: string } ? G : never;
}[Grupo];

/**
 * One sentence of a company artefact in `lang`, from ui/src/fundamentos. Values are strings: a code or a
 * year goes in as written (`mensagem` would format a number, 2.021 in pt).
 */
export function frase<G extends Grupo>(
  lang: Lang,
  grupo: G,
  chave: keyof TextosFundamentos[G] & string,
  valores: Record<string, string> = {},
): string {
  const modelo = (textosDosFundamentos(lang)[grupo] as Record<string, string>)[chave];
  if (modelo === undefined) throw new Error(`ui/src/fundamentos: no message ${grupo}.${chave}`);
  return mensagem(lang, modelo, valores satisfies Valores);
}

/** The citation of an artefact whose group names its files (`<grupo>.arquivos`), in `lang`. */
export function citacaoDe(
  lang: Lang,
  versao: string,
  grupo: GrupoComArquivos,
  valores: Record<string, string> = {},
): string {
  return mensagem(lang, textosDosFundamentos(lang).citacao, {
    versao,
    arquivos: frase(lang, grupo as Grupo, 'arquivos' as never, valores),
  });
}
